/**
 * BT Start of the Game 1: "Each player sets up their army according to the scenario guidelines."
 * The scenario's units (troop types, qualities, formations the movement table opens to them), the
 * brigades (formations of level 'brigade'), and the commanders: the General (commanding the army)
 * with his adjutant, and the brigade commanders.
 */
import type { BattleSetup } from '../../../engine/model';
import type { Problem, SetupInput, SetupResult } from '../../../engine/ruleset';
import type { BtOptions } from '../options';
import type { BtTables } from '../tables';
import { TROOP_TYPES, QUALITIES, DEFAULT_TABLES } from '../tables';
import type { BtState, CommanderState, UnitState } from '../state';
import { formationsFor, withPoses } from '../movement/moves';
import { layoutFor } from '../movement/formations';
import { placeBehind } from '../special/commanders';
import { idRecord } from '../../../engine/ids';

export function validateSetup(setup: BattleSetup): Problem[] {
  const out: Problem[] = [];
  setup.units.forEach((u, i) => {
    if (!(TROOP_TYPES as readonly string[]).includes(u.troopType)) out.push({ path: `$.units[${i}].troopType`, message: `"${u.troopType}" is not a troop type of the battalion rules (${TROOP_TYPES.join(', ')}).` });
    else if (!(formationsFor(DEFAULT_TABLES, u) as string[]).includes(u.formation)) out.push({ path: `$.units[${i}].formation`, message: `${u.troopType} cannot be in ${u.formation} (it may take ${formationsFor(DEFAULT_TABLES, u).join(', ')}).` });
    if (!(QUALITIES as readonly string[]).includes(u.quality)) out.push({ path: `$.units[${i}].quality`, message: `"${u.quality}" is not a quality of the Skill check table (${QUALITIES.join(', ')}).` });
  });
  for (const side of setup.sides) if (!setup.generals.some((g) => g.side === side.id && setup.formations.find((f) => f.id === g.commands)?.level === 'army'))
    out.push({ path: '$.generals', message: `${side.name} has no General commanding its army (BT Army Commanders).` });
  return out;
}

export function setupBattalion(input: SetupInput<BtOptions, BtTables>): SetupResult<BtState> {
  const battle0 = input.battle;
  const units: Record<string, UnitState> = idRecord();
  for (const u of battle0.units) {
    const start = typeof u.extra['startStands'] === 'number' ? (u.extra['startStands'] as number) : u.stands.length;
    units[u.id] = { start, turnStart: u.stands.length, movedMm: 0, moved: false, movedLastTurn: false, fired: false, firedGrape: false, firedGrapeLastTurn: false, disorientated: u.extra['disorientated'] === true, fallBacks: 0, hitsThisPhase: 0, officerDead: u.extra['officerDead'] === true, assaulted: false, defensiveFireUsed: false, halfLost: u.stands.length * 2 <= start && start > u.stands.length };
  }
  // The scenario lays stands out in line or column; square, loose order and wedge are laid out here (BT Movement Phase).
  const laid = { ...battle0, units: battle0.units.map((u) => (u.formation === 'square' || u.formation === 'loose' || u.formation === 'wedge' ? { ...u, stands: withPoses(u.stands, layoutFor(u, u.formation)) } : u)) };
  const commanders: Record<string, CommanderState> = idRecord();
  const battle = laid;
  let generals = battle.generals;
  for (const g of battle.generals) {
    const level = battle.formations.find((f) => f.id === g.commands)?.level;
    const attach = typeof g.extra['attachedTo'] === 'string' ? (g.extra['attachedTo'] as string) : undefined;
    const unit = attach ? battle.units.find((u) => u.id === attach && u.side === g.side) : undefined;
    commanders[g.id] = { kind: level === 'army' ? 'army' : 'brigade', moved: false, ...(level !== 'army' ? { brigade: g.commands } : {}), ...(unit ? { attachedTo: unit.id } : {}) };
    if (unit) generals = generals.map((x) => (x.id === g.id ? placeBehind(unit, x) : x));
    if (level === 'army') commanders[`${g.side}-adjutant`] = { kind: 'adjutant', moved: false };
  }
  const brigades: Record<string, BtState['brigades'][string]> = idRecord();
  for (const f of battle.formations) {
    const bns = battle.units.filter((u) => u.parent === f.id).map((u) => u.id);
    if (bns.length > 0) brigades[f.id] = { side: f.side, battalions: bns, quit: false, checked: 0 };
  }
  return { battle: { ...battle, generals }, ruleset: { units, commanders, brigades, gone: {} } };
}
