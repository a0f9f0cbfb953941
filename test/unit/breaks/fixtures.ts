/** Breaks and decisions for the breaks' unit tests. */
import type { Decision } from '../../../lambdas/core/breaks/decision';
import type { BreakKind } from '../../../lambdas/core/breaks/kinds';
import type { BreakBasis, ObservedBreak } from '../../../lambdas/core/breaks/observed';

export const subject = {
  acquirer: 'STONE',
  merchant: '1023456',
  saleDate: '2025-01-10',
  nsu: '574438',
  installment: 1,
  dueDate: '2025-02-10',
};

export function basis(kind: BreakKind = 'PAID_SHORT', stakeCents = 7, receivedNetCents = 9_993): BreakBasis {
  return { kind, stakeCents, expectedNetCents: 10_000, receivedNetCents };
}

export function observed(b: BreakBasis = basis(), firstSeen = '2025-04-01'): ObservedBreak {
  return { id: 'r:STONE|1023456|2025-01-10|574438|A|1', subject, basis: b, firstSeen };
}

export function decision(status: Decision['status'] = 'ACCEPTED', b: BreakBasis = basis()): Decision {
  return { status, note: 'n', basis: b, subject };
}

export const rules = { acceptReasons: ['arredondamento'], disputeDays: 30 };
