import { describe, expect, it } from 'vitest';
import { buildProgressSink } from '../../../cli/runner/progress';

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
  it('writes plain lines when not on a terminal: report k of N, states once each, pages with totals and rate', () => {
    const { sink, output, advance } = harness(false);
    sink({ type: 'plan', reports: 2 });
    sink({ type: 'report', reportId: '71', state: 'AGUARDANDO', pages: null });
    sink({ type: 'report', reportId: '71', state: 'AGUARDANDO', pages: null });
    sink({ type: 'report', reportId: '71', state: 'CONCLUIDO', pages: 4 });
    sink({ type: 'page', reportId: '71', page: 1, records: 100 });
    advance(2_000);
    sink({ type: 'page', reportId: '71', page: 2, records: 1 });
    sink({ type: 'report', reportId: '72', state: 'CONCLUIDO', pages: 1 });
    sink.done();
    expect(output()).toBe(
      '2 reports to fetch\n' +
        'report 1 of 2 (71): AGUARDANDO\n' +
        'report 1 of 2 (71): CONCLUIDO\n' +
        'report 1 of 2: page 1 (100 records) · [######..................] 1/4 pages · 100 records\n' +
        'report 1 of 2: page 2 (1 record) · [############............] 2/4 pages · 101 records · 51 records/s\n' +
        'report 2 of 2 (72): CONCLUIDO\n',
    );
    expect(output()).not.toContain('\r');
  });

  it('redraws one line in place on a terminal and ends it before permanent lines', () => {
    const { sink, output } = harness(true);
    sink({ type: 'page', reportId: '9', page: 1, records: 1 });
    sink({ type: 'stage', message: 'done downloading' });
    sink({ type: 'page', reportId: '9', page: 2, records: 5 });
    sink.done();
    expect(output()).toBe(
      '\r\x1b[Kreport 1, page 1 · 1 page · 1 record' +
        '\r\x1b[Kdone downloading\n' +
        '\r\x1b[Kreport 1, page 2 · 2 pages · 6 records\n',
    );
  });
});
