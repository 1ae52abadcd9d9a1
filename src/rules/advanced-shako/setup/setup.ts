/**
 * Setting up: the scenario's units (troop types, qualities, formations open to them, an MR of 2-6
 * and a lower DisMR when given), its divisions (formations of level 'division'; a unit's division is
 * its nearest ancestor of that level) with their commanders and starting orders (the commander's `extra.orders`,
 * default Defend), and each side's commander-in-chief who writes the orders (7.8).
 */
import type { BattleSetup, Formation as Fm } from '../../../engine/model';
import type { Problem, SetupInput, SetupResult } from '../../../engine/ruleset';
import type { ShOptions } from '../options';
import type { ShTables } from '../tables';
import { TROOP_TYPES, QUALITIES } from '../tables';
import type { DivisionState, ShState, UnitState, Orders } from '../state';
import { FORMATIONS_OF, withPoses } from '../movement/moves';
import { layoutFor } from '../movement/formations';
import { allotments } from '../movement/skirmishers';
import { idRecord } from '../../../engine/ids';

export function validateSetup(setup: BattleSetup): Problem[] {
  const out: Problem[] = [];
  setup.units.forEach((u, i) => {
    if (!(TROOP_TYPES as readonly string[]).includes(u.troopType)) out.push({ path: `$.units[${i}].troopType`, message: `"${u.troopType}" is not an Advanced Shako troop type (${TROOP_TYPES.join(', ')}).` });
    else if (!(FORMATIONS_OF(u as never) as string[]).includes(u.formation)) out.push({ path: `$.units[${i}].formation`, message: `${u.troopType} cannot be in ${u.formation} (it may take ${FORMATIONS_OF(u as never).join(', ')}).` });
    if (!(QUALITIES as readonly string[]).includes(u.quality)) out.push({ path: `$.units[${i}].quality`, message: `"${u.quality}" is not a quality of the MR table (${QUALITIES.join(', ')}).` });
    const mr = u.extra['mr'], dis = u.extra['dismr'];
    if (mr !== undefined && (typeof mr !== 'number' || !Number.isInteger(mr) || mr < 2 || mr > 6)) out.push({ path: `$.units[${i}].extra.mr`, message: 'An MR is a whole number from 2 to 6.' });
    if (dis !== undefined && (typeof dis !== 'number' || !Number.isInteger(dis) || dis < 1 || (typeof mr === 'number' && dis >= mr))) out.push({ path: `$.units[${i}].extra.dismr`, message: 'A DisMR is a whole number lower than the MR.' });
    if (!divisionFor(setup.formations, u.parent)) out.push({ path: `$.units[${i}].parent`, message: `${u.name} belongs to no division (a formation of level "division").` });
  });
  setup.generals.forEach((g, i) => {
    const o = g.extra['orders'];
    if (o !== undefined && o !== 'attack' && o !== 'defend') out.push({ path: `$.generals[${i}].extra.orders`, message: 'A division\'s orders are "attack" or "defend".' });
  });
  for (const side of setup.sides) if (!setup.generals.some((g) => g.side === side.id && setup.formations.find((f) => f.id === g.commands)?.level === 'army'))
    out.push({ path: '$.generals', message: `${side.name} has no commander-in-chief (a general commanding its army) to write orders.` });
  return out;
}

function divisionFor(formations: readonly Fm[], id: string | undefined): Fm | undefined {
  for (let f = formations.find((x) => x.id === id), i = 0; f && i < 20; f = formations.find((x) => x.id === f!.parent), i++) if (f.level === 'division') return f;
  return undefined;
}

export function setupShako(input: SetupInput<ShOptions, ShTables>): SetupResult<ShState> {
  const b = input.battle;
  const units: Record<string, UnitState> = idRecord();
  for (const u of b.units) units[u.id] = { kills: typeof u.extra['kills'] === 'number' ? (u.extra['kills'] as number) : 0, staggered: u.extra['staggered'] === true, moved: false, movedForward: false, movedMm: 0, sideStepped: false, reformed: false, hasty: false, hastyFailed: false, fired: false, recalled: false, engaged: false, noFire: false };
  const divisions: Record<string, DivisionState> = idRecord();
  for (const f of b.formations.filter((x) => x.level === 'division')) {
    const mine = b.units.filter((u) => divisionFor(b.formations, u.parent)?.id === f.id).map((u) => u.id);
    const g = b.generals.find((x) => x.commands === f.id);
    const orders: Orders = g?.extra['orders'] === 'attack' ? 'attack' : 'defend';
    divisions[f.id] = { side: f.side, name: f.name, ...(g ? { commander: g.id } : {}), units: mine, orders, newOrder: false, heldAttack: false, retreating: false, broken: false, tested: 0, movedThisTurn: false, suspended: false };
  }
  // 17.2: each division's skirmish allotment still to deploy.
  const allot = allotments(b, input.tables, divisions);
  for (const id of Object.keys(divisions)) divisions[id] = { ...divisions[id]!, skirmishAllotment: allot[id] ?? 0 };
  // Squares and skirmish order from a scenario are laid out here; lines and columns as the scenario placed them.
  const battle = { ...b, units: b.units.map((u) => (u.formation === 'square' || u.formation === 'skirmish' ? { ...u, stands: withPoses(u.stands, layoutFor(u, u.formation)) } : u)) };
  return { battle, ruleset: { units, divisions, adcs: [], moveOrder: [], coordinate: [], bombarded: {}, gone: {}, nextAdc: 1 } };
}
