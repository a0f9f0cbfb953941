/** A fee line above the contract as a night keeps it (fee-audit/overcharges-lake.ts), for the fee breaks' tests. */
import type { NightOvercharge } from '../../lambdas/core/fee-audit/overcharges-lake';

/** A CIELO VISA sale of R$ 100,00 (contract 2,39%) charged `differenceCents` more than the contract. */
export function overchargeLine(
  key: string,
  differenceCents: number,
  over: Partial<NightOvercharge> = {},
): NightOvercharge {
  return {
    key,
    acquirer: 'CIELO',
    brand: 'VISA',
    saleDate: '2025-03-01',
    nsu: key,
    installment: 1,
    kind: 'SALE',
    contractMdrPercent: '2.39',
    chargedMdrPercent: '2.99',
    contractFeeCents: 239,
    chargedFeeCents: 239 + differenceCents,
    differenceCents,
    merchant: '1023456',
    dueDate: '2025-03-31',
    ...over,
  };
}
