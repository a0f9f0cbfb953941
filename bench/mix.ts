/**
 * Role records in the benchmarks' mix: the simulator's lifecycle dataset (cancellations,
 * chargebacks and reversals, advances, adjustments, fees) read with its record roles, so the
 * pipeline and scale figures count the receivables' lifecycle contributions and the account-level
 * items, not A1 and D1 alone.
 */
import { SIMULATOR_RECORD_ROLES, SIMULATOR_RECORD_SIGN } from '../local/simulator';

export const LIFECYCLE_MIX = {
  dataset: { lifecycle: true },
  recon: { recordRoles: SIMULATOR_RECORD_ROLES, recordSign: SIMULATOR_RECORD_SIGN },
} as const;
