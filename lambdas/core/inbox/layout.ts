/**
 * Every inbox page's frame: one small inline stylesheet (allowed by its hash, so no other style or
 * any script can run), laid out from 360 px up without sideways scrolling: lists are stacked
 * cards, not wide tables, and long identifiers wrap.
 */
import { html, raw, type SafeHtml } from '../report-kit/escape';
import type { ReportLanguage } from '../report-language';
import { securityHeaders } from './http';
import { inboxTextsFor } from './texts';

export const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:15px/1.45 system-ui,sans-serif;color:#1b1f24;background:#f6f7f9;overflow-wrap:anywhere}
header{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;justify-content:space-between;padding:.6rem 1rem;background:#123;color:#fff}
header a{color:#fff;font-weight:600;text-decoration:none}
main{max-width:960px;margin:0 auto;padding:.75rem}
h1{font-size:1.3rem;margin:.4rem 0}
h2{font-size:1.05rem;margin:1rem 0 .4rem}
form.filters{display:grid;grid-template-columns:repeat(auto-fit,minmax(9.5rem,1fr));gap:.5rem;align-items:end}
label{display:flex;flex-direction:column;font-size:.85rem;gap:.15rem}
input,select,textarea,button{font:inherit;max-width:100%;min-width:0}
input,select,textarea{padding:.35rem;border:1px solid #9aa3ad;border-radius:4px;background:#fff}
button{padding:.4rem .8rem;border:0;border-radius:4px;background:#1f5fbf;color:#fff;cursor:pointer}
button.quiet{background:#5d6670}
.totals{font-weight:600;margin:.6rem 0}
ul.breaks{list-style:none;margin:0;padding:0}
ul.breaks li{display:flex;gap:.5rem;background:#fff;border:1px solid #dde1e6;border-radius:6px;padding:.55rem;margin:.4rem 0}
ul.breaks .body{flex:1;min-width:0}
.line{display:flex;flex-wrap:wrap;justify-content:space-between;gap:.25rem .75rem}
.money{font-weight:700;white-space:nowrap}
.muted{color:#5d6670;font-size:.88rem}
.badge{display:inline-block;padding:0 .4rem;border-radius:999px;font-size:.8rem;background:#e4e8ee}
.badge.NEW{background:#fde7b0}
.badge.REOPENED{background:#f7c6c6}
.flash{padding:.5rem .7rem;border-radius:6px;background:#e3f1e6;margin:.5rem 0}
.flash.error{background:#fbe3e3}
dl{display:grid;grid-template-columns:minmax(6rem,auto) 1fr;gap:.2rem .75rem;background:#fff;padding:.6rem;border-radius:6px}
dt{color:#5d6670}
dd{margin:0}
section.action{background:#fff;border:1px solid #dde1e6;border-radius:6px;padding:.6rem;margin:.5rem 0}
section.action form{display:grid;gap:.4rem}
table{width:100%;border-collapse:collapse;table-layout:fixed;background:#fff;font-size:.88rem}
th:first-child{width:2.2rem}
th,td{border-bottom:1px solid #dde1e6;padding:.3rem;text-align:left;vertical-align:top}
.bulk{display:grid;grid-template-columns:repeat(auto-fit,minmax(10rem,1fr));gap:.5rem;align-items:end;margin:.5rem 0}
`;

/** Every answer's headers: the one stylesheet allowed by its hash, no script at all. */
export const HEADERS = securityHeaders(STYLE);

export interface Viewer {
  readonly name: string;
  readonly canDecide: boolean;
  readonly csrf: string;
}

/** The CSRF field every POST form carries. */
export const csrfField = (viewer: Viewer) => html`<input type="hidden" name="csrf" value="${viewer.csrf}">`;

export function layout(title: string, viewer: Viewer, content: SafeHtml, language: ReportLanguage): SafeHtml {
  const t = inboxTextsFor(language);
  const role = viewer.canDecide ? t.operator : t.viewer;
  return html`<html lang="${language}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<style>${raw(STYLE)}</style></head><body>
<header><a href="/">${t.title}</a><span>${viewer.name} (${role})</span>
<form method="post" action="/sair">${csrfField(viewer)}<button class="quiet">${t.signOut}</button></form></header>
<main>${content}</main></body></html>`;
}

/** A page with no session: a sentence, no data, no form. */
export function bare(message: string, language: ReportLanguage): SafeHtml {
  return html`<html lang="${language}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${inboxTextsFor(language).title}</title>
<style>${raw(STYLE)}</style></head><body><main><p>${message}</p></main></body></html>`;
}

export function flash(message: string | undefined, error = false): SafeHtml {
  if (!message) return html``;
  return html`<p class="${error ? 'flash error' : 'flash'}" role="status">${message}</p>`;
}
