/**
 * A full turn of each registered ruleset, played in real Chromium with the mouse: orders and
 * actions from the inspector, moves by dragging units on the table (with the live read-out and
 * the refusal of an illegal move), steps ended from the phase bar, hand-overs in hot-seat,
 * and the engine's state read through the test hook at every step.
 */
import { describe, expect, inject, it } from 'vitest';
import { useChromium } from '../support/chromium';
import { PlayPage } from '../pages/PlayPage';

const chromium = useChromium();
const url = inject('baseUrl');

const IN = 25.4;
const moved = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(b.x - a.x, b.y - a.y);

/** Take over the screen if it is being handed over; return who is looking. */
async function look(p: PlayPage): Promise<string> {
  const pr = (await p.probe())!;
  if (pr.handover) await p.takeOver();
  return (await p.probe())!.viewer;
}

describe('a full turn of Napoleonic Warfare, hot-seat, with the mouse', () => {
  it('orders face down, strategic and tactical moves by dragging, the engine\'s steps, into turn 2', async () => {
    const p = await PlayPage.open(chromium.browser, url);
    await p.chooseScenario('The Mill at Aldern');
    await p.start('hotseat', 42);
    const steps: string[] = [];
    const record = async () => {
      const s = (await p.probe())!;
      const key = `${s.position.phase}/${s.position.step}`;
      if (steps.at(-1) !== key) steps.push(key);
      return s;
    };

    // Orders Phase: the French brigadier orders 1/45e Ligne to Advance (NW Orders/Advance), face down.
    expect(await look(p)).toBe('fr');
    expect((await record()).position.phase).toBe('orders');
    await p.clickUnit('fr-1-45');
    await p.byTest('inspector-action').filter({ hasText: 'Order: Advance' }).click();
    await p.page.waitForFunction(() => (window.__VEDETTE__.play()?.commandCount ?? 0) >= 1);
    await p.endStep('fr');
    expect(await look(p)).toBe('au');
    await p.endStep('au');

    // Strategic movement (NW §2, §21): unordered units outside Engagement Range are dragged to plan
    // their moves, in secret; both sides' plans are carried out together when the step ends.
    let s = await record();
    expect(s.position.phase).toBe('strategic');
    const planned = new Map<string, { x: number; y: number }>();
    for (let guard = 0; guard < 4 && (await record()).position.phase === 'strategic'; guard++) {
      const who = await look(p);
      const id = who === 'au' ? 'au-gz-1' : 'fr-7-leg';
      const before = (await p.unit(id)).stands[0]!.centre;
      const count = (await p.probe())!.commandCount;
      const dy = who === 'au' ? 3 * IN : -3 * IN;
      const preview = await p.dragUnitBy(id, 0, dy);
      expect(preview?.legal, preview?.reason).toBe(true);
      expect(preview!.readout.some((r) => r.label === 'Plan')).toBe(true);
      await p.page.waitForFunction((n) => (window.__VEDETTE__.play()?.commandCount ?? 0) > n, count);
      // Planned, not moved: the unit stays where it stands until both sides have planned.
      expect((await p.unit(id)).stands[0]!.centre).toEqual(before);
      planned.set(id, before);
      await p.endStep(who);
    }
    expect(planned.size).toBe(2);
    for (const [id, before] of planned) expect(moved(before, (await p.unit(id)).stands[0]!.centre)).toBeCloseTo(3 * IN, 0);

    // On through initiative and the tactical moves: the Advance-ordered battalion moves by
    // dragging; a drag beyond its allowance is refused with the reason and the rule.
    let tacticalMoved = false;
    for (let guard = 0; guard < 30; guard++) {
      s = await record();
      if (s.position.turn > 1 || s.result) break;
      const who = await look(p);
      s = await record();
      if (s.position.phase === 'tactical' && who === 'fr' && !tacticalMoved) {
        const before = (await p.unit('fr-1-45')).stands[0]!.centre;
        const tooFar = await p.dragUnitBy('fr-1-45', 0, -30 * IN);
        expect(tooFar?.legal).toBe(false);
        expect(tooFar?.reason).toBeTruthy();
        expect((await p.unit('fr-1-45')).stands[0]!.centre).toEqual(before);
        expect((await p.tools()).notice).toBeTruthy();
        // The refusal stays up until the next legal drag, which clears it before release.
        const ok = await p.dragUnitBy('fr-1-45', 0, -4 * IN, async () => expect((await p.tools()).notice).toBeNull());
        expect(ok?.legal, ok?.reason).toBe(true);
        await p.page.waitForFunction((y) => {
          const b = window.__VEDETTE__.battle() as { units: { id: string; stands: { centre: { y: number } }[] }[] };
          return Math.abs(b.units.find((u) => u.id === 'fr-1-45')!.stands[0]!.centre.y - y) > 1;
        }, before.y);
        expect(before.y - (await p.unit('fr-1-45')).stands[0]!.centre.y).toBeCloseTo(4 * IN, 0);
        tacticalMoved = true;
      }
      if (await p.byTest(`end-step-${who}`).count()) await p.endStep(who);
    }
    s = await record();
    expect(s.position.turn).toBe(2);
    expect(tacticalMoved).toBe(true);
    // The engine ran the whole sequence of play in order (NW Sequence of Play).
    const phases = steps.map((x) => x.split('/')[0]).filter((x, i, a) => a[i - 1] !== x);
    expect(phases.slice(0, 3)).toEqual(['orders', 'strategic', 'initiative']);
    expect(phases).toContain('tactical');
    // The turn's end pauses on what happened in it, for whoever looks next; Continue goes on.
    if (await p.byTest('handover-confirm').isVisible()) await p.takeOver();
    const summary = p.byTest('turn-summary');
    await summary.locator('[role=dialog]').waitFor();
    expect(await summary.locator('h2').textContent()).toBe('Turn 1 is over');
    expect(await summary.locator('[data-testid=turn-summary-side]').count()).toBe(2);
    await p.page.screenshot({ path: 'e2e/screenshots/nw-turn-1-summary.png' });
    await p.byTest('turn-summary-continue').click();
    await summary.locator('[role=dialog]').waitFor({ state: 'detached' });
    await p.page.screenshot({ path: 'e2e/screenshots/nw-turn-2.png' });
    expect(p.errors).toEqual([]);
    await p.page.close();
  });
});

describe('a full turn of Seven Years War 2.4, hot-seat, with the mouse', () => {
  it('a command change by the dice, moves by dragging, both players\' phases, into turn 2', async () => {
    const p = await PlayPage.open(chromium.browser, url);
    await p.chooseScenario('Krzeczhorz');
    await p.start('hotseat', 42);
    const seen: string[] = [];
    let dragged = false;
    for (let guard = 0; guard < 40; guard++) {
      const s = (await p.probe())!;
      if (s.position.turn > 1 || s.result) break;
      const who = await look(p);
      seen.push(`${s.position.phasing}:${s.position.step}`);
      if (s.position.step === 'commandChanges' && who === 'prussia') {
        // SYW (3) Changing Orders (p.7): Frederick tries to put the first battalion's group on Advance.
        await p.clickUnit('pr-inf-1');
        const before = (await p.probe())!.commandCount;
        await p.byTest('inspector-action').filter({ hasText: 'Frederick: order Advance' }).click();
        await p.page.waitForFunction((n) => (window.__VEDETTE__.play()?.commandCount ?? 0) > n, before);
        expect(await p.logText()).toMatch(/SYW \(3\) Changing Orders/);
      }
      if (s.position.step === 'movement' && who === 'prussia' && !dragged) {
        const u = await p.unit('pr-inf-1');
        const before = u.stands[0]!.centre;
        // Straight ahead along the battalion's facing.
        const f = { x: Math.cos(u.stands[0]!.facing), y: Math.sin(u.stands[0]!.facing) };
        const tooFar = await p.dragUnitBy('pr-inf-1', f.x * 600, f.y * 600);
        expect(tooFar?.legal).toBe(false);
        expect(tooFar?.reason).toBeTruthy();
        expect((await p.unit('pr-inf-1')).stands[0]!.centre).toEqual(before);
        // Heavy infantry move 20 cm (SYW unit table); 5 cm straight ahead is within it.
        const ok = await p.dragUnitBy('pr-inf-1', f.x * 50, f.y * 50);
        expect(ok?.legal, ok?.reason).toBe(true);
        await p.page.waitForFunction(([x, y]) => {
          const b = window.__VEDETTE__.battle() as { units: { id: string; stands: { centre: { x: number; y: number } }[] }[] };
          const c = b.units.find((q) => q.id === 'pr-inf-1')!.stands[0]!.centre;
          return Math.hypot(c.x - x!, c.y - y!) > 1;
        }, [before.x, before.y]);
        expect(moved(before, (await p.unit('pr-inf-1')).stands[0]!.centre)).toBeCloseTo(50, 0);
        dragged = true;
        seen.push(`drag:${ok?.legal}:${ok?.reason ?? ''}`);
      }
      if (await p.byTest(`end-step-${who}`).count()) await p.endStep(who);
    }
    const s = (await p.probe())!;
    expect(s.position.turn).toBe(2);
    expect(dragged).toBe(true);
    // Alternate phasing players (SYW (2) Sequence of play, p.5): the attacker's phases, then the defender's.
    const phasing = seen.filter((x) => !x.startsWith('drag')).map((x) => x.split(':')[0]).filter((x, i, a) => a[i - 1] !== x);
    expect(phasing).toEqual(['prussia', 'austria']);
    await p.page.screenshot({ path: 'e2e/screenshots/syw-turn-2.png' });
    expect(p.errors).toEqual([]);
    await p.page.close();
  });
});

describe('a charge declared by dragging onto the target (NW Orders/Charge, Sequence §11-§12)', () => {
  it('shows the reach before committing, orders the charge face down, then declares it', async () => {
    const p = await PlayPage.open(chromium.browser, url);
    await p.loadScenarioFile('nw-charge.json');
    await p.start('solo', 7);
    const target = (await p.unit('au-1')).stands[1]!.centre;
    const grab = (await p.unit('fr-1')).stands[1]!.centre;
    const before = (await p.probe())!.commandCount;
    // Orders Phase: drop the French battalion on the Austrians: a Charge order, face down.
    const preview = await p.dragUnitBy('fr-1', target.x - grab.x, target.y - grab.y);
    expect(preview?.legal, preview?.reason).toBe(true);
    expect(preview!.readout.map((r) => r.label)).toEqual(expect.arrayContaining(['Distance', 'Charge needs', 'Charge move']));
    expect((preview!.command as { type: string; order: string }).order).toBe('charge');
    await p.page.waitForFunction((n) => (window.__VEDETTE__.play()?.commandCount ?? 0) > n, before);
    // The order placed nothing on the table: the battalion has not moved.
    expect((await p.unit('fr-1')).stands[1]!.centre).toEqual(grab);
    // On to the Charge Declaration Phase, ending each side's steps.
    for (let guard = 0; guard < 12; guard++) {
      const s = (await p.probe())!;
      if (s.position.step === 'declare-charges' && s.position.actors.includes('fr') && !s.position.done.includes('fr')) break;
      const side = s.position.actors.find((a) => !s.position.done.includes(a))!;
      await p.endStep(side);
    }
    expect((await p.probe())!.position.step).toBe('declare-charges');
    const n = (await p.probe())!.commandCount;
    const declare = await p.dragUnitBy('fr-1', target.x - grab.x, target.y - grab.y);
    expect(declare?.legal, declare?.reason).toBe(true);
    expect((declare!.command as { type: string }).type).toBe('declareCharge');
    await p.page.waitForFunction((k) => (window.__VEDETTE__.play()?.commandCount ?? 0) > k, n);
    expect(await p.logText()).toMatch(/charge/i);
    expect(p.errors).toEqual([]);
    await p.page.close();
  });
});
