/**
 * The breaks service as the deployed side opens it: over the table, with every audit event copied
 * to the lake bucket as it is written (`recon_break_events`), so whoever decides (the summary reads
 * only; a web inbox decides) keeps the lake's audit log whole.
 */
import { breakEventSink } from '../../core/breaks/events-lake';
import { type BreakRecordsOf, buildBreakRecords } from '../../core/breaks/records';
import { type Breaks, type BreaksDeps, buildBreaks } from '../../core/breaks/service';
import { readDepositResults } from '../../core/deposits/results-lake';
import { readOvercharges } from '../../core/fee-audit/overcharges-lake';
import type { LakeWiring } from './lake';

function breaksDeps(wiring: LakeWiring): BreaksDeps {
  const { ddb, tableName, s3, bucket, reconConfig: config, now } = wiring;
  return {
    ddb,
    tableName,
    config,
    rules: config.breaks,
    now,
    depositResults: (range) => readDepositResults(s3, bucket, range),
    feeOvercharges: (range) => readOvercharges(s3, bucket, range),
    onEvent: breakEventSink({ s3, bucket }),
  };
}

export function buildBreaksService(wiring: LakeWiring): Breaks {
  return buildBreaks(breaksDeps(wiring));
}

/** The records behind a break (the inbox's break page), read from the same stores. */
export function buildBreakRecordsService(wiring: LakeWiring): BreakRecordsOf {
  return buildBreakRecords(breaksDeps(wiring));
}
