/** Orders and what they allow. SYW (3) Orders p.6 and Order interpretation p.8. */
export type OrderName = 'advance' | 'reserve' | 'stand' | 'retreat' | 'rout';
export const ORDERS: readonly OrderName[] = ['advance', 'reserve', 'stand', 'retreat', 'rout'];

const O = 'SYW (3) Order interpretation (p.8)';

export interface OrderRules {
  readonly order: OrderName;
  /** Formations a group may be in under this order (Formations allowed p.9). */
  readonly formations: readonly ('line' | 'column' | 'square')[];
  /** Artillery may fire only on Stand (p.8). */
  readonly artilleryMayFire: boolean;
  readonly rule: string;
}

export const ORDER_RULES: Readonly<Record<OrderName, OrderRules>> = {
  // Advance: "All units in the Group must be in Line formation."
  advance: { order: 'advance', formations: ['line'], artilleryMayFire: false, rule: O },
  // Column only on Reserve; square on Stand or Reserve (p.9).
  reserve: { order: 'reserve', formations: ['line', 'column', 'square'], artilleryMayFire: false, rule: O },
  stand: { order: 'stand', formations: ['line', 'square'], artilleryMayFire: true, rule: O },
  retreat: { order: 'retreat', formations: ['line'], artilleryMayFire: false, rule: O },
  rout: { order: 'rout', formations: ['line', 'column', 'square'], artilleryMayFire: false, rule: O },
};

export const ORDER_NUMBERS = {
  /** Advance: at least one unit moves half speed or ends in contact. */
  advanceMinFraction: 0.5,
  /** Advance: halt 10cm from massed enemy to the front, go to Stand. */
  advanceHaltCm: 10,
  /** Reserve: no voluntary approach to enemy within 20cm. */
  reserveNoApproachCm: 20,
  /** Reserve: half speed backwards. */
  reserveBackwardsFraction: 0.5,
  /** Stand: 5cm in any direction. */
  standMoveCm: 5,
  /** Retreat: at least half maximum speed. */
  retreatMinFraction: 0.5,
  /** Rout after the first move: maximum normal speed +2cm. */
  routExtraCm: 2,
  /** Uncommanded units: change own order within 20cm of known enemy on 4+. */
  uncommandedEnemyCm: 20,
  uncommandedRoll: 4,
  /** Group cohesion: no more than 1cm between units of a group. */
  groupGapCm: 1,
  /** Transfer between commands: general within 5cm sends Reserve. */
  transferCm: 5,
  /** Reserve infantry in column moves 24cm. */
  columnReserveInfantryCm: 24,
  rule: O,
} as const;
