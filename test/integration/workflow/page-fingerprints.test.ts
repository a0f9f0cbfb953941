import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../../lambdas/core/provider/port';
import {
  buildPageFingerprints,
  type PageFingerprints,
} from '../../../lambdas/core/workflow/download/page-fingerprints';
import { type LocalDynamo, startLocalDynamo } from '../../../local/aws/dynamodb';
import { freshTable } from '../../support/recon-dynamo';

let dynamo: LocalDynamo;
beforeAll(async () => {
  dynamo = await startLocalDynamo();
});
afterAll(() => dynamo.close());

const page = (number: number, nsu: string): Page =>
  ({ page: number, pastLastPage: false, records: [{ NSU: nsu }], malformed: [] }) as unknown as Page;
const empty = (number: number): Page =>
  ({ page: number, pastLastPage: true, records: [], malformed: [] }) as unknown as Page;

async function fingerprints(): Promise<PageFingerprints> {
  const tableName = await freshTable(dynamo);
  return buildPageFingerprints({
    ddb: dynamo.documentClient,
    tableName,
    now: () => new Date('2025-04-01T12:00:00Z'),
  });
}

describe('page fingerprints (dynalite)', () => {
  it('lets the same page be downloaded again, in a later batch or a re-run', async () => {
    const prints = await fingerprints();
    await prints.claim('900', [page(1, '1'), page(2, '2'), empty(3)]);
    await expect(prints.claim('900', [page(2, '2'), page(1, '1')])).resolves.toBeUndefined();
  });

  it('refuses one content under two page numbers, in one batch or across batches', async () => {
    const prints = await fingerprints();
    await expect(prints.claim('901', [page(2, '1'), page(1, '1')])).rejects.toThrow(
      'report 901: pages 1 and 2 hold the same records',
    );
    await prints.claim('902', [page(1, '1')]);
    await expect(prints.claim('902', [page(5, '1')])).rejects.toThrow(
      'report 902: pages 1 and 5 hold the same records',
    );
  });

  it('keeps reports apart: the same content in two reports is two reports', async () => {
    const prints = await fingerprints();
    await prints.claim('903', [page(1, '1')]);
    await expect(prints.claim('904', [page(2, '1')])).resolves.toBeUndefined();
  });
});
