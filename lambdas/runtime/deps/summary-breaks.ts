/**
 * The summary's view of the pendências: one listing of the breaks per summary, read by the book's
 * action list, the full CSV lists and the bank leg's entries (each less what the team decided, as
 * the pendências count it), the bank leg's entries and the fee audit's, and by the breaks' own section.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import type { BookView } from '../../core/book/types';
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
}

export function summaryBreaks({ breaks, s3, bucket }: SummaryBreaksWiring) {
  // The night's list is the lake's snapshot too (`recon_breaks`), written when first read.
  const listAndKeep = async (asOf: IsoDate) => {
    const listed = await breaks.list(asOf);
    await writeBreaksSnapshot({ s3, bucket }, asOf, listed);
    return listed;
  };
  let listed: { readonly asOf: IsoDate; readonly views: Promise<BreakView[]> } | undefined;
  const views = (asOf: IsoDate) => {
    if (listed?.asOf !== asOf) listed = { asOf, views: listAndKeep(asOf) };
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
        if (section.state !== 'ON') return section;
        // Nothing decided: the section as the bank leg built it, byte for byte.
        const decided = decidedIds(await views(query.asOf));
        return decided.length === 0 ? section : { ...section, decided };
      },
    /** The fee audit's section, its lines a person decided on marked and out of what needs action. */
    feeAudit:
      (night: (asOf: IsoDate) => Promise<FeeAuditNight>) =>
      async (asOf: IsoDate): Promise<FeeAuditSection> => {
        const audited = await night(asOf);
        if (!('overcharges' in audited)) return sectionOfNight(audited);
        return sectionOfNight(audited, decidedOvercharges(await views(asOf), audited.overcharges));
      },
    section: async (asOf: IsoDate) => summarizeBreaks(await views(asOf)),
  };
}
