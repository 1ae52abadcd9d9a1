/**
 * Death or Glory! in real Chromium, hot-seat: a brigade's general order is written in the secret
 * orders step (DoG Orders) from the phase bar, and the other player's screen shows neither the
 * order nor that one was written — no order marker on the writer's units, no order line in the
 * inspector, nothing in the log — while the writer's own screen shows it. Screenshots at 1280×720
 * and 760 px wide.
 */
import { describe, expect, inject, it } from 'vitest';
import { useChromium } from '../support/chromium';
import { PlayPage } from '../pages/PlayPage';

const chromium = useChromium();
const url = inject('baseUrl');

const orderChips = (p: PlayPage, side: 'prussians' | 'french') =>
  p.page.evaluate((prefix) => window.__VEDETTE__.markers().filter((c) => c.pieceId.startsWith(prefix) && c.kind === 'order').map((c) => c.text), side === 'prussians' ? 'pr-' : 'fr-');

describe('DoG Orders in hot-seat: written orders are hidden from the other player', () => {
  for (const viewport of [{ width: 1280, height: 720 }, { width: 760, height: 900 }]) {
    it(`the Prussians write "hold"; the French screen never shows it (${viewport.width} px)`, async () => {
      const p = await PlayPage.open(chromium.browser, url, '', viewport);
      await p.chooseScenario('The Heights of Rödern (fictional)');
      await expect.poll(() => p.byTest('ruleset-select').inputValue()).toBe('death-or-glory');
      await p.start('hotseat', 11);
      if ((await p.handoverTitle()) !== null) await p.takeOver();
      await expect.poll(async () => (await p.probe())!.position.step).toBe('orders');
      let viewer = (await p.probe())!.viewer;
      if (viewer !== 'prussians') {
        await p.endStep(viewer);
        if ((await p.handoverTitle()) !== null) await p.takeOver();
        viewer = (await p.probe())!.viewer;
      }
      expect(viewer).toBe('prussians');

      // The Prussian player writes the 1st Brigade's general order: hold.
      const list = p.byTest('pb-choice-list');
      await list.selectOption({ label: '1st Brigade (Kessel): order to hold' });
      const cc = (await p.probe())!.commandCount;
      await p.byTest('pb-choice-go').click();
      await expect.poll(async () => (await p.probe())!.commandCount).toBeGreaterThan(cc);
      await expect.poll(() => orderChips(p, 'prussians')).toContain('hol');
      if (viewport.width === 1280) await p.page.screenshot({ path: 'e2e/screenshots/dog-orders-prussian-view.png' });
      await p.endStep('prussians');

      // The French player's screen.
      await expect.poll(async () => (await p.handoverTitle()) !== null || (await p.probe())!.viewer === 'french').toBe(true);
      if ((await p.handoverTitle()) !== null) await p.takeOver();
      await expect.poll(async () => (await p.probe())!.viewer).toBe('french');
      expect(await orderChips(p, 'prussians')).toEqual([]);
      expect((await orderChips(p, 'french')).length).toBeGreaterThan(0);
      await p.clickUnit('pr-1-1');
      await expect.poll(() => p.byTest('inspector-lines').innerText()).toContain('Strength');
      expect(await p.byTest('inspector-lines').innerText()).not.toMatch(/Brigade order/);
      const log = await p.logText();
      expect(log).not.toMatch(/hold|Kessel/i);
      await p.page.screenshot({ path: `e2e/screenshots/dog-orders-french-view-${viewport.width}.png` });
      expect(p.errors).toEqual([]);
      await p.page.close();
    });
  }
});
