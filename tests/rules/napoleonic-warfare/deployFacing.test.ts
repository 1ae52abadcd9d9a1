/**
 * Napoleonic Warfare: Orders/Deploy — a charged Deploy unit turns to face by a change of face or a wheel of at most 45° (§25), as its one action.
 */
import { describe, expect, it } from 'vitest';
import { findUnit } from '../../../src/engine/battle';
import { isRejection } from '../../../src/engine/ruleset';
import { napoleonicWarfare } from '../../../src/rules/napoleonic-warfare';
import type { NwGameState, NwState } from '../../../src/rules/napoleonic-warfare/types';
import { planFace, faceAttacker } from '../../../src/rules/napoleonic-warfare/faceResponse';
import { unitFacing } from '../../../src/rules/napoleonic-warfare/geom';
import { battle, draftWith } from './harness';

const deg = (r: number) => Math.round((r * 180) / Math.PI);

const at = (s: NwGameState, phase: string, step: string, actor: string, orders: NwState['orders']): NwGameState =>
  ({ ...s, ruleset: { ...s.ruleset, orders }, position: { ...s.position, phase, step, actors: [actor], done: [] } }) as NwGameState;

describe('a Deploy unit charged "turns to face" by a 90°/180° change of face or wheels up to 45°, not any angle (NW Orders/Deploy; §25 Changing Face)', () => {
  // Austrian line at (36", 30") facing up the table (-90°); a French hussar unit 8" away at `offDeg` off its front.
  const pair = (offDeg: number) => {
    const r = 8, th = (offDeg * Math.PI) / 180;
    return battle([
      { id: 'au1', side: 'au', x: 36, y: 30, facingDeg: -90, stands: 2 },
      { id: 'fr-cav', side: 'fr', arm: 'cavalry', troopType: 'hussar', x: 36 + r * Math.sin(th), y: 30 - r * Math.cos(th), facingDeg: 90 + offDeg, stands: 1 },
    ]);
  };
  const units = (offDeg: number) => {
    const { d } = draftWith(pair(offDeg), []);
    return { u: findUnit(d.battle, 'au1')!, c: findUnit(d.battle, 'fr-cav')! };
  };

  it('an attacker about 30° off the front is met by a wheel (§25: at most 45°), not a change of face', () => {
    const { u, c } = units(30);
    const p = planFace(u, c);
    expect(p.kind).toBe('wheel');
    expect(Math.abs(deg(p.angleRad))).toBeLessThanOrEqual(45);
  });

  it('an attacker about 80° to the right is met by a 90° change of face — the stands end facing exactly 90° round, not 80°', () => {
    const { u, c } = units(80);
    const p = planFace(u, c);
    expect(p).toMatchObject({ kind: 'change-face' });
    expect(deg(p.angleRad)).toBe(90);
    const turned = faceAttacker(u, c).unit;
    expect(deg(unitFacing(turned))).toBe(0); // -90° + 90°
  });

  it('an attacker behind (about 160° off) is met by turning about through 180°', () => {
    const { u, c } = units(160);
    expect(deg(planFace(u, c).angleRad)).toBe(180);
  });

  const respond = (used: number) => {
    const s = at(pair(80), 'charges', 'charge-responses', 'au', {
      'fr-cav': { unitId: 'fr-cav', side: 'fr', order: 'charge', generalId: 'g-fr', revealed: true, target: 'au1' },
      au1: { unitId: 'au1', side: 'au', order: 'deploy', generalId: 'g-au', revealed: true, deployActionsUsed: used },
    });
    const { d } = draftWith(s, []);
    return napoleonicWarfare.commands['respondToCharge']!.handle(s, { type: 'respondToCharge', side: 'au', unitId: 'au1', response: 'face' } as never, d.ctx);
  };

  it('facing is one of the Deploy actions: it uses the one action a charged unit has (Orders/Deploy)', () => {
    const r = respond(0);
    expect(isRejection(r)).toBe(false);
    if (isRejection(r)) return;
    expect((r.ruleset as NwState).orders['au1']?.deployActionsUsed).toBe(1);
  });

  it('a charged Deploy unit that has already used its action may not also face', () => {
    expect(respond(1)).toMatchObject({ code: 'deploy-spent' });
  });
});
