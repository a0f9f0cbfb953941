/** The report in English, by option (stage `reportLanguage`, `recon run --lang en`). */
import { ENGLISH_MONTHS } from '../report-kit/dates';
import { formatQuantity, pluralIn } from '../report-kit/plural';
import type { Texts } from './texts';

const en = pluralIn('en');

export const ENGLISH: Texts = {
  title: 'Receivables reconciliation',
  runCompleted: 'Run completed',
  runFailed: 'Run FAILED',
  period: (from, to) => `movements ${from} to ${to}`,
  asOf: (date) => `as of ${date}`,
  environments: { production: 'production', sandbox: 'sandbox' },
  failures: {
    heading: 'Failures',
    intro: 'Part of this run did not complete; the figures below miss what these reports hold.',
    whatToDo: {
      REPORT_ERROR:
        'The provider did not produce the report: run again for the same period; if it repeats, contact the provider.',
      DEADLINE_PASSED: 'The report may be ready later: run again for the same period.',
      FAILED:
        "Ask whoever operates recon to check the provider's address and access (technical detail below) and run again.",
    },
    otherwise: 'Ask whoever operates recon to check the technical detail below and run again.',
  },
  attention: {
    heading: 'What needs action',
    intro:
      'Every receivable known as of the date above, not only this run’s; fees and deposits, the period’s.',
    largest: 'Largest items of each category',
    shown: (n, total) => `${en(n, 'the largest', `the ${n} largest`)} of ${total}`,
    capped:
      'These receivables already hold the most records a receivable may (maxContributions): later records were quarantined as TOO_MANY_CONTRIBUTIONS and are missing from their amounts. List them with recon receivables and look into the source.',
    periodCut: (to, n, count, through) =>
      `This period ends on ${to} and payments made later were not fetched by this run: ${en(n, 'the late receivable may already be paid', `the ${count} late receivables may already be paid`)}; to check, run the period through ${through}.`,
    review: {
      DUPLICATE_FORECAST: 'forecasts in doubt: check',
      POSSIBLE_CORRECTION: 'payment possibly corrected: check',
      POSSIBLE_SEAM_DUPLICATE: 'record repeated across pages: check',
      CHARGEBACK: "chargeback: contest within the acquirer's deadline",
      CANCELLED_BEFORE_PAYMENT: 'cancelled before payment: nothing is due',
      CANCELLED_AFTER_PAYMENT: 'cancelled after payment: the acquirer should debit the amount paid',
      PARTLY_CANCELLED: 'partly cancelled; the rest was paid',
      ADVANCE: 'paid early; the advance fee is its own amount',
      ADVANCE_AND_PAYMENT: 'advanced and also paid on its due date: check the acquirer did not pay twice',
      CANCELLATION_WITHOUT_SALE: 'cancellation without a matching sale: check',
      CHARGEBACK_WITHOUT_SALE: 'chargeback without a matching sale: check',
      ADJUSTMENT_WITHOUT_SALE: 'adjustment without a matching sale: check',
    },
    chargeback: (amount, date) => `chargeback of ${amount}${date === null ? '' : ` on ${date}`}`,
  },
  states: {
    OPEN: 'Open (not yet due)',
    SETTLED: 'Settled',
    UNDERPAID: 'Paid short',
    OVERPAID: 'Paid over',
    OVERDUE: 'Late',
    UNEXPECTED: 'Paid without forecast',
    CANCELLED: 'Cancelled',
    CHARGED_BACK: 'Charged back',
    ADVANCED: 'Paid early (advance)',
    UNLINKED: 'Without a matching sale',
    CAPPED: 'Record limit reached',
  },
  atStake: {
    UNDERPAID: 'still to receive',
    OVERPAID: 'received in excess',
    OVERDUE: 'forecast, not received',
    UNEXPECTED: 'received without forecast',
    CHARGED_BACK: 'taken back by chargebacks',
    UNLINKED: 'in records without a sale',
    CAPPED: 'at stake, records refused',
  },
  receivables: (n) => formatQuantity(n, 'receivable', 'receivables', 'en'),
  records: (n) => formatQuantity(n, 'record', 'records', 'en'),
  none: 'none',
  columns: {
    receivable: 'Receivable',
    dueDate: 'Due',
    forecast: 'Forecast',
    settled: 'Received',
    difference: 'Difference',
    state: 'State',
    receivables: 'Receivables',
    records: 'Records',
    amount: 'Amount',
    daysLate: 'Days past due',
  },
  receivableParts: { merchant: 'merchant', sale: 'sale', installment: 'installment' },
  byState: {
    heading: 'Receivables by state',
    note: 'Net amounts. Difference = received − forecast; for a late receivable, the forecast that has not arrived. Open ones have no difference yet.',
    total: 'Total',
  },
  aging: {
    heading: 'Open and late, by days past the due date',
    note: (late, becameLate) =>
      `Forecast not yet received. Late = past due and past the grace days: ${late}, ${becameLate} of them became late in this run.`,
    notDue: 'not yet due',
    withinGrace: 'past due, within grace',
    range: (min, max) => `late, ${min} to ${max} days`,
    over: (min) => `late, over ${min - 1} days`,
  },
  agenda: {
    heading: 'Receivables schedule by week',
    note: 'Net forecast and received for the receivables due each week (Monday to Sunday).',
    forecast: 'Forecast',
    settled: 'Received',
    future: 'Weeks after the as-of date',
    asOf: 'as of',
    empty: 'No receivables with a due date yet.',
    outside: (weeks, amount) => `Outside the chart: ${weeks} weeks with ${amount} forecast.`,
    bar: (week, forecast, settled) => `Week of ${week}: forecast ${forecast}, received ${settled}`,
    months: ENGLISH_MONTHS,
    scrollHint: 'Swipe the chart sideways to see every week.',
  },
  recordsSection: {
    heading: 'Records received',
    byCode: 'By record code',
    byReason: 'Quarantined, by reason',
    received: (records, quarantined) =>
      `${records} received from the provider; ${quarantined} quarantined (kept aside for review, never dropped).`,
    code: 'Record type',
    reason: 'Quarantine reason',
    codes: {
      A1: 'open sale (forecast)',
      D1: 'write-off by payment',
    },
    otherCode: 'role set in recordRoles',
    unclassifiedCode: 'no configured role (see below)',
    reasons: {
      NOT_AN_OBJECT: 'unreadable record (not a record of the layout)',
      UNKNOWN_RECORD_CODE: 'unknown record type',
      MISSING_KEY_FIELD: 'a detail identifying the sale is missing (acquirer, merchant, NSU…)',
      BAD_DATE: 'unreadable date',
      BAD_AMOUNT: 'unreadable amount',
      BAD_VALUE: 'a field has the wrong form',
      OUT_OF_RANGE: 'a number too large to store',
      TOO_LONG: 'an identifier that is too long',
      PLACEHOLDER_KEY_VALUE: 'an empty or generic identifier ("0", "-"): it would merge different sales',
      CONFLICTING_VALUES: 'the same field came twice with different values',
      MISSING_DUE_DATE: 'a sale without a due date',
      TOO_MANY_CONTRIBUTIONS: 'a receivable with too many records (limit reached)',
      ARCHIVED_RECEIVABLE: 'an old receivable, already archived',
      MISSING_DATE: 'a fee or account adjustment without a date',
    },
    otherReason: 'other reason',
    unknownColumns:
      'The provider sent columns recon does not know. They were kept and do not change any amount; if they carry new data, ask whoever operates recon to add them',
    missingFields:
      'A detail was missing from every record, most likely a column the provider renamed: amounts may be incomplete. Ask whoever operates recon to check the column names (fieldAliases)',
  },
  reports: {
    heading: 'Provider reports',
    each: (reports) => `Report by report (${reports})`,
    report: 'Report',
    id: 'Id',
    outcome: 'Outcome',
    pages: 'Pages',
    requests: 'Requests',
    kinds: { sales: 'Sales', financial: 'Financial' },
    outcomes: { COMPLETED: 'completed' },
  },
  footer: (requests, seconds, startedAt, runId) =>
    `${requests} requests to the provider · ${seconds} s · started ${startedAt} · run ${runId}`,
  message: {
    stateLine: 'Receivables by state (count, forecast, received):',
    nothingToAct: 'Nothing needs action.',
    andMore: (n) => `and ${n} more…`,
    outcomes: {
      REPORT_ERROR: 'the provider reported an error generating the report',
      DEADLINE_PASSED: 'the report was not ready before the deadline',
      FAILED: 'the report could not be processed',
    },
    technicalDetail: (detail) => `technical detail: ${detail}`,
    records: (received, quarantined) =>
      `${received} received from the provider${quarantined === null ? '' : `; ${quarantined} quarantined (set aside for review)`}.`,
    reportLink: (until) => `Full report, link valid until ${until} at the latest:`,
    reportFile: 'Full report (local file):',
    reportObject: (uri) => `Full report at ${uri} (no link could be made).`,
    newLink: (command) => `For a new link, someone with AWS access runs: ${command}`,
    subject: {
      needsAction: (amount) => `${amount} need action`,
      nothing: 'nothing needs action',
      failed: 'FAILED',
    },
  },
};
