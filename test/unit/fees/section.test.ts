import { describe, expect, it } from 'vitest';
import { parseContractRates } from '../../../lambdas/core/fee-audit/rates';
import { feeAuditHtml } from '../../../lambdas/core/fee-audit/report-section';
import { buildFeeAuditReader, feeAuditSection } from '../../../lambdas/core/fee-audit/section-reader';
import { CONTRACT_RATES_KEY } from '../../../lambdas/core/fee-audit/source';
import type { Receivable } from '../../../lambdas/core/receivables/item';
import { applyRecords } from '../../../lambdas/core/receivables/matcher';
import { canonical, reconConfig, saleKey } from '../../support/recon-records';

const config = reconConfig();
const HEADER =
  'acquirer,brand,product,installmentsFrom,installmentsTo,mdrPercent,advanceMonthlyPercent,effectiveFrom';
const GOOD = [HEADER, 'ACQ1,VISA,ANY,1,12,2,2,2025-01-01', 'ACQ2,VISA,ANY,1,12,2,2,2025-01-01'].join('\n');

function ratesIn(csv: string) {
  const parsed = parseContractRates(csv, config);
  if (!parsed.ok) throw new Error('bad fixture');
  return parsed.rates;
}

function receivable(n: number, feeCents: number, version = 1): Receivable {
  const record = canonical({
    type: 'A1',
    key: saleKey(n, 1),
    hash: `a${n}-${feeCents}`,
    grossCents: 10_000,
    feeCents,
  });
  const content = applyRecords(undefined, [record], config).receivable;
  if (!content) throw new Error('no receivable');
  return {
    ...content,
    status: 'OPEN',
    reason: 'AWAITING_PAYMENT',
    version,
    changedOn: '2025-03-02',
    updatedAt: 'x',
  };
}

/** An S3 stand-in holding at most the rate table. */
function bucketWith(body: string | undefined) {
  return {
    async send(command: { input: { Key?: string } }) {
      if (command.input.Key !== CONTRACT_RATES_KEY || body === undefined) {
        throw Object.assign(new Error('no such key'), { name: 'NoSuchKey' });
      }
      return { Body: { transformToString: async () => body } };
    },
  };
}

function readerOver(body: string | undefined, batches: readonly Receivable[][]) {
  return buildFeeAuditReader({
    s3: bucketWith(body) as never,
    bucket: 'lake',
    config,
    touched: {
      async *batchesOf() {
        for (const receivables of batches) yield { receivables, keysWithoutState: [] };
      },
    },
  });
}

describe('the fee-audit section', () => {
  it('totals the overcharge per acquirer and brand from the night’s latest versions', async () => {
    // ACQ1: 202 charged where 200 is due (+2); ACQ2: +50 then +10. The older version of sale 1 is replaced.
    const read = readerOver(GOOD, [
      [receivable(1, 250, 1), receivable(2, 250)],
      [receivable(1, 202, 2), receivable(5, 210)],
    ]);
    const section = await read('2025-03-02');
    expect(section).toMatchObject({
      state: 'ON',
      audited: 3,
      overchargedCents: 62,
      byAcquirerBrand: [
        { acquirer: 'ACQ2', brand: 'VISA', overchargedCents: 60, items: 2 },
        { acquirer: 'ACQ1', brand: 'VISA', overchargedCents: 2, items: 1 },
      ],
    });
    if (section.state !== 'ON') throw new Error('audit off');
    expect(section.largest[0]).toMatchObject({
      contractMdrPercent: '2',
      chargedMdrPercent: '2.50',
      differenceCents: 50,
    });
    const html = String(feeAuditHtml({ language: 'pt-BR', feeAudit: section }));
    expect(html).toContain('Taxas acima do contrato');
    expect(html).toContain('>2,50 %<'); // the charged rate, as finance writes it
  });

  it('shows a fee written as a debit with its positive charged rate', () => {
    const section = feeAuditSection([receivable(1, -250)], { state: 'ON', rates: ratesIn(GOOD) }, config);
    expect(section).toMatchObject({ overchargedCents: 50, largest: [{ chargedMdrPercent: '2.50' }] });
  });

  it('says the audit is off without a table, and did not run with a bad one, naming the rows', async () => {
    const off = await readerOver(undefined, [[receivable(1, 250)]])('2025-03-02');
    expect(off).toEqual({ state: 'OFF' });
    expect(String(feeAuditHtml({ language: 'pt-BR', feeAudit: off }))).toContain(
      'Auditoria de taxas desligada',
    );
    const bad = await readerOver(`${HEADER}\nACQ1,VISA,PIX,1,1,2,2,2025-01-01`, [])('2025-03-02');
    expect(bad).toEqual({
      state: 'INVALID',
      errorCount: 1,
      errors: [{ row: 2, reason: expect.stringContaining('PIX') }],
    });
    const html = String(feeAuditHtml({ language: 'pt-BR', feeAudit: bad }));
    expect(html).toContain('A auditoria de taxas não rodou');
    expect(html).toContain('A conciliação rodou normalmente');
    expect(String(feeAuditHtml({ language: 'pt-BR' }))).toBe('');
  });

  it('counts a sale without a contracted rate as audited, never as overcharged', () => {
    const rates = { state: 'ON' as const, rates: [] };
    expect(feeAuditSection([receivable(1, 250)], rates, config)).toMatchObject({
      audited: 1,
      withoutRate: 1,
      overchargedCents: 0,
    });
  });
});
