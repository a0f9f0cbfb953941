/**
 * Sweeping output for secrets: a secret leaks when any piece of it long enough to narrow a guess
 * shows up, not only when it shows up whole (a cut message keeps a prefix, a wrapped line a middle).
 */

/** Pieces this long or longer count as a leak. */
const MIN_FRAGMENT = 6;

/** Every piece of `secret` of exactly {@link MIN_FRAGMENT} characters (longer pieces contain one). */
function fragmentsOf(secret: string): string[] {
  if (secret.length <= MIN_FRAGMENT) return [secret];
  return Array.from({ length: secret.length - MIN_FRAGMENT + 1 }, (_, at) =>
    secret.slice(at, at + MIN_FRAGMENT),
  );
}

/** `where: fragment` for each piece of each secret found in each named text; [] when none leaked. */
export function leaks(texts: Readonly<Record<string, string>>, secrets: readonly string[]): string[] {
  const found: string[] = [];
  for (const [where, text] of Object.entries(texts)) {
    for (const secret of secrets) {
      for (const fragment of fragmentsOf(secret)) {
        if (text.includes(fragment)) found.push(`${where}: ${fragment}`);
      }
    }
  }
  return found;
}
