/**
 * What a production stage needs to turn the whole product on, beyond what the schema can call
 * valid: a stage without recipients or record roles synthesizes, deploys and runs, yet nobody hears
 * of the night and cancellations, chargebacks, advances and fees are stored and never applied (a
 * cancelled sale reads as late). The CDK app refuses such a production stage at synth
 * (bin/app.ts); tests and local tools that build partial stages on purpose do not ask for it.
 */
import { ConfigError } from '../lambdas/core/config-issues';
import { RECORD_CODES } from '../lambdas/core/ingest/records/canonical';
import { STAGE_CONTEXT_KEY, STAGE_SOURCE, type StageConfig } from './config';

const DEPLOY_GUIDE = 'docs/deploy.md step 2';

/** One sentence per missing production setting, naming it from the `recon` context; none for a sandbox. */
export function productionGaps(stage: StageConfig): string[] {
  if (stage.environment !== 'production') return [];
  const gaps: string[] = [];
  const setting = (key: string, need: string) =>
    gaps.push(`${STAGE_CONTEXT_KEY}.${key} in ${STAGE_SOURCE}: ${need} (${DEPLOY_GUIDE})`);
  if (stage.financeEmails.length === 0)
    setting('financeEmails', 'production sends the morning message to no one: list at least one address');
  if (stage.operationsEmails.length === 0)
    setting('operationsEmails', 'production sends the alarms to no one: list at least one address');
  const roleless = RECORD_CODES.filter((code) => stage.recon.recordRoles[code] === undefined);
  if (roleless.length > 0)
    setting(
      'recon.recordRoles',
      `production gives no role to ${roleless.join(', ')}: their cancellations, chargebacks, advances and ` +
        "fees would be stored and never applied; give each code its role from the provider's layout, or IGNORE",
    );
  return gaps;
}

/** Throws a {@link ConfigError} listing every gap of a production stage. */
export function requireProductionReady(stage: StageConfig): void {
  const gaps = productionGaps(stage);
  if (gaps.length > 0) throw new ConfigError(gaps);
}
