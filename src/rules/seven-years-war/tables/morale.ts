/** Morale: triggers, charge pre-test, 2D6 modifiers and result tables. SYW 8 Morale pp.17-18. */
import type { ModifierSpec } from './cite';
import type { OrderName } from './orders';

const M = 'SYW 8 Morale (p.17)';

export type MoraleTest = 'casualties' | 'beingCharged' | 'charging' | 'rally';

/** When groups check morale (p.17). */
export const MORALE_TRIGGERS = [
  { id: 'charging', text: 'Attempting to charge', rule: M },
  { id: 'beingCharged', text: 'Being charged', rule: M },
  { id: 'rally', text: 'To rally from rout', rule: M },
  { id: 'casualties', text: 'End of either player\'s phase after shooting casualties or melee', rule: M },
  { id: 'friendsRout', text: 'End of either player\'s phase for seeing friends rout, or be wiped out, within 20cm', rule: M },
] as const;
export const FRIENDS_ROUT_RADIUS_CM = 20;

/**
 * The pre-charge D6 for infantry (p.17): "For Musket and Bow armed Infantry attempting to
 * charge frontally. For Heavy Infantry, or others if attacking defences or troops in soft
 * cover: 5,6 (D6). Infantry attempting to charge in other circumstances, (or as above, if 50%
 * casualties): 6 (D6). For any other circumstances: [no roll]".
 */
export const INFANTRY_CHARGE_PRETEST = {
  heavyOrVsCover: 5,
  otherInfantry: 6,
  rule: 'SYW 8 Morale, charging by musket/bow infantry (p.17)',
} as const;

/** 2D6 morale modifiers (p.17). Headings "+2", "+1", "1", "2", "3": the bare ones are negative. */
export const MORALE_MODIFIERS = {
  wonMeleeCasualties: { id: 'wonMeleeCasualties', label: 'Caused more casualties than received this phase, in melee', value: +2, rule: M },
  lightsChargingLights: { id: 'lightsChargingLights', label: 'Lights testing to charge other lights', value: +2, rule: M },
  generalNear: { id: 'generalNear', label: 'Group\'s general or CinC within D4 x 5cm', value: +1, rule: M },
  highMorale: { id: 'highMorale', label: 'Group has high morale', value: +1, rule: M },
  uphillOrCover: { id: 'uphillOrCover', label: 'Uphill of all enemy, or infantry in cover', value: +1, rule: M },
  perMeleeWon: { id: 'perMeleeWon', label: 'Per melee group has won this phase', value: +1, rule: M },
  shortRangeArtillery: { id: 'shortRangeArtillery', label: 'Group under short range artillery fire', value: -1, rule: M },
  per20PercentLost: { id: 'per20PercentLost', label: 'Per 20% of group\'s stands killed this battle', value: -1, rule: M },
  halfDisordered: { id: 'halfDisordered', label: '50% of units disordered, or in disordering terrain', value: -1, rule: M },
  poorMoraleOrMilitiaInOpen: { id: 'poorMoraleOrMilitiaInOpen', label: 'Poor morale, or militia in open terrain', value: -1, rule: M },
  chargingHigherFactor: { id: 'chargingHigherFactor', label: 'Charging enemy with higher melee factor frontally, or charged by them', value: -2, rule: M },
  lightsChargedByCavalryInOpen: { id: 'lightsChargedByCavalryInOpen', label: 'Light infantry / militia charged by cavalry in open terrain', value: -2, rule: M },
  chargedInFlankOrRear: { id: 'chargedInFlankOrRear', label: 'Being charged in flank or rear', value: -2, rule: M },
  perMeleeLost: { id: 'perMeleeLost', label: 'Per melee lost by group this phase', value: -2, rule: M },
  rallyingFromRout: { id: 'rallyingFromRout', label: 'Attempting to rally from rout', value: -2, rule: M },
  halfStrength: { id: 'halfStrength', label: 'Attempting to charge or rally at 50% strength or less', value: -3, rule: M },
  braveGeneral: { id: 'braveGeneral', label: 'Brave general within 5cm', value: +1, rule: 'SYW (3) Psychology (A) Brave (p.6)' },
} as const satisfies Record<string, ModifierSpec>;

export const GENERAL_NEAR_D4_TIMES_CM = 5;
export const BRAVE_GENERAL_CM = 5;

/** What a morale result does to a group (p.18). */
export interface MoraleOutcome {
  /** New order, or null to keep the current one. */
  readonly order: OrderName | null;
  /** Immediate fall back distance, cm (0 = none). */
  readonly fallBackCm: number;
  readonly artilleryKilled: boolean;
  /** Move immediately at rout rate. */
  readonly routNow: boolean;
  readonly text: string;
}

const keep = (text: string): MoraleOutcome => ({ order: null, fallBackCm: 0, artilleryKilled: false, routNow: false, text });
const R18 = 'SYW 8 Morale results (p.18)';

/**
 * Testing for casualties, or being charged (p.18). `6+` OK; `45` = 4-5; `3`; `12` = 1-2;
 * `0 or less` rout. "OK; stay at current orders, or go to Advance": the player may choose.
 */
export function casualtyResult(score: number, deployment: 'massed' | 'light', current: OrderName, isArtillery: boolean): MoraleOutcome {
  if (score >= 6) return keep('6+: OK; stay at current orders, or go to Advance');
  if (score >= 4) {
    if (deployment === 'massed') return keep('4-5 massed: stay at current orders');
    if (current === 'advance' || current === 'stand') return { order: 'retreat', fallBackCm: 10, artilleryKilled: false, routNow: false, text: '4-5 lights: Advance/Stand goes to Retreat; fall back 10cm' };
    return keep('4-5 lights: orders other than Advance/Stand unchanged');
  }
  if (score === 3) {
    if (deployment === 'massed') return current === 'advance' ? { order: 'stand', fallBackCm: 0, artilleryKilled: false, routNow: false, text: '3 massed: Advance goes to Stand' } : keep('3 massed: orders other than Advance unchanged');
    if (current === 'rout') return keep('3 lights: already routing');
    return { order: 'retreat', fallBackCm: current === 'retreat' ? 0 : 10, artilleryKilled: false, routNow: false, text: '3 lights: all but Retreat go to Retreat; fall back 10cm' };
  }
  if (score >= 1) {
    if (deployment === 'massed') {
      if (isArtillery) return { order: null, fallBackCm: 0, artilleryKilled: true, routNow: false, text: '1-2: artillery is killed' };
      if (current === 'rout') return keep('1-2 massed: already routing');
      return { order: 'retreat', fallBackCm: current === 'retreat' ? 0 : 20, artilleryKilled: false, routNow: false, text: '1-2 massed: all but Retreat go to Retreat; fall back 20cm' };
    }
    return { order: 'rout', fallBackCm: 0, artilleryKilled: false, routNow: true, text: '1-2 lights: go to Rout, move immediately' };
  }
  return { order: 'rout', fallBackCm: 0, artilleryKilled: isArtillery, routNow: true, text: '0 or less: go to Rout, move immediately' };
}
export const CASUALTY_RESULTS_RULE = R18;

/** Testing if charging (p.18): 6+ OK (the charge goes in); 4-5 massed keep orders, lights go to Stand; up to 3 go to Stand. */
export function chargeResult(score: number, deployment: 'massed' | 'light'): { charges: boolean; order: OrderName | null; text: string } {
  if (score >= 6) return { charges: true, order: null, text: '6+: OK; keep current orders' };
  if (score >= 4) return deployment === 'massed'
    ? { charges: false, order: null, text: '4-5 massed: keep current orders' }
    : { charges: false, order: 'stand', text: '4-5 lights: go to Stand' };
  return { charges: false, order: 'stand', text: 'up to 3: go to Stand' };
}

/** Testing to rally (p.18): 6+ rallies any troops, 5+ rallies massed troops; less: continue rout. */
export function rallyResult(score: number, deployment: 'massed' | 'light'): { rallied: boolean; text: string } {
  if (score >= 6) return { rallied: true, text: '6+: rallies any troops' };
  if (score >= 5 && deployment === 'massed') return { rallied: true, text: '5+: rallies massed troops' };
  return { rallied: false, text: 'less: continue rout' };
}
/** Rallied troops take Reserve orders (RULINGS.md; cf. surrendered troops "rally at Reserve", p.15). */
export const RALLIED_ORDER: OrderName = 'reserve';

/** Groups going off table (p.18). */
export const OFF_TABLE = {
  returnWithinCm: 10,
  returnUnpursued: 5,
  returnFlankMarch: 5,
  returnPursuedOrRouters: 6,
  subsequentTurns: 5,
  pushBackCm: 10,
  rule: 'SYW 8 Groups going off table (p.18)',
} as const;
