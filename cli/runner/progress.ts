/**
 * Progress of a local run on stderr: which report of how many, its state, pages and records so far,
 * records per second. On a terminal the counters redraw in place; elsewhere (pipes, CI logs) each
 * event is one plain line, so logs stay readable.
 */
export type ProgressEvent =
  | { readonly type: 'stage'; readonly message: string }
  /** The run's plan: how many reports (configuration x window) it will fetch. */
  | { readonly type: 'plan'; readonly reports: number }
  | {
      readonly type: 'report';
      readonly reportId: string;
      readonly state: string;
      /** Known in production once the report is ready; null in the sandbox. */
      readonly pages: number | null;
    }
  | { readonly type: 'page'; readonly reportId: string; readonly page: number; readonly records: number };

export interface ProgressSink {
  (event: ProgressEvent): void;
  /** Ends the in-place line so that what follows starts on a fresh line. */
  done(): void;
}

const BAR_WIDTH = 24;
/** A rate over less than this is noise (the first page alone would read "0 records/s"). */
const MIN_RATE_WINDOW_MS = 1_000;

function bar(done: number, total: number): string {
  const filled = Math.min(BAR_WIDTH, Math.round((done / Math.max(total, 1)) * BAR_WIDTH));
  return `[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}]`;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function buildProgressSink(deps: {
  write: (text: string) => void;
  isTTY: boolean;
  now: () => number;
}): ProgressSink {
  const { write, isTTY, now } = deps;
  const totals = new Map<string, number>();
  const states = new Map<string, string>();
  /** Reports numbered in the order they first appear: "report 2 of 4". */
  const ordinals = new Map<string, number>();
  let planned: number | undefined;
  let pages = 0;
  let records = 0;
  let firstPageAt: number | undefined;
  let lineOpen = false;

  const reportName = (reportId: string) => {
    if (!ordinals.has(reportId)) ordinals.set(reportId, ordinals.size + 1);
    return `report ${ordinals.get(reportId)}${planned === undefined ? '' : ` of ${planned}`}`;
  };
  const rate = () => {
    const elapsed = firstPageAt === undefined ? 0 : now() - firstPageAt;
    return elapsed < MIN_RATE_WINDOW_MS ? [] : [`${Math.round(records / (elapsed / 1000))} records/s`];
  };
  const status = () => {
    const known = [...totals.values()].reduce((a, b) => a + b, 0);
    const shape = known > 0 ? `${bar(pages, known)} ${pages}/${known} pages` : plural(pages, 'page');
    return [shape, plural(records, 'record'), ...rate()].join(' · ');
  };
  const permanent = (text: string) => {
    write(`${lineOpen ? '\r\x1b[K' : ''}${text}\n`);
    lineOpen = false;
  };

  const sink = ((event: ProgressEvent) => {
    if (event.type === 'stage') permanent(event.message);
    else if (event.type === 'plan') {
      planned = event.reports;
      permanent(`${plural(event.reports, 'report')} to fetch`);
    } else if (event.type === 'report') {
      if (event.pages !== null) totals.set(event.reportId, event.pages);
      if (states.get(event.reportId) === event.state) return;
      states.set(event.reportId, event.state);
      permanent(`${reportName(event.reportId)} (${event.reportId}): ${event.state}`);
    } else {
      firstPageAt ??= now();
      pages += 1;
      records += event.records;
      const name = reportName(event.reportId);
      if (isTTY) {
        write(`\r\x1b[K${name}, page ${event.page} · ${status()}`);
        lineOpen = true;
      } else permanent(`${name}: page ${event.page} (${plural(event.records, 'record')}) · ${status()}`);
    }
  }) as ProgressSink;
  sink.done = () => {
    if (lineOpen) write('\n');
    lineOpen = false;
  };
  return sink;
}
