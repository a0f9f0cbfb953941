/**
 * The provider's response shapes, validated and normalized into the port's types. The spec leaves
 * much open (single object vs array, null vs absent), so each schema accepts every documented
 * variant and turns it into ONE shape; anything else is a {@link MalformedResponseError}.
 * Bodies arrive through `parseJsonPreservingIds`, so every integer `id` is already a decimal string.
 */
import { z } from 'zod';
import { MalformedResponseError } from './errors';
import {
  type Configuration,
  type Page,
  type RawRecord,
  REPORT_STATES,
  type Report,
  type Webhook,
} from './port';

/** An id as an exact decimal string (ids are strings after `parseJsonPreservingIds`, or given as strings). */
const idSchema = z.union([z.string().regex(/^-?\d+$/), z.number().int()]).transform(String);

/** Webhook ids are not documented: any string or integer. */
const webhookIdSchema = z.union([z.string().min(1), z.number().int()]).transform(String);

/** Zero or more: the provider answers one object or an array depending on rules it does not document. */
function oneOrMany<T extends z.ZodType>(item: T) {
  return z.preprocess((body) => (Array.isArray(body) ? body : [body]), z.array(item));
}

const configurationSchema = z.object({
  id: z.union([z.string().regex(/^\d+$/).transform(Number), z.number().int()]),
  nome: z.string(),
});

const reportSchema = z.object({
  id: idSchema,
  situacao: z.enum(REPORT_STATES),
  tipoRemessa: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
  quantidadePaginas: z
    .number()
    .int()
    .nullish()
    .transform((value) => value ?? null),
});

const generatedSchema = z.object({ id: idSchema });

/**
 * `registro` as an array, or as one object on a one-record page (the same object-or-array quirk the
 * spec shows for `GET /retornos`).
 */
const pageSchema = z.object({
  registros: z
    .object({
      registro: z.preprocess(
        (value) => (value !== null && typeof value === 'object' && !Array.isArray(value) ? [value] : value),
        z.array(z.unknown()).nullish(),
      ),
    })
    .nullish(),
});

const webhookSchema = z.looseObject({ id: webhookIdSchema });

/** An empty body of a list endpoint means "nothing", not a malformed answer. */
const emptyAsNone = (body: unknown): unknown => body ?? [];

export const parseConfigurations = (operation: string, body: unknown): Configuration[] =>
  parse(operation, oneOrMany(configurationSchema), emptyAsNone(body));

export const parseReports = (operation: string, body: unknown): Report[] =>
  parse(operation, oneOrMany(reportSchema), emptyAsNone(body));

export const parseGenerated = (operation: string, body: unknown): { reportId: string } => ({
  reportId: parse(operation, generatedSchema, body).id,
});

export const parseWebhooks = (operation: string, body: unknown): Webhook[] =>
  parse(operation, oneOrMany(webhookSchema), emptyAsNone(body));

export const parseWebhook = (operation: string, body: unknown): Webhook =>
  parse(operation, webhookSchema, body);

/**
 * A page: records are passed on exactly as received (keys in any case, unknown fields kept); entries
 * that are not objects go to `malformed` so they can be quarantined instead of silently dropped.
 * `registro` absent, null or empty means the consumer has gone past the last page.
 */
export function parsePage(operation: string, reportId: string, page: number, body: unknown): Page {
  const entries = parse(operation, pageSchema, body).registros?.registro ?? [];
  const records: RawRecord[] = [];
  const malformed: unknown[] = [];
  for (const entry of entries) {
    if (isPlainObject(entry)) records.push(entry);
    else malformed.push(entry);
  }
  return { reportId, page, records, malformed, pastLastPage: entries.length === 0 };
}

function isPlainObject(value: unknown): value is RawRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parse<T extends z.ZodType>(operation: string, schema: T, body: unknown): z.output<T> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
  throw new MalformedResponseError(operation, `${issue?.message ?? 'unexpected shape'}${where}`);
}
