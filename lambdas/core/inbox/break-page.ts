/**
 * One break: what it is in plain words, its money, its decision and history, and its actions as
 * plain forms. Each form carries the version the page was read at, so a decision taken meanwhile by
 * someone else is refused rather than overwritten; the page then comes back with what was typed.
 */
import type { BreakEvent } from '../breaks/chain';
import { type Decision, lastUndoable, MATCHED_BY_HAND } from '../breaks/decision';
import { receivableKeyOf } from '../breaks/manual-match';
import type { BreakBasis } from '../breaks/observed';
import type { BreakRecords } from '../breaks/records';
import type { BreakView } from '../breaks/status';
import { feeAuditTextsFor } from '../fee-audit/report-texts';
import { formatInstant } from '../report-kit/dates';
import { html, type SafeHtml } from '../report-kit/escape';
import { csrfField, flash, layout, type Viewer } from './layout';
import { subjectLine } from './list-page';
import { recordsSection } from './records-section';
import type { PageWords } from './words';

export interface BreakPage {
  readonly view: BreakView;
  /** Forecast and received as the data shows them (a deposit: expected, and what stayed in the bank). */
  readonly basis?: BreakBasis;
  readonly events: readonly BreakEvent[];
  /** The records behind it (forecasts, payments, lifecycle records; a deposit's; a fee line's). */
  readonly records?: BreakRecords;
  readonly reasons: readonly string[];
  /** The late forecasts an unexpected payment may be matched to by hand (none for other kinds). */
  readonly candidates?: readonly BreakView[];
  readonly message?: { readonly text: string; readonly error: boolean };
  /** What was typed in a form that was refused: shown again, nothing lost. */
  readonly draft?: URLSearchParams;
}

/** What the two amounts behind a break are: a fee's are the contracted and the charged fee, not a payment. */
function moneyTerms(b: BreakView, { t, language }: PageWords): { expected: string; received: string } {
  if (b.kind === 'FEE_ABOVE_CONTRACT') {
    const { contractFee, chargedFee } = feeAuditTextsFor(language).columns;
    return { expected: contractFee, received: chargedFee };
  }
  return { expected: t.expected, received: b.subject.place === undefined ? t.received : t.inBank };
}

function facts(b: BreakView, basis: BreakBasis | undefined, words: PageWords): SafeHtml {
  const { t, w, brl } = words;
  const c = w.columns;
  const row = (term: string, value: string | SafeHtml) => html`<dt>${term}</dt><dd>${value}</dd>`;
  return html`<dl>
${row(c.acquirer, b.subject.acquirer ?? '—')}${row(c.merchant, b.subject.merchant ?? '—')}
${row(b.subject.place === undefined ? t.sale : t.deposit, subjectLine(b, words, false))}
${basis ? row(moneyTerms(b, words).expected, brl(basis.expectedNetCents)) : html``}
${basis ? row(moneyTerms(b, words).received, brl(basis.receivedNetCents)) : html``}
${row(c.atStake, html`<span class="money">${brl(b.stakeCents)}</span>`)}
${b.firstSeen ? row(c.since, `${words.date(b.firstSeen)} (${t.days(b.ageDays ?? 0)})`) : html``}
${row(c.status, w.statuses[b.status])}
${b.decision ? row(t.decision, words.decision(b.decision)) : html``}
${row(t.version, String(b.version))}</dl>`;
}

function history(events: readonly BreakEvent[], words: PageWords): SafeHtml {
  const { t, w } = words;
  if (events.length === 0) return html`<p class="muted">${t.noHistory}</p>`;
  const h = w.history;
  const state = (d: Decision | null) => (d ? w.statuses[d.status] : '—');
  const rows = events.map((e) => {
    const action = e.undoes === undefined ? w.actions[e.action] : `${w.actions[e.action]} #${e.undoes}`;
    return html`<tr><td>${e.version}</td><td>${formatInstant(e.at, words.language)}</td><td>${e.actor}</td>
<td>${action}</td><td>${state(e.before)} → ${state(e.after)}</td><td>${words.decision(e.after)}</td></tr>`;
  });
  return html`<table id="history"><thead><tr><th>#</th><th>${h.when}</th><th>${h.who}</th><th>${h.action}</th><th>${h.change}</th><th>${h.detail}</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/**
 * Matching by hand: the forecast's sale key, offered from the late forecasts of the same acquirer
 * and merchant (an open one is typed), or for a credit the expected deposit's id, offered from the
 * missing or differing deposits of its account; a reason and a note. The service checks the rest.
 */
function matchFields(
  p: BreakPage,
  draft: (action: string, name: string) => string,
  words: PageWords,
): SafeHtml {
  const { t } = words;
  const texts = p.view.kind === 'UNEXPLAINED_CREDIT' ? t.matchDeposit : t.matchForecast;
  const options = (p.candidates ?? []).map(
    (c) =>
      html`<option value="${receivableKeyOf(c.id) ?? c.id}">${subjectLine(c, words, false)} · ${words.brl(c.stakeCents)}</option>`,
  );
  return html`<label>${texts.to}<input name="to" list="candidatos" required value="${draft('match', 'to')}"></label>
<datalist id="candidatos">${options}</datalist>
<p class="muted">${(p.candidates ?? []).length > 0 ? texts.hint : texts.none}</p>
<label>${t.reason}<input name="reason" required value="${draft('match', 'reason')}"></label>
<label>${t.note}<textarea name="note" rows="2" required>${draft('match', 'note')}</textarea></label>`;
}

function actions(p: BreakPage, viewer: Viewer, words: PageWords): SafeHtml {
  const { t } = words;
  const b = p.view;
  if (!viewer.canDecide) return html``;
  const draft = (action: string, name: string) =>
    p.draft?.get('action') === action ? (p.draft.get(name) ?? '') : '';
  const form = (action: string, label: string, fields: SafeHtml) => html`<section class="action">
<form method="post" action="/decidir">${csrfField(viewer)}<input type="hidden" name="id" value="${b.id}">
<input type="hidden" name="expected" value="${b.version}"><input type="hidden" name="action" value="${action}">
${fields}<button>${label}</button></form></section>`;
  const text = (action: string, name: string, label: string) =>
    html`<label>${label}<input name="${name}" value="${draft(action, name)}"></label>`;
  const note = (action: string) =>
    html`<label>${t.note}<textarea name="note" rows="2" required>${draft(action, 'note')}</textarea></label>`;
  const open = b.status !== 'RESOLVED';
  const reasons = p.reasons.map(
    (r) => html`<option${draft('accept', 'reason') === r ? html` selected` : html``}>${r}</option>`,
  );
  return html`<h2>${t.actions}</h2>
${open ? form('treat', t.treat, html`${note('treat')}${text('treat', 'ticket', t.ticket)}${text('treat', 'assignee', t.assignee)}`) : html``}
${open && b.kind === 'CHARGEBACK' ? form('dispute', t.dispute, html`${note('dispute')}${text('dispute', 'ticket', t.protocol)}`) : html``}
${open ? form('accept', t.accept, html`<label>${t.reason}<select name="reason" required>${reasons}</select></label>${note('accept')}`) : html``}
${open && MATCHED_BY_HAND.includes(b.kind) ? form('match', t.match, matchFields(p, draft, words)) : html``}
${lastUndoable(p.events) ? form('undo', t.undo, html``) : html``}`;
}

export function breakPage(p: BreakPage, viewer: Viewer, words: PageWords): SafeHtml {
  const { t, w, language } = words;
  const b = p.view;
  return layout(
    `${w.kinds[b.kind]} · ${t.title}`,
    viewer,
    html`<p><a href="/">${t.back}</a></p>
<h1>${w.kinds[b.kind]} <span class="badge ${b.status}">${w.statuses[b.status]}</span></h1>
${p.message ? flash(p.message.text, p.message.error) : html``}
<p>${t.explain[b.kind]}</p>${facts(b, p.basis, words)}${recordsSection(p.records, words)}${actions(p, viewer, words)}
<h2>${t.history}</h2>${history(p.events, words)}`,
    language,
  );
}
