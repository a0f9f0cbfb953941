/**
 * The breaks service as the deployed side opens it: over the table, with every audit event copied
 * to the lake bucket as it is written (`recon_break_events`), so whoever decides (the summary reads
 * only; a web inbox decides) keeps the lake's audit log whole.
 */
import { breakEventSink } from '../../core/breaks/events-lake';
import { type Breaks, buildBreaks } from '../../core/breaks/service';
import { readDepositResults } from '../../core/deposits/results-lake';
import { readOvercharges } from '../../core/fee-audit/overcharges-lake';
import type { LakeWiring } from './lake';

export function buildBreaksService(wiring: LakeWiring): Breaks {
  const { ddb, tableName, s3, bucket, reconConfig: config, now } = wiring;
  return buildBreaks({
    ddb,
    tableName,
    config,
    rules: config.breaks,
    now,
    depositResults: (range) => readDepositResults(s3, bucket, range),
    feeOvercharges: (range) => readOvercharges(s3, bucket, range),
    onEvent: breakEventSink({ s3, bucket }),
  });
}
