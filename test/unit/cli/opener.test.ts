import { describe, expect, it } from 'vitest';
import { openerCommand } from '../../../cli/opener';

describe("the system's opener", () => {
  it.each([
    ['darwin', ['open', ['/r/report.html']]],
    ['linux', ['xdg-open', ['/r/report.html']]],
    ['freebsd', ['xdg-open', ['/r/report.html']]],
    ['win32', ['cmd', ['/c', 'start', '""', '/r/report.html']]],
  ] as const)('on %s is %j', (platform, command) => {
    expect(openerCommand(platform, '/r/report.html')).toEqual(command);
  });
});
