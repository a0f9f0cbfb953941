/**
 * Where the ERP export's lines land: one JSON Lines object per night and export segment,
 * `exports/baixas/night=<date>/part-<segment>.jsonl` (table `recon_baixas`), in the bucket deployed and in the data
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
  /** Writes a segment's lines of the night (an empty segment that had receivables writes an empty part). */
  write(night: IsoDate, segment: number, lines: readonly BaixaLine[]): Promise<string>;
  /** The nights with lines after `after` (every night when null), in order. */
  nightsAfter(after: IsoDate | null): Promise<IsoDate[]>;
  /** A night's lines, part by part in segment order, each part in its written order. */
  linesOf(night: IsoDate): Promise<BaixaLine[]>;
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

export function baixasKey(night: IsoDate, segment: number): string {
  return `${BAIXAS_PREFIX}night=${night}/part-${String(segment).padStart(5, '0')}.jsonl`;
}

export function buildBaixasStore({ s3, bucket }: BaixasStoreDeps): BaixasStore {
  return {
    async write(night, segment, lines) {
      const key = baixasKey(night, segment);
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
      const keys: string[] = [];
      for await (const page of listPages(s3, bucket, { Prefix: `${BAIXAS_PREFIX}night=${night}/` })) {
        for (const object of page.Contents ?? []) if (object.Key?.endsWith('.jsonl')) keys.push(object.Key);
      }
      const lines: BaixaLine[] = [];
      for (const key of keys.sort()) {
        const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        const body = (await object.Body?.transformToString('utf-8')) ?? '';
        for (const text of body.split('\n')) if (text !== '') lines.push(fromRow(JSON.parse(text), night));
      }
      return lines;
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
