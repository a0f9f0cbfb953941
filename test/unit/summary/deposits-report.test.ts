/**
 * "Depósitos" as the finance manager reads it, in the report and the morning message: the missing
 * deposits first, then differences, then unexplained credits, then a compact count; plain words in
 * both languages, no list that says nothing, and one message line ordered by money like the others.
 */
import { describe, expect, it } from 'vitest';
import type { SummaryReceivable } from '../../../lambdas/core/book/types';
import { buildDepositsSection, type DepositsSection } from '../../../lambdas/core/deposits/section-model';
import type { DepositResult } from '../../../lambdas/core/deposits/types';
import { renderHtmlReport } from '../../../lambdas/core/report/html';
import { summaryMessage } from '../../../lambdas/core/report/message';
import { buildSummarizer } from '../../../lambdas/core/report/summarizer';
import type { ReportLanguage, RunSummary } from '../../../lambdas/core/report/types';
import { ALL_RESULTS, AWAITING, DEPOSITED } from '../../support/deposit-results';
import { buildRunSummary } from '../../support/run-summary';
import { late, summaryInput } from './fixtures';

/** R$ 19.866,95 late (above the deposits' R$ 4.528,82) and R$ 173,20 paid short (below). */
const BOOK: SummaryReceivable[] = [
  { status: 'UNDERPAID', forecastNetCents: 100_000, settledNetCents: 82_680, dueDate: '2025-02-01' },
  late(1_986_695, 'nsu-0'),
];

function summaryWith(deposits: DepositsSection | undefined, language: ReportLanguage): RunSummary {
  const base = buildRunSummary(summaryInput(), BOOK, {
    finishedAt: new Date('2025-03-10T06:00:00Z'),
    language,
  });
  return deposits === undefined ? base : { ...base, deposits };
}

const on = (results: readonly DepositResult[]) =>
  buildDepositsSection({ statementsImported: true, from: '2025-03-01', to: '2025-03-31', results });

/** The section's HTML: from its heading to the next section's. */
function section(html: string): string {
  const start = html.indexOf('<h2 id="deposits">');
  if (start < 0) return '';
  const end = html.indexOf('<h2', start + 1);
  return html.slice(start, end < 0 ? undefined : end);
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the report’s Depósitos section', () => {
  it('lists missing deposits first, then differences, then unexplained credits, then a compact count', () => {
    const html = section(renderHtmlReport(summaryWith(on(ALL_RESULTS), 'pt-BR')));
    const words = text(html);
    const order = [
      'Depósito não chegou',
      'Depósito com diferença',
      'Crédito sem origem identificada',
      'Depositado: 1',
    ];
    const at = order.map((w) => words.indexOf(w));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(words).toContain('Depósito não chegou 2 · R$ 4.510,04');
    expect(words).toContain('Depósito com diferença 1 · R$ 18,78');
    expect(words).toContain('Depositado: 1 · R$ 1.234,56');
    expect(words).toContain('Aguardando depósito: 1 · R$ 77,77');
    // The largest missing deposit before the smaller one; dates as the report writes them.
    expect(words.indexOf('R$ 4.500,01')).toBeLessThan(words.indexOf('R$ 10,03'));
    expect(words).toContain('03/03/2025');
    expect(words).toContain('-R$ 18,78');
    expect(words).toContain('Adquirente não identificada');
    expect(words).toContain('Previsto x recebido por dia e adquirente');
    // Placed with what needs action, before the states' money.
    const full = renderHtmlReport(summaryWith(on(ALL_RESULTS), 'pt-BR'));
    expect(full.indexOf('id="deposits"')).toBeLessThan(full.indexOf('Recebíveis por situação'));
  });

  it('writes English by the same setting, with no Portuguese left', () => {
    const words = text(section(renderHtmlReport(summaryWith(on(ALL_RESULTS), 'en'))));
    for (const w of ['Deposits', 'Deposit did not arrive 2 · R$ 4,510.04', 'Deposit differs 1 · R$ 18.78']) {
      expect(words).toContain(w);
    }
    expect(words).toContain('Credit of unknown origin');
    expect(words).toContain('Awaiting deposit: 1 · R$ 77.77');
    expect(words).toContain('3 Mar 2025');
    expect(words).not.toMatch(/Depósito|Crédito|Previsto|Adquirente/);
  });

  it('has no list that says nothing: only what agrees, then nothing to act on', () => {
    for (const [language, calm] of [
      ['pt-BR', 'Todos os depósitos conferem'],
      ['en', 'Every deposit agrees'],
    ] as const) {
      const html = section(renderHtmlReport(summaryWith(on([DEPOSITED, AWAITING]), language)));
      expect(html).not.toContain('<h3 class="deposit');
      expect(text(html)).toContain(calm);
      // Stone's deposit still within its window is awaited, not short: no red difference.
      expect(html).not.toContain('-R$ 77');
      expect(html).not.toContain('class="num neg"');
    }
  });

  it('says so when the bank leg is off, and when the period had nothing', () => {
    const off = section(renderHtmlReport(summaryWith({ state: 'OFF' }, 'pt-BR')));
    expect(text(off)).toContain('nenhum extrato bancário foi importado');
    expect(off).not.toContain('<table');
    const empty = section(renderHtmlReport(summaryWith(on([]), 'en')));
    expect(text(empty)).toContain('No deposit expected and no credit received in the period.');
    expect(empty).not.toContain('<table');
    expect(section(renderHtmlReport(summaryWith(undefined, 'pt-BR')))).toBe('');
  });
});

describe('the morning message’s deposits line', () => {
  const link = { kind: 'file', path: '/data/report.html' } as const;

  // The line names the acquirers that owe the money (wording changed on purpose: counts, totals and order as before).
  it('says what did not arrive and what differs, by acquirer, ordered by money among the other actions', () => {
    const message = summaryMessage(summaryWith(on(ALL_RESULTS), 'pt-BR'), link);
    const line =
      '  Depósitos: 2 não chegaram (R$ 4.510,04: CIELO R$ 4.500,01, REDE R$ 10,03); 1 com diferença (R$ 18,78: REDE)';
    expect(message.split('\n')).toContain(line);
    const lateAt = message.indexOf('Atrasado:');
    const depositsAt = message.indexOf(line);
    const shortAt = message.indexOf('Pago a menor:');
    expect(lateAt).toBeLessThan(depositsAt);
    expect(depositsAt).toBeLessThan(shortAt);
    const en = summaryMessage(summaryWith(on(ALL_RESULTS), 'en'), link);
    expect(en.split('\n')).toContain(
      '  Deposits: 2 did not arrive (R$ 4,510.04: CIELO R$ 4,500.01, REDE R$ 10.03); 1 differs (R$ 18.78: REDE)',
    );
  });

  it('lists credits nobody expected as their own entry, to identify', () => {
    const message = summaryMessage(summaryWith(on(ALL_RESULTS), 'pt-BR'), link);
    const line =
      '  Crédito sem origem identificada: 1 crédito no extrato que nenhum pagamento explica (R$ 250,50): identificar a origem';
    expect(message.split('\n')).toContain(line);
    // R$ 250,50: after the deposits (R$ 4.528,82), before the short payment (R$ 173,20).
    expect(message.indexOf('  Depósitos:')).toBeLessThan(message.indexOf(line));
    expect(message.indexOf(line)).toBeLessThan(message.indexOf('Pago a menor:'));
    expect(summaryMessage(summaryWith(on(ALL_RESULTS), 'en'), link)).toContain(
      '  Credit of unknown origin: 1 credit on the statement no payment explains (R$ 250.50): find the origin',
    );
  });

  it('puts the same entries among the report’s action cards, in the message’s order, leading to the section', () => {
    const full = renderHtmlReport(summaryWith(on(ALL_RESULTS), 'pt-BR'));
    const cards = full.slice(full.indexOf('<div class="cards">'), full.indexOf('</div>'));
    const order = ['Atrasado', 'Depósitos', 'Crédito sem origem identificada', 'Pago a menor'].map((w) =>
      cards.indexOf(`<span class="label">${w}</span>`),
    );
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(cards).toContain('<a class="card entry" href="#deposits"><span class="label">Depósitos</span>');
    expect(text(cards)).toContain(
      'Depósitos R$ 4.528,82 2 não chegaram (R$ 4.510,04: CIELO R$ 4.500,01, REDE R$ 10,03); 1 com diferença (R$ 18,78: REDE)',
    );
  });

  it('has no deposits line when nothing is missing or differs, or the bank leg is off', () => {
    for (const deposits of [on([DEPOSITED, AWAITING]), { state: 'OFF' } as const, undefined]) {
      const message = summaryMessage(summaryWith(deposits, 'pt-BR'), link);
      expect(message).not.toContain('Depósitos');
    }
  });
});

describe('the summarizer’s deposits dependency', () => {
  it('asks for the run’s period and stores the section in the summary, the report and the message', async () => {
    const objects = new Map<string, string>();
    const messages: string[] = [];
    const asked: unknown[] = [];
    const summarize = buildSummarizer({
      listReceivables: async () => BOOK,
      writeObject: async (key, body) => {
        objects.set(key, body);
      },
      publish: async (_subject, message) => {
        messages.push(message);
      },
      reportLink: async (key) => ({ kind: 'file', path: `/data/${key}` }),
      now: () => new Date('2025-03-10T06:00:05.000Z'),
      language: 'pt-BR',
      deposits: async (query) => {
        asked.push(query);
        return on(ALL_RESULTS);
      },
    });
    const summary = await summarize(summaryInput());
    expect(asked).toEqual([{ from: '2025-01-01', to: '2025-01-30', asOf: '2025-03-10' }]);
    expect(summary.deposits).toEqual(on(ALL_RESULTS));
    expect(JSON.parse(objects.get('summaries/run=run-1/summary.json') ?? '{}').deposits).toEqual(
      summary.deposits,
    );
    expect(objects.get('summaries/run=run-1/report.html')).toContain('<h2 id="deposits">Depósitos</h2>');
    expect(messages[0]).toContain('Depósitos: 2 não chegaram');
  });

  it('escapes what the bank wrote (memo, FITID, account)', () => {
    const hostile = '<script>alert("x")</script>';
    const [unexplained] = ALL_RESULTS.filter((r) => r.status === 'UNEXPLAINED_CREDIT');
    if (unexplained === undefined) throw new Error('fixture');
    const html = renderHtmlReport(
      summaryWith(on([{ ...unexplained, memo: hostile, fitid: hostile, bankAccount: hostile }]), 'pt-BR'),
    );
    expect(html).not.toContain('<script');
  });
});
