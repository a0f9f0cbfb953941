/**
 * One list of break columns: `recon breaks`'s table and the inbox's CSV print the same shared
 * columns in the same order, the table its two summary cells, the CSV its details, in either language.
 */
import { describe, expect, it } from 'vitest';
import { breakView } from '../../../lambdas/core/breaks/status';
import { type BreakCellFormats, breakColumns } from '../../../lambdas/core/inbox/break-columns';

type Plain = string | number | null;
const plain: BreakCellFormats<Plain> = { money: String, date: (d) => d, count: (n) => n };

describe('the break columns', () => {
  it('gives the table and the CSV their columns from one list, shared ones alike and in one order', () => {
    const table = breakColumns('table', 'pt-BR', plain).headers;
    const csv = breakColumns('csv', 'pt-BR', plain).headers;
    // Joined, as a spreadsheet's header row reads them.
    expect(table.join(';')).toBe(
      'Ref;Tipo;Status;Adquirente;Estabelecimento;Venda;Em jogo;Desde;Dias;Decisão',
    );
    expect(csv.join(';')).toBe(
      'Ref;Tipo;Status;Adquirente;Estabelecimento;Venda;NSU;Parcela;Vencimento;Em jogo;Desde;Dias;' +
        'Motivo;Observação;Chamado;Responsável;Versão',
    );
    const shared = table.filter((h) => h !== 'Decisão');
    expect(csv.filter((h) => shared.includes(h))).toEqual(shared);
    expect(breakColumns('csv', 'en', plain).headers.slice(-5).join(';')).toBe(
      'Reason;Note;Ticket;Assignee;Version',
    );
  });

  it('writes each cell in the output’s formats: the sale in one cell for people, apart for Excel', () => {
    const subject = {
      acquirer: 'ACQ1',
      merchant: 'EC1',
      saleDate: '2025-03-01',
      nsu: '77',
      installment: 2,
      dueDate: '2025-04-01',
    };
    const basis = {
      kind: 'PAID_SHORT' as const,
      stakeCents: 1_234,
      expectedNetCents: 10_000,
      receivedNetCents: 8_766,
    };
    const id = 'r:ACQ1|EC1|2025-03-01|77|A|2';
    const view = breakView(id, { id, subject, basis, firstSeen: '2025-04-09' }, undefined, '2025-04-10');
    const cells = breakColumns('table', 'pt-BR', plain).cells(view);
    expect(cells[0]).toBe(view.ref);
    expect(cells.slice(1).join('|')).toBe(
      'Pago a menor|Persistente|ACQ1|EC1|01/03/2025 77 2|1234|2025-04-09|1|',
    );
    const csv = breakColumns('csv', 'pt-BR', plain).cells(view);
    expect(csv.slice(5, 9)).toEqual(['2025-03-01', '77', 2, '2025-04-01']);
    expect(csv.at(-1)).toBe(0);
  });
});
