/**
 * A question on the terminal whose answer is not echoed (the provider's API token): the terminal is
 * put in raw mode, so the typed characters reach only this process, and restored before returning.
 */

/** The terminal side of standard input: a TTY read stream, or a stand-in in tests. */
export interface RawInput {
  setRawMode(raw: boolean): unknown;
  setEncoding(encoding: BufferEncoding): unknown;
  resume(): unknown;
  pause(): unknown;
  on(event: 'data', listener: (chunk: string) => void): unknown;
  off(event: 'data', listener: (chunk: string) => void): unknown;
}

const ENTER = /[\r\n]/;
const CTRL_C = '\u0003';
const ERASE = new Set(['\u007f', '\b']);

/**
 * Writes `question`, reads one line without echo. Ctrl-C, which raw mode turns into a character,
 * is handed back to `interrupt` once the terminal is restored, so it ends the command as usual.
 */
export function promptHidden(
  question: string,
  input: RawInput,
  write: (text: string) => void,
  interrupt: () => void,
): Promise<string> {
  write(question);
  input.setEncoding('utf8');
  input.setRawMode(true);
  input.resume();
  return new Promise((resolve) => {
    let answer = '';
    const finish = () => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      write('\n');
    };
    const onData = (chunk: string) => {
      for (const character of chunk) {
        if (character === CTRL_C) {
          finish();
          interrupt();
          return;
        }
        if (ENTER.test(character)) {
          finish();
          resolve(answer);
          return;
        }
        answer = ERASE.has(character) ? answer.slice(0, -1) : answer + character;
      }
    };
    input.on('data', onData);
  });
}
