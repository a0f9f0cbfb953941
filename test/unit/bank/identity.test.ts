import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { identify } from '../../../lambdas/core/deposits/bank/identity';
import { readOfx } from '../../../lambdas/core/deposits/bank/ofx-reader';
import type { DepositsConfig } from '../../../lambdas/core/deposits/config';

const golden = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../golden/bank/${name}`, import.meta.url)));
const CONTENT: DepositsConfig['statementIdentity'] = { default: 'content', banks: {} };
const FITID_ITAU: DepositsConfig['statementIdentity'] = { default: 'content', banks: { '0341': 'fitid' } };

const identities = (name: string, config = CONTENT) =>
  identify(readOfx(golden(name), name).transactions, config).map((t) => [
    t.postedDate,
    t.amountCents,
    t.identity,
  ]);

describe('transaction identity', () => {
  it('keeps two equal credits of one day two (content)', () => {
    const [first, second] = identities('itau-sgml-1252.ofx');
    expect(first?.[2]).not.toBe(second?.[2]);
    expect(new Set(identities('itau-sgml-1252.ofx').map((t) => t[2])).size).toBe(5);
  });

  it('gives an overlapping export of the same days the same identities (content)', () => {
    const first = identities('itau-sgml-1252.ofx').filter(([date]) => (date as string) >= '2025-03-04');
    const overlap = identities('itau-overlap.ofx').filter(([date]) => (date as string) <= '2025-03-05');
    expect(overlap).toEqual(first);
  });

  it('compares memos trimmed, with spaces collapsed and upper case', () => {
    const base = {
      bankAccount: '1/2/3',
      bankCode: '1',
      postedDate: '2025-03-03',
      amountCents: 100,
      fitid: null,
      type: 'CREDIT',
    };
    const [a] = identify([{ ...base, memo: ' Cielo   vendas ' }], CONTENT);
    const [b] = identify([{ ...base, memo: 'CIELO VENDAS' }], CONTENT);
    expect(a?.identity).toBe(b?.identity);
  });

  it('uses account + FITID for a bank configured so (bank code without leading zeros)', () => {
    const base = {
      bankAccount: '341/2/3',
      bankCode: '341',
      postedDate: '2025-03-03',
      amountCents: 100,
      fitid: 'X',
      type: 'CREDIT',
    };
    const [a] = identify([{ ...base, memo: 'CIELO' }], FITID_ITAU);
    const [b] = identify([{ ...base, memo: 'CIELO VENDAS', postedDate: '2025-03-04' }], FITID_ITAU);
    expect(a?.identity).toBe(b?.identity);
    expect(a?.identity.startsWith('f')).toBe(true);
  });

  it('does not merge transactions that repeat a FITID within one file (fitid)', () => {
    const found = identities('itau-repeated-fitid.ofx', FITID_ITAU);
    expect(new Set(found.map((t) => t[2])).size).toBe(3);
    expect(found.filter((t) => (t[2] as string).startsWith('f'))).toHaveLength(1);
  });

  it('chooses the FITID holder whatever the order of the file', () => {
    const { transactions } = readOfx(golden('itau-repeated-fitid.ofx'), 'x');
    const forward = identify(transactions, FITID_ITAU)
      .map((t) => t.identity)
      .sort();
    const backward = identify([...transactions].reverse(), FITID_ITAU)
      .map((t) => t.identity)
      .sort();
    expect(backward).toEqual(forward);
  });
});
