/**
 * Hot-seat secrecy in secret steps (engine: `secret` steps hold every change back from the other
 * side until the step ends). After each secret command the other side's view — positions,
 * facings, markers, log lines, undo list, command count — is exactly what it was before it;
 * the step's end shows everything, and the log says once per side that it acted.
 * NW Sequence §11 Orders Phase (orders face down, the free 180° turn, generals moved);
 * SYW 9 Deployment p.19 (hidden deployment: "unseen by the enemy until that step ends").
 */
import { describe, expect, it } from 'vitest';
import { isRejection, type Command } from '../../src/engine/command';
import { currentState, entriesFor, play, startHistory, type History } from '../../src/engine/history';
import { registerable, type AnyRuleset } from '../../src/engine/ruleset';
import { commandFor, viewFor, type Viewer } from '../../src/engine/view';
import { napoleonicWarfare } from '../../src/rules/napoleonic-warfare';
import { buildLog, logText } from '../../src/ui/logModel';
import { namesFor } from '../../src/ui/names';
import { battle, IN } from '../rules/napoleonic-warfare/harness';
import { SYW, kolinHiddenDeployment } from '../rules/seven-years-war/build';

const NW = registerable(napoleonicWarfare);

/** Everything a side's screen is built from: its view, the markers on every piece, its log lines, its undo list. */
function seenBy(module: AnyRuleset, h: History, viewer: Viewer) {
  const view = viewFor(module, currentState(h), viewer);
  const names = namesFor(module, view, [h.initial.battle]);
  const pieces = [...view.battle.units.map((u) => u.id), ...view.battle.generals.map((g) => g.id)];
  return {
    view,
    markers: Object.fromEntries(pieces.map((id) => [id, module.table?.markers?.(view as never, id) ?? []])),
    log: logText(buildLog(h, viewer, names, module)),
    undo: entriesFor(h.entries, viewer).map((e) => commandFor(e.command, e.secret, viewer)),
    redo: entriesFor(h.redoStack, viewer).length,
  };
}

function give(module: AnyRuleset, h: History, c: Command): History {
  const r = play(module, h, c);
  if (isRejection(r)) throw new Error(`${JSON.stringify(c)}: ${r.message}`);
  return r.history;
}

/** Apply each command and check the other side saw nothing change; returns the history at the end. */
function eachUnseen(module: AnyRuleset, h0: History, other: Viewer, commands: Command[]): History {
  let h = h0;
  for (const c of commands) {
    const before = seenBy(module, h, other);
    h = give(module, h, c);
    expect(seenBy(module, h, other), `after ${c.type}`).toEqual(before);
  }
  return h;
}

const nwOrders = () =>
  battle(
    [
      { id: 'fr1', side: 'fr', x: 30, y: 10, facingDeg: 90 },
      { id: 'fr2', side: 'fr', x: 42, y: 10, facingDeg: 90 },
      { id: 'au1', side: 'au', x: 30, y: 38, facingDeg: -90 },
      { id: 'au2', side: 'au', x: 42, y: 38, facingDeg: -90 },
    ],
    { generals: [{ id: 'g-fr', side: 'fr', x: 36, y: 6 }, { id: 'g-au', side: 'au', x: 36, y: 42 }] },
  );

describe('NW Sequence §11 Orders Phase in hot-seat: the other side sees nothing until the step ends', () => {
  const french: Command[] = [
    { type: 'placeOrder', side: 'fr', unitId: 'fr1', order: 'advance', generalId: 'g-fr' },
    { type: 'turnAbout', side: 'fr', unitId: 'fr2' },
    { type: 'moveGeneral', side: 'fr', generalId: 'g-fr', x: 38 * IN, y: 9 * IN },
  ];
  const austrian: Command[] = [
    { type: 'turnAbout', side: 'au', unitId: 'au2' },
    { type: 'moveGeneral', side: 'au', generalId: 'g-au', x: 34 * IN, y: 40 * IN },
    { type: 'placeOrder', side: 'au', unitId: 'au1', order: 'defend', generalId: 'g-au' },
  ];

  it('a French order, free 180° turn and general move each leave the Austrian view, markers, log and undo list as they were', () => {
    const s = nwOrders();
    expect(s.position.step).toBe('place-orders');
    const h = eachUnseen(NW, startHistory(s, []), 'au', french);
    // The French see their own changes at once.
    const fr = viewFor(NW, currentState(h), 'fr');
    expect(fr.battle.generals.find((g) => g.id === 'g-fr')!.stand.centre.x / IN).toBeCloseTo(38, 6);
    expect(fr.battle.units.find((u) => u.id === 'fr2')!.stands[0]!.facing).toBeCloseTo(-Math.PI / 2, 6);
    expect(fr.commandCount).toBe(3);
    // The Austrians see the table as it was, and no count of commands.
    const au = viewFor(NW, currentState(h), 'au');
    expect(au.battle.generals.find((g) => g.id === 'g-fr')!.stand.centre.x / IN).toBeCloseTo(36, 6);
    expect(au.battle.units.find((u) => u.id === 'fr2')!.stands[0]!.facing).toBeCloseTo(Math.PI / 2, 6);
    expect(au.commandCount).toBe(0);
  });

  it('the Austrians acting after the French have ended their part see only their own changes, and the French nothing of them', () => {
    let h = eachUnseen(NW, startHistory(nwOrders(), []), 'au', french);
    h = give(NW, h, { type: 'endStep', side: 'fr' }); // public: the French have finished
    h = eachUnseen(NW, h, 'fr', austrian);
    const au = viewFor(NW, currentState(h), 'au');
    expect(au.battle.generals.find((g) => g.id === 'g-fr')!.stand.centre.x / IN).toBeCloseTo(36, 6);
    expect(au.battle.generals.find((g) => g.id === 'g-au')!.stand.centre.x / IN).toBeCloseTo(34, 6);
    expect(au.battle.units.find((u) => u.id === 'au2')!.stands[0]!.facing).toBeCloseTo(Math.PI / 2, 6);
    expect(au.commandCount).toBe(4); // the French End step and their own three; the French commands are not counted
    expect(viewFor(NW, currentState(h), 'fr').commandCount).toBe(4); // the French: their three and End step
    expect(currentState(h).commandCount).toBe(7);
  });

  it('when the step ends both sides see every change, and each log says once that the other side placed its orders', () => {
    let h = give(NW, startHistory(nwOrders(), []), french[0]!);
    for (const c of [...french.slice(1), { type: 'endStep', side: 'fr' }, ...austrian, { type: 'endStep', side: 'au' }]) h = give(NW, h, c);
    const st = currentState(h);
    expect(st.position.step).not.toBe('place-orders');
    expect(st.withheld).toBeUndefined();
    for (const viewer of ['fr', 'au'] as const) {
      const v = viewFor(NW, st, viewer);
      expect(v.battle.generals.find((g) => g.id === 'g-fr')!.stand.centre.x / IN).toBeCloseTo(38, 6);
      expect(v.battle.units.find((u) => u.id === 'au2')!.stands[0]!.facing).toBeCloseTo(Math.PI / 2, 6);
      expect(v.commandCount).toBe(st.commandCount);
    }
    const auLog = seenBy(NW, h, 'au').log;
    expect(auLog.filter((l) => l === 'The French have placed their orders.')).toHaveLength(1);
    expect(auLog.join('\n')).not.toMatch(/secret command/);
    const frLog = seenBy(NW, h, 'fr').log;
    expect(frLog.filter((l) => l === 'The Austrians have placed their orders.')).toHaveLength(1);
  });
});

describe('SYW 9 Deployment (p.19) with hidden deployment in hot-seat: the attacker sees nothing of the defender\'s step until it ends', () => {
  it('each unit and general the Austrians place leaves the Prussian view, markers, log and undo list as they were', () => {
    const s = kolinHiddenDeployment();
    expect([s.position.step, s.position.actors]).toEqual(['deployDefender', ['austria']]);
    const h = eachUnseen(SYW, startHistory(s, []), 'prussia', [
      { type: 'deploy', side: 'austria', unit: 'au-inf-1', x: 700, y: 1000, facingDeg: -90 },
      { type: 'deploy', side: 'austria', unit: 'au-inf-2', x: 1100, y: 1000, facingDeg: -90 },
      { type: 'deployGeneral', side: 'austria', general: 'au-gen-inf', x: 900, y: 1100 },
    ]);
    const mine = viewFor(SYW, currentState(h), 'austria').battle.units.find((u) => u.id === 'au-inf-1')!;
    expect(mine.stands.some((st) => Math.abs(st.centre.x - 700) < 100)).toBe(true);
    const ended = give(SYW, h, { type: 'endStep', side: 'austria' });
    const seen = seenBy(SYW, ended, 'prussia');
    expect(seen.view.battle.units.some((u) => u.id === 'au-inf-1')).toBe(true);
    expect(seen.log.filter((l) => l === 'The Austrians have deployed their troops.')).toHaveLength(1);
  });

  it('the Prussians\' own deployment is held back from the Austrians in its turn', () => {
    const s = kolinHiddenDeployment();
    const h = give(SYW, startHistory(s, []), { type: 'endStep', side: 'austria' });
    eachUnseen(SYW, h, 'austria', [
      { type: 'deploy', side: 'prussia', unit: 'pr-hus', x: 1250, y: 250, facingDeg: 90 },
      { type: 'deployGeneral', side: 'prussia', general: 'pr-gen-inf', x: 850, y: 250 },
    ]);
  });
});
