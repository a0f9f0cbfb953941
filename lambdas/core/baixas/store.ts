/**
 * Where the ERP export's lines land: one JSON Lines object per night and export segment,
 * `exports/baixas/night=<date>/part-<segment>.jsonl` (table `recon_baixas`), and one of the night's
 * deposits, `part-deposits.jsonl` (deposit-lines.ts), and of its write-offs, `part-write-offs.jsonl`
 * (write-offs.ts), in the bucket deployed and in the data
 * directory's s3rver locally. The key is fixed per night and segment, so a re-run of the night
 * rewrites the same object with the same lines (their ids are derived, lines.ts): nothing new.
 */
import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { IsoDate } from '../calendar';
import type { ReconConfig } from '../config';
import type { Receivable } from '../receivables/item';
import { listPages } from '../store/s3-listing';
import { type BaixaLine, linesOf } from './lines';
import { BAIXA_COLUMNS, BAIXAS_TABLE } from './table';

export const BAIXAS_PREFIX = BAIXAS_TABLE.prefix;

const NIGHT = /night=(\d{4}-\d{2}-\d{2})\//;

export interface BaixasStoreDeps {
  readonly s3: Pick<S3Client, 'send'>;
  readonly bucket: string;
}

export interface BaixasStore {
  /**
   * Writes a part of the night: a segment's lines (an empty segment that had receivables writes an
   * empty part), or the deposits'.
   */
  write(night: IsoDate, part: BaixasPart, lines: readonly BaixaLine[]): Promise<string>;
  /** The nights with lines after `after` (every night when null), in order. */
  nightsAfter(after: IsoDate | null): Promise<IsoDate[]>;
  /** A night's lines, part by part in segment order, each part in its written order. */
  linesOf(night: IsoDate): Promise<BaixaLine[]>;
  /** One part's lines of the night, in its written order (none when it was never written). */
  partLines(night: IsoDate, part: BaixasPart): Promise<BaixaLine[]>;
  /** The night's parts as written, in key order (its manifest, manifest.ts). */
  partsOf(night: IsoDate): Promise<{ readonly key: string; readonly body: string }[]>;
}

/** An object's text, or undefined when there is none. */
export async function readText({ s3, bucket }: BaixasStoreDeps, key: string): Promise<string | undefined> {
  try {
    const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return (await object.Body?.transformToString('utf-8')) ?? '';
  } catch (error) {
    if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
    throw error;
  }
}

type Row = Record<string, unknown>;

/** A line as the table's row (its night is the object's partition). */
function toRow(line: BaixaLine): Row {
  return Object.fromEntries(BAIXA_COLUMNS.map(({ field, name }) => [name, line[field]]));
}

function fromRow(row: Row, night: IsoDate): BaixaLine {
  return {
    night,
    ...Object.fromEntries(BAIXA_COLUMNS.map(({ field, name }) => [field, row[name] ?? null])),
  } as BaixaLine;
}

/** An export segment of the receivables, or the night's deposits, write-offs or account items (after every segment). */
export type BaixasPart = number | 'deposits' | 'write-offs' | 'account-items';

export function baixasKey(night: IsoDate, part: BaixasPart): string {
  const name = typeof part === 'number' ? String(part).padStart(5, '0') : part;
  return `${BAIXAS_PREFIX}night=${night}/part-${name}.jsonl`;
}

export function buildBaixasStore({ s3, bucket }: BaixasStoreDeps): BaixasStore {
  const parse = (body: string, night: IsoDate): BaixaLine[] =>
    body
      .split('\n')
      .filter((text) => text !== '')
      .map((text) => fromRow(JSON.parse(text), night));
  const partsOf = async (night: IsoDate) => {
    const keys: string[] = [];
    for await (const page of listPages(s3, bucket, { Prefix: `${BAIXAS_PREFIX}night=${night}/` })) {
      for (const object of page.Contents ?? []) if (object.Key?.endsWith('.jsonl')) keys.push(object.Key);
    }
    const parts: { key: string; body: string }[] = [];
    for (const key of keys.sort()) parts.push({ key, body: (await readText({ s3, bucket }, key)) ?? '' });
    return parts;
  };
  return {
    partsOf,
    async write(night, part, lines) {
      const key = baixasKey(night, part);
      await s3.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: lines.map((line) => `${JSON.stringify(toRow(line))}\n`).join(''),
          ContentType: 'application/x-ndjson',
        }),
      );
      return key;
    },
    async nightsAfter(after) {
      const nights: IsoDate[] = [];
      const listing = listPages(s3, bucket, {
        Prefix: BAIXAS_PREFIX,
        Delimiter: '/',
        // '~' sorts after every part of the night, so the listing starts at the next night.
        StartAfter: after === null ? undefined : `${BAIXAS_PREFIX}night=${after}/~`,
      });
      for await (const page of listing) {
        for (const prefix of page.CommonPrefixes ?? []) {
          const night = prefix.Prefix?.match(NIGHT)?.[1];
          if (night !== undefined) nights.push(night);
        }
      }
      return nights.sort();
    },
    async linesOf(night) {
      return (await partsOf(night)).flatMap(({ body }) => parse(body, night));
    },
    async partLines(night, part) {
      return parse((await readText({ s3, bucket }, baixasKey(night, part))) ?? '', night);
    },
  };
}

/**
 * The nightly step's part: the lines of a segment's receivables as the night left them (in key
 * order, so a re-run writes the same bytes). Nothing is written for a segment the night did not touch.
 */
export function buildBaixasExport(deps: BaixasStoreDeps & { readonly config: ReconConfig }) {
  const store = buildBaixasStore(deps);
  return async (night: IsoDate, segment: number, receivables: readonly Receivable[]): Promise<number> => {
    if (receivables.length === 0) return 0;
    const lines = receivables.flatMap((receivable) => linesOf(receivable, night, deps.config));
    await store.write(night, segment, lines);
    return lines.length;
  };
}
