/**
 * The summary's view of the pendências: one listing of the breaks per summary, read by the book's
 * action list, the full CSV lists and the bank leg's entries (each less what the team decided, as
 * the pendências count it), and by the breaks' own section.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import type { BookView } from '../../core/book/types';
import { decidedIds, undecidedItems, withoutDecided } from '../../core/breaks/book-attention';
import { buildBreaks } from '../../core/breaks/service';
import type { BreakView } from '../../core/breaks/status';
import { summarizeBreaks } from '../../core/breaks/summary';
import type { IsoDate } from '../../core/calendar';
import type { ReconConfig } from '../../core/config';
import { readDepositResults } from '../../core/deposits/results-lake';
import type { DepositsSection } from '../../core/deposits/section-model';
import type { TableDeps } from '../../core/receivables/queries';
import type { ReadActionItems } from '../../core/report/full-lists';

export interface SummaryBreaksWiring extends TableDeps {
  readonly s3: Pick<S3Client, 'send'>;
  readonly bucket: string;
  readonly config: ReconConfig;
  readonly now: () => Date;
}

export function summaryBreaks(wiring: SummaryBreaksWiring) {
  const { s3, bucket, config } = wiring;
  const breaks = buildBreaks({
    ...wiring,
    rules: config.breaks,
    depositResults: (range) => readDepositResults(s3, bucket, range),
  });
  let listed: { readonly asOf: IsoDate; readonly views: Promise<BreakView[]> } | undefined;
  const views = (asOf: IsoDate) => {
    if (listed?.asOf !== asOf) listed = { asOf, views: breaks.list(asOf) };
    return listed.views;
  };
  return {
    /** A new summary lists the breaks again. */
    reset: () => {
      listed = undefined;
    },
    book: (read: (asOf: IsoDate) => Promise<BookView>) => async (asOf: IsoDate) =>
      withoutDecided(await read(asOf), await views(asOf)),
    actionItems:
      (read: ReadActionItems): ReadActionItems =>
      async (state, asOf) =>
        undecidedItems(await read(state, asOf), await views(asOf)),
    deposits:
      <Q extends { readonly asOf: IsoDate }>(read: (query: Q) => Promise<DepositsSection>) =>
      async (query: Q): Promise<DepositsSection> => {
        const section = await read(query);
        return section.state === 'ON'
          ? { ...section, decided: decidedIds(await views(query.asOf)) }
          : section;
      },
    section: async (asOf: IsoDate) => summarizeBreaks(await views(asOf)),
  };
}
