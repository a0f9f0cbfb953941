import { describe, expect, it } from 'vitest';
import { cellNameOf, storedCellName } from '../../../lambdas/core/book/stored-cell-names';

describe('stored cell names', () => {
  it('store every date of a name in four characters and read back as they were', () => {
    const name = 'x2025-02-28/d:2024-11-20|CIELO|341/3135/993545';
    const stored = storedCellName(name);
    expect(stored).toMatch(/^x~[0-9a-z]{3}\/d:~[0-9a-z]{3}\|CIELO\|341\/3135\/993545$/);
    expect(stored.length).toBe(name.length - 2 * 6);
    expect(cellNameOf(stored)).toBe(name);
  });

  it('keep what is not a calendar date in range, and a literal mark, as it was', () => {
    for (const name of [
      'un:',
      'un:2025-02-30',
      'wf:1969-12-31',
      'wf:2098-01-01',
      'd:2025-01-02|AC~ME|~1|',
      'd:2025-01-02|~~x~0ab|',
      'o:1970-01-01',
    ]) {
      expect(cellNameOf(storedCellName(name)), name).toBe(name);
    }
  });

  it('read a name without a date as itself', () => {
    expect(storedCellName('zz:sentinel')).toBe('zz:sentinel');
    expect(cellNameOf('zz:sentinel')).toBe('zz:sentinel');
  });
});
