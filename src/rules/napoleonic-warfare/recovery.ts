/**
 * NW §16 Recovery Phase and §17 Routed: the one rally chance. The test is rolled like any other
 * (§18 E, §19 modifiers) but its failure table is not applied: the text's only consequence of
 * failing is "one more rout move … before being removed from play (i.e., it is dispersed)".
 */
import { findUnit } from '../../engine/battle';
import type { Draft } from './types';
import { nwu, removeFromPlay, rollD10 } from './core';
import { moraleModifiers, routMove } from './morale';

const R = 'NW §17 Routed; Sequence §16 Recovery Phase; Orders/Recover';

/** NW §17 Routed: roll the rally test; pass → Fragmented, fail → one more rout move, then dispersed. */
export function rallyRouted(d: Draft, id: string): boolean {
  const u = findUnit(d.battle, id);
  const nu = d.rs.units[id];
  if (!u || !nu || nu.status !== 'active' || nu.morale !== 'routed') return false;
  nu.rallyChanceUsed = true;
  const toPass = d.tables.toPass[nu.profile.grade];
  const r = rollD10(d, {
    purpose: `Morale test (E) for ${u.name}: rallying from rout (its one chance)`,
    rule: 'NW Morale §18 E; §19; §17 Routed',
    modifiers: moraleModifiers(d, u, {}),
    target: { value: toPass, pass: 'atLeast', label: `To Pass ${toPass}+ (${nu.profile.grade})` },
    table: { id: 'toPass', row: nu.profile.grade },
    subjects: [id],
    outcome: (v) => (v.passed ? 'rallied to Fragmented' : 'failed: one more rout move, then dispersed'),
  });
  if (r.passed) {
    nwu(d, id).morale = 'fragmented';
    d.ctx.emit({ type: 'MoraleStateChanged', unit: id, from: 'routed', to: 'fragmented', cause: 'rallied', rule: R });
    return true;
  }
  routMove(d, id);
  if (d.rs.units[id]?.status === 'active') removeFromPlay(d, id, 'dispersed', 'failed its one rally', R);
  return false;
}
