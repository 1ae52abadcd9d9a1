/** The table adapter: drags, drops and menus as the battalion rules' commands, and what the table shows (read from a side's view). */
import { describe, expect, it } from 'vitest';
import { viewFor } from '../../../src/engine/view';
import type { SeenGame } from '../../../src/engine/ruleset';
import { battalion } from '../../../src/rules/battalion';
import type { BtState } from '../../../src/rules/battalion/state';
import type { BtOptions } from '../../../src/rules/battalion/options';
import type { BtTables } from '../../../src/rules/battalion/tables';
import { BT, battle, apply, advanceTo, withDice, IN, type U, type St } from './build';

const T = battalion.table!;
const seen = (s: St, side: string) => viewFor(BT, s, side) as unknown as SeenGame<BtState, BtOptions, BtTables>;
const blue: U = { id: 'b1', side: 'blue', type: 'line-infantry', x: 900, y: 300, n: 6 };
const red: U = { id: 'r1', side: 'red', type: 'line-infantry', x: 900, y: 300 + 10 * IN, n: 6 };

describe('BT Movement Phase on the table: a drag is a move in formation', () => {
  const s = advanceTo(battle([blue, red]), 'moveFirst');
  it('a drag straight ahead within 4" is legal, with used and left in inches', () => {
    const p = T.previewMove!(seen(s, 'blue'), 'blue', 'b1', { dxMm: 0, dyMm: 2 * IN, dRad: 0 });
    expect(p.legal).toBe(true);
    expect(p.command).toEqual({ type: 'moveUnit', side: 'blue', unit: 'b1', legs: [{ kind: 'forward', mm: 2 * IN }] });
    expect(p.readout).toEqual(expect.arrayContaining([{ label: 'Used', value: '2.0"' }, { label: 'Left', value: '2.0"' }]));
  });
  it('too far is refused with the reason and the rule', () => {
    const p = T.previewMove!(seen(s, 'blue'), 'blue', 'b1', { dxMm: 0, dyMm: 5 * IN, dRad: 0 });
    expect(p.legal).toBe(false);
    expect(p.reason).toMatch(/has 4.0" left/);
    expect(p.rule).toMatch(/BT Movement Phase/);
  });
  it('a turn on a flank corner is a wheel', () => {
    const p = T.previewMove!(seen(s, 'blue'), 'blue', 'b1', { dxMm: 0, dyMm: 0, dRad: 0.2, pivot: 'right' });
    expect((p.command as unknown as { legs: unknown[] } | undefined)?.legs?.[0] ?? p.reason).toEqual({ kind: 'wheel', deg: (0.2 * 180) / Math.PI });
  });
  it('the other side may not drag now', () => {
    expect(T.previewMove!(seen(s, 'red'), 'red', 'r1', { dxMm: 0, dyMm: -10, dRad: 0 }).legal).toBe(false);
  });
  it('re-forming is offered from the unit\'s menu', () => {
    expect(T.actions!(seen(s, 'blue'), 'blue', 'b1').map((a) => a.label)).toEqual(expect.arrayContaining(['Form column', 'Form square']));
  });
});

describe('BT Shooting on the table: a drop on an enemy is a shot; the hits are chosen stand by stand', () => {
  const s = advanceTo(battle([blue, red]), 'shootFirst');
  it('dropping on an enemy previews the shot: range, ROF, to-hit with its modifiers', () => {
    const p = T.previewContact!(seen(s, 'blue'), 'blue', 'b1', 'r1');
    expect(p.command).toEqual({ type: 'shoot', side: 'blue', unit: 'b1', target: 'r1' });
    expect(p.readout).toEqual([{ label: 'Range', value: '10.0"' }, { label: 'ROF', value: '7' }, { label: 'To hit', value: '6+ +1 Having not moved' }]);
  });
  it('the side hit is offered each stand, in the phase bar and on the unit, and sees the hits marked', () => {
    const hit = apply(withDice(s, [5, 5, 1, 1, 1, 1, 1]), { type: 'shoot', side: 'blue', unit: 'b1', target: 'r1' }).state;
    const bar = T.sideActions!(seen(hit, 'red'), 'red');
    expect(bar).toHaveLength(6);
    expect(bar[0]!.label).toMatch(/^r1: Hit on stand \d from the left/);
    expect(T.actions!(seen(hit, 'red'), 'red', 'r1').filter((a) => a.command.type === 'assignHit')).toHaveLength(6);
    expect(T.sideActions!(seen(hit, 'blue'), 'blue')).toEqual([]);
    expect(T.markers!(seen(hit, 'blue'), 'r1').map((m) => m.text)).toContain('2 hits');
  });
});

describe('BT Turn Sequence 2 on the table: the initiative\'s choice in the phase bar', () => {
  it('offers go first and go second to the side with the initiative only', () => {
    const s = battle([blue, red]);
    expect(T.sideActions!(seen(s, 'blue'), 'blue').map((a) => a.label)).toEqual(['Go first', 'Go second']);
    expect(T.sideActions!(seen(s, 'red'), 'red')).toEqual([]);
  });
});
