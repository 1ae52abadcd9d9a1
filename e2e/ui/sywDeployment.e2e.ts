/**
 * Seven Years War deployment in real Chromium, hot-seat, with the optional hidden deployment
 * (9 Deployment p.19): the defender places all but one brigade (a unit dragged inside his zone and
 * marked hidden on the map behind the ridge, a general dragged with his troops), the attacker places
 * his army seeing none of it that is hidden, then the defender places his last brigade.
 */
import { describe, expect, inject, it } from 'vitest';
import { useChromium } from '../support/chromium';
import { PlayPage } from '../pages/PlayPage';

const chromium = useChromium();
const url = inject('baseUrl');

interface Pt { x: number; y: number }
interface BattleJson { units: { id: string; stands: { centre: Pt }[] }[]; generals: { id: string; stand: { centre: Pt } }[] }

const battle = async (p: PlayPage): Promise<BattleJson> => (await p.page.evaluate(() => window.__VEDETTE__.battle())) as BattleJson;
const centreOf = (b: BattleJson, id: string): Pt | null => {
  const u = b.units.find((x) => x.id === id);
  if (!u) return null;
  return { x: u.stands.reduce((a, s) => a + s.centre.x, 0) / u.stands.length, y: u.stands.reduce((a, s) => a + s.centre.y, 0) / u.stands.length };
};

/** Wait until the engine has taken one more command than `before`. */
async function accepted(p: PlayPage, before: number): Promise<void> {
  await p.page.waitForFunction('(window.__VEDETTE__.play()?.commandCount ?? 0) > ' + String(before));
}

/** End the step for the side on screen, then take the screen over if it is handed to the other side. */
async function endAndHandOver(p: PlayPage): Promise<void> {
  await p.endStep((await p.probe())!.viewer);
  if ((await p.probe())!.handover) await p.takeOver();
}

/** Drag a general's figure by (dx, dy) table millimetres with the mouse. */
async function dragGeneralBy(p: PlayPage, id: string, dxMm: number, dyMm: number): Promise<void> {
  const g = (await battle(p)).generals.find((x) => x.id === id)!;
  const from = await p.toPage(g.stand.centre.x, g.stand.centre.y);
  const to = await p.toPage(g.stand.centre.x + dxMm, g.stand.centre.y + dyMm);
  await p.page.mouse.move(from.x, from.y);
  await p.page.mouse.down();
  await p.page.mouse.move(to.x, to.y, { steps: 10 });
  await p.page.mouse.up();
}

describe('SYW 9 Deployment p.19 through the table: defender, attacker, the defender\'s last brigade', () => {
  it('places units and a general by dragging, keeps the hidden unit off the attacker\'s screen, and runs the steps in order', async () => {
    const p = await PlayPage.open(chromium.browser, url);
    await p.chooseScenario('Krzeczhorz');
    await p.dialog().locator('input[data-option=hiddenDeployment]').check();
    await p.start('hotseat', 42);
    // (3) p.5: both CinCs keep a counter first (each ends the step with the best held).
    await p.takeOver();
    for (let i = 0; i < 4 && (await p.probe())!.position.step === 'chooseCounter'; i++) await endAndHandOver(p);

    // The defender (Austria, without the initiative) places all but one brigade.
    let s = (await p.probe())!;
    expect([s.position.phase, s.position.step, s.viewer]).toEqual(['deployment', 'deployDefender', 'austria']);
    const start = centreOf(await battle(p), 'au-inf-1')!;
    let before = s.commandCount;
    const preview = await p.dragUnitBy('au-inf-1', 900 - start.x, 1030 - start.y);
    expect(preview?.legal).toBe(true);
    await accepted(p, before);
    const placed = centreOf(await battle(p), 'au-inf-1')!;
    expect(placed.x).toBeCloseTo(900, -1);
    expect(placed.y).toBeCloseTo(1030, -1);
    // Behind the ridge no point of the Prussian edge sees it: it is marked hidden on the map.
    await p.clickUnit('au-inf-1');
    before = (await p.probe())!.commandCount;
    await p.byTest('inspector-action').filter({ hasText: 'Mark hidden on the map here' }).click();
    await accepted(p, before);
    // His infantry brigadier goes with it (deployGeneral by a drag).
    before = (await p.probe())!.commandCount;
    await dragGeneralBy(p, 'au-gen-inf', 0, 120);
    await accepted(p, before);
    const brigadier = (await battle(p)).generals.find((g) => g.id === 'au-gen-inf')!.stand.centre;
    expect(brigadier.y).toBeCloseTo(1070, -1);
    await endAndHandOver(p);

    // The attacker's screen: the hidden battalion is not on it; the brigadier (placed, not hidden) is, where he was put.
    s = (await p.probe())!;
    expect([s.position.step, s.viewer]).toEqual(['deployAttacker', 'prussia']);
    let seen = await battle(p);
    expect(seen.units.map((u) => u.id)).not.toContain('au-inf-1');
    expect(seen.generals.find((g) => g.id === 'au-gen-inf')!.stand.centre.y).toBeCloseTo(brigadier.y, 3);
    // Nor the brigade held back (the cuirassiers) or its general.
    expect(seen.units.map((u) => u.id)).not.toContain('au-kuir');
    expect(seen.generals.map((g) => g.id)).not.toContain('au-gen-cav');
    // Nor is it named in his log (the defender's step is secret).
    expect(await p.logText()).not.toContain('IR Kaiser');

    // The attacker deploys a battalion 10cm further back, inside his zone.
    before = s.commandCount;
    expect((await p.dragUnitBy('pr-inf-1', 0, -100))?.legal).toBe(true);
    await accepted(p, before);
    const pr = centreOf(await battle(p), 'pr-inf-1')!;
    await endAndHandOver(p);

    // The defender's last brigade follows: he sees the attacker's army where it was placed.
    s = (await p.probe())!;
    expect([s.position.step, s.viewer]).toEqual(['deployLastBrigade', 'austria']);
    seen = await battle(p);
    expect(centreOf(seen, 'pr-inf-1')!.y).toBeCloseTo(pr.y, 3);
    before = s.commandCount;
    expect((await p.dragUnitBy('au-kuir', 200, 120))?.legal).toBe(true);
    await accepted(p, before);
    await p.page.screenshot({ path: 'e2e/screenshots/syw-deployment.png' });
    await endAndHandOver(p);

    // Deployment done: the first turn begins with the attacker; the hidden battalion is still off his screen.
    s = (await p.probe())!;
    expect([s.position.phase, s.position.step, s.position.phasing, s.viewer]).toEqual(['player', 'commandChanges', 'prussia', 'prussia']);
    expect((await battle(p)).units.map((u) => u.id)).not.toContain('au-inf-1');
    expect(p.errors).toEqual([]);
    await p.page.close();
  });
});
