/**
 * The summary's view of what needs action: the book (its kept totals), the night's action list (kept
 * night to night, action-list/store.ts, checked against those totals) and one listing of the breaks
 * made from that list. The book's action list, the full CSV lists and the bank leg's and the fee
 * audit's entries read it, each less what the team decided, as the pendências count it; so does the breaks' own section.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import { itemsOf, largestByState, observedOf } from '../../core/action-list/entries';
import type { ActionList } from '../../core/action-list/store';
import { buildWriteOffExport } from '../../core/baixas/write-offs';
import type { LargestOf } from '../../core/book/reader';
import type { ActionState, BookView } from '../../core/book/types';
import { decidedIds, undecidedItems, withoutDecided } from '../../core/breaks/book-attention';
import { decidedOvercharges } from '../../core/breaks/fee-breaks';
import type { Breaks } from '../../core/breaks/service';
import { writeBreaksSnapshot } from '../../core/breaks/snapshot-lake';
import type { BreakView } from '../../core/breaks/status';
import { summarizeBreaks } from '../../core/breaks/summary';
import type { IsoDate } from '../../core/calendar';
import type { DepositsSection } from '../../core/deposits/section-model';
import type { FeeAuditSection } from '../../core/fee-audit/section-model';
import { type FeeAuditNight, sectionOfNight } from '../../core/fee-audit/section-reader';
import type { ReadActionItems } from '../../core/report/full-lists';

export interface SummaryBreaksWiring {
  readonly breaks: Breaks;
  readonly s3: Pick<S3Client, 'send'>;
  readonly bucket: string;
  /** The book, its largest items from the night's action list (checked against its counts). */
  readonly readBook: (asOf: IsoDate, largest: LargestOf) => Promise<BookView>;
  readonly actionList: {
    load(asOf: IsoDate, bookCounts: ReadonlyMap<string, number>): Promise<ActionList>;
  };
}

interface Night {
  readonly asOf: IsoDate;
  book?: Promise<BookView>;
  list?: Promise<ActionList>;
  views?: Promise<BreakView[]>;
}

export function summaryBreaks({ breaks, s3, bucket, readBook, actionList }: SummaryBreaksWiring) {
  const exportWriteOffs = buildWriteOffExport({ s3, bucket });
  let night: Night | undefined;
  // Each part is read when first asked for, once per summary: a part nobody asks for never runs.
  const of = (asOf: IsoDate): Night => {
    if (night?.asOf !== asOf) night = { asOf };
    return night;
  };
  // The book asks for the night's list with its counts; the list is kept for everything else.
  const book = (asOf: IsoDate) => {
    const n = of(asOf);
    n.book ??= readBook(asOf, async (date, bookCounts) => {
      n.list ??= actionList.load(date, bookCounts);
      return largestByState((await n.list).entries);
    });
    return n.book;
  };
  const list = async (asOf: IsoDate): Promise<ActionList> => {
    await book(asOf);
    const loaded = of(asOf).list;
    if (loaded === undefined) throw new Error(`the book of ${asOf} was read without its action list`);
    return loaded;
  };
  // The night's list is the lake's snapshot too (`recon_breaks`), written when first read.
  const views = (asOf: IsoDate) => {
    const n = of(asOf);
    n.views ??= list(asOf).then(async ({ entries }) => {
      // A decision whose lake copy failed after its event was written is copied now.
      await breaks.copyPending();
      const listed = await breaks.list(asOf, entries.map(observedOf));
      await writeBreaksSnapshot({ s3, bucket }, asOf, listed);
      // The ERP export's write-offs: what the night's decisions accepted or undid (docs/erp-export.md).
      await exportWriteOffs(asOf, listed);
      return listed;
    });
    return n.views;
  };
  return {
    /** A new summary reads everything again. */
    reset: () => {
      night = undefined;
    },
    readBook: async (asOf: IsoDate) => withoutDecided(await book(asOf), await views(asOf)),
    /** The categories' full lists: the kept list's entries of each state, less what the team decided. */
    readActionItems: (async (state: ActionState, asOf: IsoDate) =>
      undecidedItems(
        itemsOf((await list(asOf)).entries, state),
        await views(asOf),
      )) satisfies ReadActionItems,
    deposits:
      <Q extends { readonly asOf: IsoDate }>(read: (query: Q) => Promise<DepositsSection>) =>
      async (query: Q): Promise<DepositsSection> => {
        const section = await read(query);
        if (section.state !== 'ON') return section;
        // Nothing decided: the section as the bank leg built it, byte for byte.
        const decided = decidedIds(await views(query.asOf));
        return decided.length === 0 ? section : { ...section, decided };
      },
    /** The fee audit's section, its lines a person decided on marked and out of what needs action. */
    feeAudit:
      (audit: (asOf: IsoDate) => Promise<FeeAuditNight>) =>
      async (asOf: IsoDate): Promise<FeeAuditSection> => {
        const audited = await audit(asOf);
        if (!('overcharges' in audited)) return sectionOfNight(audited);
        return sectionOfNight(audited, decidedOvercharges(await views(asOf), audited.overcharges));
      },
    section: async (asOf: IsoDate) => summarizeBreaks(await views(asOf)),
    /** The night's listing itself (the night's events compare it with the night before). */
    views,
  };
}
