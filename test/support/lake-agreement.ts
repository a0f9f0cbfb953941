/**
 * The lake and the book agree: after an end-to-end run, the lake's money queries give, per acquirer
 * and month, exactly the book's (DynamoDB's) figures ({@link bookMoneyByMonth}) — one identity, seam,
 * role and correction rule for both. A scenario calls {@link expectLakeAgreesWithBook} on its
 * finished world: DuckDB over the world's bucket, no run of its own (a few seconds).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { IsoDate } from '../../lambdas/core/calendar';
import { type LocalLake, openLocalLake } from '../../local/lake/duckdb';
import type { LocalWorld } from '../../local/simulated-world';
import {
  addTo,
  type BookMoney,
  bookMoneyByMonth,
  DAILY_TOTALS,
  type DailyFigure,
  type Figures,
  figuresOf,
  MONEY_QUERIES,
  type MoneyQuery,
  withMoney,
} from './book-money';

/** Every movement day a scenario's records can have: the lake's figures of the whole book. */
const EVERY_DAY = { from: '2000-01-01', to: '2099-12-31' } as const;

/** The lake's figures of each money query over every day, in the book's columns. */
async function lakeMoney(lake: LocalLake): Promise<BookMoney['figures']> {
  const names = Object.keys(MONEY_QUERIES) as MoneyQuery[];
  const rows = await Promise.all(names.map((name) => lake.runNamedQuery(name, EVERY_DAY)));
  const daily: Record<DailyFigure, Figures> = { forecasts: {}, payments: {} };
  for (const row of await lake.runNamedQuery('daily_totals', EVERY_DAY)) {
    const figure = DAILY_TOTALS[row.code as keyof typeof DAILY_TOTALS];
    if (figure === undefined) continue;
    addTo(daily[figure.count], String(row.acquirer), String(row.movement_date) as IsoDate, {
      [figure.count]: Number(row.records),
      [figure.cents]: Number(row.net_cents),
    });
  }
  return {
    ...(Object.fromEntries(
      names.map((name, i) => [name, figuresOf(rows[i] ?? [], MONEY_QUERIES[name])]),
    ) as Record<MoneyQuery, Figures>),
    forecasts: withMoney(daily.forecasts),
    payments: withMoney(daily.payments),
  };
}

/**
 * Asserts that the lake of `world` counts every money query as its book does, as of `asOf` (the
 * run's business date); returns the book's figures for the scenario's own checks.
 */
export async function expectLakeAgreesWithBook(world: LocalWorld, asOf: IsoDate): Promise<BookMoney> {
  const workDir = await mkdtemp(join(tmpdir(), 'recon-lake-agreement-'));
  const lake = await openLocalLake({ s3: world.s3.client, bucket: world.s3.bucket, workDir });
  try {
    const book = await bookMoneyByMonth(world, asOf);
    expect(await lakeMoney(lake)).toEqual(book.figures);
    return book;
  } finally {
    lake.close();
    await rm(workDir, { recursive: true, force: true });
  }
}
