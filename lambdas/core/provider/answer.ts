/**
 * What kind of body an HTTP answer carried, in words an operator reads. The provider always answers
 * JSON; an HTML page (a web server's 404, a login or captive portal, a proxy's error page) means
 * something else answered at the configured address, and no retry can change that.
 */

export type AnswerKind = 'json' | 'html' | 'empty' | 'other';

const HTML_START = /^\s*(<!doctype\s+html|<html[\s>]|<head[\s>]|<body[\s>])/i;

/**
 * What a body is without parsing it: empty, an HTML page (by its `Content-Type` or, for servers that
 * send none or a wrong one, its start), or undefined: JSON or not, only a parse can tell.
 */
export function visibleKind(contentType: string | null, text: string): 'empty' | 'html' | undefined {
  if (text.trim() === '') return 'empty';
  if (/\bhtml\b/i.test(contentType ?? '') || HTML_START.test(text)) return 'html';
  return undefined;
}

/** Classifies a body (an error answer's: a 2xx body is parsed once, by its reader). */
export function answerKind(contentType: string | null, text: string): AnswerKind {
  const visible = visibleKind(contentType, text);
  if (visible !== undefined) return visible;
  try {
    JSON.parse(text);
    return 'json';
  } catch {
    return 'other';
  }
}

const PHRASES: Record<AnswerKind, string> = {
  json: 'JSON',
  html: 'an HTML page',
  empty: 'an empty body',
  other: 'a body that is not JSON',
};

/** "an HTML page", "a body that is not JSON"... */
export function answerPhrase(kind: AnswerKind): string {
  return PHRASES[kind];
}
