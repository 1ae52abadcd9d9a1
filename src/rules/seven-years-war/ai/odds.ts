/**
 * SYW odds of a charge for a player program, from the rules' own melee modifiers
 * (`meleeModifiers`, (6) Melee chart p.14) and results (`scoreResult`, p.14 "Result of Melee":
 * read on the shooting results), so no modifier is copied here.
 *
 * A charge is pictured as the melee it would bring: each charging unit against the target, its
 * front-rank stands in contact (as many as face the target's front rank, one on a flank: 6 f)
 * p.13), from the face `chargeFace` gives; the target answers from its own front. The two D6
 * are enumerated (36 outcomes): who scores more wins the melee, and each side loses the stands its
 * opponent's score kills. What cannot be foreseen without rolling — the charge and
 * being-charged tests (8 p.17), overlaps gained on contact — is left out.
 */
import type { Unit } from '../../../engine/model';
import { cos, sin } from '../../../geometry/math';
import { chargeFace } from '../charge';
import { meleeModifiers } from '../melee';
import { isArtillery } from '../state';
import { scoreResult } from '../tables/shooting';
import type { Work } from '../work';

export interface MeleeOdds {
  /** Chance the chargers score more than the target (the target's group then tests, p.17). */
  readonly win: number;
  /** Chance the target scores more (the chargers' group tests; guns that lose are killed, 7 p.15). */
  readonly lose: number;
  /** Expected points the target loses (stands killed, or the whole battery if it loses) less those the chargers lose. */
  readonly points: number;
}

/** The stands of `u`'s front rank (those furthest ahead along its facing). */
function frontRank(u: Unit): number {
  const f = u.stands[0]!.facing;
  const ahead = u.stands.map((s) => s.centre.x * cos(f) + s.centre.y * sin(f));
  const top = Math.max(...ahead);
  return ahead.filter((a) => a > top - 5).length;
}

const sum = (xs: readonly { value: number }[]) => xs.reduce((a, m) => a + m.value, 0);

/** The odds of `chargers` (one group's units) charging `target` now, on the working copy `w` of a side's view. */
export function chargeOdds(w: Work, chargers: readonly Unit[], target: Unit): MeleeOdds {
  if (target.stands.length === 0 || chargers.length === 0) return { win: 0, lose: 0, points: 0 };
  const face = chargeFace(target, chargers);
  const chargedBy = new Set([target.id]);
  const pps = (u: Unit) => w.tables.pointsPerStand[u.troopType] ?? 0;
  let win = 0, lose = 0, points = 0;
  const n = chargers.length;
  for (const a of chargers) {
    const inContact = face === 'front' ? Math.max(1, Math.min(frontRank(a), frontRank(target))) : 1;
    const aContact = a.stands.slice(0, inContact);
    const bContact = target.stands.slice(0, face === 'front' ? inContact : 1);
    const mine = sum(meleeModifiers(w, { a, b: target, aContact, faceOfB: face, faceOfA: 'front' }, chargedBy));
    const theirs = sum(meleeModifiers(w, { a: target, b: a, aContact: bContact, faceOfB: 'front', faceOfA: face }, chargedBy));
    for (let x = 1; x <= 6; x++) for (let y = 1; y <= 6; y++) {
      const sa = x + mine, sb = y + theirs;
      const dealt = Math.min(target.stands.length, scoreResult(sa).kills), taken = Math.min(a.stands.length, scoreResult(sb).kills);
      let p = dealt * pps(target) - taken * pps(a);
      if (sa > sb) {
        win += 1 / 36 / n;
        // 7 p.15: guns scoring less than their opponent are killed.
        if (isArtillery(target)) p = target.stands.length * pps(target) - taken * pps(a);
      } else if (sb > sa) lose += 1 / 36 / n;
      points += p / 36;
    }
  }
  return { win, lose, points };
}
