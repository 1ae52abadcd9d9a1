/**
 * Hot-seat secrecy in real Chromium (NW Sequence §11 Orders Phase): what the French player does
 * in the secret Orders Phase — a unit's free 180° turn, a general moved — is not on the
 * Austrian player's screen (table, log, undo list, command count) until the phase's step ends;
 * then both see it. Engine state is read through the test hook, which mirrors the viewer's table.
 */
import { describe, expect, inject, it } from 'vitest';
import { useChromium } from '../support/chromium';
import { PlayPage } from '../pages/PlayPage';

const chromium = useChromium();
const url = inject('baseUrl');

interface Piece { id: string; stand?: { centre: { x: number; y: number } }; stands?: { centre: { x: number; y: number }; facing: number }[] }
type Table = { units: Piece[]; generals: Piece[] };

const table = (p: PlayPage) => p.page.evaluate(() => window.__VEDETTE__.battle()) as Promise<Table>;
const facing = (t: Table, id: string) => t.units.find((u) => u.id === id)!.stands![0]!.facing;
const general = (t: Table, id: string) => t.generals.find((g) => g.id === id)!.stand!.centre;

describe('a hot-seat Orders Phase of Napoleonic Warfare (NW Sequence §11: simultaneous, face down)', () => {
  it('the Austrian screen shows neither the French free turn nor the moved general until the step ends', async () => {
    const p = await PlayPage.open(chromium.browser, url);
    await p.start('hotseat', 4242);
    await p.takeOver();
    const start = await table(p);
    expect((await p.probe())!.position.step).toBe('place-orders');

    // The French player turns 2/45e Ligne about and moves General Legrand 60mm forward.
    await p.clickUnit('fr-2-45');
    await p.byTest('inspector-action').filter({ hasText: 'Free 180° turn' }).click();
    await p.page.waitForFunction(() => window.__VEDETTE__.play()!.commandCount === 1);
    const g0 = general(start, 'gen-legrand');
    const from = await p.toPage(g0.x, g0.y), to = await p.toPage(g0.x, g0.y - 60);
    await p.page.mouse.move(from.x, from.y);
    await p.page.mouse.down();
    await p.page.mouse.move(to.x, to.y, { steps: 10 });
    await p.page.mouse.up();
    await p.page.waitForFunction(() => window.__VEDETTE__.play()!.commandCount === 2);
    const french = await table(p);
    expect(Math.abs(Math.abs(facing(french, 'fr-2-45') - facing(start, 'fr-2-45')) - Math.PI)).toBeLessThan(1e-6);
    expect(general(french, 'gen-legrand').y).toBeLessThan(g0.y - 30);
    await p.endStep('fr');

    // The Austrian player's screen: the table as it stood, no line for any French command, nothing to count.
    await p.takeOver();
    const probe = (await p.probe())!;
    expect(probe.viewer).toBe('au');
    expect(probe.position.step).toBe('place-orders');
    const austrian = await table(p);
    expect(facing(austrian, 'fr-2-45')).toBeCloseTo(facing(start, 'fr-2-45'), 9);
    expect(general(austrian, 'gen-legrand')).toEqual(g0);
    expect(probe.commandCount).toBe(1); // the French End step, which is public
    expect(probe.undoable).toBe(0);
    const log = await p.logText();
    expect(log).not.toMatch(/180|turns about|Legrand moves|secret command/i);
    expect(log).toContain('The French Advance Guard has placed its orders.');
    await p.page.screenshot({ path: 'e2e/screenshots/hotseat-orders-austrian-view.png' });

    // The step ends: both changes are on the Austrian table.
    await p.endStep('au');
    await p.page.waitForFunction(() => window.__VEDETTE__.play()!.position.step !== 'place-orders');
    const after = await table(p);
    expect(facing(after, 'fr-2-45')).toBeCloseTo(facing(french, 'fr-2-45'), 9);
    expect(general(after, 'gen-legrand')).toEqual(general(french, 'gen-legrand'));
    expect(p.errors).toEqual([]);
    await p.page.close();
  });
});
