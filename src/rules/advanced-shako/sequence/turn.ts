/**
 * The turn (established sequence): Artillery → Movement → Musketry → Melee → Command. Movement is
 * division by division in the order of 8.0 Initiative and Divisional Movement: a D6 per division
 * (+1 Attack orders, +1 cavalry division, -1 for a coordinated pair rolling one die), highest first;
 * opposing divisions tied with units within 18" roll off. The Command phase's "Rally and Reform
 * units" (11.4), divisional morale (12.2, 12.4), ADCs (7.8) and new orders.
 */
import { z } from 'zod';
import type { Change, Ctx, SequenceSpec, StepSpec } from '../../../engine/ruleset';
import { defineCommand, reject } from '../../../engine/ruleset';
import { finishWork } from '../../../engine/workingState';
import { unitDistance } from '../../../geometry/measure';
import type { ShOptions } from '../options';
import type { ShTables } from '../tables';
import type { S, ShState, W } from '../state';
import { armOf, inMm, setDiv, setUs, work } from '../state';
import { enforceAdvance, enforceObligatoryCharges, markObligatoryCharges, moveAdcs, suspended } from '../orders/orders';
import { resolveMelees, canRecall, shelterFor } from '../melee/melee';
import { britishControl, breakthroughTargets, entitled, BREAKTHROUGH_RULE } from '../melee/breakthrough';
import { rallyAndReform, divisionalMorale } from '../morale/command';
import { burnTowns, leaveBurning } from '../fire/towns';
import { fallBack } from '../morale/losses';
import { planFire } from '../fire/fire';
import { hypot } from '../../../geometry/math';

export const SEQ_RULE = 'SHAKO sequence of play (established): Artillery, Movement, Musketry, Melee, Command';
export const INIT_RULE = 'AS 8.0 Initiative and Divisional Movement';
export const COORD_RULE = 'AS 8.0 Coordinated movement';
/** The most division steps a turn offers (a battle with more divisions moves the rest in the last). */
export const MAX_DIVISION_STEPS = 12;

const hook = (fn: (w: W, s: S) => void) => (s: S, ctx: Ctx): Change<ShState> => {
  const w = work(s, ctx);
  fn(w, s);
  return finishWork(w);
};

/** Divisions that move this turn: not broken, not retreating un-rallied (8.0). */
export const movers = (rs: ShState, battle: S['battle']): string[] => Object.keys(rs.divisions).filter((id) => { const d = rs.divisions[id]!; return !d.broken && !d.retreating && d.units.some((u) => battle.units.some((x) => x.id === u)); });

const commanderOf = (s: { battle: S['battle']; ruleset: ShState }, div: string) => { const g = s.ruleset.divisions[div]?.commander; return g ? s.battle.generals.find((x) => x.id === g) : undefined; };

/** Why two divisions may not coordinate (8.0), or undefined. */
export function coordinationProblem(s: { battle: S['battle']; ruleset: ShState; tables: ShTables }, side: string, a: string, b: string): string | undefined {
  const da = s.ruleset.divisions[a], db = s.ruleset.divisions[b];
  if (!da || !db || da.side !== side || db.side !== side || a === b) return 'Choose two of your own divisions.';
  if (da.orders !== 'attack' || db.orders !== 'attack') return 'Both must be under Attack orders.';
  if (!movers(s.ruleset, s.battle).includes(a) || !movers(s.ruleset, s.battle).includes(b)) return 'Both must be able to move.';
  if (s.ruleset.coordinate.some(([x, y]) => [x, y].includes(a) || [x, y].includes(b))) return 'No more than two divisions may coordinate.';
  const ga = commanderOf(s, a), gb = commanderOf(s, b);
  if (!ga || !gb || hypot(ga.stand.centre.x - gb.stand.centre.x, ga.stand.centre.y - gb.stand.centre.y) > inMm(s.tables.reach.initiativeNearIn) + 0.5) return `Their commanders must be within ${s.tables.reach.initiativeNearIn}" of one another.`;
  return undefined;
}

type CoordCmd = { type: 'coordinate'; side: string; divisions: [string, string] };
export const coordinate = defineCommand<ShState, ShOptions, ShTables, CoordCmd>({
  describe: 'Declare, before the initiative dice, that two attacking divisions with commanders within 18" move together on one die at -1 (8.0).',
  schema: z.object({ type: z.literal('coordinate'), side: z.string(), divisions: z.tuple([z.string(), z.string()]) }).strict(),
  handle(s: S, c, ctx) {
    const bad = coordinationProblem({ battle: s.battle, ruleset: s.ruleset, tables: s.tables }, c.side, c.divisions[0], c.divisions[1]);
    if (bad) return reject('no-coordination', bad, COORD_RULE);
    const w = work(s, ctx);
    w.rs = { ...w.rs, coordinate: [...w.rs.coordinate, [c.divisions[0], c.divisions[1]]] };
    return finishWork(w, [{ type: 'Coordinated', side: c.side, divisions: c.divisions, rule: COORD_RULE }]);
  },
});

/** Can any pair of `side`'s divisions coordinate? */
export const canCoordinate = (s: { battle: S['battle']; ruleset: ShState; tables: ShTables }, side: string): boolean => {
  const mine = Object.keys(s.ruleset.divisions).filter((d) => s.ruleset.divisions[d]!.side === side);
  return mine.some((a, i) => mine.slice(i + 1).some((b) => !coordinationProblem(s, side, a, b)));
};

/** 8.0: roll for each division (or coordinated pair), order by the modified rolls, roll off close ties. */
export function rollInitiative(w: W): void {
  const groups: string[][] = [];
  const paired = new Set(w.rs.coordinate.flat());
  for (const pair of w.rs.coordinate) groups.push([...pair]);
  for (const id of movers(w.rs, w.battle)) if (!paired.has(id)) groups.push([id]);
  const scored = groups.map((g) => {
    const divs = g.map((id) => w.rs.divisions[id]!);
    const mods = [
      ...(divs.every((d) => d.orders === 'attack') ? [{ label: 'Attack orders', value: w.tables.initiative.attack, rule: INIT_RULE }] : []),
      ...(divs.every((d) => d.units.every((u) => { const x = w.battle.units.find((y) => y.id === u); return !x || armOf(x) === 'cavalry'; })) ? [{ label: 'cavalry division', value: w.tables.initiative.cavalryDivision, rule: INIT_RULE }] : []),
      ...(g.length > 1 ? [{ label: 'coordinated movement', value: w.tables.initiative.coordinated, rule: COORD_RULE }] : []),
    ];
    const r = w.ctx.roll({ dice: 'd6', purpose: `Initiative: ${divs.map((d) => d.name).join(' and ')}`, rule: INIT_RULE, modifiers: mods, subjects: g });
    for (const id of g) setDiv(w, id, { initiative: r.modified, ...(g.length > 1 ? { coordinatedWith: g.find((x) => x !== id) } : {}) });
    return { g, side: divs[0]!.side, score: r.modified };
  });
  scored.sort((a, b) => b.score - a.score);
  // Opposing divisions tied, with units within 18" of each other: each player rolls, highest first (re-roll ties).
  const near = (a: string[], b: string[]) => a.some((x) => b.some((y) => w.rs.divisions[x]!.units.some((u) => w.rs.divisions[y]!.units.some((v) => {
    const uu = w.battle.units.find((q) => q.id === u), vv = w.battle.units.find((q) => q.id === v);
    return !!uu && !!vv && unitDistance(uu.stands, vv.stands) <= inMm(w.tables.reach.initiativeNearIn);
  }))));
  for (let i = 0; i + 1 < scored.length; i++) {
    const a = scored[i]!, b = scored[i + 1]!;
    if (a.score !== b.score || a.side === b.side || !near(a.g, b.g)) continue;
    for (let k = 0; k < 20; k++) {
      const ra = w.ctx.roll({ dice: 'd6', purpose: `Initiative roll-off: ${a.g.map((x) => w.rs.divisions[x]!.name).join(' and ')}`, rule: INIT_RULE, subjects: a.g });
      const rb = w.ctx.roll({ dice: 'd6', purpose: `Initiative roll-off: ${b.g.map((x) => w.rs.divisions[x]!.name).join(' and ')}`, rule: INIT_RULE, subjects: b.g });
      if (ra.total === rb.total) continue;
      if (rb.total > ra.total) { scored[i] = b; scored[i + 1] = a; }
      break;
    }
  }
  const order = scored.map((x) => x.g);
  // More groups than steps: the last step takes the rest.
  const fitted = order.length > MAX_DIVISION_STEPS ? [...order.slice(0, MAX_DIVISION_STEPS - 1), order.slice(MAX_DIVISION_STEPS - 1).flat()] : order;
  w.rs = { ...w.rs, moveOrder: fitted };
  w.ctx.emit({ type: 'MoveOrder', order: fitted, rule: INIT_RULE });
}

function turnStart(w: W): void {
  for (const id of Object.keys(w.rs.units)) setUs(w, id, { moved: false, movedForward: false, movedMm: 0, sideStepped: false, reformed: false, fired: false, recalled: false, engaged: false, noFire: false, hastyFailed: false, charge: undefined, mustCharge: undefined, breakthrough: undefined });
  for (const id of Object.keys(w.rs.divisions)) setDiv(w, id, { initiative: undefined, coordinatedWith: undefined, movedThisTurn: false, suspended: false });
  w.rs = { ...w.rs, moveOrder: [], coordinate: [], bombarded: {} };
}

const groupAt = (s: { ruleset: ShState }, i: number) => s.ruleset.moveOrder[i];

function divisionStep(i: number): StepSpec<ShState, ShOptions, ShTables> {
  return {
    id: `division${i + 1}`, name: `Division ${i + 1} in initiative order moves`, rule: INIT_RULE,
    when: (s) => groupAt(s, i) !== undefined,
    actors: (s) => { const g = groupAt(s, i); const d = g?.[0] ? s.ruleset.divisions[g[0]] : undefined; return d ? [d.side] : []; },
    commands: ['moveUnit', 'changeFormation', 'charge', 'driveOff', 'recrew'],
    onEnter: hook((w) => { for (const d of groupAt({ ruleset: w.rs }, i) ?? []) { setDiv(w, d, { suspended: suspended(w.battle, w.rs, w.tables, d) }); markObligatoryCharges(w, d); } }),
    onExit: hook((w) => { for (const d of groupAt({ ruleset: w.rs }, i) ?? []) { enforceObligatoryCharges(w, d); enforceAdvance(w, d); leaveBurning(w, d, (id, from) => fallBack(w, id, undefined, { from })); setDiv(w, d, { movedThisTurn: true }); } }),
  };
}

/** Sides with a unit that could still fire in this phase. */
function firers(s: S, phase: 'artillery' | 'musketry'): string[] {
  const out = new Set<string>();
  for (const u of s.battle.units) {
    if (out.has(u.side)) continue;
    if ((phase === 'artillery') !== (armOf(u) === 'artillery') || armOf(u) === 'cavalry') continue;
    for (const t of s.battle.units) if (t.side !== u.side && planFire({ battle: s.battle, ruleset: s.ruleset, tables: s.tables, phase }, u, t).ok) { out.add(u.side); break; }
  }
  return [...out];
}

export const SEQUENCE: SequenceSpec<ShState, ShOptions, ShTables> = {
  onTurnStart: hook((w) => turnStart(w)),
  phases: [
    {
      id: 'artillery', name: 'Artillery', rule: SEQ_RULE,
      onExit: hook((w) => burnTowns(w)),
      steps: [{ id: 'bombard', name: 'Batteries fire', rule: SEQ_RULE, actors: (s) => firers(s, 'artillery'), commands: ['fire'] }],
    },
    {
      id: 'movement', name: 'Movement', rule: INIT_RULE,
      steps: [
        { id: 'coordinate', name: 'Declare coordinated movement', rule: COORD_RULE, actors: (s) => s.battle.sides.map((x) => x.id).filter((id) => canCoordinate({ battle: s.battle, ruleset: s.ruleset, tables: s.tables }, id) || s.ruleset.coordinate.some(([a]) => s.ruleset.divisions[a]?.side === id)), commands: ['coordinate'] },
        { id: 'initiative', name: 'Initiative dice for each division', rule: INIT_RULE, actors: 'engine', commands: [], onEnter: hook((w) => rollInitiative(w)) },
        ...Array.from({ length: MAX_DIVISION_STEPS }, (_, i) => divisionStep(i)),
      ],
    },
    {
      id: 'musketry', name: 'Musketry', rule: SEQ_RULE,
      steps: [{ id: 'volleys', name: 'Infantry fire', rule: SEQ_RULE, actors: (s) => firers(s, 'musketry'), commands: ['fire'] }],
    },
    {
      id: 'melee', name: 'Melee', rule: SEQ_RULE,
      steps: [
        {
          id: 'beforeMelee', name: 'Recalls from hasty squares; crews withdraw to squares', rule: 'AS 11.4; AS 8.5 and 11.0',
          actors: (s) => s.battle.sides.map((x) => x.id).filter((side) => s.battle.units.some((u) => u.side === side && (canRecall(s, u) || !!shelterFor(s, u)))),
          commands: ['recall', 'withdrawToSquare'],
        },
        { id: 'melees', name: 'Melees fought; British cavalry control', rule: `${SEQ_RULE}; AS 11.4 British cavalry control`, actors: 'engine', commands: [], onEnter: hook((w) => { resolveMelees(w); britishControl(w); }) },
        {
          id: 'breakthrough', name: 'Breakthrough charges', rule: BREAKTHROUGH_RULE,
          actors: (s) => s.battle.sides.map((x) => x.id).filter((side) => s.battle.units.some((u) => u.side === side && entitled(s, u) && breakthroughTargets(s, u).length > 0)),
          commands: ['breakthrough'],
        },
      ],
    },
    {
      id: 'command', name: 'Command', rule: SEQ_RULE,
      steps: [
        { id: 'rally', name: 'Rally and reform units; divisional morale; ADCs ride', rule: 'AS 11.4 (RALLY AND REFORM UNITS); AS 12.1; AS 12.2; AS 12.4; AS 7.8', actors: 'engine', commands: [], onEnter: hook((w) => { rallyAndReform(w); divisionalMorale(w); moveAdcs(w); }) },
        { id: 'orders', name: 'Write orders for the ADCs', rule: 'AS 7.8 ADC movement', actors: 'both', secret: true, secretDone: 'written their orders', commands: ['sendOrders'] },
      ],
    },
  ],
};
