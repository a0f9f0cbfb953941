/**
 * Record roles (docs/lifecycle.md): what a record does to a receivable. The provider
 * documents only A1 (forecast) and D1 (payment); every other code plays the role `recordRoles`
 * gives it, by code or by the value of one source column, and no role is ever guessed.
 *
 * Direction: roles with a fixed direction are read as magnitudes (a cancellation always lowers what
 * is expected, a chargeback what was received, whatever sign the layout writes); an ADJUSTMENT keeps
 * its sign, the number's own times the sign column's (`recordSign`; a missing column is +1).
 */
import { z } from 'zod';
import type { CanonicalRecord, RecordCode } from './canonical';
import { RECORD_CODES } from './canonical';
import { identifierText } from './identifiers';

export const RECORD_ROLES = [
  'FORECAST',
  'PAYMENT',
  'CANCELLATION',
  'CHARGEBACK',
  'CHARGEBACK_REVERSAL',
  'ADVANCE',
  'ADJUSTMENT',
  'FEE',
  'IGNORE',
] as const;
export type RecordRole = (typeof RECORD_ROLES)[number];

/** Roles whose records belong to one receivable and therefore need its complete match key. */
export const LINKED_ROLES: ReadonlySet<RecordRole> = new Set<RecordRole>([
  'FORECAST',
  'PAYMENT',
  'CANCELLATION',
  'CHARGEBACK',
  'CHARGEBACK_REVERSAL',
  'ADVANCE',
]);

const roleSchema = z.enum(RECORD_ROLES);
const columnRuleSchema = z
  .strictObject({
    /** Source column (case-insensitive) whose value picks the role; it must not be a field alias. */
    column: z.string().min(1),
    /** Column value → role; values compared trimmed, upper-cased, digits without leading zeros. */
    values: z.record(z.string(), roleSchema),
    /** Role of a value `values` does not name; absent: such a record stays unclassified. */
    default: roleSchema.optional(),
  })
  .refine(
    (rule) => new Set(Object.keys(rule.values).map(ruleValue)).size === Object.keys(rule.values).length,
    {
      message: 'two values read the same (trimmed, upper-cased, numbers without leading zeros)',
      path: ['values'],
    },
  );
type ColumnRule = z.output<typeof columnRuleSchema>;
type RoleSetting = RecordRole | ColumnRule;

const DEFAULT_RECORD_ROLES: Partial<Record<RecordCode, RoleSetting>> = {
  A1: 'FORECAST',
  D1: 'PAYMENT',
};

export const recordRolesSchema = z
  .partialRecord(
    z.enum(RECORD_CODES),
    z.union([roleSchema, columnRuleSchema], {
      error: `must be a role (${RECORD_ROLES.join(', ')}) or a column rule {"column": "…", "values": {"<value>": "<role>"}, "default"?: "<role>"}`,
    }),
  )
  .default({})
  .transform((given) => ({ ...DEFAULT_RECORD_ROLES, ...given }));

export const recordSignSchema = z.strictObject({
  /** Source columns (aliases, case-insensitive) holding the sign; the first present one counts. */
  columns: z.array(z.string().min(1)).min(1),
  negative: z.array(z.string().min(1)).default(['-', 'D']),
  positive: z.array(z.string().min(1)).default(['+', 'C']),
});

export interface RoleConfig {
  readonly recordRoles?: Partial<Record<RecordCode, RoleSetting>>;
  readonly recordSign?: z.output<typeof recordSignSchema> | undefined;
}

type Classified = Pick<CanonicalRecord, 'recordType' | 'extra'>;

/** A value as the rules compare it: trimmed, upper-cased, a number without leading zeros. */
export function ruleValue(value: unknown): string | undefined {
  const text = identifierText(value);
  if (text === undefined || text === '') return undefined;
  return /^\d+$/.test(text) ? text.replace(/^0+(?=\d)/, '') : text.toUpperCase();
}

export interface Classifier {
  /** The record's role; undefined when no setting classifies it ("registros sem papel configurado"). */
  roleOf(record: Classified): RecordRole | undefined;
  /** +1 or −1 from the sign column (+1 when absent); undefined for a value neither list names. */
  signOf(record: Pick<CanonicalRecord, 'extra'>): 1 | -1 | undefined;
  /** Role and sign together; undefined when unclassified (an ADJUSTMENT of unknown sign included). */
  classify(record: Classified): { readonly role: RecordRole; readonly sign: 1 | -1 } | undefined;
}

const classifiers = new WeakMap<object, Classifier>();

/** The classifier of a configuration, built once per configuration object. */
export function classifierOf(config: RoleConfig): Classifier {
  const known = classifiers.get(config);
  if (known) return known;
  const built = buildClassifier(config);
  classifiers.set(config, built);
  return built;
}

function buildClassifier(config: RoleConfig): Classifier {
  const roles = config.recordRoles ?? DEFAULT_RECORD_ROLES;
  const rules = new Map<string, { column: string; values: Map<string, RecordRole>; fallback?: RecordRole }>();
  for (const [code, setting] of Object.entries(roles)) {
    if (typeof setting !== 'object') continue;
    const values = new Map<string, RecordRole>();
    for (const [value, role] of Object.entries(setting.values)) values.set(ruleValue(value) ?? '', role);
    rules.set(code, { column: setting.column.toUpperCase(), values, fallback: setting.default });
  }
  const sign = config.recordSign;
  const signColumns = sign?.columns.map((c) => c.toUpperCase()) ?? [];
  const negative = new Set(sign?.negative.map((v) => v.trim().toUpperCase()));
  const positive = new Set(sign?.positive.map((v) => v.trim().toUpperCase()));
  const classifier: Classifier = {
    classify(record) {
      const role = classifier.roleOf(record);
      if (role === undefined) return undefined;
      const sign = classifier.signOf(record);
      if (sign === undefined) return role === 'ADJUSTMENT' ? undefined : { role, sign: 1 };
      return { role, sign };
    },
    roleOf(record) {
      const setting = roles[record.recordType];
      if (setting === undefined || typeof setting === 'string') return setting;
      const rule = rules.get(record.recordType);
      const value = ruleValue(record.extra[rule?.column ?? '']);
      return (value === undefined ? undefined : rule?.values.get(value)) ?? rule?.fallback;
    },
    signOf(record) {
      const column = signColumns.find((c) => ruleValue(record.extra[c]) !== undefined);
      if (column === undefined) return 1;
      const value = identifierText(record.extra[column])?.toUpperCase() ?? '';
      if (negative.has(value)) return -1;
      return positive.has(value) ? 1 : undefined;
    },
  };
  return classifier;
}

/** The source columns the roles and the sign read, upper-cased: they must stay outside the aliases. */
export function roleColumns(config: RoleConfig): string[] {
  const rules = Object.values(config.recordRoles ?? {}).filter((s) => typeof s === 'object');
  return [...rules.map((rule) => rule.column), ...(config.recordSign?.columns ?? [])].map((c) =>
    c.toUpperCase(),
  );
}

/**
 * A record's net amount in the direction its role fixes: a cancellation, chargeback, reversal,
 * advance or fee as a magnitude; an ADJUSTMENT with the number's sign times the sign column's.
 * Forecasts and payments stay as received, exactly as before roles existed. A missing amount
 * counts as 0 (the record stays visible).
 */
export function directedCents(role: RecordRole, netCents: number | null, sign: 1 | -1): number {
  const cents = netCents ?? 0;
  if (role === 'FORECAST' || role === 'PAYMENT') return cents;
  return role === 'ADJUSTMENT' ? cents * sign : Math.abs(cents);
}
