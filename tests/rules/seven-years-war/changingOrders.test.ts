/**
 * Seven Years War: (3) Changing Orders p.7 — no group or unit prompted more than twice a phase.
 */
import { describe, expect, it } from 'vitest';
import { battle, withDice, apply, rejection, type U, type St } from './build';

const inf = (id: string, side: 'blue' | 'red', x: number, y: number, facingDeg: number, extra: Partial<U> = {}): U => ({ id, side, type: 'medium-infantry', x, y, facingDeg, n: 4, depth: 15, ranks: 1, ...extra });

const patchUnit = (s: St, id: string, patch: Record<string, unknown>): St => ({ ...s, ruleset: { ...s.ruleset, units: { ...s.ruleset.units, [id]: { ...s.ruleset.units[id]!, ...patch } } } });

const attempts = (s: St, gen: string, n: number): St => ({ ...s, ruleset: { ...s.ruleset, generals: { ...s.ruleset.generals, [gen]: { ...s.ruleset.generals[gen]!, attemptsLeft: n } } } });

describe('(3) Changing Orders p.7 "may not attempt to prompt any group/unit more than twice this phase. (Note: Curing disorder counts as an order to a unit)"', () => {
  // One group of two disordered units; its sub-general blue-g1 stands just behind them.
  const setUp = () => {
    let s = battle([inf('blue-1', 'blue', 900, 300, 90), inf('blue-2', 'blue', 1070, 300, 90), inf('red-1', 'red', 900, 1000, -90)], {
      groups: [{ id: 'blue-g', units: ['blue-1', 'blue-2'] }],
      generals: [{ id: 'blue-cinc', side: 'blue', x: 20, y: 20 }, { id: 'blue-g1', side: 'blue', x: 985, y: 240, commands: 'blue-bde' }, { id: 'red-cinc', side: 'red', x: 1780, y: 1180 }],
    });
    s = patchUnit(patchUnit(s, 'blue-1', { disordered: true }), 'blue-2', { disordered: true });
    return attempts(s, 'blue-g1', 4);
  };
  const cure = (unit: string) => ({ type: 'prompt', side: 'blue', general: 'blue-g1', group: 'blue-g', action: 'cureDisorder', unit });

  it('curing two units of a group (one prompt each) leaves the group its own two prompts: an order change follows', () => {
    let s = apply(withDice(setUp(), [6]), cure('blue-1')).state;
    s = apply(withDice(s, [6]), cure('blue-2')).state;
    expect(s.ruleset.units['blue-1']!.disordered || s.ruleset.units['blue-2']!.disordered).toBe(false);
    const r = apply(withDice(s, [6]), { type: 'prompt', side: 'blue', general: 'blue-g1', group: 'blue-g', action: 'advance' });
    expect(r.state.ruleset.groups['blue-g']!.order).toBe('advance');
  });
  it('one unit prompted twice (two failed cures) may not be prompted a third time; the other unit still may', () => {
    let s = apply(withDice(setUp(), [1]), cure('blue-1')).state;
    s = apply(withDice(s, [1]), cure('blue-1')).state;
    expect(rejection(s, cure('blue-1'))).toBe('prompted-twice');
    expect(rejection(withDice(s, [6]), cure('blue-2'))).toBe('accepted');
  });
  it('the group prompted twice is refused a third order, whatever its units received', () => {
    let s = patchUnit(patchUnit(setUp(), 'blue-1', { disordered: false }), 'blue-2', { disordered: false });
    s = apply(withDice(s, [1]), { type: 'prompt', side: 'blue', general: 'blue-g1', group: 'blue-g', action: 'advance' }).state;
    s = apply(withDice(s, [1]), { type: 'prompt', side: 'blue', general: 'blue-g1', group: 'blue-g', action: 'advance' }).state;
    expect(rejection(s, { type: 'prompt', side: 'blue', general: 'blue-g1', group: 'blue-g', action: 'advance' })).toBe('prompted-twice');
  });
});
