/** The ERP export's tests on s3rver: one server per file, a fresh bucket per run, lines summed per subject. */
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, expect } from 'vitest';
import type { BaixaLine } from '../../lambdas/core/baixas/lines';
import { type LocalS3, startLocalS3 } from '../../local/aws/s3';

export function lakePerFile() {
  let s3: LocalS3;
  let buckets = 0;
  beforeAll(async () => {
    s3 = await startLocalS3();
  });
  afterAll(async () => {
    await s3.close();
  });
  return {
    /** A bucket of its own, so that the runs of a property cannot see each other's lines. */
    async freshBucket(name: string) {
      buckets += 1;
      const bucket = `${name}-${process.pid}-${buckets}`;
      await s3.client.send(new CreateBucketCommand({ Bucket: bucket }));
      return { s3: s3.client, bucket };
    },
  };
}

/** The lines' running sum per subject (zero sums left out), having checked each line is there once. */
export function sumsOf(
  lines: readonly BaixaLine[],
  subjectOf: (line: BaixaLine) => string,
): Map<string, number> {
  const ids = lines.map((line) => line.id);
  expect(new Set(ids).size).toBe(ids.length);
  const sums = new Map<string, number>();
  for (const line of lines) sums.set(subjectOf(line), (sums.get(subjectOf(line)) ?? 0) + line.amountCents);
  return new Map([...sums].filter(([, cents]) => cents !== 0));
}
