/**
 * DoG Command Ratings: "+2 if exceptional C-in-C – eg Ney, Soult, Picton, Moore, Craufurd,
 * Bluecher, Archduke Charles. +3 if Napoleon or Wellington"; DoG Routing troops attempt to rally:
 * "Deduct morale rating of either Brigade, Divisional or Corps Commander attempting to rally the
 * unit (within 50m) – Commander must be from the same parent unit."
 */
import { describe, expect, it } from 'vitest';
import { battle, withDice, apply, rolls, withUnitState, advanceTo, ofType } from './build';
import { cincBonus } from '../../../src/rules/death-or-glory/setup/setup';

describe('DoG Command Ratings: the C-in-C\'s bonus to fire and melee, by name', () => {
  it.each([
    ['Napoleon', 3], ['Napoléon Bonaparte', 3], ['the Duke of Wellington', 3],
    ['Marshal Ney', 2], ['Soult', 2], ['Picton', 2], ['Sir John Moore', 2], ['Craufurd', 2], ['Bluecher', 2], ['Blücher', 2], ['Archduke Charles', 2],
    ['General Vandamme', 1], ['Oberst Rauch', 1],
  ] as const)('%s: +%i', (name, bonus) => {
    expect(cincBonus(name)).toBe(bonus);
  });
});

describe('DoG Routing troops attempt to rally: only a commander of the unit\'s own parent formation helps', () => {
  // A routing French battalion of red-bde, 200 m from an unformed Prussian line (so it may rally in sight).
  const run = (generals: { id: string; commands: string; rating: number }[]) => {
    let s = battle([
      { id: 'pr', side: 'blue', type: 'musketeer', x: 1200, y: 600 },
      { id: 'fr', side: 'red', type: 'fusilier', x: 1200, y: 800, facingDeg: -90, brigade: 'red-bde' },
      { id: 'fr2', side: 'red', type: 'fusilier', x: 300, y: 1400, facingDeg: -90, brigade: 'red-bde2' },
    ], { generals: [
      { id: 'blue-gen', side: 'blue', x: 20, y: 20, rating: 0 },
      { id: 'red-gen', side: 'red', x: 2380, y: 1580, rating: 0 },
      ...generals.map((g) => ({ ...g, side: 'red' as const, x: 1200, y: 830 })),
    ] });
    s = withUnitState(withUnitState(s, 'fr', { morale: 'routing', order: 'disordered', routTurns: 1 }), 'pr', { order: 'unformed' });
    s = apply(s, { type: 'endStep', side: 'blue' }).state;
    const ev = apply(withDice(s, [1]), { type: 'endStep', side: 'red' }).events;
    return rolls(ev).find((r) => r.purpose === 'fr: rally')!.modifiers.filter((m) => m.label.startsWith('commander'));
  };
  it('its own brigadier (rating 2) within 50 m adds 20%', () => {
    expect(run([{ id: 'own', commands: 'red-bde', rating: 2 }]).map((m) => [m.label, m.value])).toEqual([['commander rallying: own (2)', 2]]);
  });
  it('another brigade\'s general (rating 3) on the same spot does not', () => {
    expect(run([{ id: 'other', commands: 'red-bde2', rating: 3 }])).toEqual([]);
  });
  it('the army commander above the brigade may (the corps or army is a parent formation)', () => {
    expect(run([{ id: 'chief', commands: 'red-army', rating: 1 }]).map((m) => m.label)).toEqual(['commander rallying: chief (1)']);
  });
});

describe('DoG MORALE When? "commander killed within sight" and CONTROL When? "when unit commander is killed"', () => {
  // The French brigadier stands 30 m behind fr; a Prussian volley rolls 0 and the Generals' Risk die 0 kills him.
  // fr-near (his brigade) sees him fall; fr-hidden, of another brigade, stands behind a village; fr-far, of another brigade, sees him across open ground 900 m off.
  const s0 = battle([
    { id: 'pr', side: 'blue', type: 'musketeer', x: 1200, y: 700 },
    { id: 'fr', side: 'red', type: 'fusilier', x: 1200, y: 760, brigade: 'red-bde' },
    { id: 'fr-near', side: 'red', type: 'fusilier', x: 1500, y: 900, brigade: 'red-bde' },
    { id: 'fr-hidden', side: 'red', type: 'fusilier', x: 700, y: 1000, brigade: 'red-bde2' },
    { id: 'fr-far', side: 'red', type: 'fusilier', x: 2200, y: 1300, brigade: 'red-bde2' },
  ], {
    generals: [
      { id: 'blue-gen', side: 'blue', x: 20, y: 20, rating: 0 },
      { id: 'red-gen', side: 'red', x: 2380, y: 100, rating: 0 },
      { id: 'brigadier', side: 'red', x: 1200, y: 800, commands: 'red-bde', rating: 1 },
    ],
    terrain: [{ id: 'v', kind: 'village', name: 'Neudorf', polygon: [[850, 850], [1050, 850], [1050, 1000], [850, 1000]], props: {} }],
  });
  it('every French unit that sees him tests morale; those of his brigade test control as well', () => {
    const f = advanceTo(s0, 'fireFirst');
    // Fire 0; risk 0 (killed); morale 1, 1, 1 (fr, fr-near, fr-far hold); control 5, 5 (fr, fr-near); fr's casualty test 1.
    const r = apply(withDice(f, [10, 10, 1, 1, 1, 5, 5, 1]), { type: 'fire', side: 'blue', unit: 'pr', target: 'fr' });
    expect(ofType(r.events, 'GeneralHit')[0]).toMatchObject({ general: 'brigadier', wound: 'killed' });
    const morale = rolls(r.events).filter((x) => x.purpose.includes('brigadier killed within sight')).map((x) => x.purpose.split(':')[0]);
    expect(morale).toEqual(['fr', 'fr-near', 'fr-far']);
    const control = rolls(r.events).filter((x) => x.purpose.includes('its commander, killed')).map((x) => x.purpose.split(':')[0]);
    expect(control).toEqual(['fr', 'fr-near']);
  });
});
