/**
 * The inbox in English (the stage's `reportLanguage: 'en'`), through its handlers as the server and
 * the Lambda call them: the list, a break's page, the refusals and the CSV speak English, money and
 * dates are written the English way, and no Portuguese word of the inbox or the breaks is left.
 */
import { describe, expect, it } from 'vitest';
import { breaksTextsFor } from '../../../lambdas/core/breaks/report-texts';
import type { Breaks } from '../../../lambdas/core/breaks/service';
import { inboxTextsFor } from '../../../lambdas/core/inbox/texts';
import { AS_OF, paidShort, signedInInbox, treated } from '../../support/inbox-handlers';

const observed = paidShort({
  subject: { nsu: '123456', installment: 2 },
  money: { stakeCents: 123_456, expectedNetCents: 1_000_000, receivedNetCents: 876_544 },
  firstSeen: '2025-04-08',
});
const { view, event } = treated(observed, 'call them', 'ana');

function englishInbox() {
  const breaks = {
    list: async () => [view],
    show: async (id: string) =>
      id === view.id ? { view, basis: observed.basis, events: [event] } : undefined,
  } as unknown as Breaks;
  return signedInInbox(breaks, { canDecide: true, language: 'en', acceptReasons: ['rounding'] }).request;
}

/** Every Portuguese text of the inbox and the breaks' names that English says otherwise. */
function portugueseWords(): string[] {
  const leaves = (value: unknown): string[] =>
    typeof value === 'string'
      ? [value]
      : value && typeof value === 'object'
        ? Object.values(value).flatMap(leaves)
        : [];
  const pairs = [
    [inboxTextsFor('pt-BR'), inboxTextsFor('en')],
    [breaksTextsFor('pt-BR'), breaksTextsFor('en')],
  ] as const;
  const english = new Set(pairs.flatMap(([, en]) => leaves(en)));
  return pairs.flatMap(([pt]) => leaves(pt)).filter((w) => w.length > 3 && !english.has(w));
}

/** A date as dd/MM/yyyy, or money with comma decimals ("R$ 1.234,56"). */
const PORTUGUESE_FIGURES = /\d\d\/\d\d\/\d{4}|R\$ [\d.]*\d,\d\d(?!\d)/;

/** What a person reads of a page: its text, not the addresses and values the report's links share. */
function expectNoPortuguese(html: string) {
  const page = html.replace(/<[^>]*>/g, ' ');
  for (const word of ['Pendências', 'Filtrar', 'Sair', 'Previsto', 'Histórico', 'Em jogo', 'Desde']) {
    expect(page).not.toContain(word);
  }
  const left = portugueseWords().filter((w) => page.includes(w));
  expect(left).toEqual([]);
}

describe('the inbox in English', () => {
  it('lists the breaks in English, money and dates written the English way', async () => {
    const list = await englishInbox()('GET', '/?situacao=todas');
    expect(list.status).toBe(200);
    expect(list.body).toContain('<html lang="en">');
    for (const words of [
      '<h1>Breaks</h1>',
      'Sign out',
      '<button>Apply</button>',
      'Download CSV',
      'Paid short',
    ]) {
      expect(list.body).toContain(words);
    }
    expect(list.body).toContain('<span class="money">R$ 1,234.56</span>');
    expect(list.body).toContain('1 break, R$ 1,234.56');
    expect(list.body).toContain('Sale 1 Mar 2025 NSU 123456 installment 2 · Since 8 Apr 2025 (2 days)');
    expect(list.body).not.toMatch(PORTUGUESE_FIGURES);
    expectNoPortuguese(list.body);
  });

  it("shows a break's page in English: what it is, its money, its decision and history", async () => {
    const answer = await englishInbox()('GET', `/pendencia?id=${encodeURIComponent(view.id)}`);
    expect(answer.status).toBe(200);
    const page = answer.body;
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('The acquirer paid this installment, but less than forecast.');
    const facts = {
      Expected: 'R$ 10,000.00',
      Received: 'R$ 8,765.44',
      Since: '8 Apr 2025 (2 days)',
      Status: 'In treatment',
    };
    for (const [term, value] of Object.entries(facts))
      expect(page).toContain(`<dt>${term}</dt><dd>${value}</dd>`);
    expect(page).toMatch(/<h2>History<\/h2>.*<td>treatment<\/td>/s);
    expect(page).toContain('Accept the difference');
    expect(page).not.toMatch(PORTUGUESE_FIGURES);
    expectNoPortuguese(page);
  });

  it('refuses in English, and writes the CSV with English headers and Excel-pt-BR figures', async () => {
    const request = englishInbox();
    const refused = await request('GET', '/', {}, false);
    expect(refused.status).toBe(401);
    expect(refused.body).toContain('<html lang="en">');
    expect(refused.body).toContain('Access refused');
    const forged = await request('POST', '/decidir', { csrf: 'forged' });
    expect(forged.status).toBe(403);
    expect(forged.body).toContain('The form expired or is from another session');
    const csv = await request('GET', '/csv?situacao=todas');
    expect(csv.headers['Content-Disposition']).toBe(`attachment; filename="breaks-${AS_OF}.csv"`);
    const [header, row] = csv.body.replace('\ufeff', '').split('\r\n');
    expect(header).toBe(
      'Ref;Kind;Status;Acquirer;Merchant;Sale;NSU;Installment;Due date;At stake;Since;Days;Reason;Note;Ticket;Assignee;Version',
    );
    expect(row).toContain(
      ';Paid short;In treatment;ACQ1;EC1;01/03/2025;123456;2;01/04/2025;1.234,56;08/04/2025;2;',
    );
  });
});
