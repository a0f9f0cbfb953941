/** Money is an integer number of centavos everywhere in recon; this is the type that says so. */
export type Cents = number;

/** Formats centavos for people: 123456 -> "1.234,56" (pt-BR grouping, exact, no floats). */
export function formatCents(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const reais = Math.trunc(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}${reais},${String(abs % 100).padStart(2, '0')}`;
}
