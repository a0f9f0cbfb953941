/**
 * Progress of a local run on stderr: each report's state, a bar of pages downloaded, records per
 * second. On a terminal the bar redraws in place; elsewhere (pipes, CI logs) each event is one plain
 * line, so logs stay readable.
 */
export type ProgressEvent =
  | { readonly type: 'stage'; readonly message: string }
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

function bar(done: number, total: number): string {
  const filled = Math.min(BAR_WIDTH, Math.round((done / Math.max(total, 1)) * BAR_WIDTH));
  return `[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}]`;
}

export function buildProgressSink(deps: {
  write: (text: string) => void;
  isTTY: boolean;
  now: () => number;
}): ProgressSink {
  const { write, isTTY, now } = deps;
  const totals = new Map<string, number>();
  const states = new Map<string, string>();
  let pages = 0;
  let records = 0;
  let firstPageAt: number | undefined;
  let lineOpen = false;

  const rate = () => {
    const seconds = firstPageAt === undefined ? 0 : (now() - firstPageAt) / 1000;
    return seconds > 0 ? Math.round(records / seconds) : 0;
  };
  const status = () => {
    const known = [...totals.values()].reduce((a, b) => a + b, 0);
    const shape = known > 0 ? `${bar(pages, known)} ${pages}/${known} pages` : `${pages} pages`;
    return `${shape} · ${records} records · ${rate()} records/s`;
  };
  const permanent = (text: string) => {
    write(`${lineOpen ? '\r\x1b[K' : ''}${text}\n`);
    lineOpen = false;
  };

  const sink = ((event: ProgressEvent) => {
    if (event.type === 'stage') permanent(event.message);
    else if (event.type === 'report') {
      if (event.pages !== null) totals.set(event.reportId, event.pages);
      if (states.get(event.reportId) === event.state) return;
      states.set(event.reportId, event.state);
      permanent(`report ${event.reportId}: ${event.state}`);
    } else {
      firstPageAt ??= now();
      pages += 1;
      records += event.records;
      if (isTTY) {
        write(`\r\x1b[K${status()}`);
        lineOpen = true;
      } else
        permanent(`page ${event.page} of report ${event.reportId} (${event.records} records) · ${status()}`);
    }
  }) as ProgressSink;
  sink.done = () => {
    if (lineOpen) write('\n');
    lineOpen = false;
  };
  return sink;
}
