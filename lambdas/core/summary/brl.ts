import { type Cents, formatCents } from '../money';

/** Reais for people, sign first as pt-BR writes it: -17320 -> "-R$ 173,20". */
export function formatBrl(cents: Cents): string {
  return `${cents < 0 ? '-' : ''}R$ ${formatCents(Math.abs(cents))}`;
}
