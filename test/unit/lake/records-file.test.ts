import { describe, expect, it } from 'vitest';
import {
  movementMonthOf,
  quarantineObjectKey,
  rawPageKey,
  recordsObjectKey,
} from '../../../lambdas/core/ingest/lake/keys';
import { movementDate } from '../../../lambdas/core/ingest/lake/records-file';
import type { CanonicalRecord, RecordCode } from '../../../lambdas/core/ingest/records/canonical';
import { canonical, saleKey } from '../../support/recon-records';

const source = {
  reportKind: 'financial',
  reportId: '9007199254740993',
  page: 7,
  generatedOn: '2025-04-05',
} as const;

function record(
  code: RecordCode,
  dates: Partial<Pick<CanonicalRecord, 'saleDate' | 'paymentDate' | 'dueDate'>>,
) {
  return { ...canonical({ type: 'A1', key: saleKey(1), hash: 'h' }), recordType: code, ...dates, source };
}

describe('movementDate', () => {
  it.each([
    ['A1', { saleDate: '2025-03-01', paymentDate: '2025-04-01', dueDate: '2025-04-02' }, '2025-03-01'],
    ['A3', { saleDate: null, paymentDate: '2025-04-01', dueDate: '2025-04-02' }, '2025-04-02'],
    ['D1', { saleDate: '2025-03-01', paymentDate: '2025-04-01', dueDate: '2025-04-02' }, '2025-04-01'],
    ['E1', { saleDate: '2025-03-01', paymentDate: null, dueDate: '2025-04-02' }, '2025-04-02'],
    ['G1', { saleDate: '2025-03-01', paymentDate: null, dueDate: null }, '2025-04-05'],
  ] as const)('%s with %j is partitioned on %s', (code, dates, expected) => {
    expect(movementDate(record(code, dates))).toBe(expected);
  });
});

describe('lake keys', () => {
  it('are deterministic, zero-padded and Hive-partitioned', () => {
    expect(rawPageKey(source)).toBe(
      'raw/kind=financial/generated=2025-04-05/report=9007199254740993/page=00007.json.gz',
    );
    expect(recordsObjectKey(source, movementMonthOf('2025-04-01'))).toBe(
      'records-by-month/kind=financial/movement_month=2025-04/9007199254740993-p00007.parquet',
    );
    expect(quarantineObjectKey(source)).toBe(
      'quarantine/kind=financial/generated=2025-04-05/9007199254740993-p00007.jsonl',
    );
  });
});
