/** Terrain types and their effects, interpenetration. SYW §4 pp.9-10. */
import type { DiceSpec } from './cite';
import { dice } from './cite';

export type TerrainType = 0 | 1 | 2 | 3;

export interface TerrainEffect {
  readonly type: TerrainType;
  readonly examples: string;
  /** Fraction of the move allowance lost (type 0 loses D4 cm instead). */
  readonly speedLossFraction: number;
  readonly speedLossDice: DiceSpec | null;
  /** Artillery: speed fraction kept, or null where artillery may not enter. */
  readonly artilleryFraction: number | null;
  readonly rule: string;
}

const T = 'SYW §4 Terrain effects on movement (p.9)';

/**
 * p.9: "Type 0 ... ; 6D4 movement Artillery; Half speed. ; ¼ speed (Artillery; Half speed.)
 * ; ½ speed (No artillery) ; ¾ speed (No artillery)". Minus signs stripped: type 0 costs D4cm
 * (artillery half speed), type 1 -1/4 (artillery half), type 2 -1/2 and type 3 -3/4 (no artillery).
 */
export const TERRAIN_EFFECTS: Readonly<Record<TerrainType, TerrainEffect>> = {
  0: { type: 0, examples: 'Low, even hills', speedLossFraction: 0, speedLossDice: dice(1, 4), artilleryFraction: 0.5, rule: T },
  1: { type: 1, examples: 'Open woods, linear obstacles, low hills, scrub, brush', speedLossFraction: 0.25, speedLossDice: null, artilleryFraction: 0.5, rule: T },
  2: { type: 2, examples: 'Normal woods, steep hills, marshes', speedLossFraction: 0.5, speedLossDice: null, artilleryFraction: null, rule: T },
  3: { type: 3, examples: 'Built up areas, river crossings', speedLossFraction: 0.75, speedLossDice: null, artilleryFraction: null, rule: T },
};

/** Lights (incl. Light Cavalry (a)) count terrain as 1 grade lighter (p.9): type 0 becomes clear (-1). */
export function effectiveTerrainType(type: TerrainType, lighter: boolean): TerrainType | -1 {
  return lighter ? ((type - 1) as TerrainType | -1) : type;
}

/** Massed troops are disorganised in type 1-3 terrain; units slowed while moving count disorganised (p.9; 7 Disorder (3) p.16). */
export const DISORDERING_TERRAIN_MIN = 1;

/** Abatis: impassable but to infantry, who move 2D4cm through it (9 Points p.20). */
export const ABATIS = { infantryMove: dice(2, 4), costPer4Cm: 1, rule: 'SYW 9 Points system (p.20)' } as const;
export const BARRICADE = { costPer4Cm: 1, cover: 'soft', linearObstacleType: 1 as TerrainType, rule: 'SYW 9 Points system (p.20)' } as const;

export type Interpenetration = 'lightThroughLight' | 'routingThroughAny' | 'retreatingThroughAny' | 'lightAndMassed' | 'massedThroughMassed';

export interface InterpenetrationRule {
  readonly allowed: 'always' | 'routingOrBreakthroughOrArtilleryAtStand';
  /** Order the mover / the interpenetrated unit take afterwards (null = unchanged). */
  readonly moverOrder: 'stand' | 'reserve' | 'standOrReserve' | null;
  readonly otherOrder: 'stand' | 'reserve' | 'standOrReserve' | null;
  readonly moverDisordered: boolean | 'unlessLight';
  readonly otherDisordered: boolean | 'unlessLight';
  readonly text: string;
}

const I = 'SYW §4 Movement through friendly units (p.10)';
export const INTERPENETRATION: Readonly<Record<Interpenetration, InterpenetrationRule & { rule: string }>> = {
  lightThroughLight: { allowed: 'always', moverOrder: null, otherOrder: null, moverDisordered: false, otherDisordered: false, text: 'No penalty.', rule: I },
  routingThroughAny: { allowed: 'always', moverOrder: null, otherOrder: 'stand', moverDisordered: false, otherDisordered: true, text: 'No penalty for routers; interpenetrated unit goes to Stand and is disordered.', rule: I },
  retreatingThroughAny: { allowed: 'always', moverOrder: null, otherOrder: null, moverDisordered: 'unlessLight', otherDisordered: 'unlessLight', text: 'Both parties are disordered, unless retreaters are lights.', rule: I },
  lightAndMassed: { allowed: 'always', moverOrder: 'standOrReserve', otherOrder: 'standOrReserve', moverDisordered: false, otherDisordered: false, text: 'Both parties go to Stand or Reserve immediately after passing through, in good order.', rule: I },
  massedThroughMassed: { allowed: 'routingOrBreakthroughOrArtilleryAtStand', moverOrder: 'reserve', otherOrder: 'reserve', moverDisordered: true, otherDisordered: true, text: 'Only if routing or breaking through, or through artillery at Stand (both to Reserve); all disorder both parties.', rule: I },
};

/** Lights fall back 10cm before advancing massed enemy in type 0 terrain (p.10). */
export const LIGHTS_FALL_BACK_CM = 10;
