/**
 * The simulator's own code assignment (dataset option `lifecycle`): what its A2, A3, E1, F1 and G1
 * records mean. The provider's document gives these codes no meaning; this is the simulator's choice,
 * written as the `recordRoles` and `recordSign` settings of ReconConfig so that tests and `recon run`
 * against the simulator can pass them as they are.
 */
import type { ReconConfigInput } from '../../../lambdas/core/config';

export const SIMULATOR_RECORD_ROLES = {
  A2: 'CANCELLATION',
  A3: 'IGNORE',
  E1: {
    column: 'TIPOLANCAMENTO',
    values: { '06': 'CANCELLATION', '08': 'CHARGEBACK', '09': 'CHARGEBACK_REVERSAL' },
    default: 'ADJUSTMENT',
  },
  F1: 'ADVANCE',
  G1: 'FEE',
} as const;

export const SIMULATOR_RECORD_SIGN: NonNullable<ReconConfigInput['recordSign']> = {
  columns: ['SINAL'],
  negative: ['D', '-'],
  positive: ['C', '+'],
};
