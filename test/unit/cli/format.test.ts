import { describe, expect, it } from 'vitest';
import { formatRows } from '../../../cli/format';

const rows = [
  { name: 'a,"b"', cents: 5 },
  { name: 'c', cents: null },
];

describe('formatRows', () => {
  it('writes one JSON object per line', () => {
    expect(formatRows('jsonl', ['name', 'cents'], rows)).toBe(
      '{"name":"a,\\"b\\"","cents":5}\n{"name":"c","cents":null}\n',
    );
  });

  it('quotes CSV cells that need it', () => {
    expect(formatRows('csv', ['name', 'cents'], rows)).toBe('name,cents\n"a,""b""",5\nc,\n');
  });

  it('aligns table columns, numbers to the right', () => {
    expect(formatRows('table', ['name', 'cents'], rows)).toBe('name   cents\na,"b"      5\nc\n');
  });
});
