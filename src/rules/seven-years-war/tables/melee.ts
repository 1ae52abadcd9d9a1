/** Melee: modifiers, results, breakthrough, evasion, turning to face. SYW 6 Melee pp.12-15, §4 p.10. */
import type { ModifierSpec } from './cite';
import { dice } from './cite';
import type { Drill } from './units';

const C = 'SYW 6 Melee chart (p.14)';

/**
 * Melee modifiers (p.14). "1 Per point lower combat value than opponent" is -1 per point;
 * the bare "1:" heading is -1.
 */
export const MELEE_MODIFIERS = {
  highMorale: { id: 'highMorale', label: 'Unit has high morale', value: +1, rule: C },
  vsFlankOrRear: { id: 'vsFlankOrRear', label: 'Fighting against flank or rear of enemy unit', value: +1, rule: C },
  squareOrDeepColumnVsCavalry: { id: 'squareOrDeepColumnVsCavalry', label: 'Massed infantry v cavalry in square, or 3+ deep column to front', value: +1, rule: C },
  overlap: { id: 'overlap', label: 'At least 1 overlap in support', value: +1, rule: C },
  perExtraStand: { id: 'perExtraStand', label: 'Per stand (over 1) in contact', value: +1, rule: C },
  perLowerFactor: { id: 'perLowerFactor', label: 'Per point lower combat value than opponent', value: -1, rule: C },
  disorganised: { id: 'disorganised', label: 'Disorganised (except by terrain)', value: -1, rule: C },
  poorMorale: { id: 'poorMorale', label: 'Poor morale', value: -1, rule: C },
  massedInTerrain: { id: 'massedInTerrain', label: 'Massed, fighting in type 1-3 terrain (not Light Cavalry (a))', value: -1, rule: C },
  reserveRetreatOrFlank: { id: 'reserveRetreatOrFlank', label: 'Reserve or Retreat orders, or fighting to flank/rear', value: -1, rule: C },
  enemyDefendedOrUphill: { id: 'enemyDefendedOrUphill', label: 'Enemy in buildings or behind defences, or at least half uphill', value: -1, rule: C },
  cavalryChargedAtStand: { id: 'cavalryChargedAtStand', label: 'Cavalry charged and on Stand orders', value: -1, rule: C },
} as const satisfies Record<string, ModifierSpec>;

/** Melee results use the shooting thresholds (p.14): 4 disorganise; 5 kill 1; 7+ kill 2; 10+ kill 3; all disorganise. */
export const MELEE_RESULTS_RULE = 'SYW 6 Result of Melee (p.14)';

/** Rout move routers fight at: "count the routing unit as combat value 0, with no additions" (§3 Rout p.8). */
export const ROUTER_COMBAT_VALUE = 0;

/** Cavalry breakthrough move "6+D6cms" (p.15). */
export const BREAKTHROUGH_MOVE = { dice: dice(1, 6, 6), rule: 'SYW 6 Melee breakthrough (p.15)' } as const;

/** Evade moves, 6 h) p.13: Light Cavalry D12 cm, Light Infantry D6 cm, added to the fall back. */
export const EVADE_MOVE = {
  lightCavalry: dice(1, 12),
  lightInfantry: dice(1, 6),
  rule: 'SYW 6 Melee h) (p.13)',
} as const;

/** Chargers short of an oblique target may halt 3cm short at Stand (6 g) p.13). */
export const OBLIQUE_HALT_SHORT_CM = 3;

/** Turning stands to face flank/rear attacks: D6 needed (§4 Movement when in melee p.10). */
export const TURN_TO_FACE: Readonly<Record<Drill | 'artilleryOrMilitia', number>> = {
  well: 3,
  normal: 4,
  badly: 5,
  artilleryOrMilitia: 6,
};
export const TURN_TO_FACE_RULE = 'SYW §4 Movement when in melee (p.10)';

/** Detached cavalry stands rejoin the parent if within 10cm (§4 p.10 (c)). */
export const DETACHED_REJOIN_CM = 10;
