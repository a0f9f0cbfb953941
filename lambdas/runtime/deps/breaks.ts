/**
 * The breaks service as the deployed side opens it: over the table, the receivables' breaks from the
 * action list kept night to night (the latest one and the touched log since it), and with every audit
 * event copied to the lake bucket as it is written (`recon_break_events`), so whoever decides (the
 * summary reads only; a web inbox and `recon breaks` decide) keeps the lake's audit log whole.
 */
import { observedOf } from '../../core/action-list/entries';
import { buildActionList } from '../../core/action-list/store';
import { breakEventSink } from '../../core/breaks/events-lake';
import { type BreakRecordsOf, buildBreakRecords } from '../../core/breaks/records';
import { type Breaks, type BreaksDeps, buildBreaks } from '../../core/breaks/service';
import type { IsoDate } from '../../core/calendar';
import { readDepositResults } from '../../core/deposits/results-lake';
import { readOvercharges } from '../../core/fee-audit/overcharges-lake';
import { buildReceivableLinks } from '../../core/receivable-store/links';
import { buildTouchedLog } from '../../core/receivable-store/touched';
import type { LakeWiring } from './lake';

export interface BreaksWiring extends LakeWiring {
  /**
   * For whoever decides (a web inbox, `recon breaks`): the business date a manual match writes its
   * receivables as of, logged in the touched log for the next night. Absent (the summary, which only
   * reads): a match is refused, and one a process left half written waits for a reader that has it.
   */
  readonly matchAsOf?: () => IsoDate;
}

function breaksDeps(wiring: BreaksWiring): BreaksDeps {
  const { ddb, tableName, s3, bucket, reconConfig: config, now, matchAsOf } = wiring;
  const touched = buildTouchedLog({ s3, bucket });
  const actionList = buildActionList({ ddb, tableName, s3, bucket, config, touched });
  return {
    ddb,
    tableName,
    config,
    rules: config.breaks,
    now,
    receivableBreaks: async (asOf) => (await actionList.read(asOf)).map(observedOf),
    depositResults: (range) => readDepositResults(s3, bucket, range),
    feeOvercharges: (range) => readOvercharges(s3, bucket, range),
    onEvent: breakEventSink({ s3, bucket }),
    ...(matchAsOf === undefined
      ? {}
      : { links: buildReceivableLinks({ ddb, tableName, config, now, asOf: matchAsOf, touched }) }),
  };
}

export function buildBreaksService(wiring: BreaksWiring): Breaks {
  return buildBreaks(breaksDeps(wiring));
}

/** The records behind a break (the inbox's break page), read from the same stores. */
export function buildBreakRecordsService(wiring: BreaksWiring): BreakRecordsOf {
  return buildBreakRecords(breaksDeps(wiring));
}
