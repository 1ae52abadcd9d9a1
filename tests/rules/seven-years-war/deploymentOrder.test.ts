/**
 * SYW 9 Deployment (p.19): "The side without Initiative places all but one its brigades ... Hidden
 * units are marked on a map ... Its final brigade is placed after the player with Initiative has
 * deployed all his troops. The side with Initiative places all its units anywhere ... may mark any
 * hidden units on a map, as above."
 */
import { legalFor } from '../../../src/engine/lookahead';
import { describe, expect, it } from 'vitest';
import { viewFor, eventsFor } from '../../../src/engine/view';
import type { Sampler } from '../../../src/engine/ruleset';
import { brigadeOf, brigadesOf, heldBackBrigade } from '../../../src/rules/seven-years-war/deploymentOrder';
import { SYW, kolinHiddenDeployment, battle, apply, rejection, type St, type U } from './build';

const ids = (s: St, viewer: string) => viewFor(SYW, s, viewer).battle.units.map((u) => u.id).sort();
const generals = (s: St, viewer: string) => viewFor(SYW, s, viewer).battle.generals.map((g) => g.id).sort();
const sampler: Sampler = { int: (lo) => lo, float: (lo, hi) => (lo + hi) / 2, pick: (xs) => xs[0]!, chance: () => true };

/** Krzeczhorz with hidden deployment: Prussia attacks; Austria's brigades are au-inf and (last) au-cav. */
const kolin = kolinHiddenDeployment;
const end = (s: St, side: string) => apply(s, { type: 'endStep', side }).state;

describe('SYW 9 Deployment (p.19): the steps follow the text', () => {
  it('defender all but one brigade, then the attacker, then the defender\'s last brigade, then the first turn', () => {
    let s = kolin();
    expect([s.position.phase, s.position.step, s.position.actors]).toEqual(['deployment', 'deployDefender', ['austria']]);
    s = end(s, 'austria');
    expect([s.position.step, s.position.actors]).toEqual(['deployAttacker', ['prussia']]);
    s = end(s, 'prussia');
    expect([s.position.step, s.position.actors]).toEqual(['deployLastBrigade', ['austria']]);
    s = end(s, 'austria');
    expect([s.position.step, s.position.phasing]).toEqual(['commandChanges', 'prussia']);
  });

  it('a brigade is the unit\'s brigade-level formation; by default the defender holds back the last of his', () => {
    const s = kolin();
    expect(brigadesOf(s.battle, 'austria')).toEqual(['au-inf', 'au-cav']);
    expect(brigadeOf(s.battle, s.battle.units.find((u) => u.id === 'au-kuir')!)).toBe('au-cav');
    expect(heldBackBrigade(s.battle, s.ruleset)).toBe('au-cav');
  });

  it('the held-back brigade may not deploy before the attacker, nor the rest after him', () => {
    let s = kolin();
    expect(rejection(s, { type: 'deploy', side: 'austria', unit: 'au-kuir', x: 600, y: 1000, facingDeg: -90 })).toBe('held-back');
    s = apply(s, { type: 'deploy', side: 'austria', unit: 'au-inf-1', x: 700, y: 1000, facingDeg: -90 }).state;
    s = end(end(s, 'austria'), 'prussia');
    expect(rejection(s, { type: 'deploy', side: 'austria', unit: 'au-inf-2', x: 1100, y: 1000, facingDeg: -90 })).toBe('already-deployed');
    expect(rejection(s, { type: 'deploy', side: 'austria', unit: 'au-kuir', x: 600, y: 1000, facingDeg: -90 })).toBe('accepted');
  });

  it('the defender chooses the brigade he holds back, in his first step only', () => {
    let s = kolin();
    expect(rejection(s, { type: 'holdBackBrigade', side: 'austria', brigade: 'pr-inf' })).toBe('bad-brigade');
    s = apply(s, { type: 'holdBackBrigade', side: 'austria', brigade: 'au-inf' }).state;
    expect(heldBackBrigade(s.battle, s.ruleset)).toBe('au-inf');
    expect(rejection(s, { type: 'deploy', side: 'austria', unit: 'au-inf-1', x: 700, y: 1000, facingDeg: -90 })).toBe('held-back');
    expect(rejection(s, { type: 'deploy', side: 'austria', unit: 'au-kuir', x: 600, y: 1000, facingDeg: -90 })).toBe('accepted');
    s = end(s, 'austria');
    expect(rejection(s, { type: 'holdBackBrigade', side: 'prussia', brigade: 'au-cav' })).toBe('not-now');
  });
});

describe('SYW 9 Deployment (p.19): what each side sees while the other deploys', () => {
  it('while the defender places his brigades he sees none of the attacker, nor the attacker\'s generals', () => {
    const s = kolin();
    expect(ids(s, 'austria').every((id) => id.startsWith('au-'))).toBe(true);
    expect(generals(s, 'austria')).toEqual(['au-cinc', 'au-gen-cav', 'au-gen-inf']);
  });

  it('the attacker deploys seeing the defender\'s placed brigades where they were placed, but not the brigade held back or its general', () => {
    let s = kolin();
    s = apply(s, { type: 'deploy', side: 'austria', unit: 'au-inf-1', x: 700, y: 1000, facingDeg: -90 }).state;
    s = end(s, 'austria');
    const seen = viewFor(SYW, s, 'prussia').battle;
    expect(seen.units.find((u) => u.id === 'au-inf-1')!.stands.reduce((a, st) => a + st.centre.y, 0) / 4).toBeCloseTo(1000, 3);
    expect(seen.units.some((u) => u.id === 'au-kuir')).toBe(false);
    expect(seen.units.some((u) => u.id === 'au-gren')).toBe(true);
    expect(generals(s, 'prussia')).toEqual(expect.not.arrayContaining(['au-gen-cav']));
    expect(generals(s, 'prussia')).toEqual(expect.arrayContaining(['au-cinc', 'au-gen-inf']));
  });

  it('the defender places his last brigade seeing the attacker\'s deployment; the attacker sees it when that step ends', () => {
    let s = end(kolin(), 'austria');
    s = apply(s, { type: 'deploy', side: 'prussia', unit: 'pr-hus', x: 1250, y: 250, facingDeg: 90 }).state;
    s = end(s, 'prussia');
    const austria = viewFor(SYW, s, 'austria').battle;
    expect(austria.units.find((u) => u.id === 'pr-hus')!.stands[0]!.centre.x).toBeGreaterThan(1200);
    expect(ids(s, 'prussia')).not.toContain('au-kuir');
    s = apply(s, { type: 'deploy', side: 'austria', unit: 'au-kuir', x: 600, y: 1000, facingDeg: -90 }).state;
    expect(ids(s, 'prussia')).not.toContain('au-kuir');
    s = end(s, 'austria');
    expect(ids(s, 'prussia')).toContain('au-kuir');
    expect(generals(s, 'prussia')).toContain('au-gen-cav');
  });

  it('each step\'s placements are secret events; its end reveals the troops it placed to both sides', () => {
    let s = kolin();
    const r = apply(s, { type: 'deploy', side: 'austria', unit: 'au-inf-1', x: 700, y: 1000, facingDeg: -90 });
    expect(r.events.find((e) => e.type === 'UnitDeployed')!.visibleTo).toEqual(['austria']);
    expect(eventsFor(r.events, 'prussia').some((e) => e.type === 'UnitDeployed')).toBe(false);
    s = r.state;
    const e1 = apply(s, { type: 'endStep', side: 'austria' }).events.find((e) => e.type === 'DeploymentRevealed') as unknown as { units: string[]; visibleTo: string[] };
    expect(e1.units).toContain('au-inf-1');
    expect(e1.units).not.toContain('au-kuir');
    expect(e1.units.some((u) => u.startsWith('pr-'))).toBe(false);
    expect(e1.visibleTo).toEqual(['prussia', 'austria']);
  });
});

describe('SYW 9 Deployment (p.19): hidden units marked on the map in the sequenced steps', () => {
  // Red defends with two brigades: red-1 (first) hides deep in a wood; red-2 (its last brigade) comes after blue.
  const wood = { id: 'wood', kind: 'wood', name: 'Wood', polygon: [[500, 920], [900, 920], [900, 1180], [500, 1180]] };
  const blue: U = { id: 'blue-1', side: 'blue', type: 'medium-infantry', x: 900, y: 250, facingDeg: 90, n: 4, depth: 15, ranks: 1 };
  const red1: U = { id: 'red-1', side: 'red', type: 'medium-infantry', x: 1100, y: 1000, facingDeg: -90, n: 4, depth: 15, ranks: 1 };
  const red2: U = { ...red1, id: 'red-2', x: 1450, brigade: 'red-bde-2' };
  const start = () => battle([blue, red1, red2], { options: { hiddenDeployment: true }, terrain: [wood] });

  it('a defender\'s unit hidden in his first step stays off the attacker\'s table through the attacker\'s step and after', () => {
    let s = start();
    expect(s.position.step).toBe('deployDefender');
    s = apply(s, { type: 'deploy', side: 'red', unit: 'red-1', x: 700, y: 1050, facingDeg: -90, hidden: true }).state;
    s = end(s, 'red');
    expect(ids(s, 'blue')).toEqual(['blue-1']);
    s = apply(s, { type: 'deploy', side: 'blue', unit: 'blue-1', x: 800, y: 200, facingDeg: 90 }).state;
    s = end(s, 'blue');
    expect(s.position.step).toBe('deployLastBrigade');
    expect(ids(s, 'red')).toEqual(['blue-1', 'red-1', 'red-2']);
    s = end(s, 'red');
    expect(s.position.step).toBe('commandChanges');
    expect(ids(s, 'blue')).toEqual(['blue-1', 'red-2']);
    expect(JSON.stringify(viewFor(SYW, s, 'blue'))).not.toContain('red-1');
  });

  it('the random player is offered deployments only of the troops the step places, and the brigade to hold back', () => {
    const s = start();
    const cmds = legalFor(SYW, s, 'red', sampler);
    const units = cmds.filter((c) => c.type === 'deploy').map((c) => (c as unknown as { unit: string }).unit);
    expect(units).toEqual(['red-1']);
    expect(cmds.some((c) => c.type === 'holdBackBrigade')).toBe(true);
    for (const c of cmds.filter((x) => x.type === 'deploy')) expect(rejection(s, c as never)).not.toBe('outside-zone');
  });
});
