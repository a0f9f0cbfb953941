/**
 * "The same content served under two page numbers fails the job instead of being stored twice."
 * A provider that repeats a page under another number (an off-by-one in its paging, a cache keyed by
 * the wrong page) would make recon store and count those records twice: each copy is a distinct
 * (page, line) occurrence, which is exactly how two equal partial payments are told apart.
 *
 * Every downloaded page claims its content's fingerprint for its report: one conditional PutItem per
 * page, so the check spans batches, Lambda invocations and re-runs of the same report. The same page
 * asked again (a retry, a re-run) finds its own claim and passes.
 *
 * Item: `pk = PAGEPRINT#<reportId>`, `sk = <sha256 of the page's records>`, `page`, `expiresAt` (TTL:
 * a report is gone from the provider long before).
 *
 * What this cannot tell apart: two genuinely different pages with identical records in identical
 * order. With pages of hundreds of records that needs a whole page of equal twins; recon fails the
 * job rather than guess, and a person looks.
 */
import { createHash } from 'node:crypto';
import { type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import type { Page } from '../../provider/port';
import { conditionalWrite } from '../../store/conditional';
import { defineEntity } from '../../store/entity';
import { IncompleteReportError } from './counted-pages';

export interface PageFingerprints {
  /** Claims each non-empty page's content for its page number; throws when another page holds it. */
  claim(reportId: string, pages: readonly Page[]): Promise<void>;
}

export interface PageFingerprintDeps {
  readonly ddb: DynamoDBDocumentClient;
  readonly tableName: string;
  readonly now: () => Date;
}

const KEEP_SECONDS = 35 * 24 * 3600;

const pagePrint = defineEntity({
  name: 'pagePrint',
  partition: (reportId: string) => [reportId],
  sort: (fingerprint: string) => fingerprint,
  schema: z.object({ page: z.number(), expiresAt: z.number() }),
});

function pageFingerprint(page: Page): string {
  return createHash('sha256')
    .update(JSON.stringify([page.records, page.malformed]))
    .digest('hex');
}

export function buildPageFingerprints(deps: PageFingerprintDeps): PageFingerprints {
  const { ddb, tableName } = deps;

  async function claimOne(reportId: string, page: Page, sk: string): Promise<void> {
    const key = pagePrint.key(reportId, sk);
    const claimed = await conditionalWrite(
      ddb.send(
        new PutCommand({
          TableName: tableName,
          Item: pagePrint.item(key, {
            page: page.page,
            expiresAt: Math.floor(deps.now().getTime() / 1000) + KEEP_SECONDS,
          }),
          ConditionExpression: 'attribute_not_exists(pk) OR #page = :page',
          ExpressionAttributeNames: { '#page': 'page' },
          ExpressionAttributeValues: { ':page': page.page },
        }),
      ),
    );
    if (claimed) return;
    const { Item } = await ddb.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }));
    // Batches run side by side, so either page may have claimed first: name them in page order.
    const pages = [Item ? pagePrint.parse(Item, key).page : Number.NaN, page.page].sort((a, b) => a - b);
    throw new IncompleteReportError(`report ${reportId}: pages ${pages.join(' and ')} hold the same records`);
  }

  return {
    async claim(reportId, pages) {
      // In page order, so two pages of one batch with the same content name the earlier one first.
      const ordered = pages.filter((page) => !page.pastLastPage).sort((a, b) => a.page - b.page);
      for (const page of ordered) await claimOne(reportId, page, pageFingerprint(page));
    },
  };
}
