/**
 * A synthetic book of stored receivables, written straight into the table with BatchWriteItem (25
 * items a request, several in flight): the shape the matcher writes (`toItem`),
 * a realistic mix of states, keys that no simulated record shares. Stored status is derived as of
 * the measured night, so aging finds nothing of the book to change: what a night costs is then only
 * what the book's size adds, not work it left undone.
 */
import { createHash } from 'node:crypto';
import { BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { addDays, type IsoDate } from '../lambdas/core/calendar';
import { parseReconConfig } from '../lambdas/core/config';
import { type Receivable, toItem } from '../lambdas/core/receivables/item';
import type { ReceivableContent } from '../lambdas/core/receivables/matcher';
import { explain } from '../lambdas/core/receivables/status';

const AS_OF: IsoDate = '2025-01-31';
const BATCH = 25;
const IN_FLIGHT = 8;
const config = parseReconConfig({});
const once = { copies: 1, pages: {}, edges: {}, seam: false, firstReport: '' };

const hash = (seed: string) => createHash('sha256').update(seed).digest('hex');

/** Receivable n: 70% settled, 10% open (due later), 5% overdue, 5% each short, over, unexpected. */
export function bookReceivable(n: number): Receivable {
  const saleDate = addDays('2024-03-01', n % 300);
  const kind = n % 20;
  const dueDate = kind === 14 || kind === 15 ? addDays(AS_OF, 1 + (n % 60)) : addDays(saleDate, 30);
  const net = 1_000 + ((n * 7919) % 90_000);
  const paid = kind === 17 ? net - 500 : kind === 18 ? net + 500 : net;
  const content: ReceivableContent = {
    key: `BOOK|EC${n % 50}|${saleDate}|${n}|A${n}|1`,
    acquirer: 'BOOK',
    merchant: `EC${n % 50}`,
    saleDate,
    nsu: String(n),
    authorization: `A${n}`,
    installment: 1,
    brand: 'VISA',
    dueDate,
    forecasts:
      kind === 19 ? [] : [{ hash: hash(`a${n}`), netCents: net, movementDate: null, occurrences: once }],
    settlements:
      kind >= 14 && kind <= 16
        ? []
        : [
            {
              hash: hash(`d${n}`),
              netCents: paid,
              paymentDate: dueDate,
              movementDate: null,
              occurrences: once,
            },
          ],
    capped: false,
  };
  const { status, reason } = explain(content, AS_OF, config);
  return {
    ...content,
    status,
    reason,
    version: 1,
    changedOn: '2024-12-31',
    updatedAt: '2024-12-31T05:00:00.000Z',
  };
}

export async function loadBook(
  ddb: DynamoDBDocumentClient,
  tableName: string,
  size: number,
  progress: (done: number) => void,
): Promise<void> {
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < size) {
      const first = next;
      const end = Math.min(first + BATCH, size);
      next = end;
      let pending = Array.from({ length: end - first }, (_, i) => ({
        PutRequest: { Item: toItem(bookReceivable(first + i)) },
      }));
      for (let attempt = 0; pending.length > 0; attempt += 1) {
        if (attempt > 10) throw new Error(`book: ${pending.length} items unprocessed`);
        const answer = await ddb.send(new BatchWriteCommand({ RequestItems: { [tableName]: pending } }));
        pending = (answer.UnprocessedItems?.[tableName] ?? []) as typeof pending;
      }
      const before = done;
      done += end - first;
      if (Math.floor(done / 100_000) > Math.floor(before / 100_000)) progress(done);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
}
