/** `recon simulator --statements-dir`: the simulated bank's OFX statements written out, as the simulator makes them. */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CliIo } from '../../../cli/io';
import { buildProgram } from '../../../cli/program';
import { simulatorStatements } from '../../../local/simulator/bank/statements';
import { generateUniverse } from '../../../local/simulator/universe/dataset';

describe('recon simulator --statements-dir', () => {
  it('writes every statement file of the default dataset period, byte for byte', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'recon-statements-')), 'out');
    let stderr = '';
    const io: CliIo = {
      stdout: () => {},
      stderr: (text) => {
        stderr += text;
      },
      env: {},
      stderrIsTTY: false,
    };
    const program = buildProgram(io, { untilStopped: async () => {} });
    const argv = ['simulator', '--seed', '9', '--statements-dir', dir, '--as-of', '2025-04-05'];
    await program.parseAsync(argv, { from: 'user' });
    const period = { from: '2025-01-01', to: '2025-03-31' };
    const universe = generateUniverse({ seed: 9, sales: 400, ...period });
    const { files } = simulatorStatements({ seed: 9, universe }, { ...period, asOf: '2025-04-05' });
    expect(readdirSync(dir).sort()).toEqual(files.map((f) => f.name).sort());
    for (const file of files)
      expect(readFileSync(join(dir, file.name)).equals(Buffer.from(file.bytes))).toBe(true);
    expect(stderr).toContain(`${files.length} bank statements up to 2025-04-05`);
  });
});
