/**
 * What `recon run` shows with the built-in simulator unless told `--bare`: the simulator's whole
 * world, so the report has every part of the product and asks the reader to configure nothing. Its
 * lifecycle records (cancellations, chargebacks and reversals, advances, adjustments, fees) read with
 * its own record roles, and its sales priced under a contract with a seeded share charged above it;
 * the contracted-rate table and the bank's statements come from the same simulator (cli/runner/demo.ts).
 */
import { SIMULATOR_RECORD_ROLES, SIMULATOR_RECORD_SIGN } from './simulator';

export const DEMO_WORLD = {
  dataset: { lifecycle: true, feeAudit: true },
  recon: { recordRoles: SIMULATOR_RECORD_ROLES, recordSign: SIMULATOR_RECORD_SIGN },
} as const;
