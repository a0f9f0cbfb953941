/**
 * The receivable item's key and schema (layout: item.ts). Dates are checked as strings only: a
 * receivable is read thousands of times a night and its writer is the only one that shapes them.
 */
import { z } from 'zod';
import { SALE_PRODUCTS } from '../ingest/records/canonical';
import { defineEntity } from '../store/entity';
import { REASON_CODES, RECON_STATUSES } from './status';

/**
 * A contribution as stored: net, payment and movement dates, copies (omitted when 1), page counts,
 * page edges, the seam mark and the first report (see `occurrences.ts`).
 */
const storedContribution = z.object({
  n: z.number(),
  /** An advance's fee; a forecast's fee (VLTAXA). */
  t: z.number().optional(),
  /** A forecast's gross amount, product and installments, for the fee audit (only when the record has them). */
  b: z.number().optional(),
  pd: z.enum(SALE_PRODUCTS).optional(),
  q: z.number().optional(),
  p: z.string().optional(),
  m: z.string().optional(),
  c: z.number().optional(),
  o: z.record(z.string(), z.number()).optional(),
  e: z.record(z.string(), z.string()).optional(),
  sd: z.boolean().optional(),
  g: z.string().optional(),
  /** A settlement's or money-moving event's bank account (deposits/bank/record-account.ts), when named. */
  a: z.string().optional(),
  /** A settlement moved here by a manual match: the key of the receivable it came from. */
  ok: z.string().optional(),
});

export type StoredContribution = z.input<typeof storedContribution>;

const text = z.string().optional();
const cents = z.number().optional();

/** The postable amounts before the night's first write, by component (postable.ts). */
const storedPosted = z.object({
  n: z.string(),
  p: cents,
  v: cents,
  t: cents,
  x: cents,
  k: cents,
  r: cents,
  j: cents,
  d: cents,
});

const receivableSchema = z.object({
  pk: z.string(),
  acquirer: text,
  merchant: text,
  saleDate: text,
  nsu: text,
  authorization: text,
  installment: z.number().optional(),
  brand: text,
  dueDate: text,
  f: z.record(z.string(), storedContribution).optional(),
  s: z.record(z.string(), storedContribution).optional(),
  // Lifecycle records by role (see EVENT_ATTRIBUTES in item.ts).
  x: z.record(z.string(), storedContribution).optional(),
  k: z.record(z.string(), storedContribution).optional(),
  r: z.record(z.string(), storedContribution).optional(),
  v: z.record(z.string(), storedContribution).optional(),
  j: z.record(z.string(), storedContribution).optional(),
  capped: z.boolean().optional(),
  /** The receivable a manual match merged this one into. */
  mi: z.string().optional(),
  status: z.enum(RECON_STATUSES),
  reason: z.enum(REASON_CODES),
  version: z.number(),
  changedOn: z.string(),
  updatedAt: z.string(),
  bs: z.string().optional(),
  xn: storedPosted.optional(),
});

/** The attributes a receivable is read from: a Scan projects these and no other. */
export const RECEIVABLE_ATTRIBUTES = Object.keys(receivableSchema.shape);

/** A receivable item as read back, parsed. */
export type ParsedReceivableItem = z.output<typeof receivableSchema>;

export const receivable = defineEntity({
  name: 'receivable',
  partition: (key: string) => [key],
  sort: () => 'RCV',
  schema: receivableSchema,
});
