/**
 * Public types of the provider simulator. Other engineers' tests, the local pipeline and the benchmarks
 * code against exactly these shapes, so they live apart from the implementation.
 */
import type { StatementFile, StatementOptions } from './bank/statements';
import type { BankTruth, BankTruthOptions } from './bank/truth';
import type { FeeAuditTruth } from './truth/fee-audit-truth';

export type SimulatorMode = 'sandbox' | 'production';

export interface SimulatorCredentials {
  email: string;
  apiToken: string;
}

export interface SimulatorOptions {
  mode: SimulatorMode;
  /** 0/undefined = random port on 127.0.0.1. */
  port?: number;
  /** Default 42; data, ids, shuffles and seeded faults are all deterministic from it. */
  seed?: number;
  /** Default {@link SIMULATOR_CREDENTIALS}. */
  credentials?: SimulatorCredentials;
  /**
   * ISO dates; defaults: 400 sales, 2025-01-01..2025-03-31, 1000 records per page (at most 1000).
   * `movementDates` (default off): records carry DTMOVIMENTO and the second of two equal twin
   * payments is registered the day after the first (see `dataset.ts`).
   */
  dataset?: {
    sales?: number;
    from?: string;
    to?: string;
    recordsPerPage?: number;
    movementDates?: boolean;
    /** Cancellations, chargebacks, advances, adjustments and fees; `'traps'` adds `lifecycle-traps.ts` (default off). */
    lifecycle?: boolean | 'traps';
    /** Fees above the contract: product column, overcharged sales and advances (default off; see `fee-audit.ts`). */
    feeAudit?: boolean;
  };
  /** Production only: time spent in AGUARDANDO, then in EM_PROCESSAMENTO (defaults 200 and 500 ms). */
  timing?: { waitingMs?: number; processingMs?: number };
  /** Default 10 (the provider's documented limit). */
  ratePerSecond?: number;
  faults?: Partial<SimulatorFaults>;
  /**
   * Rendering variance (default off): each report writes dates, amounts and identifiers its own way and
   * may add per-report columns; one-record pages send `registro` as an object; a page inside the count
   * is now and then served empty once. See `variance.ts`.
   */
  variance?: boolean;
  /** Redelivery on non-200/network error; defaults 4 attempts in all, base delay 200 ms (doubling). */
  webhookRetry?: { attempts?: number; baseDelayMs?: number };
}

export interface SimulatorFaults {
  /** Per-request uniform latency [min, max] ms, default [0, 0]. */
  latencyMs: [number, number];
  /** Share of requests answered 500/502/503 (seeded), default 0. */
  serverErrorRate: number;
  /** The next N requests get 429 regardless of rate; decremented as used. */
  rateLimitBurst: number;
  /** Include Retry-After (integer seconds) on 429, default true. */
  retryAfterHeader: boolean;
  /** Share of download pages answered 200 with an invalid JSON body (seeded). */
  malformedPageRate: number;
  /** Share of download pages answered 200 with a body cut in the middle (Content-Length of the cut body). */
  truncatedPageRate: number;
  /** Which reports generated from now on end in ERRO (production). */
  errorReports: 'none' | 'all' | 'sales' | 'financial';
  /** Production reports generated from now on never leave EM_PROCESSAMENTO. */
  stuckReports: boolean;
  /** Extra copies of each webhook delivery (same requestId), default 0. */
  duplicateDeliveries: number;
  /** Send the webhook event when the report enters EM_PROCESSAMENTO, before CONCLUIDO. */
  earlyDelivery: boolean;
  /** x-timestamp unit, default 's'. */
  timestampUnit: 's' | 'ms';
  /** Share of requests that never answer (destroyed on close()), default 0. */
  hangRate: number;
  /**
   * The next generation requests, in arrival order, answer 500: `after-create` once the report exists
   * (the client cannot know it was made), `before-create` without making it. Consumed as used.
   */
  generationFailures: ('after-create' | 'before-create')[];
  /** The next N reports generated end in ERRO whatever their kind (production); decremented as used. */
  erroNextReports: number;
  /**
   * Every report serves page `page` with the records of page `servedFrom` (an off-by-one in the
   * provider's paging: that page's own records are never served); null = off.
   */
  repeatedPage: { readonly page: number; readonly servedFrom: number } | null;
  /**
   * Reports of this kind generated from now on hold the records of the window just before the one
   * requested (same length): another window's report under the new id, which the window check must
   * catch. `sales-day-after`: sales reports hold the requested window moved one day later (for a
   * one-day nightly window, the neighbouring day's report). Default 'none'.
   */
  wrongWindowReports: 'none' | 'all' | 'sales' | 'financial' | 'sales-day-after';
  /** Pages every report serves empty on their first request, then with their records; default []. */
  emptyOncePages: number[];
  /**
   * What a CONCLUIDO report says in `quantidadePaginas`: its real count ('actual', default), 0, half
   * its pages rounded down (fewer than it serves), or null.
   */
  reportedPageCount: 'actual' | 'zero' | 'half' | 'null';
  /**
   * Error bodies quote the request, as careless providers do: the API token it authenticated with
   * (starting at character `tokenAt` of `mensagem`, filler before it, so a client's cut can be made
   * to split it), the Authorization header and the body (a webhook's hmac and extra header values).
   * Applies to every answer of status 400 and above. null = off (default).
   */
  echoRequest: { readonly tokenAt: number } | null;
  /** Webhook creates and updates answer 400 (endpoint refused) without registering. Default false. */
  refuseWebhookRegistrations: boolean;
  /** Every request is answered 401, as once the account's token is revoked mid-run. Default false. */
  credentialsRevoked: boolean;
  /**
   * Every page after the first also starts with the last record of the page before (a seam that
   * overlaps by one record); `sequenced` also writes each record's report-wide line number (NSEQ),
   * which tells recon the copy is the same record. Default 'off'.
   */
  pageSeamOverlap: 'off' | 'bare' | 'sequenced';
  /**
   * Reports generated from now on correct a seeded fifth of the A1 records (`correctedForecasts`),
   * single D1s (`correctedPayments`), the second of every pair of equal twin payments
   * (`correctedTwins`) or every chargeback (`correctedChargebacks`), R$ 1,00 less
   * (`corrections.ts`); the answer keys then expect the corrected amounts. Default false.
   */
  correctedForecasts: boolean;
  correctedPayments: boolean;
  correctedTwins: boolean;
  correctedChargebacks: boolean;
  /**
   * Records are written the other ways one instant and one number can be written (default false):
   * dates as date-times of an instant on that São Paulo day in another offset (a São Paulo evening in
   * UTC is the next written day), numeric ids as `123.0`, `000-123`, `00 0123`, with Unicode spaces
   * or a zero-width character. Each record of each report draws its forms (see `shifted.ts`).
   */
  shiftedRenderings: boolean;
}

export type ReceivableStatus = 'OPEN' | 'SETTLED' | 'UNDERPAID' | 'OVERPAID' | 'OVERDUE' | 'UNEXPECTED';

export interface ExpectedReceivable {
  acquirer: string;
  merchant: string;
  /** yyyy-MM-dd */
  saleDate: string;
  nsu: string;
  authorization: string;
  installment: number;
  status: ReceivableStatus;
  forecastNetCents: number | null;
  settledNetCents: number;
  dueDate: string | null;
}

/** States of LIFECYCLE semantics: today's six and the lifecycle's own. */
export type LifecycleState = ReceivableStatus | 'CANCELLED' | 'CHARGED_BACK' | 'ADVANCED' | 'UNLINKED';

export type LifecycleReason =
  | 'EXACT'
  | 'PARTIAL_PAYMENTS'
  | 'WITHIN_TOLERANCE'
  | 'PARTLY_CANCELLED'
  | 'SHORT_PAYMENT'
  | 'OVER_PAYMENT'
  | 'NO_FORECAST'
  | 'AWAITING_PAYMENT'
  | 'PAST_DUE'
  | 'CANCELLED_BEFORE_PAYMENT'
  | 'CANCELLED_AFTER_PAYMENT'
  | 'CHARGEBACK'
  | 'ADVANCE'
  | 'ADVANCE_AND_PAYMENT'
  | 'CANCELLATION_WITHOUT_SALE'
  | 'CHARGEBACK_WITHOUT_SALE'
  | 'ADJUSTMENT_WITHOUT_SALE';

/** One receivable's whole life: its key, state, reason and amounts (integer centavos, net). */
export interface LifecycleReceivable {
  acquirer: string;
  merchant: string;
  saleDate: string;
  nsu: string;
  authorization: string;
  installment: number;
  state: LifecycleState;
  reason: LifecycleReason;
  forecastNetCents: number | null;
  cancelledNetCents: number;
  /** Chargebacks less their reversals. */
  chargedBackNetCents: number;
  adjustmentNetCents: number;
  advanceFeeCents: number;
  /** forecast (0 when none) - cancelled + adjustments. */
  expectedNetCents: number;
  /** settled - charged back. */
  receivedNetCents: number;
  /** Payments plus amounts paid by advances. */
  settledNetCents: number;
  /** received + advance fee - expected. */
  differenceCents: number;
  dueDate: string;
  /** Payment date of the latest chargeback (reversed or not); null without chargebacks. */
  latestChargebackDate: string | null;
}

/**
 * Account-level items of one acquirer (and merchant and date): fees as the money taken (positive),
 * keyless adjustments signed (credit +), and their effect on the deposits, adjustments - fees.
 */
export interface AccountTotals {
  feeCents: number;
  adjustmentCents: number;
  netCents: number;
  /** Records counted (twins count twice). */
  items: number;
}

export interface LifecycleTruth {
  /** Sorted by key, like `groundTruth`. */
  receivables: LifecycleReceivable[];
  /** Per acquirer, merchant and payment date (the items' DTPAGAMENTO), sorted by those. */
  accountTotals: (AccountTotals & { acquirer: string; merchant: string; date: string })[];
  /** Per acquirer, sorted. */
  acquirerTotals: (AccountTotals & { acquirer: string })[];
}

export interface GroundTruthQuery {
  from: string;
  to: string;
  asOf: string;
  graceDays: number;
  tolerance?: { absoluteCents: number; percent: number };
}

export interface RecordCounts {
  byCode: Record<string, number>;
  malformed: number;
  total: number;
}

export interface SimulatorStats {
  requests: number;
  byRoute: Record<string, number>;
  rateLimited: number;
  serverErrors: number;
  maxRequestsInAnySecond: number;
  /**
   * Shortest span (ms) in which `ratePerSecond + 1` requests arrived, null while fewer arrived: at
   * least 1000 means never more than the rate in any second, and the excess is the headroom left.
   */
  tightestSpanMs: number | null;
  reportsGenerated: number;
}

export interface WebhookView {
  id: string;
  endpoint: string;
  flagAtivo: number;
}

export interface DeliveryRecord {
  requestId: string;
  reportId: string;
  pagina: number;
  endpoint: string;
  status: number | 'network-error';
  attempt: number;
}

export interface Simulator {
  readonly url: string;
  readonly mode: SimulatorMode;
  readonly credentials: SimulatorCredentials;
  setFaults(faults: Partial<SimulatorFaults>): void;
  stats(): SimulatorStats;
  resetStats(): void;
  /** Expected receivables for everything recon would fetch for the movement period [from,to] (both report kinds). */
  groundTruth(q: GroundTruthQuery): ExpectedReceivable[];
  /**
   * Every receivable's life (state, reason, amounts) under the simulator's code assignment
   * (`SIMULATOR_RECORD_ROLES`), and the account-level totals, for the records of [from,to].
   */
  lifecycleTruth(q: GroundTruthQuery): LifecycleTruth;
  /** Dataset option `feeAudit`: the receivables charged above the contract in [from,to] (fee-audit-truth.ts). */
  feeAuditTruth(q: { from: string; to: string }): FeeAuditTruth;
  /** Dataset option `feeAudit`: the contracted-rate CSV the dataset is priced under. */
  contractRatesCsv(): string;
  /** The bank leg's answer key: every deposit the records of [from,to] owe, and unexplained credits (bank/truth.ts). */
  bankTruth(q: BankTruthOptions): BankTruth;
  /** The OFX statements of the simulated bank accounts up to `asOf` (bank/statements.ts). */
  statements(q: StatementOptions): { files: StatementFile[] };
  /** What the reports of [from,to] contain: valid records per code, and malformed entries (which recon must quarantine). */
  expectedRecordCounts(q: { from: string; to: string }): RecordCounts;
  webhooks(): ReadonlyArray<WebhookView>;
  deliveries(): ReadonlyArray<DeliveryRecord>;
  close(): Promise<void>;
}
