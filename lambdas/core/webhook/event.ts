/**
 * The body of a provider event (spec section 6), checked with zod after the signature is known to be
 * good. The report id is 64-bit, so the body is parsed with {@link parseJsonPreservingIds} and the id
 * arrives as an exact decimal string; a plain `JSON.parse` would round it to another report.
 */
import { z } from 'zod';
import { parseJsonPreservingIds } from '../json';

/** Event type code 1: "a report file has been generated at the client's request". */
export const REPORT_GENERATED_EVENT = 1;

const reportEventSchema = z.object({
  version: z.literal('1.0'),
  requestId: z.string().min(1),
  payload: z.object({
    evento: z.object({ code: z.literal(REPORT_GENERATED_EVENT), descricao: z.string().optional() }),
    data: z.object({
      id: z.string().regex(/^\d+$/, 'report id must be a non-negative integer'),
      pagina: z.number().int().positive(),
    }),
  }),
});

export type ReportEvent = z.infer<typeof reportEventSchema>;

/** The parsed event, or `undefined` when the text is not JSON or not the documented shape. */
export function parseReportEvent(text: string): ReportEvent | undefined {
  let json: unknown;
  try {
    json = parseJsonPreservingIds(text);
  } catch {
    return undefined;
  }
  const result = reportEventSchema.safeParse(json);
  return result.success ? result.data : undefined;
}
