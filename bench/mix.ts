/**
 * Role records in the benchmarks' mix: the simulator's lifecycle dataset (cancellations,
 * chargebacks and reversals, advances, adjustments, fees) read with its record roles, as the demo
 * reads them, so the pipeline and scale figures count the receivables' lifecycle contributions and
 * the account-level items, not A1 and D1 alone. (Without the demo's fee-audit pricing: the figures
 * stay comparable with earlier runs.)
 */
import { DEMO_WORLD } from '../local/demo';

export const LIFECYCLE_MIX = {
  dataset: { lifecycle: true },
  recon: DEMO_WORLD.recon,
} as const;
