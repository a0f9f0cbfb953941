import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { promptHidden, type RawInput } from '../../../cli/hidden-prompt';

/** A terminal's standard input: records its raw mode, lets the test type characters. */
class FakeTerminal extends EventEmitter implements RawInput {
  readonly modes: boolean[] = [];
  setRawMode(raw: boolean) {
    this.modes.push(raw);
  }
  setEncoding() {}
  resume() {}
  pause() {}
  type(text: string) {
    this.emit('data', text);
  }
}

describe('promptHidden', () => {
  it('reads one line in raw mode, echoing nothing of it, with backspace, and restores the terminal', async () => {
    const terminal = new FakeTerminal();
    const written: string[] = [];
    const answer = promptHidden(
      'token: ',
      terminal,
      (t) => written.push(t),
      () => {},
    );
    terminal.type('tok_');
    terminal.type('secrex\u007ft\r');
    expect(await answer).toBe('tok_secret');
    expect(written).toEqual(['token: ', '\n']);
    expect(terminal.modes).toEqual([true, false]);
    expect(terminal.listenerCount('data')).toBe(0);
  });

  it('hands Ctrl-C back as an interrupt once the terminal is restored', () => {
    const terminal = new FakeTerminal();
    const events: string[] = [];
    void promptHidden(
      'token: ',
      terminal,
      () => {},
      () => events.push(`interrupt, raw ${terminal.modes.at(-1)}`),
    );
    terminal.type('ab\u0003');
    expect(events).toEqual(['interrupt, raw false']);
  });
});
