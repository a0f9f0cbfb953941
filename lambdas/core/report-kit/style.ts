/**
 * The report's only stylesheet, inline. Under 40rem (a phone) a table of more than two columns
 * turns each row into a labelled card, so the page never scrolls sideways, and the chart keeps a
 * readable size and scrolls inside its own box. On a phone the cards, notes and spacing are set
 * close: the report must read in a few phone screens (docs/report.md, "Short by design"); a card's
 * label and amount share a line when they fit, its details on the next (a flex line break).
 */
export const REPORT_STYLE = `*,*::before,*::after{box-sizing:border-box}
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0 auto;padding:1.5rem 1.25rem;color:#1d2433;max-width:64rem;line-height:1.4}
h1{font-size:1.5rem;margin:0 0 .25rem}h2{font-size:1.15rem;margin:2rem 0 .5rem;border-bottom:1px solid #d8dde6;padding-bottom:.25rem}
h3{font-size:1rem;margin:1.25rem 0 .25rem}h3 small{font-weight:400;color:#667085}
.meta{color:#475467;margin:0}.muted{color:#667085}.ok{color:#1a7f37}.bad{color:#c4262e}
.failed{background:#fdecec;border:1px solid #e5484d;padding:0 1rem;border-radius:6px;margin-top:1rem}
.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,12rem),1fr));gap:.75rem;margin:.75rem 0}
.card{--c:#98a2b3;display:block;border:1px solid #d8dde6;border-left:5px solid var(--c);border-radius:6px;padding:.6rem .9rem;color:inherit;text-decoration:none}
.card .label{font-weight:600}
.card .amount{display:block;font-size:1.4rem;font-weight:700;font-variant-numeric:tabular-nums;overflow-wrap:anywhere}
.card .sub{display:block;color:#475467;font-size:.9rem}
.category{--c:#98a2b3}h3.category{border-left:5px solid var(--c);padding-left:.5rem}
.UNDERPAID{--c:#c4262e}.OVERPAID{--c:#dc6803}.OVERDUE{--c:#7a271a}.UNEXPECTED{--c:#6941c6}
.box{overflow-x:auto;max-width:100%}
table{border-collapse:collapse;width:100%;margin:.25rem 0 .5rem}
th,td{padding:.35rem .6rem;border-bottom:1px solid #eceff4;text-align:left;vertical-align:top}
th{font-size:.85rem;font-weight:600;color:#475467}td{overflow-wrap:anywhere}
.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}.neg{color:#c4262e}.nowrap{white-space:nowrap}
tfoot td{font-weight:600;border-top:2px solid #1d2433}
.chart{overflow-x:auto;max-width:100%}.chart svg{display:block;width:100%;min-width:44rem;height:auto}
svg text{font-size:12px;fill:#475467}.axis{stroke:#98a2b3}.grid{stroke:#eaecf0}
.fc{fill:#7fa7e8}.fc.future{fill:#c7d9f7}.rc{fill:#1a7f37}.rc.future{fill:#4aa564}
.future-zone{fill:#f2f4f7}.today{stroke:#1d2433;stroke-dasharray:4 3}svg .today-label{fill:#1d2433;font-weight:600}
.legend{margin:.25rem 0}.swatch{display:inline-block;width:.9rem;height:.9rem;margin:0 .35rem -.1rem 1rem;border-radius:2px;border:1px solid #d0d5dd}
.swatch:first-child{margin-left:0}.swatch.fc{background:#7fa7e8}.swatch.rc{background:#1a7f37}.swatch.future-zone{background:#f2f4f7}
.more{margin:-.25rem 0 .5rem;font-size:.9rem}.hint{display:none}small.code{color:#667085;font-size:.8rem;overflow-wrap:anywhere}
@media (max-width:40rem){body{padding:1rem .75rem}h2{margin-top:1.5rem}p{margin:.6rem 0}.muted{font-size:.9rem}.hint{display:block}
.reflow thead{display:none}.reflow,.reflow tbody,.reflow tfoot,.reflow tr,.reflow td{display:block;width:100%}
.reflow tr{border:1px solid #eceff4;border-radius:6px;margin:.35rem 0;padding:.15rem .5rem}
.reflow td,.reflow td.num{display:flex;justify-content:space-between;gap:1rem;border:0;padding:0;text-align:right;font-size:.9rem;line-height:1.3}
.reflow td::before{content:attr(data-label);color:#667085;text-align:left;white-space:nowrap}
.reflow td:first-child{display:block;text-align:left;font-weight:600}.reflow td:first-child::before{content:none}
.cards{gap:.5rem}.card .amount{font-size:1.2rem;margin-left:auto}.card .sub+.sub::before{content:'\\00a0· '}
.card{display:flex;flex-wrap:wrap;align-items:baseline;padding:.45rem .7rem}.card .label{margin-right:.75rem}
.card::before{content:'';flex-basis:100%;order:1}.card .sub{order:2}}`;
