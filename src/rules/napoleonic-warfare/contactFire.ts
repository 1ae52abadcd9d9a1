/**
 * NW Fire §5 "Firing at Units Charging or Moving Into Close Combat": "To determine at what range a
 * unit fires at a unit that is Charging or moving into contact with it, the owning player rolls a
 * d10. If he rolls the shooter's unmodified morale value or higher, it fires at close range.
 * Otherwise it fires at effective range." Close Combat §1's "blundering into him, requiring none of
 * the above" spares the advancer the charge's morale tests, move roll and responses, not this fire
 * (RULINGS, last items). Charges keep their own fire (charges.ts fireAtChargers).
 */
import type { Draft } from './types';
import { findUnit } from '../../engine/battle';
import { isActive, nwu, rollD10 } from './core';
import { applyFireResults, planShots, resolveVolley } from './fire';
import { runPendingTests } from './morale';

const R = 'NW Fire §5; Close Combat §1';

/** The contacted unit fires at the unit that advanced into it (once a turn); true if it fired. */
export function fireAtAdvancer(d: Draft, shooterId: string, moverId: string): boolean {
  const tn = d.rs.units[shooterId];
  const shooter = findUnit(d.battle, shooterId);
  if (!tn || !shooter || !isActive(d, shooterId) || !isActive(d, moverId)) return false;
  if (tn.profile.mounted || tn.abandoned || tn.firedAtContact) return false;
  const shots = planShots(d, (u) => u.id === shooterId).filter((s) => s.target.id === moverId);
  if (shots.length === 0) return false;
  tn.firedAtContact = true;
  const toPass = d.tables.toPass[nwu(d, shooterId).profile.grade];
  const g = rollD10(d, {
    purpose: `${shooter.name}: at what range does it fire at ${shots[0]!.target.name}, advancing into contact?`, rule: R,
    target: { value: toPass, pass: 'atLeast', label: `unmodified To Pass ${toPass}` }, subjects: [shooterId], outcome: (v) => (v.passed ? 'close range' : 'effective range'),
  });
  d.ctx.emit({ type: 'FiredAtAdvancer', unit: shooterId, at: moverId, band: g.passed ? 'close' : 'effective', rule: R });
  applyFireResults(d, shots.map((shot) => ({ shot, ...resolveVolley(d, shot, g.passed ? 'close' : 'effective') })));
  runPendingTests(d);
  return true;
}
