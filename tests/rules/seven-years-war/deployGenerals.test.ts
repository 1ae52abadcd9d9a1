/**
 * Generals at deployment, SYW 9 Deployment p.19: the side without Initiative "places all but one its
 * brigades ... Its final brigade is placed after the player with Initiative has deployed all his
 * troops"; generals (brigadiers, (1) p.4) are placed with their troops, in the same step, inside the
 * same zone, and unseen by the enemy until that step ends: `deployGeneral`.
 */
import { describe, expect, it } from 'vitest';
import { viewFor } from '../../../src/engine/view';
import { sevenYearsWar } from '../../../src/rules/seven-years-war';
import type { SeenGame } from '../../../src/engine/ruleset';
import type { SywState, Options } from '../../../src/rules/seven-years-war/state';
import type { Tables } from '../../../src/rules/seven-years-war/tablesSchema';
import { generalDeployStep } from '../../../src/rules/seven-years-war/deploymentOrder';
import { SYW, kolinHiddenDeployment, apply, rejection, type St } from './build';

const T = sevenYearsWar.table!;
const seen = (s: St, side: string) => viewFor(SYW, s, side) as unknown as SeenGame<SywState, Options, Tables>;
const seenGeneral = (s: St, viewer: string, id: string) => viewFor(SYW, s, viewer).battle.generals.find((g) => g.id === id);
const at = (s: St, id: string) => s.battle.generals.find((g) => g.id === id)!.stand.centre;

/** Kolin ridge with hidden deployment: Prussia attacks (zone y 0-30cm); Austria defends (zone y 90-120cm, x 45-135cm), au-cav held back. */
const kolin = kolinHiddenDeployment;
const end = (s: St, side: string) => apply(s, { type: 'endStep', side }).state;
const place = (s: St, side: string, general: string, x: number, y: number) => apply(s, { type: 'deployGeneral', side, general, x, y }).state;

describe('9 Deployment p.19: each general deploys in the step of his troops', () => {
  it('the attacker\'s generals with the attacker; a defender\'s brigadier of the brigade held back last; the others first', () => {
    const s = kolin();
    const step = (id: string) => generalDeployStep(s.battle, s.ruleset, s.battle.generals.find((g) => g.id === id)!);
    expect(['pr-cinc', 'pr-gen-inf', 'pr-gen-cav', 'au-cinc', 'au-gen-inf', 'au-gen-cav'].map(step)).toEqual([1, 1, 1, 0, 0, 2]);
  });
  it('in the defender\'s first step: his CinC and the infantry brigadier are placed; the cavalry brigadier (held back) is not', () => {
    let s = kolin();
    s = place(s, 'austria', 'au-gen-inf', 800, 1000);
    s = place(s, 'austria', 'au-cinc', 900, 1150);
    expect(at(s, 'au-gen-inf')).toEqual({ x: 800, y: 1000 });
    expect(at(s, 'au-cinc')).toEqual({ x: 900, y: 1150 });
    expect(rejection(s, { type: 'deployGeneral', side: 'austria', general: 'au-gen-cav', x: 500, y: 1000 })).toBe('held-back');
    expect(rejection(s, { type: 'deployGeneral', side: 'austria', general: 'pr-gen-inf', x: 800, y: 1000 })).toBe('bad-general');
  });
  it('within the side\'s deployment zone (30cm from the centreline, 45cm from the side edges), and not on his troops', () => {
    let s = kolin();
    expect(rejection(s, { type: 'deployGeneral', side: 'austria', general: 'au-gen-inf', x: 800, y: 880 })).toBe('outside-zone');
    expect(rejection(s, { type: 'deployGeneral', side: 'austria', general: 'au-gen-inf', x: 440, y: 1000 })).toBe('outside-zone');
    s = apply(s, { type: 'deploy', side: 'austria', unit: 'au-inf-1', x: 700, y: 1000, facingDeg: -90 }).state;
    expect(rejection(s, { type: 'deployGeneral', side: 'austria', general: 'au-gen-inf', x: 700, y: 1000 })).toBe('overlap');
  });
  it('the attacker places his generals in his step, in his zone; the defender\'s first generals may not move then', () => {
    let s = end(kolin(), 'austria');
    expect(rejection(s, { type: 'deployGeneral', side: 'prussia', general: 'pr-gen-inf', x: 850, y: 320 })).toBe('outside-zone');
    s = place(s, 'prussia', 'pr-gen-inf', 850, 250);
    expect(at(s, 'pr-gen-inf')).toEqual({ x: 850, y: 250 });
    expect(rejection(s, { type: 'deployGeneral', side: 'austria', general: 'au-gen-inf', x: 800, y: 1000 })).not.toBe('accepted');
    s = end(s, 'prussia');
    expect(rejection(s, { type: 'deployGeneral', side: 'austria', general: 'au-gen-inf', x: 800, y: 1000 })).toBe('already-deployed');
    expect(rejection(s, { type: 'deployGeneral', side: 'austria', general: 'au-gen-cav', x: 500, y: 1000 })).toBe('accepted');
  });
  it('after deployment generals move only by their 40cm move (deployGeneral is refused)', () => {
    const s = end(end(end(kolin(), 'austria'), 'prussia'), 'austria');
    expect(s.position.step).toBe('commandChanges');
    expect(rejection(s, { type: 'deployGeneral', side: 'prussia', general: 'pr-gen-inf', x: 850, y: 250 })).not.toBe('accepted');
  });
});

describe('9 Deployment p.19: a general is hidden like his troops until his step ends', () => {
  it('the attacker does not see the defender\'s brigadier during the defender\'s step, then sees him where he was placed', () => {
    let s = place(kolin(), 'austria', 'au-gen-inf', 800, 1000);
    expect(seenGeneral(s, 'prussia', 'au-gen-inf')).toBeUndefined();
    expect(seenGeneral(s, 'austria', 'au-gen-inf')!.stand.centre).toEqual({ x: 800, y: 1000 });
    s = end(s, 'austria');
    expect(seenGeneral(s, 'prussia', 'au-gen-inf')!.stand.centre).toEqual({ x: 800, y: 1000 });
    // The held-back brigade's general stays unseen until the last step ends.
    expect(seenGeneral(s, 'prussia', 'au-gen-cav')).toBeUndefined();
  });
  it('the defender does not see the attacker\'s generals until the attacker\'s step ends', () => {
    let s = place(end(kolin(), 'austria'), 'prussia', 'pr-cinc', 1000, 100);
    expect(seenGeneral(s, 'austria', 'pr-cinc')).toBeUndefined();
    s = end(s, 'prussia');
    expect(seenGeneral(s, 'austria', 'pr-cinc')!.stand.centre).toEqual({ x: 1000, y: 100 });
  });
  it('the step\'s end lists the generals it reveals', () => {
    const r = apply(kolin(), { type: 'endStep', side: 'austria' });
    const ev = r.events.find((e) => e.type === 'DeploymentRevealed') as unknown as { generals: string[] };
    expect(ev.generals.sort()).toEqual(['au-cinc', 'au-gen-inf']);
  });
});

describe('9 Deployment p.19 on the table: dragging a general in one\'s deployment step sends deployGeneral', () => {
  it('a drag inside the zone previews legal with the command', () => {
    const p = T.previewMove!(seen(kolin(), 'austria'), 'austria', 'au-gen-inf', { dxMm: -200, dyMm: 50, dRad: 0 });
    expect(p).toMatchObject({ legal: true, command: { type: 'deployGeneral', side: 'austria', general: 'au-gen-inf', x: 800, y: 1000 } });
  });
  it('a drag out of the zone is refused with the rule', () => {
    const p = T.previewMove!(seen(kolin(), 'austria'), 'austria', 'au-gen-inf', { dxMm: 0, dyMm: -100, dRad: 0 });
    expect(p.legal).toBe(false);
    expect(p).toMatchObject({ rule: 'SYW 9 Deployment (p.19)' });
  });
  it('the held-back brigadier cannot be dragged in the first step', () => {
    expect(T.previewMove!(seen(kolin(), 'austria'), 'austria', 'au-gen-cav', { dxMm: 100, dyMm: 0, dRad: 0 }).legal).toBe(false);
  });
});
