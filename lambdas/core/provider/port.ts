/**
 * The provider as the rest of recon sees it: one typed port, implemented over HTTP by the client in
 * this folder and faked in unit tests. Shapes are already normalized (one shape for `GET /retornos`,
 * ids as exact decimal strings, records as plain objects with their keys as received).
 */
import type { IsoDate } from '../calendar';

export type ProviderEnvironment = 'sandbox' | 'production';

export const REPORT_STATES = ['AGUARDANDO', 'EM_PROCESSAMENTO', 'CONCLUIDO', 'ERRO'] as const;
export type ReportState = (typeof REPORT_STATES)[number];

export interface Configuration {
  readonly id: number;
  readonly nome: string;
}

export interface Report {
  /** 64-bit id as an exact decimal string (see `core/json.ts`). */
  readonly id: string;
  readonly situacao: ReportState;
  readonly tipoRemessa: string | null;
  readonly quantidadePaginas: number | null;
}

export interface GenerateRequest {
  readonly configurationId: number;
  readonly from: IsoDate;
  /** Inclusive; at most 30 days after `from`. */
  readonly to: IsoDate;
  readonly establishments?: readonly (string | number)[];
  readonly acquirers?: readonly (string | number)[];
  /**
   * The configuration's `nome` (reports carry it as `tipoRemessa`). Only used to recognise our report
   * after an attempt with an unknown outcome; looked up with `listConfigurations` when absent.
   */
  readonly reportType?: string;
  /**
   * Continue an earlier creation of this same request (a retried step): the reports listed before its
   * first POST. The client then looks for our report among the newer ones before posting again.
   */
  readonly before?: GenerationSnapshot;
  /** Hears the snapshot before the first POST, so a retried step can continue from it. */
  readonly onSnapshot?: (snapshot: GenerationSnapshot) => Promise<void>;
}

/** Reports listed before a generation's first POST: those generated since `day` (business date). */
export interface GenerationSnapshot {
  readonly day: IsoDate;
  readonly ids: readonly string[];
}

export interface ReportFilter {
  readonly id?: string;
  readonly generatedFrom?: IsoDate;
  readonly generatedTo?: IsoDate;
  readonly state?: ReportState;
}

/** A raw record: a flat object with the provider's keys, in whatever case they came. */
export type RawRecord = Record<string, unknown>;

export interface Page {
  readonly reportId: string;
  readonly page: number;
  readonly records: readonly RawRecord[];
  /** True when `registro` was absent or empty: the consumer has gone past the last page. */
  readonly pastLastPage: boolean;
  /** Entries of `registro` that were not objects: handed on so they can be quarantined, not lost. */
  readonly malformed: readonly unknown[];
}

export interface WebhookRegistration {
  readonly idTipoEvento: number;
  readonly endpoint: string;
  readonly hmac: string;
  readonly headersExtra: Readonly<Record<string, string>>;
  readonly flagAtivo: number;
}

/** A webhook as the provider returns it; fields beyond the id are not documented, so they are kept. */
export type Webhook = { readonly id: string } & Readonly<Record<string, unknown>>;

export interface ProviderClient {
  listConfigurations(): Promise<Configuration[]>;
  generate(request: GenerateRequest): Promise<{ reportId: string }>;
  getReport(reportId: string): Promise<Report | undefined>;
  listReports(filter?: ReportFilter): Promise<Report[]>;
  downloadPage(reportId: string, page: number): Promise<Page>;
  deleteReport(reportId: string): Promise<void>;
  listWebhooks(): Promise<Webhook[]>;
  createWebhook(registration: WebhookRegistration): Promise<Webhook>;
  updateWebhook(webhookId: string, registration: WebhookRegistration): Promise<Webhook>;
  deleteWebhook(webhookId: string): Promise<void>;
}
