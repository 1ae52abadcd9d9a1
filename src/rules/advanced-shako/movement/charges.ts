/**
 * What a charge does on contact, in the movement phase: a unit in Fallback is Broken (11.2.5
 * Dispersing units in Fallback status), skirmishers are driven off, and infantry charged by
 * cavalry roll for a hasty square at once (8.2 clarification; 8.2 amendments: failure, terrain,
 * columns; quick reference +1 from within 9"; Austrian masse).
 */
import { unitIn } from '../../../engine/workingState';
import type { Unit } from '../../../engine/model';
import type { W } from '../state';
import { armOf, flag, setUs, us } from '../state';
import { combatDeployed, favourableGround, sectorOf } from '../geo';
import { mrTest } from '../morale/tests';
import { breakUnit, fallBack, DISPERSE_RULE } from '../morale/losses';
import { layoutFor, placementProblem, reform } from './formations';

export const HASTY_RULE = 'AS 8.2 Hasty Squares';
export const HASTY_AMENDED_RULE = 'AS 8.2 Hasty Squares (rule change: failure)';

/** Must this infantry attempt a hasty square when charged by `cav`? Why not, when it need not. */
export function hastyExemption(w: Pick<W, 'battle' | 'rs' | 'tables'>, inf: Unit, cav: Unit): string | undefined {
  if (inf.formation === 'square') return 'already in square';
  if (inf.formation === 'skirmish') return 'skirmishers';
  if (sectorOf(w.battle, inf)) return 'in a town sector (house reading)';
  if (flag(inf, 'masse')) return 'Austrian battalion masse (17.2 Army Orders of Battle)';
  if (!us(w.rs, inf.id).moved && favourableGround(w.battle, inf, cav)) return 'stationary, defending favourable terrain (8.2 Hasty Squares and terrain)';
  if (combatDeployed(w.battle, w.rs, w.tables, inf)) return 'Combat Deployed: both flanks supported (8.1.2b)';
  return undefined;
}

/**
 * 8.2: the roll is made as soon as the infantry are charged. Under MR: square at once (a HASTY
 * square, 11.4). Failure (the later rule change wins over the clarification's automatic break,
 * RULINGS.md): the unit keeps its formation and facing, fights with its DisMR and may not fire.
 * +1 charged from within 9" (quick reference); -1 in column, a 6 always fails.
 */
export function hastySquare(w: W, infId: string, cavId: string, fromIn: number): void {
  const inf = unitIn(w, infId), cav = unitIn(w, cavId);
  if (!inf || !cav) return;
  const why = hastyExemption(w, inf, cav);
  if (why) { w.ctx.emit({ type: 'NoHastySquare', unit: infId, why, rule: HASTY_RULE }); return; }
  const mods = [
    ...(fromIn <= w.tables.reach.hastySquareCloseIn + 1e-6 ? [{ label: `charged from within ${w.tables.reach.hastySquareCloseIn}"`, value: w.tables.tests.hastySquare.chargedFromClose, rule: 'AS 8.2 Quick Reference Sheet: Hasty Squares' }] : []),
    ...(inf.formation === 'column' ? [{ label: 'in column', value: w.tables.tests.hastySquare.inColumn, rule: 'AS 8.2 Hasty Squares and columns' }] : []),
  ];
  if (mrTest(w, inf, 'hasty square', HASTY_RULE, mods)) {
    const stands = layoutFor(inf, 'square');
    const bad = placementProblem(w.battle, inf, stands, [cavId]);
    if (!bad) {
      reform(w, infId, 'square', stands);
      setUs(w, infId, { hasty: true, squareFormed: w.turn });
      w.ctx.emit({ type: 'HastySquare', unit: infId, formed: true, rule: HASTY_RULE });
      return;
    }
    w.ctx.emit({ type: 'NoRoomForSquare', unit: infId, why: bad, rule: HASTY_RULE });
  }
  setUs(w, infId, { hastyFailed: true });
  w.ctx.emit({ type: 'HastySquare', unit: infId, formed: false, rule: HASTY_AMENDED_RULE });
}

/** On contact: Fallback units are Broken, skirmishers driven off, infantry charged by cavalry roll for square. */
export function chargeContact(w: W, chargerId: string, targetId: string, fromIn: number): void {
  const u = unitIn(w, chargerId), t = unitIn(w, targetId);
  if (!u || !t) return;
  if (us(w.rs, t.id).fallback !== undefined) {
    breakUnit(w, t.id, `contacted in Fallback by ${u.name}`, DISPERSE_RULE);
    setUs(w, chargerId, { charge: undefined });
    return;
  }
  if (t.formation === 'skirmish') {
    // Skirmishers contacted by Formed units are driven away (no melee, no Breakthrough).
    fallBack(w, t.id, u);
    setUs(w, chargerId, { charge: undefined });
    return;
  }
  if (armOf(u) === 'cavalry' && armOf(t) === 'infantry') hastySquare(w, t.id, u.id, fromIn);
}
