/** Break views as the summary lists them, for the ERP export's write-off tests. */
import type { BreakStatus } from '../../lambdas/core/breaks/kinds';
import type { BreakView } from '../../lambdas/core/breaks/status';

/** A break of a receivable (`r:` ids) or a deposit (`d:` ids), ACCEPTED with `reason` unless told. */
export function breakViewOf(
  id: string,
  stakeCents: number,
  options: { readonly status?: BreakStatus; readonly reason?: string } = {},
): BreakView {
  const status = options.status ?? 'ACCEPTED';
  const kind = id.startsWith('d:') ? 'DEPOSIT_DIFFERS' : 'PAID_SHORT';
  const basis = {
    kind,
    stakeCents,
    expectedNetCents: 100_00,
    receivedNetCents: 100_00 - stakeCents,
  } as const;
  const subject = {
    acquirer: '1',
    merchant: '1234',
    saleDate: '2025-03-01',
    nsu: '77',
    installment: 1,
    dueDate: '2025-03-31',
  };
  const decided = status === 'ACCEPTED' || status === 'REOPENED';
  return {
    id,
    ref: id.slice(0, 10),
    kind,
    status,
    subject,
    stakeCents,
    firstSeen: '2025-04-01',
    ageDays: 1,
    ageBucket: '0-7',
    decision: decided
      ? { status: 'ACCEPTED', note: 'nota', reason: options.reason ?? 'Tarifa bancária', basis, subject }
      : null,
    version: decided ? 1 : 0,
  };
}
