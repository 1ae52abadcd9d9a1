/**
 * Load less (issue: play experience): a ruleset's code is fetched only when a battle needs it.
 * Resuming an autosaved Napoleonic Warfare battle fetches Napoleonic Warfare and not Seven Years
 * War; opening New battle (whose list names both) fetches the rest.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useChromium } from '../support/chromium';
import { PlayPage } from '../pages/PlayPage';

const chromium = useChromium();
const url = inject('baseUrl');

// Text that stands only in each ruleset's own chunk (its sequence of play), never in the app's.
const SYW_MARK = 'SYW (2) Sequence of play';
const NW_MARK = 'NW Sequence §3 Initiative Die Roll Phase';

/** Every JavaScript body the page fetches from now on. */
function scripts(page: Page): string[] {
  const bodies: string[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith('.js')) void r.text().then((t) => bodies.push(t), () => undefined);
  });
  return bodies;
}

describe('rulesets loaded on demand', () => {
  it('a resumed battle fetches its own ruleset only; New battle fetches the others', async () => {
    const p = await PlayPage.open(chromium.browser, url);
    await p.start('solo');
    await p.endStep('fr');
    const before = (await p.probe())!;
    const bodies = scripts(p.page);
    await p.reload();
    expect(await p.probe()).toEqual(before);
    await expect.poll(() => bodies.some((b) => b.includes(NW_MARK))).toBe(true);
    expect(bodies.some((b) => b.includes(SYW_MARK))).toBe(false);

    await p.byTest('new-battle').click();
    await p.dialog().locator('[data-testid=scenario-card]', { hasText: 'Krzeczhorz' }).waitFor();
    // A body is read asynchronously after its response: poll for it.
    await expect.poll(() => bodies.some((b) => b.includes(SYW_MARK))).toBe(true);
    expect(p.errors).toEqual([]);
    await p.page.close();
  });
});
