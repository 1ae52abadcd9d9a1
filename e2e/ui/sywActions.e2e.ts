/**
 * Seven Years War commands that have no drag of their own, used through the inspector in real
 * Chromium: the CinC keeps one of the three counters he drew ((3) Generals p.5), hot-seat, with the
 * draws kept from the other side.
 */
import { describe, expect, inject, it } from 'vitest';
import { useChromium } from '../support/chromium';
import { PlayPage } from '../pages/PlayPage';

const chromium = useChromium();
const url = inject('baseUrl');

interface GeneralJson { id: string; name: string; stand: { centre: { x: number; y: number } } }

/** Click a general's figure on the canvas, through the hook's camera. */
async function clickGeneral(p: PlayPage, id: string): Promise<GeneralJson> {
  const b = (await p.page.evaluate(() => window.__VEDETTE__.battle())) as { generals: GeneralJson[] };
  const g = b.generals.find((x) => x.id === id);
  if (!g) throw new Error(`no general ${id} in view`);
  const at = await p.toPage(g.stand.centre.x, g.stand.centre.y);
  await p.page.mouse.click(at.x, at.y);
  await p.byTest('selected-name').filter({ hasText: g.name }).waitFor();
  return g;
}

const inspectorValue = async (p: PlayPage, label: string): Promise<string[]> =>
  p.page.evaluate((l) => [...document.querySelectorAll('[data-testid=inspector-lines] dt')].filter((dt) => dt.textContent === l).map((dt) => dt.nextElementSibling?.textContent ?? ''), label);

describe('SYW (3) Generals p.5: the CinC keeps one of his three counters from the inspector', () => {
  it('shows the three draws as text to their side only, and keeps the one clicked', async () => {
    const p = await PlayPage.open(chromium.browser, url);
    await p.chooseScenario('Krzeczhorz');
    await p.start('hotseat', 42);
    // Both CinCs choose in the first step; the screen goes to the first side to act.
    expect((await p.probe())!.handover).toBe('prussia');
    await p.takeOver();
    let s = (await p.probe())!;
    expect([s.viewer, s.position.step]).toEqual(['prussia', 'chooseCounter']);

    // Daun has not chosen yet: Prussia sees neither his draws nor the counter he holds meanwhile.
    await clickGeneral(p, 'au-cinc');
    expect(await inspectorValue(p, 'Counter')).toEqual(['not chosen yet (3 drawn, 1 to keep)']);
    expect(await inspectorValue(p, 'Drawn counter 1')).toEqual([]);
    expect(await p.byTest('inspector-action').filter({ hasText: 'Keep:' }).count()).toBe(0);

    const frederick = await clickGeneral(p, 'pr-cinc');
    const drawn = [1, 2, 3].map((i) => `Drawn counter ${i}`);
    const draws = await Promise.all(drawn.map(async (l) => (await inspectorValue(p, l))[0] ?? ''));
    for (const d of draws) expect(d).toMatch(/^(cavalry|average|infantry) general, (brave|cautious|steady), (competent|normal|incompetent)$/);
    const keep = p.byTest('inspector-action').filter({ hasText: 'Keep:' });
    expect(await keep.count()).toBe(3);
    // Labels are text: the counter in words, no markup.
    const label = (await keep.nth(1).textContent())!;
    expect(label).toBe(`Keep: ${draws[1]}`);
    expect(await keep.nth(1).evaluate((b) => b.children.length)).toBe(0);
    // The set-up dice that drew them are in Prussia's log.
    expect(await p.logText()).toContain(`Draw a general's counter for ${frederick.name}`);

    const before = s.commandCount;
    await keep.nth(1).click();
    await p.page.waitForFunction((n) => (window.__VEDETTE__.play()?.commandCount ?? 0) > n, before);

    // Austria's turn to choose: the screen is handed over; nothing of Frederick's draws reaches it.
    s = (await p.probe())!;
    if (s.handover) await p.takeOver();
    s = (await p.probe())!;
    expect(s.viewer).toBe('austria');
    expect(await p.logText()).not.toContain(`Draw a general's counter for ${frederick.name}`);
    await clickGeneral(p, 'pr-cinc');
    // The kept counter is public ("indicated on a counter next to the Generals figure", p.6).
    expect(await inspectorValue(p, 'Counter')).toEqual([draws[1]]);
    expect(await inspectorValue(p, 'Drawn counter 1')).toEqual([]);
    expect(await p.byTest('inspector-action').filter({ hasText: 'Keep:' }).count()).toBe(0);
    // Austria's own CinC offers Austria's draws.
    await clickGeneral(p, 'au-cinc');
    expect(await p.byTest('inspector-action').filter({ hasText: 'Keep:' }).count()).toBe(3);
    await p.page.screenshot({ path: 'e2e/screenshots/syw-keep-counter.png' });
    expect(p.errors).toEqual([]);
    await p.page.close();
  });
});
