/**
 * Every report section that prints what a provider or a bank wrote (merchant names, NSUs, bank memos,
 * error texts, codes, settings) escapes it without being asked: the `html` tag escapes whatever is not
 * HTML it built itself, so each section is rendered here from a summary whose texts all carry markup.
 * No browser needed: it sits beside the summaries the browser tests render, and takes them hostile.
 */
import { describe, expect, it } from 'vitest';
import { accountFeesHtml } from '../../lambdas/core/account-items/report-section';
import { unclassifiedHtml } from '../../lambdas/core/book/report-section';
import { depositsHtml } from '../../lambdas/core/deposits/report-section';
import { feeAuditHtml } from '../../lambdas/core/fee-audit/report-section';
import type { FeeAuditSection } from '../../lambdas/core/fee-audit/section-model';
import { renderAttention } from '../../lambdas/core/report/attention-html';
import { renderHtmlReport } from '../../lambdas/core/report/html';
import type { RunSummary } from '../../lambdas/core/report/types';
import { escapeHtml, html, joinHtml, raw } from '../../lambdas/core/report-kit/escape';
import { renderTable, smallPrint } from '../../lambdas/core/report-kit/table';
import { lifecycleSummary } from './lifecycle-summary';
import { crowdedSummary } from './realistic-summary';

const HOSTILE = `<script>alert("x")</script>&'`;
const ESCAPED = escapeHtml(HOSTILE);

/** The fields whose text comes from a provider's records, a bank statement or an error. */
const OUTSIDE_TEXT = new Set([
  'merchant',
  'nsu',
  'memo',
  'acquirer',
  'brand',
  'group',
  'bankAccount',
  'fitid',
  'reasonText',
  'error',
  'reportId',
  'environment',
  'setting',
  'column',
  'value',
  'unknownColumns',
  'missingFields',
]);
/** Maps keyed by what a provider sent: their keys are outside text too. */
const OUTSIDE_KEYS = new Set(['byCode', 'quarantinedByReason']);

/** The summary with HOSTILE after every outside text. */
function hostile<T>(value: T, key = ''): T {
  if (typeof value === 'string') return (OUTSIDE_TEXT.has(key) ? `${value}${HOSTILE}` : value) as T;
  if (Array.isArray(value)) return value.map((v) => hostile(v, key)) as T;
  if (value !== null && typeof value === 'object') {
    const outsideKeys = OUTSIDE_KEYS.has(key);
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [outsideKeys ? `${k}${HOSTILE}` : k, hostile(v, k)]),
    ) as T;
  }
  return value;
}

function expectEscaped(section: unknown, name: string) {
  const text = String(section);
  expect(text, name).toContain(ESCAPED);
  expect(text, name).not.toContain('<script');
}

const crowded: RunSummary = hostile(crowdedSummary('pt-BR'));
const lifecycle: RunSummary = hostile(lifecycleSummary('pt-BR'));

describe('report sections escape outside text by default', () => {
  it('the action cards and largest items (merchant, NSU, acquirer)', () => {
    expectEscaped(renderAttention(crowded), 'attention');
  });

  it('the deposits lists (bank memo, FITID, account, acquirer group)', () => {
    expectEscaped(depositsHtml(crowded), 'deposits');
  });

  it("the period's fees (acquirer, merchant, reason) and the unclassified records (column, value, setting)", () => {
    expectEscaped(accountFeesHtml(lifecycle), 'fees');
    expectEscaped(unclassifiedHtml(lifecycle), 'unclassified');
  });

  it('the fee audit (acquirer, brand, NSU) and its table errors', () => {
    const on: FeeAuditSection = {
      state: 'ON',
      audited: 2,
      withoutRate: 0,
      overchargedCents: 11,
      byAcquirerBrand: [{ acquirer: HOSTILE, brand: HOSTILE, overchargedCents: 11, items: 1 }],
      largest: [
        {
          key: 'k',
          acquirer: HOSTILE,
          brand: HOSTILE,
          saleDate: '2025-03-01',
          nsu: HOSTILE,
          installment: 1,
          kind: 'SALE',
          contractMdrPercent: '2.39',
          chargedMdrPercent: '2.50',
          contractFeeCents: 239,
          chargedFeeCents: 250,
          differenceCents: 11,
        },
      ],
    };
    const invalid: FeeAuditSection = {
      state: 'INVALID',
      errors: [{ row: 2, reason: HOSTILE }],
      errorCount: 1,
    };
    expectEscaped(feeAuditHtml({ language: 'pt-BR', feeAudit: on }), 'fee audit');
    // Its entry among what needs action names the acquirer on a card.
    const cards = String(renderAttention({ ...lifecycle, feeAudit: on }));
    expect(cards).toContain(`<span class="sub">${ESCAPED} R$ 0,11 em 1 item</span>`);
    expect(cards).not.toContain('<script');
    expectEscaped(feeAuditHtml({ language: 'en', feeAudit: invalid }), 'fee audit errors');
  });

  it('the whole page: failures, records and their codes, layout changes, reports and the title', () => {
    const page = renderHtmlReport(crowded);
    expectEscaped(page, 'page');
    for (const code of [...Object.keys(crowded.records.byCode), ...crowded.drift.unknownColumns]) {
      expect(page).toContain(escapeHtml(code));
    }
  });

  it('tables escape cell text, small print and column names', () => {
    const table = renderTable([{ label: HOSTILE }], [[{ text: HOSTILE, small: HOSTILE }]], { none: HOSTILE });
    // The heading, the cell's data-label, its text and its small print.
    expect(String(table).split(ESCAPED)).toHaveLength(5);
    expectEscaped(smallPrint(HOSTILE), 'small print');
  });
});

describe('the html tag', () => {
  it('escapes text and numbers, keeps what it built, and raw() keeps a fragment written in code', () => {
    const cell = html`<td title="${HOSTILE}">${HOSTILE}</td>`;
    expect(String(cell)).toBe(`<td title="${ESCAPED}">${ESCAPED}</td>`);
    expect(String(html`<tr>${cell}${[cell, cell]}</tr>`)).toBe(`<tr>${String(cell).repeat(3)}</tr>`);
    expect(String(html`<p>${1234}</p>`)).toBe('<p>1234</p>');
    expect(String(html`<style>${raw('a>b{color:red}')}</style>`)).toBe('<style>a>b{color:red}</style>');
    expect(String(joinHtml([html`a`, html`${'<b>'}`], html`<br>`))).toBe('a<br>&lt;b&gt;');
  });

  it('does not take a plain object that looks like its output for HTML', () => {
    const forged = { toString: () => '<script>' } as unknown as string;
    expect(String(html`${forged}`)).toBe('&lt;script&gt;');
  });
});
