/**
 * HTML for the report, escaped by default: the `html` tag escapes every value put into it unless the
 * value is itself HTML the tag made, so text from a provider or a bank (a merchant name, an NSU, a memo)
 * cannot reach the page as markup by a forgotten call. `raw` is the one way around it, for fragments
 * written in code (the stylesheet).
 */
const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text and attribute values alike: quotes are escaped too, so a value is safe inside `"…"`. */
export function escapeHtml(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

/** Markup the tag built or `raw` vouched for; a class with a private field, so no plain object passes for it. */
class SafeHtml {
  readonly #markup: string;
  constructor(markup: string) {
    this.#markup = markup;
  }
  toString(): string {
    return this.#markup;
  }
}

export type { SafeHtml };

/** What a template may hold: text (escaped), HTML (kept), or a list of HTML (kept, joined with nothing). */
type HtmlValue = string | number | SafeHtml | readonly SafeHtml[];

function markupOf(value: HtmlValue): string {
  if (value instanceof SafeHtml) return value.toString();
  if (Array.isArray(value)) return value.map(markupOf).join('');
  // Anything else is text, whatever its type claims: only the tag's own output passes unescaped.
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: readonly HtmlValue[]): SafeHtml {
  return new SafeHtml(strings.reduce((out, text, i) => out + markupOf(values[i - 1] ?? '') + text));
}

/** Markup written in code, never built from data: it is put on the page as it is. */
export function raw(trusted: string): SafeHtml {
  return new SafeHtml(trusted);
}

export function joinHtml(parts: readonly SafeHtml[], separator: SafeHtml): SafeHtml {
  return new SafeHtml(parts.map(String).join(separator.toString()));
}
