/**
 * What the inbox's forms decide: one decision on one break (`/decidir`), or one accept with one
 * reason (`/aceitar`) or one assignment (`/atribuir`) on every ticked break. Each carries the version its page was read at, so the
 * service refuses a decision on a break that changed meanwhile (DecisionConflictError): the person
 * is shown the break as it now is, with what they typed, and nothing is written.
 */
import { DecisionRefusedError, type DecisionRequest } from '../breaks/decision';
import { DecisionConflictError } from '../breaks/decision-store';
import type { BreakRecordsOf } from '../breaks/records';
import type { Breaks } from '../breaks/service';
import type { BreakView } from '../breaks/status';
import type { IsoDate } from '../calendar';
import { type BreakPage, breakPage } from './break-page';
import { type InboxResponse, page, redirect } from './http';
import { bare, type Viewer } from './layout';
import { filtersOf, queryOf } from './query';
import type { PageWords } from './words';

/** What reading a break needs: the service, the records behind it, the business date, the reasons. */
export interface BreakSource {
  readonly breaks: Breaks;
  readonly records: BreakRecordsOf;
  readonly asOf: IsoDate;
  readonly acceptReasons: readonly string[];
}

export interface ActionContext extends BreakSource {
  readonly viewer: Viewer;
  readonly headers: Record<string, string>;
  readonly words: PageWords;
}

function requestOf(form: URLSearchParams): DecisionRequest | undefined {
  const text = (name: string) => form.get(name)?.trim() || undefined;
  const note = text('note') ?? '';
  const optional = (...names: ('ticket' | 'assignee')[]) =>
    Object.fromEntries(names.flatMap((n) => (text(n) ? [[n, text(n)]] : [])));
  switch (form.get('action')) {
    case 'treat':
      return { action: 'treat', note, ...optional('ticket', 'assignee') };
    case 'dispute':
      return { action: 'dispute', note, ...optional('ticket') };
    case 'accept':
      return { action: 'accept', reason: text('reason') ?? '', note };
    case 'match':
      return { action: 'match', to: text('to') ?? '', reason: text('reason') ?? '', note };
    case 'undo':
      return { action: 'undo' };
    default:
      return undefined;
  }
}

/** A deposit break's bank account: its place is the account, then its group after a space. */
const accountOf = (b: BreakView) => b.subject.place?.split(' ')[0];

/**
 * What an unexpected payment may be matched to by hand: the late forecasts of its acquirer and
 * merchant still open to a decision (an open one, not yet due, is named by its sale's key). For an
 * unexplained credit: the missing or differing deposits of its bank account, of the acquirer its
 * memo names (any, when it names none).
 */
async function matchCandidates(source: BreakSource, view: BreakView): Promise<BreakView[]> {
  if (view.status === 'RESOLVED') return [];
  const { acquirer, merchant } = view.subject;
  const fits: ((b: BreakView) => boolean) | undefined =
    view.kind === 'UNEXPECTED'
      ? (b) => b.kind === 'LATE' && b.subject.acquirer === acquirer && b.subject.merchant === merchant
      : view.kind === 'UNEXPLAINED_CREDIT'
        ? (b) =>
            (b.kind === 'DEPOSIT_MISSING' || b.kind === 'DEPOSIT_DIFFERS') &&
            accountOf(b) === accountOf(view) &&
            (acquirer === null || b.subject.acquirer === acquirer)
        : undefined;
  if (fits === undefined) return [];
  return (await source.breaks.list(source.asOf)).filter((b) => b.status !== 'RESOLVED' && fits(b));
}

/** A break's page as it now stands, with its records; undefined when there is no such break. */
export async function readBreak(source: BreakSource, breakId: string): Promise<BreakPage | undefined> {
  const [shown, records] = await Promise.all([
    source.breaks.show(breakId, source.asOf),
    source.records(breakId, source.asOf),
  ]);
  if (!shown) return undefined;
  const candidates = await matchCandidates(source, shown.view);
  return { ...shown, reasons: source.acceptReasons, candidates, ...(records ? { records } : {}) };
}

/** A whole number from a form field, or undefined. */
const versionOf = (value: string | null) =>
  value !== null && /^\d{1,9}$/.test(value) ? Number(value) : undefined;

export async function decideOne(form: URLSearchParams, ctx: ActionContext): Promise<InboxResponse> {
  const breakId = form.get('id') ?? '';
  const request = requestOf(form);
  const expected = versionOf(form.get('expected'));
  // Without the version read, a decision could overwrite one the person never saw: refused.
  const { t, language } = ctx.words;
  if (!request || expected === undefined) return page(400, bare(t.badForm, language), ctx.headers);
  try {
    await ctx.breaks.decide({ breakId, request, actor: ctx.viewer.name, expected, asOf: ctx.asOf });
    return redirect(`/pendencia?id=${encodeURIComponent(breakId)}&feito=${request.action}`, ctx.headers);
  } catch (error) {
    const conflict = error instanceof DecisionConflictError;
    if (!conflict && !(error instanceof DecisionRefusedError)) throw error;
    const shown = await readBreak(ctx, breakId);
    if (!shown) return page(404, bare(t.noBreak, language), ctx.headers);
    const text = conflict ? t.changed : t.decisionRefused(t.refusals[error.code]);
    const p = { ...shown, message: { text, error: true }, draft: form };
    return page(conflict ? 409 : 422, breakPage(p, ctx.viewer, ctx.words), ctx.headers);
  }
}

/** `version:id` of each ticked break: the version its card showed. */
function selection(form: URLSearchParams): { breakId: string; expected: number }[] {
  return form.getAll('sel').flatMap((value) => {
    const at = value.indexOf(':');
    const expected = versionOf(value.slice(0, at));
    return at > 0 && expected !== undefined ? [{ breakId: value.slice(at + 1), expected }] : [];
  });
}

/**
 * The list's bulk actions: what each decides on every ticked break (an accept with one reason, or an
 * assignment: a treat naming who handles them), and the word its outcome is counted under.
 */
export const BULK_ACTIONS = {
  '/aceitar': { action: 'accept', done: 'aceitas' },
  '/atribuir': { action: 'treat', done: 'atribuidas' },
} as const;
export type BulkPath = keyof typeof BULK_ACTIONS;
export type BulkDone = (typeof BULK_ACTIONS)[BulkPath]['done'];

export const isBulkPath = (path: string): path is BulkPath => Object.hasOwn(BULK_ACTIONS, path);

export async function bulkDecide(
  path: BulkPath,
  form: URLSearchParams,
  ctx: ActionContext,
): Promise<InboxResponse> {
  const { action, done } = BULK_ACTIONS[path];
  const fields = new URLSearchParams(form);
  // The route decides the action: a field of the same name in the form never does.
  fields.set('action', action);
  const request = requestOf(fields);
  const { t, language } = ctx.words;
  if (!request) return page(400, bare(t.badForm, language), ctx.headers);
  if (action === 'treat' && !fields.get('assignee')?.trim())
    return page(400, bare(t.assigneeRequired, language), ctx.headers);
  const counts = { [done]: 0, mudaram: 0, recusadas: 0 };
  for (const { breakId, expected } of selection(form)) {
    try {
      await ctx.breaks.decide({ breakId, request, actor: ctx.viewer.name, expected, asOf: ctx.asOf });
      counts[done] = (counts[done] ?? 0) + 1;
    } catch (error) {
      if (error instanceof DecisionConflictError) counts.mudaram += 1;
      else if (error instanceof DecisionRefusedError) counts.recusadas += 1;
      else throw error;
    }
  }
  // The list comes back with the filters it was sent from, rebuilt so the address is always ours.
  const back = queryOf(filtersOf(new URLSearchParams(form.get('volta') ?? '')).filters);
  const outcome = new URLSearchParams(
    Object.entries(counts).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  return redirect(`/${back}${back ? '&' : '?'}${outcome}`, ctx.headers);
}
