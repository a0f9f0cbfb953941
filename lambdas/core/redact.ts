/**
 * Redaction of known secrets (the provider API token, the webhook hmac, extra webhook header values)
 * from text that leaves the process: error messages end up in CloudWatch, the Step Functions state,
 * the run summary, the HTML report, SNS and a terminal. The rule (docs/design.md "Secrets"): text is
 * redacted WHOLE, before anything cuts it, because a cut can split a secret and a split secret no
 * longer matches, so its prefix would go out as it is.
 */

export const REDACTED = '[redacted]';

export type Redactor = (text: string) => string;

/**
 * The forms a secret takes in text a server sends back: as written, JSON-escaped (a server quoting
 * the request body) and percent-encoded (a server quoting a URL or a form).
 */
function renderingsOf(secret: string): string[] {
  return [secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)];
}

/**
 * A secret's beginning at least this long at the very end of a text is taken for the secret, cut
 * short before the text reached us (a server or proxy limiting its message length).
 */
const MIN_CUT_PREFIX = 6;

function redactCutTail(text: string, forms: readonly string[]): string {
  for (const form of forms) {
    for (let length = Math.min(form.length - 1, text.length); length >= MIN_CUT_PREFIX; length--) {
      if (text.endsWith(form.slice(0, length))) return `${text.slice(0, -length)}${REDACTED}`;
    }
  }
  return text;
}

/**
 * Replaces every occurrence of each secret (in each of its renderings) by {@link REDACTED}, and a
 * secret's beginning that ends the text (cut short upstream) too.
 */
export function buildRedactor(secrets: Iterable<string | undefined>): Redactor {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (secret) for (const form of renderingsOf(secret)) forms.add(form);
  }
  if (forms.size === 0) return (text) => text;
  // One pass, longest first: a secret that contains another is replaced whole, and the marker put
  // in is never searched again (a one-letter secret must not eat into it).
  const ordered = [...forms].sort((a, b) => b.length - a.length);
  const anyForm = new RegExp(ordered.map(escapeRegExp).join('|'), 'g');
  return (text) => redactCutTail(text.replace(anyForm, REDACTED), ordered);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** At most `maxChars` characters of `text`, redacted before the cut (never the other way round). */
export function redactThenTruncate(text: string, redact: Redactor, maxChars: number): string {
  return redact(text).slice(0, maxChars);
}

/**
 * The same error with its message and stack redacted, for a boundary that must not pass a secret on
 * even if an inner layer let one through (defence in depth: the provider client redacts already).
 */
export function redactError<T>(error: T, redact: Redactor): T {
  if (error instanceof Error) {
    error.message = redact(error.message);
    if (error.stack) error.stack = redact(error.stack);
  }
  return error;
}
