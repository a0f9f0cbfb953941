/** The cost section of bench/results.md: per service, the counts behind it, the fixed monthly items. */
import type { FixedMonthlyCost } from './fixed-cost';

/** Cost per million records by service, and the assumptions behind it. */
export function costDetails(cost: Record<string, unknown> | undefined): string[] {
  const c = cost as
    | {
        usd: Record<string, number>;
        counts: Record<string, number>;
        s3ByPrefix?: Record<string, number>;
        assumptions: string[];
        fixedMonthly?: FixedMonthlyCost;
      }
    | undefined;
  if (!c) return [];
  const fixed = c.fixedMonthly;
  return [
    '## Cost per 1,000,000 records by service (USD)',
    '',
    '| service | USD |',
    '|---|---|',
    ...Object.entries(c.usd).map(([service, usd]) => `| ${service} | ${usd} |`),
    '',
    `Counts per million records: ${Object.entries(c.counts)
      .map(([name, n]) => `${name} ${n}`)
      .join(', ')}.`,
    '',
    ...(c.s3ByPrefix
      ? [
          `S3 requests per million records by operation and key prefix: ${Object.entries(c.s3ByPrefix)
            .map(([name, n]) => `${name} ${n}`)
            .join(', ')}.`,
          '',
        ]
      : []),
    ...c.assumptions.map((a) => `- ${a}`),
    '',
    ...(fixed
      ? [
          `## Fixed monthly items (USD ${fixed.usdPerMonth} a month)`,
          '',
          '| item | USD a month | basis |',
          '|---|---|---|',
          ...Object.entries(fixed.items).map(([name, item]) => `| ${name} | ${item.usd} | ${item.basis} |`),
          '',
          ...fixed.assumptions.map((a) => `- ${a}`),
          '',
        ]
      : []),
  ];
}
