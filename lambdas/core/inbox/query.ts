/**
 * The inbox's filters in its address (`/?tipo=PAID_SHORT&valor_max=0,10`), so a filtered list can be
 * bookmarked, reloaded and downloaded as CSV with the same selection. What they select is the CLI's
 * (breaks/filters.ts).
 */
import type { BreakFilters } from '../breaks/filters';
import { BREAK_KINDS, BREAK_STATUSES } from '../breaks/kinds';
import { DECIMAL_SEPARATOR, parseReaisCents } from '../money';
import type { ReportLanguage } from '../report-language';

/** Status `todas`: every status, accepted and resolved included (the CLI's `--all`). */
export const ALL_STATUSES = 'todas';

const TEXT = {
  kind: 'tipo',
  status: 'situacao',
  acquirer: 'adquirente',
  merchant: 'estabelecimento',
} as const;
const DAYS = { minAge: 'idade_min', maxAge: 'idade_max' } as const;
const REAIS = { minAmount: 'valor_min', maxAmount: 'valor_max' } as const;

export interface ParsedFilters {
  readonly filters: BreakFilters;
  /** The fields that did not read (shown beside the form rather than silently dropped). */
  readonly invalid: readonly string[];
}

export function filtersOf(query: URLSearchParams): ParsedFilters {
  const filters: Record<string, string | number | boolean> = {};
  const invalid: string[] = [];
  const given = (name: string) => query.get(name)?.trim() || undefined;
  for (const [field, name] of Object.entries(TEXT)) {
    const value = given(name);
    if (value === undefined) continue;
    if (field === 'status' && value === ALL_STATUSES) filters.all = true;
    else if (field === 'kind' && !(BREAK_KINDS as readonly string[]).includes(value)) invalid.push(name);
    else if (field === 'status' && !(BREAK_STATUSES as readonly string[]).includes(value)) invalid.push(name);
    else filters[field] = value;
  }
  for (const [field, name] of Object.entries(DAYS)) {
    const value = given(name);
    if (value === undefined) continue;
    if (/^\d{1,5}$/.test(value)) filters[field] = Number(value);
    else invalid.push(name);
  }
  for (const [field, name] of Object.entries(REAIS)) {
    const value = given(name);
    if (value === undefined) continue;
    const cents = parseReaisCents(value);
    if (cents === undefined) invalid.push(name);
    else filters[field] = cents;
  }
  return { filters: filters as BreakFilters, invalid };
}

/** The address query of `filters` (empty when none), as `filtersOf` reads it back. */
export function queryOf(filters: BreakFilters): string {
  const query = new URLSearchParams();
  for (const [field, name] of Object.entries(TEXT)) {
    const value = filters[field as keyof typeof TEXT];
    if (value !== undefined) query.set(name, value);
  }
  if (filters.all && filters.status === undefined) query.set(TEXT.status, ALL_STATUSES);
  for (const [field, name] of Object.entries(DAYS)) {
    const value = filters[field as keyof typeof DAYS];
    if (value !== undefined) query.set(name, String(value));
  }
  for (const [field, name] of Object.entries(REAIS)) {
    const value = filters[field as keyof typeof REAIS];
    if (value !== undefined) query.set(name, reaisText(value, 'pt-BR'));
  }
  const text = query.toString();
  return text === '' ? '' : `?${text}`;
}

export const FILTER_NAMES = { ...TEXT, ...DAYS, ...REAIS };

/**
 * An amount (never negative: the filters read none) as a person types it back into a filter: the
 * language's decimal mark, no thousands separator. The address always has pt-BR's, which the
 * report's links write; parseReaisCents reads either mark.
 */
export const reaisText = (cents: number, language: ReportLanguage) =>
  `${Math.trunc(cents / 100)}${DECIMAL_SEPARATOR[language]}${String(cents % 100).padStart(2, '0')}`;
