/**
 * The bench's fixed monthly items (bench/fixed-cost.ts): counted from the template, priced at the
 * stated volume with bench/prices.json, so the cost section shows what the stack costs every month.
 */
import { describe, expect, it } from 'vitest';
import { loadPrices } from '../../../bench/cost';
import { fixedItemsOfTemplate, fixedMonthlyCost, productionExampleItems } from '../../../bench/fixed-cost';

describe('the fixed monthly items', () => {
  it('count alarm metrics (one per standard alarm, each metric of a math alarm), keys, secrets, retention', () => {
    const metric = { MetricStat: {} };
    const items = fixedItemsOfTemplate({
      rate: { Type: 'AWS::CloudWatch::Alarm', Properties: { Metrics: [{}, metric, metric] } },
      failed: { Type: 'AWS::CloudWatch::Alarm', Properties: {} },
      key: { Type: 'AWS::KMS::Key' },
      secret: { Type: 'AWS::SecretsManager::Secret' },
      lambdaLogs: { Type: 'AWS::Logs::LogGroup', Properties: { RetentionInDays: 30 } },
      machineLogs: { Type: 'AWS::Logs::LogGroup', Properties: { RetentionInDays: 90 } },
    });
    expect(items).toEqual({ alarmMetrics: 3, kmsKeys: 1, secrets: 1, longestLogRetentionDays: 90 });
  });

  it('are read from the stack of the shipped production configuration (the 33 alarm metrics docs/deploy.md prices)', () => {
    expect(productionExampleItems()).toEqual({
      alarmMetrics: 33,
      kmsKeys: 1,
      secrets: 1,
      longestLogRetentionDays: 90,
    });
  }, 120_000);

  it('are priced item by item at the stated volume, and summed', () => {
    const fixed = fixedMonthlyCost(
      { lambdaInvocations: 10_000, stateTransitions: 0, snsPublishes: 0 },
      { alarmMetrics: 10, kmsKeys: 1, secrets: 1, longestLogRetentionDays: 30 },
      loadPrices(),
      { recordsPerMonth: 1_000_000, bookReceivables: 1_000_000 },
    );
    const usd = Object.fromEntries(Object.entries(fixed.items).map(([name, item]) => [name, item.usd]));
    expect(usd).toEqual({
      // 10,000 invocations × 3 KB, ingested at US$0.50/GB and kept a month at US$0.03/GB.
      logs: 0.0152,
      xray: 0.05,
      alarms: 1,
      kmsKey: 1,
      // 1,000,000 receivables × 700 bytes = 0.65 GB at US$0.20/GB-month.
      pointInTimeRecovery: 0.1304,
      secret: 0.45,
    });
    expect(fixed.usdPerMonth).toBe(2.65);
    expect(fixed.assumptions[0]).toBe(
      "1,000,000 records a month, a book of 1,000,000 receivables (700 bytes each, docs/scale.md's recount figure)",
    );
  });
});
