/**
 * DoG CONTROL Modifiers read from the state of other troops: "+1 enemy retiring within 100m",
 * "+2 enemy retreating", "+3 enemy routing", "-1 enemy standing", "-2 enemy advancing", "-3 enemy
 * advancing to flank or rear", "-1 friends retiring within 100m", "-2 friends retreating", "-3
 * friends routing", "+1 friends standing", "+2 friends advancing", "-1 unit under fire from
 * flank/rear".
 *
 * What each unit did in the move is read from the turn's record in the state (state.ts: where its
 * centre stood at the start of the turn, whether it retired, its morale, whether it charged) and
 * where it stands now; faces come from the geometry (`quarterOf`). Only what both sides saw on the
 * table is read: orders written but not yet acted on play no part. Distances: RULINGS.md.
 */
import type { Unit } from '../../../engine/model';
import { unitFrame } from '../../../geometry/frame';
import { quarterOf } from '../../../geometry/zones';
import type { TablePoint } from '../../../geometry/types';
import type { DogState } from '../state';
import { us, centreOf } from '../state';
import type { CONTROL_MODIFIERS } from '../tables';
import { canSee, gapMm } from '../geo';
import { hasFlanks } from '../melee/faces';
import type { Battle } from '../../../engine/state';

/** "within 100m": the text's distance for enemies and friends retiring. */
export const RETIRING_NEAR_MM = 100;
/** Friends retreating, routing, standing, advancing: the text's distance for friends' effect on morale (DoG MORALE "friends retreating within 150 m", "routing unit within 150m"). */
export const FRIENDS_NEAR_MM = 150;
/** HOUSE: enemies retreating, routing, standing or advancing count when in sight and within this (the text gives no distance). */
export const ENEMY_NEAR_MM = 300;
/** HOUSE: a unit whose centre came this much nearer (or went this much farther) advanced (retired); less net movement is standing. */
export const MOVED_MM = 25;

export type Conduct = 'advancing' | 'standing' | 'retiring' | 'retreating' | 'routing';

type Ctx = { battle: Battle; rs: DogState; turn: number };

const dist = (a: TablePoint, b: TablePoint) => Math.sqrt((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y));
const inMelee = (rs: DogState, id: string) => rs.melees.some((m) => m.a === id || m.b === id);

/**
 * What `x` did in this turn's move, judged against the point `toward` (the testing unit for an
 * enemy; its own nearest enemy for a friend): routing and retreating by its morale; retiring when
 * it fell back (a retirement the rules imposed, or its centre went MOVED_MM farther from `toward`);
 * advancing when it charged or its centre came MOVED_MM nearer; standing when its centre moved
 * less than MOVED_MM. A unit locked in melee, or one that moved across, is none of these.
 */
export function conductOf(c: Ctx, x: Unit, toward: TablePoint | undefined): Conduct | undefined {
  const st = us(c.rs, x.id);
  if (st.morale === 'routing') return 'routing';
  if (st.morale === 'retreating') return 'retreating';
  if (inMelee(c.rs, x.id)) return undefined;
  if (st.retired) return 'retiring';
  const now = centreOf(x);
  const from = st.startAt ?? now;
  if (dist(from, now) < MOVED_MM) return 'standing';
  if (st.charged) return 'advancing';
  if (!toward) return undefined;
  const closed = dist(from, toward) - dist(now, toward);
  return closed >= MOVED_MM ? 'advancing' : closed <= -MOVED_MM ? 'retiring' : undefined;
}

export type ControlKey = keyof typeof CONTROL_MODIFIERS;

export interface SeenLine { readonly key: ControlKey; readonly who: readonly string[] }

function nearestEnemyCentre(c: Ctx, x: Unit): TablePoint | undefined {
  let best: Unit | undefined, bd = Infinity;
  for (const e of c.battle.units) { if (e.side === x.side) continue; const d = gapMm(x, e); if (d < bd) { bd = d; best = e; } }
  return best ? centreOf(best) : undefined;
}

/**
 * The lines of the CONTROL Modifiers that the state of other troops gives `u`, each once however
 * many units show it (the text says "for each" only of rounds won), with the units that show it.
 * `exclude`: enemies whose lines the caller gives itself (the melee's beaten enemy, a charge's target).
 */
export function othersLines(c: Ctx, u: Unit, exclude: readonly string[] = []): SeenLine[] {
  const found = new Map<ControlKey, string[]>();
  const add = (k: ControlKey, x: Unit) => { const l = found.get(k) ?? []; l.push(x.name); found.set(k, l); };
  const here = centreOf(u);
  const frame = unitFrame(u.stands);
  for (const x of c.battle.units) {
    if (x.id === u.id || exclude.includes(x.id)) continue;
    const gap = gapMm(u, x);
    if (x.side !== u.side) {
      if (gap > ENEMY_NEAR_MM) continue;
      const k = conductOf(c, x, here);
      if (!k || (k === 'retiring' && gap > RETIRING_NEAR_MM)) continue;
      if (!canSee(c.battle, u, x)) continue; // the enemy must be seen
      if (k === 'advancing') add(hasFlanks(u) && quarterOf(frame, centreOf(x)) !== 'front' ? 'enemyFlankRear' : 'enemyAdvancing', x);
      else add(k === 'retiring' ? 'enemyRetiring' : k === 'retreating' ? 'enemyRetreating' : k === 'routing' ? 'enemyRouting' : 'enemyStanding', x);
    } else {
      if (gap > FRIENDS_NEAR_MM) continue;
      const k = conductOf(c, x, nearestEnemyCentre(c, x));
      if (!k || (k === 'retiring' && gap > RETIRING_NEAR_MM)) continue;
      add(k === 'retiring' ? 'friendsRetiring' : k === 'retreating' ? 'friendsRetreating' : k === 'routing' ? 'friendsRouting' : k === 'standing' ? 'friendsStanding' : 'friendsAdvancing', x);
    }
  }
  // "unit under fire from flank/rear": fire this turn, or last turn's (fire goes on "for the whole move": DoG FIRE PHASE).
  const ff = us(c.rs, u.id).flankFire;
  if (ff && ff.turn >= c.turn - 1 && hasFlanks(u)) found.set('underFireFlank', [...ff.faces]);
  return [...found].map(([key, who]) => ({ key, who }));
}
