/**
 * One home per item type of the single table: `defineEntity` ties an item type's `pk` prefix (from
 * KEY_PREFIXES in table.ts) to its key builders and a zod schema of its attributes, and each store
 * reads its items back through `parse`, never through casts. A malformed item fails loudly, naming
 * the entity and the key, instead of spreading `undefined` or a wrong type through a night's run.
 *
 * Hand-written rather than dynamodb-toolbox or ElectroDB (docs/design.md, "Table entities"): both add
 * attributes to every item (entity name, timestamps; ElectroDB also its own key format), which would
 * change the byte-exact key formats and make items bigger, so write units would grow; recon's
 * writes are single-item conditional expressions that gain nothing from their builders. This adds
 * no request and no attribute: only a parse of what a read already returned.
 */
import type { z } from 'zod';
import { KEY_PREFIXES, keyOf, TABLE } from './table';

type EntityName = keyof typeof KEY_PREFIXES;

/** A type, not an interface, so that a key is also a plain attribute record. */
export type TableKey = {
  readonly [TABLE.partitionKey]: string;
  readonly [TABLE.sortKey]: string;
};

/** An item read back that does not match its entity's schema: data damage or a writer out of step. */
export class MalformedItemError extends Error {
  constructor(entity: EntityName, key: Partial<TableKey>, problems: string) {
    super(`malformed ${entity} item (pk ${key.pk ?? '?'}, sk ${key.sk ?? '?'}): ${problems}`);
    this.name = 'MalformedItemError';
  }
}

interface EntityDefinition<P, S, Schema extends z.ZodType> {
  readonly name: EntityName;
  /** The pk's parts after the prefix; none for a pk that is the bare prefix. */
  readonly partition: (input: P) => readonly (string | number)[];
  readonly sort: (input: S) => string;
  /** The item's attributes (an object schema strips the key and attributes it does not name). */
  readonly schema: Schema;
}

type Attributes<Schema extends z.ZodType> = Omit<z.input<Schema>, keyof TableKey>;

interface Entity<P, S, Schema extends z.ZodType> {
  /** What every pk of this entity begins with (`RCV#`), for a `begins_with` scan. */
  readonly pkPrefix: string;
  pk(input: P): string;
  sk(input: S): string;
  key(partition: P, sort: S): TableKey;
  /** What follows the prefix in one of this entity's pk values. */
  partitionOf(pk: string): string;
  /** The item as its schema reads it; throws {@link MalformedItemError}. `key` names it when not projected. */
  parse(item: Record<string, unknown>, key?: Partial<TableKey>): z.output<Schema>;
  /** A whole item to put: the key and the attributes, typed by the schema (minus the key it may check). */
  item(key: TableKey, attributes: Attributes<Schema>): TableKey & Attributes<Schema>;
}

export function defineEntity<Schema extends z.ZodType, P = void, S = void>(
  definition: EntityDefinition<P, S, Schema>,
): Entity<P, S, Schema> {
  const { name, partition, sort, schema } = definition;
  const prefix = KEY_PREFIXES[name];
  const pk = (input: P) => keyOf(prefix, ...partition(input));
  const pkPrefix = keyOf(prefix, '');
  return {
    pkPrefix,
    pk,
    sk: sort,
    key: (p, s) => ({ [TABLE.partitionKey]: pk(p), [TABLE.sortKey]: sort(s) }),
    partitionOf: (value) => value.slice(pkPrefix.length),
    parse(item, key) {
      const parsed = schema.safeParse(item);
      if (parsed.success) return parsed.data;
      const problems = parsed.error.issues.map(
        (i) => `${i.path.map(String).join('.') || '(item)'}: ${i.message}`,
      );
      const stored = { pk: stringOr(item.pk), sk: stringOr(item.sk) };
      throw new MalformedItemError(name, { ...stored, ...key }, problems.join('; '));
    },
    item: (key, attributes) => Object.assign({}, key, attributes),
  };
}

const stringOr = (value: unknown) => (typeof value === 'string' ? value : undefined);
