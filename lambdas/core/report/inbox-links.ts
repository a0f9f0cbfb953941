/**
 * Where the report and the morning message send a reader to work what needs action: the web inbox
 * (docs/inbox.md), when the run knew its address (the stack's InboxUrl deployed, `--inbox-url`
 * locally). A category leads to the inbox's list of that kind, an item to the list of its kind,
 * acquirer and merchant (an item of the summary carries no break id), the message to the morning list.
 */
import { KIND_OF_STATE } from '../breaks/kinds';
import { FILTER_NAMES } from '../inbox/query';
import type { RunSummary } from './types';

export interface InboxFilter {
  readonly kind?: string | undefined;
  readonly acquirer?: string | null;
  readonly merchant?: string | null;
}

/** The inbox's list the filter selects; undefined when the run knows no inbox. */
export function inboxListUrl(s: Pick<RunSummary, 'inboxUrl'>, filter: InboxFilter = {}): string | undefined {
  // Only a web address is ever written into a link: a setting is text, never a script.
  if (s.inboxUrl === undefined || !/^https?:\/\//.test(s.inboxUrl)) return undefined;
  const query = new URLSearchParams();
  if (filter.kind) query.set(FILTER_NAMES.kind, filter.kind);
  if (filter.acquirer) query.set(FILTER_NAMES.acquirer, filter.acquirer);
  if (filter.merchant) query.set(FILTER_NAMES.merchant, filter.merchant);
  const text = query.toString();
  return `${s.inboxUrl.replace(/\/+$/, '')}/${text === '' ? '' : `?${text}`}`;
}

/** The kind of break a receivable action state is in the inbox; undefined for the capped ones. */
export const breakKindOfState = (state: string): string | undefined =>
  Object.hasOwn(KIND_OF_STATE, state) ? KIND_OF_STATE[state as keyof typeof KIND_OF_STATE] : undefined;
