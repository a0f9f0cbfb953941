/**
 * The inputs a user brings to the demo, taken from the built-in simulator that made its data: the
 * contracted-rate table its sales are priced under (unless `--contract-rates` gave one) and its bank's
 * statements up to the business date, imported as `recon bank import` imports them, so that the
 * night's deposit matching finds them. What the records mean is set before the world starts
 * (local/demo.ts), since the steps are wired with it.
 */
import type { IsoDate } from '../../lambdas/core/calendar';
import { storeContractRates } from '../../lambdas/core/fee-audit/source';
import type { World } from '../../local/world';
import type { ProgressEvent } from './progress';
import { localStatementImporter } from './statements';

export interface DemoInputs {
  readonly period: { readonly from: IsoDate; readonly to: IsoDate };
  readonly asOf: IsoDate;
  /** The user gave a table (`--contract-rates`): it is the one the audit reads. */
  readonly ownRates: boolean;
}

export async function bringDemoInputs(
  world: World,
  inputs: DemoInputs,
  emit: (event: ProgressEvent) => void,
): Promise<void> {
  const { simulator } = world;
  if (!simulator) throw new Error('the demo needs the built-in simulator');
  if (!inputs.ownRates) {
    await storeContractRates({ s3: world.s3.client, bucket: world.s3.bucket }, simulator.contractRatesCsv());
  }
  const importStatement = localStatementImporter(world, world.reconConfig);
  const { files } = simulator.statements({ ...inputs.period, asOf: inputs.asOf });
  for (const file of files) {
    const result = await importStatement(file);
    // The simulator writes every statement readable: a refusal is a bug to see, not a demo to show.
    if (result.quarantined.length > 0) {
      throw new Error(
        `the simulator's statement ${file.name} was quarantined: ${result.quarantined[0]?.reason}`,
      );
    }
  }
  const rates = inputs.ownRates ? 'the given contracted rates' : "the simulator's contracted rates";
  emit({
    type: 'stage',
    message: `demo: ${files.length} bank statements imported; ${rates} for the fee audit`,
  });
}
