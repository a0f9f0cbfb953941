/**
 * The records behind a break on its page: a receivable's forecast, payments and every lifecycle
 * record with its dates and amounts (as its item keeps them), a deposit's expected amount, credit
 * and reversal, a fee line's contracted and charged fee; each read by the break's id and escaped.
 */
import { describe, expect, it } from 'vitest';
import { feeBreakId } from '../../../lambdas/core/breaks/fee-breaks';
import { buildBreakRecords, recordsOfReceivable } from '../../../lambdas/core/breaks/records';
import type { BreaksDeps } from '../../../lambdas/core/breaks/service';
import { depositIdentity } from '../../../lambdas/core/deposits/result-identity';
import { recordsSection } from '../../../lambdas/core/inbox/records-section';
import { pageWordsIn } from '../../../lambdas/core/inbox/words';
import type { Receivable } from '../../../lambdas/core/receivables/item';
import type { EventRole } from '../../../lambdas/core/receivables/lifecycle';
import type { Occurrences } from '../../../lambdas/core/receivables/occurrences';
import { DIFFERS, MISSING } from '../../support/deposit-results';
import { overchargeLine } from '../../support/overcharges';
import { reconConfig } from '../../support/recon-records';

const PT_BR = pageWordsIn('pt-BR');

const once: Occurrences = { copies: 1, pages: {}, edges: {}, seam: false, firstReport: '' };
const event = (
  role: EventRole,
  netCents: number,
  paymentDate: string | null,
  feeCents: number | null = null,
) => ({
  hash: role,
  role,
  netCents,
  feeCents,
  paymentDate,
  movementDate: null,
  occurrences: once,
});

const receivable = {
  key: 'CIELO|EC1|2025-03-01|1|A|1',
  dueDate: '2025-04-01',
  forecasts: [
    {
      hash: 'f',
      netCents: 97_61,
      movementDate: '2025-03-01',
      occurrences: once,
      sale: { grossCents: 100_00, feeCents: 2_39 },
    },
  ],
  settlements: [
    {
      hash: 's',
      netCents: 50_00,
      paymentDate: '2025-04-01',
      movementDate: null,
      occurrences: { ...once, copies: 2 },
    },
  ],
  events: [
    event('CHARGEBACK', 30_00, '2025-04-05'),
    event('CANCELLATION', 10_00, '2025-03-02'),
    event('CHARGEBACK_REVERSAL', 30_00, '2025-04-08'),
    event('ADVANCE', 20_00, '2025-03-10', 1_50),
    event('ADJUSTMENT', -1_23, '2025-04-09'),
  ],
} as unknown as Receivable;

describe("a break's records", () => {
  it("lists a receivable's forecast first, then every payment and lifecycle record by day, with dates and amounts", () => {
    const rows = recordsOfReceivable(receivable);
    expect(rows.map((r) => [r.role, r.paymentDate ?? r.movementDate, r.netCents, r.copies])).toEqual([
      ['FORECAST', '2025-03-01', 97_61, 1],
      ['CANCELLATION', '2025-03-02', 10_00, 1],
      ['ADVANCE', '2025-03-10', 20_00, 1],
      ['PAYMENT', '2025-04-01', 50_00, 2],
      ['CHARGEBACK', '2025-04-05', 30_00, 1],
      ['CHARGEBACK_REVERSAL', '2025-04-08', 30_00, 1],
      ['ADJUSTMENT', '2025-04-09', -1_23, 1],
    ]);
    const page = String(
      recordsSection({ source: 'receivable', dueDate: receivable.dueDate, records: rows }, PT_BR),
    );
    for (const label of [
      'Previsão',
      'Pagamento',
      'Cancelamento',
      'Chargeback',
      'Reversão de chargeback',
      'Antecipação',
      'Ajuste vinculado',
    ]) {
      expect(page).toContain(`<td>${label}</td>`);
    }
    expect(page).toContain('Vencimento 01/04/2025');
    expect(page).toContain('bruto R$ 100,00 · taxa R$ 2,39');
    expect(page).toContain('2 cópias no mesmo relatório');
    expect(page).toContain('taxa R$ 1,50');
    expect(page).toContain('-R$ 1,23');
  });

  it("reads a deposit's result and a fee's line by the break's id, and shows them", async () => {
    const line = overchargeLine('K1', 60);
    const deps = {
      config: reconConfig(),
      depositResults: async () => [DIFFERS, MISSING],
      feeOvercharges: async () => [{ auditedOn: '2025-03-31', line }],
    } as unknown as BreaksDeps;
    const records = buildBreakRecords(deps);
    const deposit = await records(depositIdentity(MISSING), '2025-04-10');
    expect(deposit).toEqual({ source: 'deposit', result: MISSING });
    const missing = String(recordsSection(deposit, PT_BR));
    expect(missing).toMatch(/<dt>Depósito previsto<\/dt><dd>R\$ 4\.500,01 · 03\/03\/2025<\/dd>/);
    expect(missing).toMatch(/<dt>Crédito no banco<\/dt><dd>nenhum crédito<\/dd>/);
    const differs = String(recordsSection(await records(depositIdentity(DIFFERS), '2025-04-10'), PT_BR));
    expect(differs).toMatch(/<dt>Crédito no banco<\/dt><dd>R\$ [\d.,]+ · \d\d\/\d\d\/2025<\/dd>/);
    const fee = await records(feeBreakId(line), '2025-04-10');
    expect(fee).toEqual({ source: 'fee', line });
    const shown = String(recordsSection(fee, PT_BR));
    expect(shown).toMatch(/<dt>Contratada<\/dt><dd>R\$ 2,39 \(2,39 %\)<\/dd>/);
    expect(shown).toMatch(/<dt>Cobrada<\/dt><dd>R\$ 2,99 \(2,99 %\)<\/dd>/);
    expect(shown).toMatch(/<dt>Cobrado a mais<\/dt><dd>R\$ 0,60<\/dd>/);
    expect(await records('f:SALE|nenhuma', '2025-04-10')).toBeUndefined();
    expect(await records('x:desconhecida', '2025-04-10')).toBeUndefined();
  });

  it('escapes what a provider sent in a deposit memo', () => {
    const memo = '<script>alert(1)</script>';
    const page = String(recordsSection({ source: 'deposit', result: { ...DIFFERS, memo } }, PT_BR));
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).not.toContain(memo);
  });
});
