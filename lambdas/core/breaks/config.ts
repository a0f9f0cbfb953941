/**
 * The breaks' settings (`breaks` in RECON_CONFIG; docs/breaks.md): why a difference may be accepted,
 * how long a chargeback contest lasts, and who may decide.
 */
import { z } from 'zod';

/** Reasons finance teams write differences off for, as Brazilian conciliators list them. */
export const DEFAULT_ACCEPT_REASONS = [
  'arredondamento',
  'tarifa-nao-contestavel',
  'valor-abaixo-do-custo-de-cobranca',
  'acordo-com-adquirente',
];

export const breaksConfigSchema = z
  .strictObject({
    /** The reasons `accept` takes; anything else is refused. */
    acceptReasons: z.array(z.string().min(1)).min(1).default(DEFAULT_ACCEPT_REASONS),
    /** Days an acquirer gives to contest a chargeback: a dispute's deadline is the decision date plus these. */
    disputeDays: z.number().int().min(1).max(365).default(30),
    /**
     * Who may decide (operators); everybody else reads (viewers). Empty: every local user decides, as
     * the data directory is theirs; deployed, the sign-in's groups say it (docs/breaks.md).
     */
    operators: z.array(z.string().min(1)).default([]),
  })
  .prefault({});

export type BreaksConfig = z.output<typeof breaksConfigSchema>;
