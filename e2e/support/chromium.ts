/**
 * One real Chromium per e2e file: launched before the file's tests, closed after them. The
 * screenshots folder is made here too, so a test can write into it straight away.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../src/cli/chromium';

export interface Chromium {
  /** The browser of this file; read it inside a test, once `beforeAll` has run. */
  readonly browser: Browser;
}

export function useChromium(): Chromium {
  let browser: Browser | undefined;
  mkdirSync('e2e/screenshots', { recursive: true });
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    get browser(): Browser {
      if (!browser) throw new Error('Chromium is not running: read `browser` inside a test.');
      return browser;
    },
  };
}
