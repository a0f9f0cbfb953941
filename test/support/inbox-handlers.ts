/**
 * The inbox's handlers as their unit tests call them: one receivable's break (paid short on ACQ1's
 * EC1 sale of 2025-03-01, and the same break treated once: its decision, view and audit event), and
 * an inbox over a given breaks service with one person already signed in by the local gate.
 */
import type { BreakEvent } from '../../lambdas/core/breaks/chain';
import type { BreakSubject } from '../../lambdas/core/breaks/observed';
import type { Breaks } from '../../lambdas/core/breaks/service';
import { breakView } from '../../lambdas/core/breaks/status';
import { buildInbox } from '../../lambdas/core/inbox/app';
import { COOKIE, localGate } from '../../lambdas/core/inbox/gate';
import type { InboxRequest } from '../../lambdas/core/inbox/http';
import { buildSessions } from '../../lambdas/core/inbox/session';
import type { ReportLanguage } from '../../lambdas/core/report-language';

export const AS_OF = '2025-04-10';

interface PaidShort {
  readonly subject?: Partial<BreakSubject>;
  readonly money?: { stakeCents: number; expectedNetCents: number; receivedNetCents: number };
  readonly firstSeen?: string;
}

export function paidShort({ subject, money, firstSeen }: PaidShort = {}) {
  return {
    id: 'r:ACQ1|EC1|2025-03-01|1|A|1',
    subject: {
      acquirer: 'ACQ1',
      merchant: 'EC1',
      saleDate: '2025-03-01',
      nsu: '1',
      installment: 1,
      dueDate: '2025-04-01',
      ...subject,
    },
    basis: {
      kind: 'PAID_SHORT' as const,
      ...(money ?? { stakeCents: 7, expectedNetCents: 10_000, receivedNetCents: 9_993 }),
    },
    firstSeen: firstSeen ?? AS_OF,
  };
}

/** `observed` treated by `actor` with `note`: version 1, first of its chain. */
export function treated(observed: ReturnType<typeof paidShort>, note: string, actor: string) {
  const decision = {
    status: 'IN_TREATMENT' as const,
    note,
    basis: observed.basis,
    subject: observed.subject,
  };
  const view = breakView(observed.id, observed, { decision, version: 1 }, AS_OF);
  const event: BreakEvent = {
    breakId: observed.id,
    version: 1,
    at: '2025-04-10T12:00:00.000Z',
    actor,
    action: 'treat',
    before: null,
    after: decision,
    prevHash: '0'.repeat(64),
    hash: 'f'.repeat(64),
  };
  return { decision, view, event };
}

interface SignedIn {
  readonly canDecide: boolean;
  readonly language: ReportLanguage;
  readonly acceptReasons: readonly string[];
}

/** An inbox over `breaks` (no records), `ana` signed in; `request` sends her cookie unless told not to. */
export function signedInInbox(breaks: Breaks, { canDecide, language, acceptReasons }: SignedIn) {
  const sessions = buildSessions();
  const inbox = buildInbox({
    breaks,
    records: async () => undefined,
    asOf: AS_OF,
    acceptReasons,
    gate: localGate({ sessions, identity: { name: 'ana', canDecide }, language }),
    language,
  });
  const session = sessions.exchange(sessions.issueToken());
  if (!session) throw new Error('a session expected');
  const request = (method: string, target: string, form: Record<string, string> = {}, cookie = true) => {
    const url = new URL(target, 'http://127.0.0.1');
    const req: InboxRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      form: new URLSearchParams(form),
      ...(cookie ? { cookie: `other=1; ${COOKIE}=${session.id}` } : {}),
    };
    return inbox.handle(req);
  };
  return { inbox, sessions, session, request };
}
