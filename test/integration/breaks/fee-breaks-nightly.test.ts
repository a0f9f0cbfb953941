/**
 * Fees above the contract as pendências through the real local pipeline (simulator pricing its sales
 * under a contract and overcharging some, real steps, dynalite, s3rver): every overcharged line is
 * a break with the overcharge at stake; one accepted through the service leaves the re-run's "what
 * needs action" and is marked in the fee section; undoing it brings it back; the next night, with
 * nothing read again, still lists them from the nights kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBreaks } from '../../../lambdas/core/breaks/service';
import type { BreakView } from '../../../lambdas/core/breaks/status';
import { addDays } from '../../../lambdas/core/calendar';
import { readOvercharges } from '../../../lambdas/core/fee-audit/overcharges-lake';
import { feeAuditActionEntries } from '../../../lambdas/core/fee-audit/report-message';
import { storeContractRates } from '../../../lambdas/core/fee-audit/source';
import { formatBrl } from '../../../lambdas/core/money';
import { renderHtmlReport } from '../../../lambdas/core/report/html';
import type { RunSummary } from '../../../lambdas/core/report/types';
import { type LocalWorld, startLocalWorld } from '../../../local/simulated-world';
import { SIMULATOR_RECORD_ROLES, SIMULATOR_RECORD_SIGN } from '../../../local/simulator';

const PERIOD = { from: '2025-01-01', to: '2025-02-28' };

const fees = (views: readonly BreakView[]) => views.filter((b) => b.kind === 'FEE_ABOVE_CONTRACT');

describe('fee breaks through the nightly pipeline', () => {
  let world: LocalWorld;
  beforeAll(async () => {
    world = await startLocalWorld({
      mode: 'sandbox',
      simulator: { dataset: { sales: 120, ...PERIOD, recordsPerPage: 200, lifecycle: true, feeAudit: true } },
      recon: { recordRoles: SIMULATOR_RECORD_ROLES, recordSign: SIMULATOR_RECORD_SIGN },
    });
  }, 120_000);
  afterAll(async () => {
    await world?.close();
  });

  it('lists every overcharge, and an accepted one leaves what needs action until undone', async () => {
    const bucket = { s3: world.s3.client, bucket: world.s3.bucket };
    await storeContractRates(bucket, world.simulator.contractRatesCsv());
    const run = async () => {
      const result = await world.run({ ...PERIOD, force: true });
      expect(result.status).toBe('SUCCEEDED');
      return { summary: result.summary as RunSummary, message: world.published.at(-1)?.message ?? '' };
    };
    const first = await run();
    const asOf = first.summary.asOf;
    const breaks = buildBreaks({
      ddb: world.dynamo.documentClient,
      tableName: world.dynamo.tableName,
      config: world.reconConfig,
      rules: world.reconConfig.breaks,
      now: () => new Date(`${asOf}T12:00:00.000Z`),
      feeOvercharges: (range) => readOvercharges(bucket.s3, bucket.bucket, range),
    });

    // Every line the simulator overcharged is a break, new tonight, by its overcharge.
    const truth = world.simulator.feeAuditTruth(PERIOD);
    const listed = fees(await breaks.list(asOf));
    expect(listed).toHaveLength(truth.items.length);
    const perAcquirer: Record<string, number> = {};
    for (const b of listed)
      perAcquirer[b.subject.acquirer ?? ''] = (perAcquirer[b.subject.acquirer ?? ''] ?? 0) + b.stakeCents;
    expect(perAcquirer).toEqual(truth.byAcquirer);
    expect(new Set(listed.map((b) => b.status))).toEqual(new Set(['NEW']));
    expect(listed.every((b) => b.firstSeen === asOf && /^f:(SALE|ADVANCE)\|/.test(b.id))).toBe(true);

    // The largest is accepted; the re-run's entry of what needs action no longer counts it.
    const [largest] = listed;
    if (!largest) throw new Error('an overcharge');
    const acquirer = largest.subject.acquirer ?? '';
    const owedBefore = perAcquirer[acquirer] ?? 0;
    expect(first.message).toContain(`${acquirer} ${formatBrl(owedBefore, 'pt-BR')}`);
    const accepted = await breaks.decide({
      breakId: largest.id,
      request: { action: 'accept', reason: 'arredondamento', note: 'negociado com a adquirente' },
      actor: 'ana',
      expected: 0,
      asOf,
    });
    expect(accepted.view.status).toBe('ACCEPTED');
    await expect(
      breaks.decide({ breakId: largest.id, request: { action: 'dispute', note: 'x' }, actor: 'ana', asOf }),
    ).rejects.toThrow(/only a chargeback/);

    const rerun = await run();
    const section = rerun.summary.feeAudit;
    if (section?.state !== 'ON') throw new Error('fee audit on');
    expect(section.decided?.map((d) => [`f:${d.identity}`, d.status])).toEqual([[largest.id, 'ACCEPTED']]);
    const entry = feeAuditActionEntries(section, 'pt-BR')[0];
    expect(entry?.amountCents).toBe(section.overchargedCents - largest.stakeCents);
    expect(rerun.message).toContain(`${acquirer} ${formatBrl(owedBefore - largest.stakeCents, 'pt-BR')}`);
    expect(rerun.message).not.toContain(`${acquirer} ${formatBrl(owedBefore, 'pt-BR')}`);
    expect((await breaks.show(largest.id, asOf))?.view.status).toBe('ACCEPTED');
    // The fee section still lists it, saying it was accepted.
    expect(String(renderHtmlReport(rerun.summary)).match(/(Venda|Antecipação) · aceito/g)).toHaveLength(1);

    // Undone: it needs action again, in the list and in the next run's entry.
    await breaks.decide({ breakId: largest.id, request: { action: 'undo' }, actor: 'ana', asOf });
    const undone = await run();
    expect(undone.summary.feeAudit).not.toHaveProperty('decided');
    expect(String(renderHtmlReport(undone.summary))).not.toContain('· aceito');
    expect(undone.message).toContain(`${acquirer} ${formatBrl(owedBefore, 'pt-BR')}`);
    expect(fees(await breaks.list(asOf)).find((b) => b.id === largest.id)?.status).toBe('NEW');

    // The next night reads the nights kept: the same breaks, persisting, first seen the night before.
    const next = addDays(asOf, 1);
    const persisting = fees(await breaks.list(next));
    expect(persisting.map((b) => b.id).sort()).toEqual(listed.map((b) => b.id).sort());
    expect(persisting.every((b) => b.status === 'PERSISTING' && b.firstSeen === asOf)).toBe(true);
    expect((await breaks.verify()).problems).toEqual([]);
  }, 300_000);
});
