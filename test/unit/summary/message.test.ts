/**
 * The morning message: what needs action largest amount first, the outcome in plain words, the way
 * to open the report, nothing that says nothing, and within SNS's limits whatever the run.
 */
import { describe, expect, it } from 'vitest';
import type { SummaryReceivable } from '../../../lambdas/core/book/types';
import {
  MESSAGE_ITEMS_PER_CATEGORY,
  MESSAGE_MAX_FAILURES,
  SNS_SUBJECT_MAX_CHARS,
  summaryMessage,
  summarySubject,
} from '../../../lambdas/core/report/message';
import type { ReportLink } from '../../../lambdas/core/report/report-link';
import type { ReportLanguage, RunSummary } from '../../../lambdas/core/report/types';
import { parseWorkflowConfig } from '../../../lambdas/core/workflow/config';
import { buildRunSummary } from '../../support/run-summary';
import { job, late, summaryInput } from './fixtures';

/** SNS's limit for a message body, in UTF-8 bytes (the message's caps keep far from it). */
const SNS_MESSAGE_MAX_BYTES = 256 * 1024;

const LINK: ReportLink = {
  kind: 'presigned',
  url: 'https://recon-lake.s3.sa-east-1.amazonaws.com/summaries/run%3Drun-1/report.html?X-Amz-Signature=abc',
  expiresAt: '2025-03-10T21:00:00.000Z',
  uri: 's3://recon-lake/summaries/run=run-1/report.html',
};

/** R$ 173,20 paid short (first state of the report's order) and R$ 19.866,95 late over 24 receivables. */
const BOOK: SummaryReceivable[] = [
  { status: 'UNDERPAID', forecastNetCents: 100_000, settledNetCents: 82_680, dueDate: '2025-02-01' },
  ...Array.from({ length: 24 }, (_, i) => late(i === 0 ? 1_986_695 - 23 * 10 : 10, `nsu-${i}`)),
  { status: 'SETTLED', forecastNetCents: 50_000, settledNetCents: 50_000, dueDate: '2025-02-01' },
];

function summaryOf(receivables: SummaryReceivable[], language: ReportLanguage, input = summaryInput()) {
  return buildRunSummary(input, receivables, { finishedAt: new Date('2025-03-10T06:00:00Z'), language });
}

describe('the morning message', () => {
  it('lists what needs action largest amount first, with counts and amounts', () => {
    const message = summaryMessage(summaryOf(BOOK, 'pt-BR'), LINK);
    const lateLine = message.indexOf('Atrasado: 24 recebíveis, R$ 19.866,95 previstos e não recebidos');
    const shortLine = message.indexOf('Pago a menor: 1 recebível, R$ 173,20 faltam receber');
    expect(lateLine).toBeGreaterThan(-1);
    expect(shortLine).toBeGreaterThan(lateLine);
    // Its largest items, then how many more (the rest are in the report).
    expect(message).toContain('    Cielo · EC 1020 · venda 05/01/2025 · NSU nsu-0 · parcela 1: R$ 19.864,65');
    expect(message).toContain(`    e mais ${24 - MESSAGE_ITEMS_PER_CATEGORY}…`);
  });

  it('writes Portuguese by default and English by the stage setting', () => {
    expect(parseWorkflowConfig({ environment: 'sandbox' }).reportLanguage).toBe('pt-BR');
    const pt = summaryMessage(summaryOf(BOOK, 'pt-BR'), LINK);
    expect(pt).toContain('O que precisa de ação:');
    expect(pt).toContain(
      'Relatório completo, link válido no máximo até 10/03/2025 18:00 (horário de Brasília):',
    );
    const en = summaryMessage(summaryOf(BOOK, 'en'), LINK);
    expect(en).toContain('What needs action:');
    expect(en).toContain('Late: 24 receivables, R$ 19,866.95 forecast, not received');
    expect(en).toContain('Full report, link valid until 10 Mar 2025 18:00 (Brasília time) at the latest:');
    expect(en).not.toMatch(/recebíve|Relatório|Atrasado/);
  });

  it('ends with the way to open the report: the link, and the command that makes a new one', () => {
    const lines = summaryMessage(summaryOf(BOOK, 'pt-BR'), LINK).split('\n');
    expect(lines.at(-2)).toBe(LINK.url);
    expect(lines.at(-1)).toBe(
      `Para um novo link, quem tem acesso à AWS executa: aws s3 presign ${LINK.uri} --expires-in 43200`,
    );
    const local = summaryMessage(summaryOf(BOOK, 'en'), { kind: 'file', path: '/data/report.html' });
    expect(local.split('\n').slice(-2)).toEqual(['Full report (local file):', '/data/report.html']);
    const unsigned = summaryMessage(summaryOf(BOOK, 'en'), { kind: 'object', uri: LINK.uri });
    expect(unsigned).toContain(`Full report at ${LINK.uri} (no link could be made).`);
    expect(unsigned).not.toContain('https://');
  });

  it('prints no line that says nothing', () => {
    const clean = job({
      counts: {
        received: 10,
        byCode: { A1: 10 },
        quarantinedByReason: {},
        drift: { unknownColumns: [], missingFields: [] },
      },
    });
    const settledOnly = summaryOf(
      [BOOK.at(-1) as SummaryReceivable],
      'pt-BR',
      summaryInput({ jobs: [clean] }),
    );
    const message = summaryMessage(settledOnly, LINK);
    expect(message).not.toContain('R$ 0,00');
    expect(message).not.toMatch(/Limite de registros|Pago a menor|Atrasado|Em aberto|quarentena/);
    expect(message).toContain('Nada precisa de ação.');
    expect(message).toContain('10 registros recebidos do provedor.');
    expect(message.split('\n').every((line) => line.trim() !== '')).toBe(true);
    // Among real work too: no zero card (capped, empty states), no zero at stake.
    const busy = summaryMessage(summaryOf(BOOK, 'pt-BR'), LINK);
    expect(busy).not.toMatch(/: 0 recebíveis|R\$ 0,00 (faltam|recebidos|previstos|em jogo)/);
    expect(busy).not.toMatch(/Limite de registros|Pago a maior|Pago sem previsão/);
    expect(busy.split('\n').every((line) => line.trim() !== '')).toBe(true);
  });

  it('says why reports failed in plain words, their scrubbed detail as small print, at most a few', () => {
    const failures = Array.from({ length: MESSAGE_MAX_FAILURES + 2 }, () =>
      job({ outcome: 'DEADLINE_PASSED', error: 'report not ready before the deadline' }),
    );
    const summary = summaryOf(BOOK, 'pt-BR', summaryInput({ jobs: failures }));
    const message = summaryMessage(summary, LINK);
    expect(message.split('\n')[0]).toMatch(/^Execução com FALHA: /);
    expect(message).toContain(
      '  Vendas, movimento de 01/01/2025 a 30/01/2025: o relatório não ficou pronto dentro do prazo (detalhe técnico: report not ready before the deadline)',
    );
    expect(message.match(/não ficou pronto/g)).toHaveLength(MESSAGE_MAX_FAILURES);
    expect(message).toContain('  e mais 2…');
    // The subject says the run failed, in the report's words (now with the money at stake too).
    expect(summarySubject(summary)).toBe('recon (homologacao): FALHOU; R$ 20.040,15 pedem acao - 30/01/2025');
  });

  it('gives the subject the money that needs action and the period’s last day, ASCII for SNS', () => {
    const production = summaryInput({ environment: 'production' });
    // R$ 19.866,95 late + R$ 173,20 short.
    expect(summarySubject(summaryOf(BOOK, 'pt-BR', production))).toBe(
      'recon: R$ 20.040,15 pedem acao - 30/01/2025',
    );
    expect(summarySubject(summaryOf(BOOK, 'en', production))).toBe(
      'recon: R$ 20,040.15 need action - 30 Jan 2025',
    );
    const settled = [BOOK.at(-1) as SummaryReceivable];
    expect(summarySubject(summaryOf(settled, 'pt-BR', production))).toBe(
      'recon: nada pede acao - 30/01/2025',
    );
    expect(summarySubject(summaryOf(settled, 'en', production))).toBe(
      'recon: nothing needs action - 30 Jan 2025',
    );
    // A test environment is named, so its mail is never taken for production's.
    expect(summarySubject(summaryOf(settled, 'pt-BR'))).toBe(
      'recon (homologacao): nada pede acao - 30/01/2025',
    );
    expect(summarySubject(summaryOf(settled, 'en'))).toBe(
      'recon (sandbox): nothing needs action - 30 Jan 2025',
    );
  });

  it('names the environment in the reader’s words', () => {
    const message = summaryMessage(summaryOf(BOOK, 'pt-BR'), LINK);
    expect(message.split('\n')[0]).toContain('(homologação, ');
    const production = summaryInput({ environment: 'production' });
    expect(summaryMessage(summaryOf(BOOK, 'pt-BR', production), LINK).split('\n')[0]).toContain(
      '(produção, ',
    );
    expect(summaryMessage(summaryOf(BOOK, 'en'), LINK).split('\n')[0]).toContain('(sandbox, ');
  });

  it('stays within SNS limits for a huge run, the link intact', () => {
    const huge = 'x'.repeat(20_000);
    const book: SummaryReceivable[] = Array.from({ length: 2_000 }, (_, i) => ({
      ...late(100 + i, `${huge}-${i}`),
      status: i % 2 ? 'OVERDUE' : `STATE_${i % 40}_${huge}`,
      acquirer: huge,
      merchant: huge,
    }));
    const failures = Array.from({ length: 5_000 }, (_, i) =>
      job({ outcome: 'FAILED', error: `${huge} ${i}` }),
    );
    const input = summaryInput({ jobs: failures, runId: huge, environment: 'production' });
    const summary: RunSummary = {
      ...summaryOf(book, 'pt-BR', input),
      capped: { count: 1_000_000, amountCents: 9_999_999_999 },
    };
    const message = summaryMessage(summary, LINK);
    expect(Buffer.byteLength(message, 'utf8')).toBeLessThanOrEqual(SNS_MESSAGE_MAX_BYTES);
    expect(message.length).toBeLessThan(20_000);
    expect(message.split('\n').at(-2)).toBe(LINK.url);
    const subject = summarySubject(summary);
    expect(subject.length).toBeLessThanOrEqual(SNS_SUBJECT_MAX_CHARS);
    expect(subject).toMatch(/^[\x20-\x7e]+$/);
  });

  it("ends with the web inbox's morning list when the run knew the inbox, and says nothing of it otherwise", () => {
    const summary = summaryOf(BOOK, 'pt-BR');
    const linked = summaryMessage({ ...summary, inboxUrl: 'https://inbox.example/' }, LINK);
    expect(linked.split('\n').slice(-2)).toEqual([
      'Pendências para tratar (caixa de pendências, com login):',
      'https://inbox.example/',
    ]);
    const english = summaryMessage({ ...summaryOf(BOOK, 'en'), inboxUrl: 'https://inbox.example' }, LINK);
    expect(english.split('\n').slice(-2)).toEqual([
      'Breaks to work (the inbox, signed in):',
      'https://inbox.example/',
    ]);
    const plain = summaryMessage(summary, LINK);
    expect(plain).not.toContain('caixa de pendências');
    expect(plain.split('\n').at(-2)).toBe(LINK.url);
  });
});
