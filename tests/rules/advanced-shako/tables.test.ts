/**
 * Advanced Shako's tables read back (AS = advanced-shako.txt; "established" = shared/rules/README.md),
 * every base-book number labelled as a house value, and house-rules files: one replacing a base
 * table changes a scripted roll's outcome; a malformed one is refused whole with its JSON path.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_TABLES as T, tablesSchema, houseTables, TABLE_LABELS } from '../../../src/rules/advanced-shako/tables';
import { optionsSchema, OPTION_INFO } from '../../../src/rules/advanced-shako/options';
import { resolveTables } from '../../../src/engine/houseRules';
import { loadHouseRules } from '../../../src/scenario/houseRules';
import { houseValueList } from '../../../src/ui/startModel';
import { AS, battle, advanceTo, apply, ofType, rolls } from './build';

describe('established numbers of SHAKO (shared/rules/README.md) and 7.8', () => {
  it('charge reach 9" infantry and 18" cavalry, the 6" frontal zone, ADCs 24" a turn (7.8)', () => {
    expect([T.reach.chargeInfantryIn, T.reach.chargeCavalryIn, T.reach.frontalZoneIn, T.reach.adcIn]).toEqual([9, 18, 6, 24]);
    expect(T.reach.source).toBe('established');
  });
  it('MR 2-6 with regulars 4 and a lower DisMR for every quality', () => {
    expect(T.morale.mr.regular).toBe(4);
    for (const q of Object.keys(T.morale.mr) as (keyof typeof T.morale.mr)[]) {
      expect(T.morale.mr[q]).toBeGreaterThanOrEqual(2);
      expect(T.morale.mr[q]).toBeLessThanOrEqual(6);
      expect(T.morale.dismr[q]).toBeLessThan(T.morale.mr[q]);
    }
  });
  it('divisional morale tested at 33% and 50% losses', () => {
    expect(T.divisionalMorale.firstTestShare).toBeCloseTo(1 / 3);
    expect(T.divisionalMorale.secondTestShare).toBe(0.5);
  });
});

describe('numbers the amendments give', () => {
  it('12.2: the 50% table — Carry on 6, New Order 4-5, Retreat 2-3, Break 1; -1 with half the units in Fallback; New Order -1 MR', () => {
    expect(T.divisionalMorale.at50).toEqual({ carryOn: 6, newOrder: 4, retreat: 2 });
    expect(T.divisionalMorale.halfInFallback).toBe(-1);
    expect(T.divisionalMorale.newOrderMr).toBe(-1);
  });
  it('8.0: +1 Attack orders, +1 cavalry division, -1 coordinated movement; commanders and ties within 18"', () => {
    expect(T.initiative).toMatchObject({ attack: 1, cavalryDivision: 1, coordinated: -1 });
    expect(T.reach.initiativeNearIn).toBe(18);
  });
  it('8.2: +1 charged from within 9" (quick reference), -1 in column; 8.2 side-step and moving square 3"', () => {
    expect(T.tests.hastySquare).toEqual({ chargedFromClose: 1, inColumn: -1 });
    expect([T.reach.hastySquareCloseIn, T.reach.sideStepIn, T.reach.movingSquareIn]).toEqual([9, 3, 3]);
  });
  it('7.3.1 obligatory charges within 6"; 11.2.5 disruption in the first 3"; 11.2.4 square support and 8.5 shelter within 3"; 12.1 no enemy within 18"; 11.0 a 1/4" withdrawal', () => {
    expect([T.reach.obligatoryChargeIn, T.reach.fallbackDisruptIn, T.reach.squareSupportIn, T.reach.withdrawToSquareIn, T.reach.rallyNoEnemyIn, T.reach.withdrawIn]).toEqual([6, 3, 3, 3, 18, 0.25]);
  });
  it('11.4 recall -1 in command radius; British cavalry control +1; 8.5 withdraw to square -1 and -1; 12.1 rally -1 with no enemy near', () => {
    expect(T.tests.recall.inCommandRadius).toBe(-1);
    expect(T.tests.britishCavalryControl.inCommandRadius).toBe(1);
    expect(T.tests.withdrawToSquare).toEqual({ chargeFromFar: -1, didNotFire: -1 });
    expect(T.tests.rally.noEnemyNear).toBe(-1);
  });
  it('11.2.4 lancers +1, square support +1, moving squares -1', () => {
    expect([T.melee.modifiers.lancersVsInfantryInOpen, T.melee.modifiers.supportedSquare, T.melee.modifiers.movingSquare]).toEqual([1, 1, -1]);
  });
  it('10.3: British, Elite and Guard +1 at chargers', () => expect(T.fire.modifiers.britishEliteGuardVsChargers).toBe(1));
  it('17.2: skirmisher allotments for every army listed — 1 to 4, 1 to 6, 1 to 8, none', () => {
    const r = T.skirmishers.ratios;
    for (const n of ['Baden from 1806', 'Bavaria from 1809', 'Britain', 'Confederation of the Rhine', 'France', 'Hanover post 1803', "King's German Legion", 'Hesse-Darmstadt from 1809', 'Naples', 'Nassau from 1808', 'Northern Italy', 'Portugal post 1808', 'Sicily post 1808', 'Grand Duchy of Warsaw', 'Westphalia']) expect(r[n]).toBe(4);
    for (const n of ['Austria post 1805', 'Denmark post 1813', 'Dutch Belgian', 'Hanover to 1803', 'Prussia post 1806', 'Russia', 'Spain', 'Sweden']) expect(r[n]).toBe(6);
    for (const n of ['Austria to 1805', 'Bavaria to 1809', 'Brunswick to 1806', 'Denmark pre 1807', 'Portugal pre 1809', 'Prussia to 1806', 'Saxony to 1809', 'Wurttemberg 1809 onwards']) expect(r[n]).toBe(8);
    for (const n of ['Hesse-Darmstadt pre 1809', 'Saxony post 1809', 'Sicily to 1806']) expect(r[n]).toBe(0);
    expect(Object.keys(r)).toHaveLength(34);
  });
});

describe('house values: every number the base rulebook would supply is labelled', () => {
  it('the tables on house values, each saying so in its note', () => {
    expect(houseTables(T)).toEqual(['morale', 'movement', 'retrograde', 'fire', 'melee', 'divisionalMorale', 'defendOrders']);
    for (const k of houseTables(T)) expect(T[k as keyof typeof T].note).toMatch(/HOUSE/);
    for (const k of Object.keys(T) as (keyof typeof T)[]) expect(TABLE_LABELS[k]).toBeTruthy();
  });
  it('the start dialog lists the tables on house values, each labelled so', () => {
    const list = houseValueList(AS);
    expect(list.map((t) => t.id)).toEqual(['morale', 'movement', 'retrograde', 'fire', 'melee', 'divisionalMorale', 'defendOrders']);
    for (const t of list) expect(t.label).toMatch(/house value$/);
    expect(AS.tables.houseValues!({ ...T, fire: { ...T.fire, source: 'published' } }).map((t) => t.id)).not.toContain('fire');
  });
  it('the 33% divisional morale table is a house value (the base book has it): Carry on 4-6, New Order 3, Retreat 2, Break 1', () => {
    expect(T.divisionalMorale.at33).toEqual({ carryOn: 4, newOrder: 3, retreat: 2 });
  });
  it('the house fire table: musketry kill 6, stagger 4-5; canister kill 5+, stagger 3-4; ranges 3", 4", 18", 36"', () => {
    expect(T.fire.musketry).toEqual({ killOn: 6, staggerOn: 4 });
    expect(T.fire.canister).toEqual({ killOn: 5, staggerOn: 3 });
    expect([T.fire.musketRangeIn, T.fire.skirmishRangeIn, T.fire.canisterRangeIn, T.fire.roundshotRangeIn]).toEqual([3, 4, 18, 36]);
  });
  it('the default tables pass their own schema; the optional rules default off', () => {
    expect(tablesSchema.safeParse(T).success).toBe(true);
    expect(optionsSchema.parse({})).toEqual({ lancers: false, squareSupport: false, burningTowns: false });
    expect(OPTION_INFO.every((o) => o.optionalRule === true)).toBe(true);
  });
});

const facing = () => battle([
  { id: 'b1', side: 'blue', type: 'line-infantry', x: 900, y: 500 },
  { id: 'r1', side: 'red', type: 'line-infantry', x: 900, y: 560 },
], { setupDice: [5, 2] });

describe('a house-rules file (the published numbers) replaces a base table', () => {
  it('musketry read on the house table: a 4 staggers', () => {
    const s = advanceTo(facing(), 'volleys').state;
    const r = apply(s, { type: 'fire', side: 'blue', unit: 'b1', target: 'r1' }, [4]);
    expect(rolls(r.events)[0]!.outcome).toBe('stagger');
    expect(r.state.ruleset.units['r1']!.staggered).toBe(true);
  });
  it('the same roll read on a house-rules file that kills on 4: a kill', () => {
    const file = { format: 'vedette-house-rules', version: 1, ruleset: 'advanced-shako', name: 'Published fire table', tables: { fire: { source: 'published', musketry: { killOn: 4, staggerOn: 2 } } } };
    const h = loadHouseRules(file, [AS]);
    if (!h.ok) throw new Error(JSON.stringify(h.problems));
    const s0 = battle([
      { id: 'b1', side: 'blue', type: 'line-infantry', x: 900, y: 500 },
      { id: 'r1', side: 'red', type: 'line-infantry', x: 900, y: 560 },
    ], { setupDice: [5, 2], tables: h.value.tables });
    expect(houseTables(s0.tables)).not.toContain('fire');
    const s = advanceTo(s0, 'volleys').state;
    const r = apply(s, { type: 'fire', side: 'blue', unit: 'b1', target: 'r1' }, [4]);
    expect(rolls(r.events)[0]!.outcome).toBe('kill');
    expect(ofType(r.events, 'Killed')).toHaveLength(1);
    expect(r.state.ruleset.units['r1']!.kills).toBe(1);
  });
  it('a malformed file is refused whole, with the JSON path of each problem', () => {
    const bad = resolveTables(AS, { fire: { musketry: { killOn: 'six' } }, melee: { breakMargin: 0 } });
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.problems.map((p) => p.path)).toEqual(['$.tables.fire.musketry.killOn', '$.tables.melee.breakMargin']);
    const unknown = resolveTables(AS, { firepower: {} });
    expect(!unknown.ok && unknown.problems[0]!.path).toBe('$.tables.firepower');
    const src = resolveTables(AS, { morale: { source: 'mine' } });
    expect(!src.ok && src.problems[0]!.path).toBe('$.tables.morale.source');
  });
});
