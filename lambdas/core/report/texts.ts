/**
 * Every word of the report and notification, per language, behind one interface. One place, so
 * "registros" (what the provider sends) and "recebíveis" (installments money is expected for) are
 * never mixed with synonyms, and a missing translation fails the type check.
 */
import type { QuarantineReason } from '../workflow/contracts';

export interface Texts {
  readonly title: string;
  readonly runCompleted: string;
  readonly runFailed: string;
  readonly period: (from: string, to: string) => string;
  readonly asOf: (date: string) => string;
  /** The provider environment a run read, in the reader's words (unknown ones print their code). */
  readonly environments: Readonly<Record<string, string>>;
  readonly failures: {
    heading: string;
    intro: string;
    /** What the reader does about a job that did not complete, per job outcome. */
    whatToDo: Readonly<Record<string, string>>;
    otherwise: string;
  };
  readonly attention: {
    heading: string;
    intro: string;
    largest: string;
    shown: (n: number, total: string) => string;
    /** What the capped card means and where the refused records went. */
    capped: string;
    /** The period ends days before the as-of date: its late receivables' payments may not have been fetched. */
    periodCut: (to: string, n: number, count: string, through: string) => string;
    /** Why an item needs a person's look beyond its state (a receivable reason code → label). */
    review: Readonly<Record<string, string>>;
    /** After a charged-back item: its amount and the date to contest from. */
    chargeback: (amount: string, date: string | null) => string;
  };
  /** A label per reconciliation state (unknown states print their code). */
  readonly states: Readonly<Record<string, string>>;
  /** What the amount of an action state is: shortfall, excess, late forecast, unforecast deposit. */
  readonly atStake: Readonly<Record<string, string>>;
  readonly receivables: (n: number) => string;
  readonly records: (n: number) => string;
  readonly none: string;
  readonly columns: {
    receivable: string;
    dueDate: string;
    forecast: string;
    settled: string;
    difference: string;
    state: string;
    receivables: string;
    records: string;
    amount: string;
    daysLate: string;
  };
  readonly receivableParts: { merchant: string; sale: string; installment: string };
  /** The columns of a category's full list (CSV) that the report's tables write in one cell. */
  readonly csvColumns: {
    acquirer: string;
    merchant: string;
    saleDate: string;
    installment: string;
    review: string;
    chargeback: string;
    chargebackDate: string;
  };
  readonly byState: { heading: string; note: string; total: string };
  readonly aging: {
    heading: string;
    /** Unpaid money, then how many are late (as on the late card) and how many became late tonight. */
    note: (late: string, becameLate: string) => string;
    notDue: string;
    withinGrace: string;
    /** Late (past grace) money by days past due. */
    range: (min: number, max: number) => string;
    over: (min: number) => string;
  };
  readonly agenda: {
    heading: string;
    note: string;
    forecast: string;
    settled: string;
    future: string;
    asOf: string;
    empty: string;
    outside: (weeks: string, amount: string) => string;
    bar: (week: string, forecast: string, settled: string) => string;
    /** Three-letter month names, January first. */
    months: readonly string[];
    scrollHint: string;
  };
  readonly recordsSection: {
    heading: string;
    received: (records: string, quarantined: string) => string;
    /** The fold over the per-code table: technical detail, one tap away. */
    byCode: string;
    byReason: string;
    code: string;
    reason: string;
    codes: Readonly<Record<string, string>>;
    /** Codes other than A1/D1 whose records all had a role (recordRoles). */
    otherCode: string;
    /** A code some of the run's records had no role for (the lifecycle section says what to configure). */
    unclassifiedCode: string;
    /** Every quarantine reason in plain words (the code itself is small print). */
    reasons: Readonly<Record<QuarantineReason, string>>;
    otherReason: string;
    /** Layout changes the provider made, in plain words and what to do; the columns are small print. */
    unknownColumns: string;
    missingFields: string;
  };
  readonly reports: {
    heading: string;
    /** The fold over the per-report table. */
    each: (reports: string) => string;
    report: string;
    id: string;
    outcome: string;
    pages: string;
    requests: string;
    kinds: Readonly<Record<string, string>>;
    outcomes: Readonly<Record<string, string>>;
  };
  readonly footer: (requests: string, seconds: string, startedAt: string, runId: string) => string;
  /** The notification (the morning message): see message.ts. */
  readonly message: {
    stateLine: string;
    nothingToAct: string;
    /** The rest of a capped list: "e mais 21…". */
    andMore: (n: string) => string;
    /** Why a report did not complete, in plain words, per job outcome. */
    outcomes: Readonly<Record<string, string>>;
    technicalDetail: (detail: string) => string;
    records: (received: string, quarantined: string | null) => string;
    /** The way to open the full report: a presigned link, a local file, or only its S3 address. */
    reportLink: (until: string) => string;
    reportFile: string;
    reportObject: (uri: string) => string;
    newLink: (command: string) => string;
    /** Before the full lists' links, after the report's. */
    /** The label of the night's ERP lines (CSV) among the full lists' links. */
    baixasFile: (lines: number) => string;
    fullLists: string;
    /** Before the web inbox's link (its morning list), when the run knew one. */
    inbox: string;
    /** The e-mail subject's verdict: the money that needs action, nothing to act on, or the failure. */
    subject: { needsAction: (amount: string) => string; nothing: string; failed: string };
  };
}
