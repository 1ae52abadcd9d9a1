/**
 * NW Orders §1 Order Definitions: the eight orders, their restrictions and permissions,
 * encoded as data the module enforces. Each flag cites the bullet it comes from.
 */
export type OrderId = 'advance' | 'charge' | 'deploy' | 'defend' | 'retreat' | 'fire-and-flee' | 'form-square' | 'recover';
export const ORDER_IDS: readonly OrderId[] = ['advance', 'charge', 'deploy', 'defend', 'retreat', 'fire-and-flee', 'form-square', 'recover'];

export interface OrderSpec {
  readonly id: OrderId;
  readonly name: string;
  /** Which arms may take it. */
  readonly allowed: { readonly foot: boolean; readonly cavalry: boolean; readonly artillery: boolean };
  readonly skirmishersAllowed: boolean;
  /** May be issued to a unit in close combat (Orders: only Retreat or Deploy). */
  readonly inCloseCombat: boolean;
  /** May be issued to a Fragmented unit (Morale §17: a Fragmented unit cannot be issued Charge). */
  readonly fragmented: boolean;
  /** May be issued to a routing unit (Recover only, Morale §17 Routed). */
  readonly routed: boolean;
  /** May the unit fire this turn (and how). */
  readonly fire: 'full' | 'reduced' | 'none' | 'cancels-order';
  /** Minimum fraction of the move that must be made, if it moves at all. */
  readonly minMoveFraction: number;
  /** Maximum wheel before moving, degrees. */
  readonly wheelDeg: number;
  readonly mayCountercharge: 'cavalry-any' | 'none' | 'see-rule';
  readonly followUp: 'must' | 'optional' | 'never';
  readonly rule: string;
}

const all = { foot: true, cavalry: true, artillery: true };

export const ORDERS: Readonly<Record<OrderId, OrderSpec>> = {
  advance: {
    id: 'advance', name: 'Advance', allowed: all, skirmishersAllowed: true, inCloseCombat: false, fragmented: true, routed: false,
    // "Units with Advance Orders may fire, but at reduced effectiveness" (the moved-and-fired modifier).
    fire: 'reduced', minMoveFraction: 0.5, wheelDeg: 45, mayCountercharge: 'see-rule', followUp: 'must',
    rule: 'NW Orders/Advance',
  },
  charge: {
    id: 'charge', name: 'Charge', allowed: all, skirmishersAllowed: true, inCloseCombat: false, fragmented: false, routed: false,
    fire: 'full', minMoveFraction: 0.5, wheelDeg: 45, mayCountercharge: 'none', followUp: 'must',
    rule: 'NW Orders/Charge',
  },
  deploy: {
    id: 'deploy', name: 'Deploy', allowed: all, skirmishersAllowed: true, inCloseCombat: true, fragmented: true, routed: false,
    fire: 'full', minMoveFraction: 0, wheelDeg: 45, mayCountercharge: 'none', followUp: 'optional',
    rule: 'NW Orders/Deploy',
  },
  defend: {
    id: 'defend', name: 'Defend', allowed: { foot: true, cavalry: false, artillery: true }, skirmishersAllowed: true, inCloseCombat: false, fragmented: true, routed: false,
    fire: 'full', minMoveFraction: 0, wheelDeg: 0, mayCountercharge: 'none', followUp: 'never',
    rule: 'NW Orders/Defend',
  },
  retreat: {
    id: 'retreat', name: 'Retreat', allowed: all, skirmishersAllowed: true, inCloseCombat: true, fragmented: true, routed: false,
    fire: 'none', minMoveFraction: 0.5, wheelDeg: 45, mayCountercharge: 'none', followUp: 'never',
    rule: 'NW Orders/Retreat',
  },
  'fire-and-flee': {
    id: 'fire-and-flee', name: 'Fire and Flee', allowed: { foot: false, cavalry: false, artillery: true }, skirmishersAllowed: false, inCloseCombat: false, fragmented: true, routed: false,
    fire: 'full', minMoveFraction: 0, wheelDeg: 0, mayCountercharge: 'none', followUp: 'never',
    rule: 'NW Orders/Fire and Flee',
  },
  'form-square': {
    id: 'form-square', name: 'Form Square', allowed: { foot: true, cavalry: false, artillery: false }, skirmishersAllowed: false, inCloseCombat: false, fragmented: true, routed: false,
    fire: 'full', minMoveFraction: 0, wheelDeg: 0, mayCountercharge: 'none', followUp: 'never',
    rule: 'NW Orders/Form Square',
  },
  recover: {
    id: 'recover', name: 'Recover', allowed: all, skirmishersAllowed: true, inCloseCombat: false, fragmented: true, routed: true,
    // "A Recovering unit may fire ... but the Recover marker is immediately removed".
    fire: 'cancels-order', minMoveFraction: 0, wheelDeg: 0, mayCountercharge: 'none', followUp: 'never',
    rule: 'NW Orders/Recover',
  },
};

/** NW Orders/Deploy: the actions a Deploy order may buy; a unit may take two, or one when restricted. */
export type DeployAction =
  | 'change-facing'
  | 'face-attacker'
  | 'change-formation'
  | 'enter-buildings'
  | 'sidestep'
  | 'fall-back'
  | 'wheel-to-face'
  | 'search-ford'
  | 'artillery-unlimber-handpush'
  | 'artillery-limber'
  | 'step-forward'
  | 'halt'
  | 'spike-guns'
  | 'expand-contract'
  | 'skirmishers';

export const DEPLOY_ACTIONS: Readonly<Record<DeployAction, { readonly text: string; readonly chargeResponse: boolean; readonly nonMilitiaFootOnly: boolean }>> = {
  'change-facing': { text: 'Change facing 90 or 180 degrees.', chargeResponse: false, nonMilitiaFootOnly: false },
  'face-attacker': { text: 'Turn to face an attacker as he Charges or Advances in, or to face an opponent if already in combat.', chargeResponse: true, nonMilitiaFootOnly: false },
  'change-formation': { text: 'Change formation.', chargeResponse: false, nonMilitiaFootOnly: false },
  'enter-buildings': { text: "Enter buildings and take up positions in them if the unit's stands are within a town or farm.", chargeResponse: false, nonMilitiaFootOnly: false },
  sidestep: { text: "Non-militia foot may 'sidestep' 1 stand width to either flank, ignoring any terrain delays.", chargeResponse: false, nonMilitiaFootOnly: true },
  'fall-back': { text: 'Non-militia foot may fall back half a Move, remaining facing their enemy throughout.', chargeResponse: true, nonMilitiaFootOnly: true },
  'wheel-to-face': { text: 'Wheel up to 45 degrees to face an attacker as he Charges in.', chargeResponse: true, nonMilitiaFootOnly: false },
  'search-ford': { text: 'Search for fords, dismount, mount, etc.', chargeResponse: false, nonMilitiaFootOnly: false },
  'artillery-unlimber-handpush': { text: 'Artillery may unlimber or handpush 1" (2") straight ahead and fire.', chargeResponse: false, nonMilitiaFootOnly: false },
  'artillery-limber': { text: 'Artillery may limber and not fire.', chargeResponse: false, nonMilitiaFootOnly: false },
  'step-forward': { text: 'Move one stand depth straight forward, ignoring terrain delays and disorder penalties.', chargeResponse: false, nonMilitiaFootOnly: false },
  halt: { text: 'Stand halted in place.', chargeResponse: false, nonMilitiaFootOnly: false },
  'spike-guns': { text: 'Spike captured artillery pieces.', chargeResponse: false, nonMilitiaFootOnly: false },
  'expand-contract': { text: 'Expand or contract one stand per flank.', chargeResponse: false, nonMilitiaFootOnly: false },
  skirmishers: { text: 'Deploy skirmisher stand(s) forward one base depth, or reabsorb them.', chargeResponse: false, nonMilitiaFootOnly: false },
};

/**
 * NW Orders/Deploy: two actions for units that are not in close combat, not being charged,
 * not Disordered (or worse) and not militia or conscripts; one for all others.
 */
export function deployActionsAllowed(u: { inCloseCombat: boolean; beingCharged: boolean; disordered: boolean; militiaOrConscript: boolean }): 1 | 2 {
  return u.inCloseCombat || u.beingCharged || u.disordered || u.militiaOrConscript ? 1 : 2;
}

/** NW Orders/Advance: who may countercharge whom. */
export function mayCountercharge(responder: { mounted: boolean; skirmish: boolean; foot: boolean }, charger: { mounted: boolean; skirmish: boolean; foot: boolean }): boolean {
  if (responder.mounted) return true; // "Cavalry may Countercharge any troops charging them."
  if (!responder.foot) return false;
  if (responder.skirmish) return charger.foot && charger.skirmish; // only other Skirmishing Infantry
  return charger.foot && !charger.mounted; // "Infantry ... may Countercharge other infantry."
}

/** NW Orders/Charge: "Infantry may not charge cavalry. Skirmishing Infantry may only Charge Skirmishing Infantry." */
export function mayChargeTarget(charger: { mounted: boolean; skirmish: boolean; foot: boolean }, target: { mounted: boolean; skirmish: boolean; foot: boolean }): boolean {
  if (charger.foot && target.mounted) return false;
  if (charger.foot && charger.skirmish) return target.foot && target.skirmish;
  return true;
}

/** NW Sequence §11, Orders/Issuing: general rules for issuing orders. */
export const ORDER_ISSUE_RULES = {
  onePerUnitPerTurn: true,
  mustBeInCommandRadius: true,
  anyGeneralAnyDivision: true,
  free180Turn: 'A unit not involved in a close combat or routing may make a free 180 degree turn.',
  closeCombatOrders: ['retreat', 'deploy'] as readonly OrderId[],
  rule: 'NW Sequence §11 Orders Phase; Orders/Issuing Orders',
} as const;
