/**
 * A real Chromium and ana's inbox (an operator) over a seeded data directory, opened before a test
 * file's tests and closed after them: what the inbox's match tests share.
 */
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { Breaks } from '../../lambdas/core/breaks/service';
import { openBreaks, type Served, serve } from './inbox-world';

const CHROMIUM = process.env.RECON_CHROMIUM ?? '/usr/bin/chromium';

export interface InboxInChromium {
  readonly browser: Browser;
  readonly breaks: Breaks;
  readonly ana: Served;
}

export function inboxInChromium(seed: () => Promise<string>): InboxInChromium {
  const opened = {} as { browser: Browser; breaks: Breaks; ana: Served; close?: () => Promise<void> };
  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) {
      throw new Error(`no Chromium at ${CHROMIUM}: apt-get install chromium (or set RECON_CHROMIUM)`);
    }
    const world = await openBreaks(await seed());
    opened.breaks = world.breaks;
    opened.close = world.close;
    opened.ana = await serve(world, { name: 'ana', canDecide: true });
    opened.browser = await chromium.launch({ executablePath: CHROMIUM });
  });
  afterAll(async () => {
    await opened.browser?.close();
    await opened.ana?.close();
    await opened.close?.();
  });
  return opened;
}
