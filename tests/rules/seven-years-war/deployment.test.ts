/**
 * Seven Years War: 9 Deployment p.19 — deployment zones, and hidden deployment on a map in the order of the text.
 */
import { describe, expect, it } from 'vitest';
import { viewFor } from '../../../src/engine/view';
import { deploymentZone } from '../../../src/rules/seven-years-war/deployment';
import { SYW, battle, apply, rejection, advanceTo, type U } from './build';

const blue: U = { id: 'blue-1', side: 'blue', type: 'medium-infantry', x: 900, y: 250, facingDeg: 90, n: 4, depth: 15, ranks: 1 };

const red: U = { id: 'red-1', side: 'red', type: 'medium-infantry', x: 900, y: 1000, facingDeg: -90, n: 4, depth: 15, ranks: 1 };

const wood = { id: 'wood', kind: 'wood', name: 'Wood', polygon: [[500, 20], [900, 20], [900, 280], [500, 280]] };

describe('SYW 9 Deployment (p.19): zones', () => {
  it('the defender deploys beyond 30cm of the centreline and 45cm from the side edges; the attacker not within 60cm of that', () => {
    const s = battle([blue, red]);
    expect(deploymentZone(s.battle, s.ruleset, 'red')).toEqual({ x0: 450, x1: 1350, y0: 900, y1: 1200 });
    expect(deploymentZone(s.battle, s.ruleset, 'blue')).toEqual({ x0: 450, x1: 1350, y0: 0, y1: 300 });
  });
  it('an attacker whose initiative beat the enemy\'s by 2 may use the 45cm side strips; Ottomans always do (p.20)', () => {
    const s = battle([blue, red]);
    const rs = { ...s.ruleset, initiative: { blue: 6, red: 4 } };
    expect(deploymentZone(s.battle, rs, 'blue')).toMatchObject({ x0: 0, x1: 1800 });
    expect(deploymentZone(s.battle, s.ruleset, 'red', true)).toMatchObject({ x0: 0, x1: 1800 });
  });
});

describe('SYW 9 Deployment (p.19): hidden deployment on a map, in the order of the text', () => {
  const start = () => battle([blue, { ...red, id: 'red-1' }], { options: { hiddenDeployment: true }, terrain: [wood] });
  it('the game opens with the attacker deploying (red, the defender, has one brigade: its last, placed after); a placement outside the zone is refused', () => {
    const s = start();
    expect(s.position.step).toBe('deployAttacker');
    expect(s.position.actors).toEqual(['blue']);
    expect(rejection(s, { type: 'deploy', side: 'blue', unit: 'blue-1', x: 900, y: 500, facingDeg: 90 })).toBe('outside-zone');
  });
  it('a unit in the open cannot be hidden: it is visible from the enemy\'s table edge', () => {
    expect(rejection(start(), { type: 'deploy', side: 'blue', unit: 'blue-1', x: 900, y: 150, facingDeg: 90, hidden: true })).toBe('visible');
  });
  it('"not visible to any point on the enemy\'s edge" means every point: a glimpse through a 4mm gap in a wall, seen from 11mm of the edge, reveals it', () => {
    // Blue 15mm inside the wood's south edge (seen into 5cm, (5)(g)); a wall across the table at
    // y 595–605 with a gap at x 723–727. From the enemy's edge (y 1200) only points in short
    // stretches between the 5cm marks (no mark x = 0, 50, … among them) see a stand through the gap.
    const wall = (id: string, x0: number, x1: number) => ({ id, kind: 'building', name: id, polygon: [[x0, 595], [x1, 595], [x1, 605], [x0, 605]], props: { blocksSight: true } });
    const hide = { type: 'deploy', side: 'blue', unit: 'blue-1', x: 700, y: 265, facingDeg: 90, hidden: true };
    const withGap = battle([blue, red], { options: { hiddenDeployment: true }, terrain: [wood, wall('w1', 0, 723), wall('w2', 727, 1800)] });
    expect(rejection(withGap, hide)).toBe('visible');
    const solid = battle([blue, red], { options: { hiddenDeployment: true }, terrain: [wood, wall('w1', 0, 1800)] });
    expect(rejection(solid, hide)).toBe('accepted');
  });
  it('a unit hidden deep in a wood never reaches the enemy\'s view, during or after the step; its own side sees it', () => {
    let s = apply(start(), { type: 'deploy', side: 'blue', unit: 'blue-1', x: 700, y: 150, facingDeg: 90, hidden: true }).state;
    // While blue deploys red sees none of it; red's last brigade is not on blue's table yet.
    expect(viewFor(SYW, s, 'red').battle.units.map((u) => u.id)).toEqual(['red-1']);
    expect(viewFor(SYW, s, 'blue').battle.units.map((u) => u.id)).toEqual(['blue-1']);
    s = apply(s, { type: 'endStep', side: 'blue' }).state;
    const placed = apply(s, { type: 'deploy', side: 'red', unit: 'red-1', x: 900, y: 1000, facingDeg: -90 }).state;
    expect(viewFor(SYW, placed, 'red').battle.units.map((u) => u.id)).toEqual(['red-1']);
    expect(viewFor(SYW, placed, 'blue').battle.units.map((u) => u.id)).toEqual(['blue-1']);
    s = apply(placed, { type: 'endStep', side: 'red' }).state;
    expect(s.position.step).toBe('commandChanges');
    const redView = viewFor(SYW, s, 'red');
    expect(redView.battle.units.map((u) => u.id)).toEqual(['red-1']);
    expect(JSON.stringify(redView)).not.toContain('blue-1');
    expect(viewFor(SYW, s, 'blue').battle.units.map((u) => u.id).sort()).toEqual(['blue-1', 'red-1']);
  });
  it('an enemy may not shoot at or charge a unit it has not spotted', () => {
    let s = apply(start(), { type: 'deploy', side: 'blue', unit: 'blue-1', x: 700, y: 150, facingDeg: 90, hidden: true }).state;
    s = apply(apply(s, { type: 'endStep', side: 'blue' }).state, { type: 'endStep', side: 'red' }).state;
    expect(s.ruleset.hidden['blue-1']).toBe('blue');
    s = advanceTo(s, 'shootingNonPhasing');
    // Refused exactly as a shot at a unit that is not on the table at all: the refusal may not
    // tell the shooter that something is hidden there (engine unseen.ts).
    const atHidden = rejection(s, { type: 'shoot', side: 'red', unit: 'red-1', target: 'blue-1' });
    expect(atHidden).not.toBe('accepted');
    expect(atHidden).toBe(rejection(s, { type: 'shoot', side: 'red', unit: 'red-1', target: 'blue-nobody' }));
  });
});
