/**
 * The inbox Lambda's work, its dependencies given: an HTTP API (payload 2.0) event in, the inbox's
 * answer out. The handler (lambdas/inbox/handler.ts) builds them from the environment once per cold
 * start; a test serves the same function behind a local HTTP adapter with keys it generates.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { BreakRecordsOf } from '../core/breaks/records';
import type { Breaks } from '../core/breaks/service';
import type { IsoDate } from '../core/calendar';
import { buildInbox } from '../core/inbox/app';
import type { Gate } from '../core/inbox/gate';
import type { ReportLanguage } from '../core/report-language';
import { toInboxRequest } from './inbox-event';

export interface InboxLambdaDeps {
  readonly breaks: Breaks;
  readonly records: BreakRecordsOf;
  readonly acceptReasons: readonly string[];
  readonly gate: Gate;
  /** The stage's `reportLanguage`: the pages' and the gate's. */
  readonly language: ReportLanguage;
  /** The business date of each request (a Lambda lives across midnight). */
  readonly asOf: () => IsoDate;
}

export function inboxLambda(deps: InboxLambdaDeps) {
  return async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
    const { asOf, ...rest } = deps;
    const answer = await buildInbox({ ...rest, asOf: asOf() }).handle(toInboxRequest(event));
    return {
      statusCode: answer.status,
      headers: { ...answer.headers },
      body: answer.body,
      ...(answer.cookies ? { cookies: [...answer.cookies] } : {}),
    };
  };
}
