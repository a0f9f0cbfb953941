/**
 * "Registros sem papel configurado": the records no `recordRoles` setting classifies, grouped by code
 * (and by the rule column's value), each with the setting that would classify it, so the summary can
 * tell a person what to configure instead of showing codes without meaning. Such records are
 * archived and counted as before, never applied to a receivable.
 */
import type { CanonicalRecord, RecordCode } from './canonical';
import { classifierOf, type RoleConfig, ruleValue } from './roles';

export interface UnclassifiedGroup {
  readonly code: RecordCode;
  /** The rule column and the value no rule names, when the code has a column rule. */
  readonly column?: string;
  readonly value?: string;
  /** Why: no role for the code, no rule for the value, or a sign value neither sign list names. */
  readonly why: 'NO_ROLE' | 'NO_RULE_FOR_VALUE' | 'UNKNOWN_SIGN';
  readonly count: number;
  /** The `RECON_CONFIG` fragment that would classify them, with `<ROLE>` to fill in. */
  readonly setting: string;
}

type Input = Pick<CanonicalRecord, 'recordType' | 'extra'>;

/** The unclassified records of `records`, grouped, largest group first (then by code and value). */
export function unclassifiedGroups(records: Iterable<Input>, config: RoleConfig): UnclassifiedGroup[] {
  const classifier = classifierOf(config);
  const groups = new Map<string, UnclassifiedGroup>();
  for (const record of records) {
    const role = classifier.roleOf(record);
    const group =
      role === undefined
        ? missingRole(record, config)
        : role === 'ADJUSTMENT' && classifier.signOf(record) === undefined
          ? unknownSign(record, config)
          : undefined;
    if (group === undefined) continue;
    const id = `${group.code}|${group.why}|${group.value ?? ''}`;
    groups.set(id, { ...group, count: (groups.get(id)?.count ?? 0) + 1 });
  }
  return [...groups.values()].sort(
    (a, b) =>
      b.count - a.count || a.code.localeCompare(b.code) || (a.value ?? '').localeCompare(b.value ?? ''),
  );
}

function missingRole(record: Input, config: RoleConfig): UnclassifiedGroup {
  const code = record.recordType;
  const setting = config.recordRoles?.[code];
  if (setting === undefined || typeof setting === 'string') {
    return { code, why: 'NO_ROLE', count: 0, setting: JSON.stringify({ recordRoles: { [code]: '<ROLE>' } }) };
  }
  const value = ruleValue(record.extra[setting.column.toUpperCase()]) ?? '';
  const rule = { column: setting.column, values: { [value]: '<ROLE>' } };
  return {
    code,
    column: setting.column,
    value,
    why: 'NO_RULE_FOR_VALUE',
    count: 0,
    setting: JSON.stringify({ recordRoles: { [code]: rule } }),
  };
}

function unknownSign(record: Input, config: RoleConfig): UnclassifiedGroup {
  const columns = config.recordSign?.columns ?? [];
  const column = columns.find((c) => ruleValue(record.extra[c.toUpperCase()]) !== undefined) ?? '';
  const value = String(record.extra[column.toUpperCase()] ?? '')
    .trim()
    .toUpperCase();
  return {
    code: record.recordType,
    column,
    value,
    why: 'UNKNOWN_SIGN',
    count: 0,
    setting: JSON.stringify({ recordSign: { columns, negative: [value] } }),
  };
}
