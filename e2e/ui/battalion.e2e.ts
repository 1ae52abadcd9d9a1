/**
 * The battalion rules in real Chromium, hot-seat: the initiative's choice from the phase bar
 * (BT Turn Sequence 2), a battalion dragged forward in its formation (BT Movement Phase), a
 * battery's shot from the inspector (BT Summery of Shooting Phase 1-7), and the hits assigned by
 * the other player, stand by stand, from the inspector (BT Shooting 8-10). Engine state is read
 * through the test hook; screenshots at 1280×720 and 760 px wide. The rules hide nothing, so the
 * hot-seat screen follows the side to act without a hand-over cover (src/ui/handover.ts).
 */
import { describe, expect, inject, it } from 'vitest';
import { useChromium } from '../support/chromium';
import { PlayPage } from '../pages/PlayPage';

const chromium = useChromium();
const url = inject('baseUrl');

const other = (side: string) => (side === 'blue' ? 'red' : 'blue');
const inf = (side: string) => (side === 'blue' ? 'b-inf' : 'r-inf');
const guns = (side: string) => (side === 'blue' ? 'b-gun' : 'r-gun');

/** Take the screen when it is handed over; return who acts. */
async function takeTurn(p: PlayPage): Promise<string> {
  await expect.poll(async () => (await p.probe())!.position.actors.length).toBeGreaterThan(0);
  if ((await p.handoverTitle()) !== null) await p.takeOver();
  const s = (await p.probe())!;
  return s.position.actors.find((a) => !s.position.done.includes(a))!;
}

describe('BT: a hot-seat battle of the battalion rules', () => {
  for (const viewport of [{ width: 1280, height: 720 }, { width: 760, height: 900 }]) {
    it(`initiative, a drag to move, a shot, and the opponent's choice of stands (${viewport.width} px)`, async () => {
      const p = await PlayPage.open(chromium.browser, url, '', viewport);
      await p.loadScenarioFile('bt-volley.json');
      await expect.poll(() => p.byTest('ruleset-select').inputValue()).toBe('battalion');
      await p.start('hotseat', 7);

      // BT Turn Sequence 2: the side with the initiative chooses from the phase bar.
      const first = await takeTurn(p);
      expect((await p.probe())!.position.step).toBe('chooseFirst');
      await p.page.locator('[data-testid=pb-choice]', { hasText: 'Go first' }).click();
      await expect.poll(async () => (await p.probe())!.position.step).toBe('moveFirst');
      expect(await takeTurn(p)).toBe(first);

      // BT Movement Phase 2: the first side's battalion dragged 2" straight ahead (Inf/Gren in line: 4").
      const before = (await p.unit(inf(first))).stands[0]!.centre;
      const facing = (await p.unit(inf(first))).stands[0]!.facing;
      const preview = await p.dragUnitBy(inf(first), Math.cos(facing) * 50.8, Math.sin(facing) * 50.8);
      expect(preview?.legal).toBe(true);
      expect(preview?.readout.map((r) => r.label)).toEqual(expect.arrayContaining(['Used', 'Left', 'Move']));
      await expect.poll(async () => Math.hypot((await p.unit(inf(first))).stands[0]!.centre.x - before.x, (await p.unit(inf(first))).stands[0]!.centre.y - before.y)).toBeCloseTo(50.8, 0);
      if (viewport.width === 1280) await p.page.screenshot({ path: 'e2e/screenshots/battalion-moved.png' });
      await p.endStep(first);
      expect(await takeTurn(p)).toBe(other(first));
      await p.endStep(other(first));

      // BT Shooting 1-7: the first side's battery fires grape from the inspector.
      await expect.poll(async () => (await p.probe())!.position.step).toBe('shootFirst');
      expect(await takeTurn(p)).toBe(first);
      await p.clickUnit(guns(first));
      const shoot = p.byTest('inspector-action').filter({ hasText: `Shoot at ${first === 'blue' ? 'Red' : 'Blue'} Foot` });
      await shoot.first().click();
      // Grape ROF 6 at 4+ (+1 not moved): the hits wait for the other player (BT Shooting 8).
      await expect.poll(async () => (await p.probe())!.position.actors).toEqual([other(first)]);
      // The battalion rules hide nothing, so hot-seat passes the screen without a cover: the viewer is the side to act.
      expect(await takeTurn(p)).toBe(other(first));
      await expect.poll(async () => (await p.probe())!.viewer).toBe(other(first));
      await p.clickUnit(inf(other(first)));
      const hitButtons = p.byTest('inspector-action').filter({ hasText: 'Hit on stand' });
      await expect.poll(() => hitButtons.count()).toBeGreaterThan(0);
      const stands = (await p.unit(inf(other(first)))).stands.length;
      await p.page.screenshot({ path: `e2e/screenshots/battalion-assign-hits-${viewport.width}.png` });
      // Assign every hit, one stand at a time, choosing the last button each time (a real choice: not the default order).
      for (let i = 0; i < 12 && (await p.probe())!.position.actors.includes(other(first)); i++) {
        const n = await hitButtons.count();
        if (n === 0) break;
        const cc = (await p.probe())!.commandCount;
        await hitButtons.nth(n - 1).click();
        await expect.poll(async () => (await p.probe())!.commandCount).toBeGreaterThan(cc);
      }
      await expect.poll(async () => (await p.probe())!.position.actors).toEqual([first]);
      const log = await p.logText();
      expect(log).toMatch(/ROF 6 = grape ROF 6/);
      expect(log).toMatch(/save for stand/);
      expect((await p.unit(inf(other(first)))).stands.length).toBeLessThanOrEqual(stands);
      expect(p.errors).toEqual([]);
      await p.page.close();
    }, 120_000);
  }
});
