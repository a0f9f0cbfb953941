import { describe, expect, it } from 'vitest';
import { buildProgressSink } from '../../../local/runner/progress';

function harness(isTTY: boolean) {
  let out = '';
  let clock = 0;
  const sink = buildProgressSink({
    write: (text) => {
      out += text;
    },
    isTTY,
    now: () => clock,
  });
  return {
    sink,
    output: () => out,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

describe('progress on stderr', () => {
  it('writes plain lines when not on a terminal: report states once each, pages with totals and rate', () => {
    const { sink, output, advance } = harness(false);
    sink({ type: 'report', reportId: '1', state: 'AGUARDANDO', pages: null });
    sink({ type: 'report', reportId: '1', state: 'AGUARDANDO', pages: null });
    sink({ type: 'report', reportId: '1', state: 'CONCLUIDO', pages: 4 });
    sink({ type: 'page', reportId: '1', page: 1, records: 100 });
    advance(2_000);
    sink({ type: 'page', reportId: '1', page: 2, records: 100 });
    sink.done();
    expect(output()).toBe(
      'report 1: AGUARDANDO\n' +
        'report 1: CONCLUIDO\n' +
        'page 1 of report 1 (100 records) · [######..................] 1/4 pages · 100 records · 0 records/s\n' +
        'page 2 of report 1 (100 records) · [############............] 2/4 pages · 200 records · 100 records/s\n',
    );
    expect(output()).not.toContain('\r');
  });

  it('redraws one line in place on a terminal and ends it before permanent lines', () => {
    const { sink, output } = harness(true);
    sink({ type: 'page', reportId: '9', page: 1, records: 5 });
    sink({ type: 'stage', message: 'done downloading' });
    sink({ type: 'page', reportId: '9', page: 2, records: 5 });
    sink.done();
    expect(output()).toBe(
      '\r\x1b[K1 pages · 5 records · 0 records/s' +
        '\r\x1b[Kdone downloading\n' +
        '\r\x1b[K2 pages · 10 records · 0 records/s\n',
    );
  });
});
