/**
 * The sign-in's cookies. `__Host-` names: the browser keeps them only when set Secure, from the
 * host itself and for every path, so no other site or subdomain can plant or read one. HttpOnly:
 * no script on the page can read a session. SameSite=Lax: the link in the morning message (another
 * site, a top-level GET) still finds the person signed in, while a form posted from another site
 * carries no session (and every form also carries its CSRF token).
 */
export const SESSION_COOKIE = '__Host-recon-session';
/** The sign-in in progress: its state and PKCE verifier, for ten minutes. */
export const PENDING_COOKIE = '__Host-recon-signin';
export const PENDING_SECONDS = 600;

export function setCookie(name: string, value: string, maxAgeSeconds: number): string {
  return `${name}=${value}; Max-Age=${maxAgeSeconds}; Path=/; Secure; HttpOnly; SameSite=Lax`;
}

export function clearCookie(name: string): string {
  return setCookie(name, '', 0);
}

/** The cookies of a `Cookie` header (or API Gateway's `cookies` list), by name; first one wins. */
export function parseCookies(headers: readonly string[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const header of headers) {
    for (const pair of header.split(';')) {
      const at = pair.indexOf('=');
      if (at <= 0) continue;
      const name = pair.slice(0, at).trim();
      if (!found.has(name)) found.set(name, pair.slice(at + 1).trim());
    }
  }
  return found;
}
