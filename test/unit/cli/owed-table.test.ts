/** `recon receivables --by-acquirer`: the book per acquirer and a total, in the report's words and R$. */
import { describe, expect, it } from 'vitest';
import { formatOwed, owedRows } from '../../../cli/owed-table';

const r = (acquirer: string | null, status: string, forecast: number, settled: number, extra = {}) => ({
  acquirer,
  status,
  forecastNetCents: forecast,
  settledNetCents: settled,
  dueDate: '2025-03-01',
  ...extra,
});

describe('who owes what at the terminal', () => {
  const rows = owedRows([
    r('STONE', 'OVERDUE', 10_000, 0),
    r('STONE', 'UNDERPAID', 5_000, 4_900),
    r('CIELO', 'CHARGED_BACK', 2_000, 2_000, { chargedBackNetCents: 2_000 }),
    r(null, 'CANCELLED', 1_000, 0, { cancelledNetCents: 1_000 }),
  ]);

  it('sums each acquirer with the report’s definitions and ends with the total', () => {
    expect(rows.map((row) => [row.acquirer, row.lateCents, row.paidShortCents, row.takenBackCents])).toEqual([
      [null, 0, 0, 1_000],
      ['CIELO', 0, 0, 2_000],
      ['STONE', 10_000, 100, 0],
      [null, 10_000, 100, 3_000],
    ]);
    expect(rows.at(-1)).toMatchObject({ total: true, expectedCents: 18_000, receivedCents: 6_900 });
  });

  it('prints a table in pt-BR with R$ amounts, and centavos for tools', () => {
    const table = formatOwed(rows, 'table', 'pt-BR');
    expect(table.split('\n')[0]).toMatch(
      /^Adquirente\s+Previsto\s+Recebido\s+Atrasado\s+Pago a menor\s+Retomado$/,
    );
    expect(table).toMatch(/STONE\s+R\$ 150,00\s+R\$ 49,00\s+R\$ 100,00\s+R\$ 1,00\s+R\$ 0,00/);
    expect(table).toMatch(/Total\s+R\$ 180,00/);
    const jsonl = formatOwed(rows, 'jsonl', 'pt-BR').trim().split('\n');
    expect(JSON.parse(jsonl[2] ?? '')).toEqual({
      acquirer: 'STONE',
      expectedCents: 15_000,
      receivedCents: 4_900,
      lateCents: 10_000,
      paidShortCents: 100,
      takenBackCents: 0,
    });
  });
});
