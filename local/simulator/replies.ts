/** Small node:http helpers for the simulator: replies as plain values, bodies as text. */
import type { IncomingMessage } from 'node:http';

export interface Reply {
  readonly status: number;
  /** JSON text, written as is (report ids must stay bare 64-bit integers); bytes for a cut page. */
  readonly body?: string | Buffer;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface RequestContext {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly body: string;
}

export function message(status: number, mensagem: string, headers?: Record<string, string>): Reply {
  return { status, body: JSON.stringify({ mensagem }), ...(headers ? { headers } : {}) };
}

export function ok(body: string): Reply {
  return { status: 200, body };
}

export const NO_CONTENT: Reply = { status: 204 };

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A non-null JSON object, or undefined. */
export function asObject(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** An exact decimal id given as a JSON integer (kept as a string by the parser) or a digit string. */
export function asId(value: unknown): string | undefined {
  if (typeof value === 'string' && /^\d+$/.test(value)) return value;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
  return undefined;
}
