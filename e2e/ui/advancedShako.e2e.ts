/**
 * Advanced Shako in real Chromium, hot-seat, on the built-in fictional battle: the start dialog's
 * list of house-value tables; a battery fired from the inspector in the artillery phase; divisions
 * moving in initiative order (AS 8.0) with a unit dragged forward; the written orders of the Command
 * phase (an ADC, 7.8) hidden from the other player behind the hand-over screen. Engine state through
 * the test hook; screenshots at 1280×720 and 760 px wide.
 */
import { describe, expect, inject, it } from 'vitest';
import { useChromium } from '../support/chromium';
import { PlayPage } from '../pages/PlayPage';

const chromium = useChromium();
const url = inject('baseUrl');

/** Take the screen when it is handed over; return who acts. */
async function takeTurn(p: PlayPage): Promise<string> {
  await expect.poll(async () => (await p.probe())!.position.actors.length).toBeGreaterThan(0);
  if ((await p.handoverTitle()) !== null) await p.takeOver();
  const s = (await p.probe())!;
  return s.position.actors.find((a) => !s.position.done.includes(a))!;
}

const mover = (side: string) => (side === 'british' ? 'br-1-88' : 'fr-2-69');
const battery = (side: string) => (side === 'british' ? 'br-rha' : 'fr-art');

describe('AS: a hot-seat battle of Advanced Shako', () => {
  for (const viewport of [{ width: 1280, height: 720 }, { width: 760, height: 900 }]) {
    it(`house values in the start dialog, a battery's fire, a division's move, sealed orders (${viewport.width} px)`, async () => {
      const p = await PlayPage.open(chromium.browser, url, '', viewport);
      await p.chooseScenario('Valdemora Ridge (fictional)');
      await expect.poll(() => p.byTest('ruleset-select').inputValue()).toBe('advanced-shako');
      const house = p.byTest('house-values');
      await expect.poll(() => house.innerText()).toMatch(/House values/i);
      expect(await house.innerText()).toMatch(/Fire ranges and results — house value/i);
      expect(await house.innerText()).toMatch(/MR and DisMR by quality — house value/i);
      expect(await house.innerText()).toMatch(/Defend orders: activation — house value/i);
      await p.page.screenshot({ path: `e2e/screenshots/advanced-shako-start-${viewport.width}.png` });
      await p.start('hotseat', 7);

      // The artillery phase: the side asked first fires its battery from the inspector.
      await expect.poll(async () => (await p.probe())!.position.step).toBe('bombard');
      const gunner = await takeTurn(p);
      await p.clickUnit(battery(gunner));
      const fire = p.byTest('inspector-action').filter({ hasText: 'Fire at' });
      await expect.poll(() => fire.count()).toBeGreaterThan(0);
      const cc = (await p.probe())!.commandCount;
      await fire.first().click();
      await expect.poll(async () => (await p.probe())!.commandCount).toBeGreaterThan(cc);
      expect(await p.logText()).toMatch(/Roundshot|Canister/);
      for (let i = 0; i < 4 && (await p.probe())!.position.step === 'bombard'; i++) await p.endStep(await takeTurn(p));

      // AS 8.0: the divisions move one at a time in initiative order; the first drags a unit 2" — straight on
      // for the attacking French; the British, on Defend orders with no enemy near (the house table), may
      // not advance, so they side-step 2" along their front (AS 8.2).
      await expect.poll(async () => (await p.probe())!.position.step).toBe('division1');
      const first = await takeTurn(p);
      const id = mover(first);
      const before = (await p.unit(id)).stands[0]!.centre;
      const facing = (await p.unit(id)).stands[0]!.facing;
      const ahead = first === 'french';
      if (!ahead) {
        const refused = await p.dragUnitBy(id, Math.cos(facing) * 50.8, Math.sin(facing) * 50.8);
        expect(refused?.legal).toBe(false);
        expect(refused?.reason).toMatch(/Defend orders/);
      }
      const preview = ahead ? await p.dragUnitBy(id, Math.cos(facing) * 50.8, Math.sin(facing) * 50.8) : await p.dragUnitBy(id, -Math.sin(facing) * 50.8, Math.cos(facing) * 50.8);
      expect(preview?.legal).toBe(true);
      expect(preview?.readout.map((r) => r.label)).toEqual(expect.arrayContaining(['Used', 'Left', 'Move']));
      await expect.poll(async () => { const c = (await p.unit(id)).stands[0]!.centre; return Math.hypot(c.x - before.x, c.y - before.y); }).toBeCloseTo(50.8, 0);
      if (viewport.width === 1280) await p.page.screenshot({ path: 'e2e/screenshots/advanced-shako-moved.png' });

      // On to the Command phase's orders, ending each step for whoever is asked.
      for (let i = 0; i < 20 && (await p.probe())!.position.step !== 'orders'; i++) await p.endStep(await takeTurn(p));
      await expect.poll(async () => (await p.probe())!.position.step).toBe('orders');
      await takeTurn(p);
      // Both write at once: the one holding the screen writes first.
      const writer = (await p.probe())!.viewer as string;
      const send = p.page.locator('[data-testid=pb-choice]', { hasText: 'send Attack orders' });
      await expect.poll(() => send.count()).toBeGreaterThan(0);
      const c2 = (await p.probe())!.commandCount;
      await send.first().click();
      await expect.poll(async () => (await p.probe())!.commandCount).toBeGreaterThan(c2);
      await p.endStep(writer);
      // The other player takes the screen: the written orders are not in their log.
      await takeTurn(p);
      const reader = (await p.probe())!.viewer as string;
      expect(reader).not.toBe(writer);
      await expect.poll(async () => (await p.probe())!.viewer).toBe(reader);
      expect(await p.logText()).not.toMatch(/rides with attack orders/);
      await p.endStep(reader);
      await expect.poll(async () => (await p.probe())!.position.turn).toBe(2);
      expect(p.errors).toEqual([]);
      await p.page.close();
    }, 180_000);
  }
});
