/**
 * The fee audit as the finance team reads it, in the report and the morning message: how many
 * receivables were compared and how many had no contracted rate, and never "no fee above the
 * contract" when nothing was compared.
 */
import { describe, expect, it } from 'vitest';
import { parseContractRates } from '../../../lambdas/core/fee-audit/rates';
import { feeAuditHtml } from '../../../lambdas/core/fee-audit/report-section';
import type { FeeAuditSection } from '../../../lambdas/core/fee-audit/section-model';
import { feeAuditSection } from '../../../lambdas/core/fee-audit/section-reader';
import { applyRecords } from '../../../lambdas/core/receivables/matcher';
import { renderHtmlReport } from '../../../lambdas/core/report/html';
import { summaryMessage } from '../../../lambdas/core/report/message';
import type { ReportLanguage } from '../../../lambdas/core/report/types';
import { canonical, reconConfig, saleKey } from '../../support/recon-records';
import { buildRunSummary } from '../../support/run-summary';
import { summaryInput } from '../summary/fixtures';

const config = reconConfig();
const HEADER =
  'acquirer,brand,product,installmentsFrom,installmentsTo,mdrPercent,advanceMonthlyPercent,effectiveFrom';

function section(table: readonly string[], sales: readonly { n: number; fee: number }[]): FeeAuditSection {
  const parsed = parseContractRates([HEADER, ...table].join('\n'), config);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const receivables = sales.map(({ n, fee }) => {
    const record = canonical({
      type: 'A1',
      key: saleKey(n),
      hash: `a${n}`,
      brand: 'ELO',
      grossCents: 10_000,
      feeCents: fee,
    });
    const content = applyRecords(undefined, [record], config).receivable;
    if (!content) throw new Error('no receivable');
    return content;
  });
  return feeAuditSection(receivables, { state: 'ON', rates: parsed.rates }, config);
}

/** Sales 3 and 6 are of ACQ0, sale 1 of ACQ1: each sold at R$ 100,00. */
const SALES = [
  { n: 3, fee: 200 },
  { n: 6, fee: 250 },
  { n: 1, fee: 200 },
];

function message(feeAudit: FeeAuditSection, language: ReportLanguage = 'pt-BR'): string {
  const summary = buildRunSummary(summaryInput(), [], {
    finishedAt: new Date('2025-03-10T06:00:00Z'),
    language,
  });
  return summaryMessage({ ...summary, feeAudit }, { kind: 'file', path: '/tmp/report.html' });
}

describe('the fee audit in the report and the morning message', () => {
  it('audits with a table whose brand says ANY, or Elô for ELO', () => {
    for (const brand of ['ANY', 'Elô', '*', '']) {
      expect(section([`ACQ0,${brand},ANY,1,12,2,2,2025-01-01`], SALES)).toMatchObject({
        audited: 3,
        withoutRate: 1,
        overchargedCents: 50,
      });
    }
  });

  it('says no contracted rate applied, pointing at the table, when nothing was compared', () => {
    const none = section(['ACQ9,ELO,ANY,1,12,2,2,2025-01-01'], SALES);
    expect(none).toMatchObject({ audited: 3, withoutRate: 3, overchargedCents: 0 });
    const html = String(feeAuditHtml({ language: 'pt-BR', feeAudit: none }));
    expect(html).toContain(
      'Nenhuma taxa contratada se aplicou: os 3 recebíveis desta execução ficaram sem taxa contratada e nada foi comparado com o contrato. Confira adquirente, bandeira, produto, parcelas e vigência em config/contract-rates.csv.',
    );
    expect(html).not.toContain('Nenhuma taxa acima do contrato');
    const text = message(none);
    expect(text).toContain(
      'Auditoria de taxas: nenhuma taxa contratada se aplicou aos 3 recebíveis desta execução, nada foi comparado (confira config/contract-rates.csv).',
    );
    expect(text.toLowerCase()).not.toContain('nenhuma taxa acima');
    expect(String(feeAuditHtml({ language: 'en', feeAudit: none }))).toContain(
      'No contracted rate applied: all 3 receivables',
    );
    expect(message(none, 'en')).toContain(
      'Fee audit: no contracted rate applied to the 3 receivables of this run',
    );
  });

  it('counts the receivables without a contracted rate beside those compared', () => {
    const some = section(['ACQ0,ELO,ANY,1,12,2,2,2025-01-01'], SALES);
    const html = String(feeAuditHtml({ language: 'pt-BR', feeAudit: some }));
    expect(html).toContain('Recebíveis desta execução auditados: 3; comparados com uma taxa contratada: 2.');
    expect(html).toContain(
      '1 recebível ficou sem taxa contratada: nenhuma linha de config/contract-rates.csv vale para ele.',
    );
    // The overcharge is said once, with its money, among what needs action; the audit's line adds the rest.
    expect(message(some)).toContain('  Taxas acima do contrato: ACQ0 R$ 0,50 em 1 item');
    expect(message(some)).toContain(
      'Auditoria de taxas: 1 recebível sem taxa contratada (confira config/contract-rates.csv).',
    );
    expect(message(some).match(/R\$ 0,50/g)).toHaveLength(1);
    const fair = section(['ACQ0,ELO,ANY,1,12,2.5,2,2025-01-01', 'ACQ1,ELO,ANY,1,12,2,2,2025-01-01'], SALES);
    expect(String(feeAuditHtml({ language: 'pt-BR', feeAudit: fair }))).toContain(
      'Nenhuma taxa acima do contrato.',
    );
    expect(message(fair)).toContain(
      'Auditoria de taxas: nenhuma taxa acima do contrato nos 3 recebíveis comparados.',
    );
  });

  it('lists what was charged above the contract among what needs action, per acquirer, in the message and the report', () => {
    const above = section(
      ['ACQ0,ELO,ANY,1,12,1.5,2,2025-01-01', 'ACQ1,ELO,ANY,1,12,1.5,2,2025-01-01'],
      SALES,
    );
    expect(above).toMatchObject({ overchargedCents: 200 });
    const lines = message(above).split('\n');
    const entry = '  Taxas acima do contrato: ACQ0 R$ 1,50 em 2 itens, ACQ1 R$ 0,50 em 1 item';
    expect(lines).toContain(entry);
    expect(lines.slice(0, lines.indexOf(entry))).toContain('O que precisa de ação:');
    expect(message(above, 'en')).toContain(
      '  Fees above the contract: ACQ0 R$ 1.50 in 2 items, ACQ1 R$ 0.50 in 1 item',
    );
    const summary = buildRunSummary(summaryInput(), [], {
      finishedAt: new Date('2025-03-10T06:00:00Z'),
      language: 'pt-BR',
    });
    const report = renderHtmlReport({ ...summary, feeAudit: above });
    expect(report).toContain(
      '<a class="card entry" href="#fee-audit"><span class="label">Taxas acima do contrato</span><span class="amount">R$ 2,00</span><span class="sub">ACQ0 R$ 1,50 em 2 itens, ACQ1 R$ 0,50 em 1 item</span></a>',
    );
    expect(report).toContain('<h2 id="fee-audit">Taxas acima do contrato</h2>');
    // Nothing above the contract: no entry.
    const fair = section(['ACQ0,ELO,ANY,1,12,2.5,2,2025-01-01', 'ACQ1,ELO,ANY,1,12,2,2,2025-01-01'], SALES);
    expect(message(fair)).not.toContain('Taxas acima do contrato');
  });

  it('says nothing was there to audit, says a bad table did not run, and nothing when the audit is off', () => {
    const empty = section(['ACQ0,ELO,ANY,1,12,2,2,2025-01-01'], []);
    expect(String(feeAuditHtml({ language: 'pt-BR', feeAudit: empty }))).not.toContain('Nenhuma taxa acima');
    expect(message(empty)).toContain(
      'Auditoria de taxas: nenhum recebível desta execução com valor bruto e taxa a comparar.',
    );
    const invalid: FeeAuditSection = { state: 'INVALID', errors: [{ row: 2, reason: 'x' }], errorCount: 1 };
    expect(message(invalid)).toContain(
      'Auditoria de taxas: não rodou, a tabela de taxas contratadas tem 1 linha inválida (veja o relatório)',
    );
    const twoInvalid: FeeAuditSection = { ...invalid, errorCount: 2 };
    expect(message(twoInvalid)).toContain(
      'a tabela de taxas contratadas tem 2 linhas inválidas (veja o relatório)',
    );
    expect(message({ state: 'OFF' })).not.toContain('Auditoria de taxas');
  });
});
