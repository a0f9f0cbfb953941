/**
 * Fees above the contract as pendências: one break per audited line whatever number of nights kept
 * it, first seen the first of them, resolved by a night that audited the receivable again without
 * it; a decided line leaves the fee audit's entry of what needs action and says so in its section.
 */
import { describe, expect, it } from 'vitest';
import { decide } from '../../../lambdas/core/breaks/decision';
import {
  decidedOvercharges,
  feeBreakId,
  observedOfOvercharges,
} from '../../../lambdas/core/breaks/fee-breaks';
import { breakView } from '../../../lambdas/core/breaks/status';
import type { DatedOvercharge, NightOvercharge } from '../../../lambdas/core/fee-audit/overcharges-lake';
import { feeAuditActionEntries } from '../../../lambdas/core/fee-audit/report-message';
import { feeAuditHtml } from '../../../lambdas/core/fee-audit/report-section';
import { type FeeAuditNight, sectionOfNight } from '../../../lambdas/core/fee-audit/section-reader';
import { nightKept } from '../../../lambdas/core/fee-audit/standing';
import { overchargeLine } from '../../support/overcharges';
import { rules } from './fixtures';

const line = overchargeLine;

const on = (auditedOn: string, l: NightOvercharge): DatedOvercharge => ({ auditedOn, line: l });

describe('fee lines as breaks', () => {
  it('is one break per line: first seen its first night, its money the latest', () => {
    const [only, ...rest] = observedOfOvercharges([
      on('2025-03-03', line('A', 60)),
      on('2025-03-01', line('A', 50)),
    ]);
    expect(rest).toEqual([]);
    expect(only).toEqual({
      id: 'f:SALE|A',
      subject: {
        acquirer: 'CIELO',
        merchant: '1023456',
        saleDate: '2025-03-01',
        nsu: 'A',
        installment: 1,
        dueDate: '2025-03-31',
      },
      basis: { kind: 'FEE_ABOVE_CONTRACT', stakeCents: 60, expectedNetCents: 239, receivedNetCents: 299 },
      firstSeen: '2025-03-01',
    });
  });

  it("tells a sale's fee from its advances' on one receivable", () => {
    const ids = observedOfOvercharges([
      on('2025-03-01', line('A', 50)),
      on('2025-03-01', line('A', 20, { kind: 'ADVANCE' })),
    ]).map((o) => o.id);
    expect(ids.sort()).toEqual(['f:ADVANCE|A', 'f:SALE|A']);
  });

  it('resolves a line a later night cleared, and counts it again from the night it comes back', () => {
    const nights = [on('2025-03-01', line('A', 50)), { auditedOn: '2025-03-02', cleared: 'SALE|A' }];
    expect(observedOfOvercharges(nights)).toEqual([]);
    expect(observedOfOvercharges([...nights, on('2025-03-05', line('A', 50))])[0]?.firstSeen).toBe(
      '2025-03-05',
    );
  });

  it('clears only a standing line on a receivable the night audited again without it', () => {
    const before = [
      on('2025-03-01', line('A', 50)),
      on('2025-03-01', line('B', 50)),
      on('2025-03-01', line('C', 9)),
    ];
    const kept = nightKept(before, [line('C', 12)], new Set(['A', 'C', 'Z']));
    expect(kept.cleared).toEqual(['SALE|A']);
    expect(kept.lines.map((l) => l.key)).toEqual(['C']);
  });

  it('takes a treat or an accept and refuses a dispute; new money reopens an accepted one', () => {
    const [seen] = observedOfOvercharges([on('2025-03-01', line('A', 50))]);
    if (!seen) throw new Error('a break');
    const accepted = decide(
      { action: 'accept', reason: 'arredondamento', note: 'ok' },
      seen,
      [],
      rules,
      '2025-03-02',
    );
    expect(breakView(seen.id, seen, { decision: accepted.after, version: 1 }, '2025-03-02').status).toBe(
      'ACCEPTED',
    );
    const [charged] = observedOfOvercharges([on('2025-03-04', line('A', 80))]);
    expect(breakView(seen.id, charged, { decision: accepted.after, version: 1 }, '2025-03-04').status).toBe(
      'REOPENED',
    );
    expect(() => decide({ action: 'dispute', note: 'x' }, seen, [], rules, '2025-03-02')).toThrow(
      /only a chargeback/,
    );
  });
});

describe('a decided fee line in the report', () => {
  const night: FeeAuditNight = {
    table: { state: 'ON', rates: [] },
    audited: 3,
    withoutRate: 0,
    overcharges: [line('A', 5_000), line('B', 70), line('C', 30, { acquirer: 'REDE' })],
    auditedKeys: new Set(['A', 'B', 'C']),
  };

  function withDecided(...keys: string[]) {
    const observed = observedOfOvercharges(
      'overcharges' in night ? night.overcharges.map((l) => on('2025-03-01', l)) : [],
    );
    const views = observed.map((o) => {
      const after = keys.includes(o.subject.nsu ?? '')
        ? decide({ action: 'accept', reason: 'arredondamento', note: 'ok' }, o, [], rules, '2025-03-02').after
        : null;
      return breakView(o.id, o, { decision: after, version: after ? 1 : 0 }, '2025-03-02');
    });
    return sectionOfNight(night, decidedOvercharges(views, 'overcharges' in night ? night.overcharges : []));
  }

  it('leaves an accepted line out of what needs action, and only it', () => {
    expect(feeAuditActionEntries(withDecided(), 'pt-BR')[0]).toMatchObject({
      amountCents: 5_100,
      detail: 'CIELO R$ 50,70 em 2 itens, REDE R$ 0,30 em 1 item',
    });
    expect(feeAuditActionEntries(withDecided('A'), 'pt-BR')[0]).toMatchObject({
      amountCents: 100,
      detail: 'CIELO R$ 0,70 em 1 item, REDE R$ 0,30 em 1 item',
    });
    expect(feeAuditActionEntries(withDecided('A', 'B', 'C'), 'pt-BR')).toEqual([]);
  });

  it('keeps the section as the audit built it when nobody decided, and says "aceito" beside a decided line', () => {
    expect(withDecided()).not.toHaveProperty('decided');
    const html = String(feeAuditHtml({ language: 'pt-BR', feeAudit: withDecided('B') }));
    expect(html.match(/Venda · aceito/g)).toHaveLength(1);
    expect(feeBreakId(line('B', 70))).toBe('f:SALE|B');
  });
});
