/**
 * The breaks service as the deployed side opens it: over the table, the receivables' breaks from the
 * action list kept night to night (the latest one and the touched log since it), and with every audit
 * event copied to the lake bucket as it is written (`recon_break_events`), so whoever decides (the
 * summary reads only; a web inbox and `recon breaks` decide) keeps the lake's audit log whole.
 */
import { observedOf } from '../../core/action-list/entries';
import { buildActionList } from '../../core/action-list/store';
import { breakEventSink } from '../../core/breaks/events-lake';
import { type Breaks, buildBreaks } from '../../core/breaks/service';
import { readDepositResults } from '../../core/deposits/results-lake';
import { readOvercharges } from '../../core/fee-audit/overcharges-lake';
import { buildTouchedLog } from '../../core/receivable-store/touched';
import type { LakeWiring } from './lake';

export function buildBreaksService(wiring: LakeWiring): Breaks {
  const { ddb, tableName, s3, bucket, reconConfig: config, now } = wiring;
  const touched = buildTouchedLog({ s3, bucket });
  const actionList = buildActionList({ ddb, tableName, s3, bucket, config, touched });
  return buildBreaks({
    ddb,
    tableName,
    config,
    rules: config.breaks,
    now,
    receivableBreaks: async (asOf) => (await actionList.read(asOf)).map(observedOf),
    depositResults: (range) => readDepositResults(s3, bucket, range),
    feeOvercharges: (range) => readOvercharges(s3, bucket, range),
    onEvent: breakEventSink({ s3, bucket }),
  });
}
