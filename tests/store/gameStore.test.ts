import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createGameStore, unitCentre } from '../../src/store/gameStore';
import { loadScenarioText } from '../../src/scenario/load';

function store() {
  const r = loadScenarioText(readFileSync('scenarios/default.json', 'utf8'));
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  const s = createGameStore();
  s.getState().load(r.value);
  return s;
}

describe('game store table commands', () => {
  it('moves every stand of a unit by the same offset', () => {
    const s = store();
    const before = s.getState().battle!.units[0]!;
    s.getState().moveUnit(before.id, 30, -40);
    const after = s.getState().battle!.units[0]!;
    after.stands.forEach((st, i) => {
      expect(st.centre.x - before.stands[i]!.centre.x).toBeCloseTo(30, 9);
      expect(st.centre.y - before.stands[i]!.centre.y).toBeCloseTo(-40, 9);
    });
  });

  it('turns a unit about its centre, keeping the centre and stand spacing', () => {
    const s = store();
    const before = s.getState().battle!.units[0]!;
    s.getState().rotateUnit(before.id, Math.PI / 2);
    const after = s.getState().battle!.units[0]!;
    expect(unitCentre(after).x).toBeCloseTo(unitCentre(before).x, 9);
    expect(unitCentre(after).y).toBeCloseTo(unitCentre(before).y, 9);
    const gap = (u: typeof after) => Math.hypot(u.stands[1]!.centre.x - u.stands[0]!.centre.x, u.stands[1]!.centre.y - u.stands[0]!.centre.y);
    expect(gap(after)).toBeCloseTo(gap(before), 9);
    expect(after.stands[0]!.facing - before.stands[0]!.facing).toBeCloseTo(Math.PI / 2, 9);
  });

  it('ignores an unknown unit and leaves the battle untouched', () => {
    const s = store();
    const b = s.getState().battle;
    s.getState().moveUnit('no-such-unit', 10, 10);
    expect(s.getState().battle).toBe(b);
  });

  it('moves a general as a one-stand piece', () => {
    const s = store();
    const g = s.getState().battle!.generals[0]!;
    s.getState().moveUnit(g.id, 5, 5);
    const g2 = s.getState().battle!.generals[0]!;
    expect(g2.stand.centre.x - g.stand.centre.x).toBeCloseTo(5, 9);
  });
});
