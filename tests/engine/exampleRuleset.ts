/**
 * "Volley": the whole ruleset interface in one small, documented module (not registered). Read it
 * top to bottom to write a ruleset that the engine, the table and an AI can all use:
 *
 *   1. state, options and tables as plain JSON with zod schemas;
 *   2. commands: a schema and a handler returning a change or a Rejection with its rule;
 *   3. the sequence of play as data: a secret step both sides act in, then an engine step that
 *      rolls (`ctx.roll`: every roll is a logged event) — and a die emulation hook;
 *   4. the view: what one side may see (the other side's stances stay face down);
 *   5. legal commands from that view only (`legalFor` hands the ruleset nothing else);
 *   6. the AI adapter: determinise (fill the hidden stances), evaluate (a number), metrics, and
 *      scripts — for each unit a portfolio of policies the AI players run (src/ai README).
 *
 * Rules ("EX §n"):
 *  §1 Each turn both sides secretly give each unit a stance: fire or cover.
 *  §2 Then every unit on fire rolls a d6 a stand at the nearest enemy unit: each die of
 *     `tables.hitOn` or more hits (one more is needed against a unit in cover); a hit removes a
 *     stand, and a unit with none left is destroyed.
 *  §3 A side with no units left loses; at the turn limit the side with more stands wins.
 *  §4 Optional rule: no d6 at hand — a d6 is a d12 halved, rounded up.
 */
import { z } from 'zod';
import { removeUnit, unitsOf, updateUnit } from '../../src/engine/battle';
import { defineCommand, reject, type Command, type DieEmulation, type RulesetModule, type SideMetrics } from '../../src/engine/ruleset';
import { groundHeld } from '../../src/engine/ground';
import type { Unit } from '../../src/engine/model';

// 1. State, options, tables -------------------------------------------------------------------
export type Stance = 'fire' | 'cover';
export interface ExState {
  /** Stances given this turn, by unit id (the other side's are hidden until the step ends). */
  readonly stances: Readonly<Record<string, Stance>>;
  readonly revealed: boolean;
  /** Every unit as it began, kept after it is destroyed (for evaluation and metrics). */
  readonly start: Readonly<Record<string, { readonly side: string; readonly stands: number; readonly troopType: string }>>;
}
export interface ExOptions {
  readonly d6FromD12: boolean;
}
export interface ExTables {
  readonly hitOn: number;
}

const centre = (u: Unit) => u.stands[0]!.centre;
const distance = (a: Unit, b: Unit) => Math.hypot(centre(a).x - centre(b).x, centre(a).y - centre(b).y);
const sideOf = (s: { battle: { units: readonly Unit[] } }, unitId: string) => s.battle.units.find((u) => u.id === unitId)?.side;

// 2. Commands ---------------------------------------------------------------------------------
const chooseStance = defineCommand<ExState, ExOptions, ExTables, { type: 'chooseStance'; side: string; unit: string; stance: Stance }>({
  describe: 'Give one of your units its stance for the turn, face down (EX §1).',
  schema: z.object({ type: z.literal('chooseStance'), side: z.string(), unit: z.string(), stance: z.enum(['fire', 'cover']) }).strict(),
  handle(s, c) {
    if (sideOf(s, c.unit) !== c.side) return reject('not-yours', 'Give stances to your own units only.', 'EX §1');
    return { ruleset: { ...s.ruleset, stances: { ...s.ruleset.stances, [c.unit]: c.stance } }, events: [{ type: 'StanceChosen', unit: c.unit, stance: c.stance, rule: 'EX §1' }] };
  },
});

// 3. A die emulation: a ruleset's own procedure; the engine hands it draws and logs its throws.
const D6_FROM_D12: DieEmulation = {
  rule: 'EX §4',
  emulate(draw) {
    const d12 = draw(12);
    return { face: Math.ceil(d12 / 2), detail: { d12 } };
  },
};

export const volley: RulesetModule<ExState, ExOptions, ExTables> = {
  id: 'example-volley',
  name: 'Volley (documented example)',
  version: '1',
  measure: { unit: 'mm', mmPerUnit: 1 },
  options: {
    schema: z.object({ d6FromD12: z.boolean().default(false) }).strict(),
    info: [{ id: 'd6FromD12', label: 'a d12 halved for each d6', kind: 'boolean', default: false, optionalRule: true, rule: 'EX §4' }],
  },
  tables: { defaults: { hitOn: 5 }, schema: z.object({ hitOn: z.number().int().min(2).max(6) }).strict() },
  setup: ({ battle }) => ({ ruleset: { stances: {}, revealed: false, start: Object.fromEntries(battle.units.map((u) => [u.id, { side: u.side, stands: u.stands.length, troopType: u.troopType }])) } }),
  dieEmulation: (o) => (o.d6FromD12 ? { 6: D6_FROM_D12 } : undefined),

  // 3. The sequence of play as data.
  sequence: {
    onTurnStart: (s) => ({ ruleset: { ...s.ruleset, stances: {}, revealed: false } }),
    phases: [
      {
        id: 'stances',
        name: 'Stances',
        rule: 'EX §1',
        // Secret: each side's commands and events are its own until the step ends.
        steps: [{ id: 'choose', name: 'Choose stances', actors: 'both', secret: true, commands: ['chooseStance'], onExit: (s) => ({ ruleset: { ...s.ruleset, revealed: true } }) }],
      },
      {
        id: 'volley',
        name: 'Volley',
        rule: 'EX §2',
        steps: [
          {
            id: 'fire',
            name: 'Fire',
            actors: 'engine',
            commands: [],
            onEnter(s, ctx) {
              let battle = s.battle;
              for (const u of s.battle.units) {
                if (s.ruleset.stances[u.id] !== 'fire') continue;
                const enemies = battle.units.filter((e) => e.side !== u.side);
                if (enemies.length === 0) break;
                const t = enemies.reduce((a, b) => (distance(u, b) < distance(u, a) ? b : a));
                const cover = s.ruleset.stances[t.id] === 'cover';
                const r = ctx.roll({
                  dice: `${u.stands.length}d6` as '2d6', purpose: `${u.name} fires at ${t.name}`, rule: 'EX §2', eachDie: true, emulate: true, subjects: [u.id, t.id],
                  target: { value: s.tables.hitOn, pass: 'atLeast', label: 'To hit' },
                  modifiers: cover ? [{ label: 'target in cover', value: 1, rule: 'EX §2', appliesTo: 'target' }] : [],
                });
                const left = t.stands.length - (r.successes ?? 0);
                battle = left > 0 ? updateUnit(battle, t.id, (x) => ({ ...x, stands: x.stands.slice(0, left) })) : removeUnit(battle, t.id);
              }
              return { battle };
            },
          },
        ],
      },
    ],
  },
  commands: { chooseStance },

  // 4. The view: the other side's stances are face down until revealed.
  view(s, viewer) {
    if (s.ruleset.revealed) return { battle: s.battle, ruleset: s.ruleset };
    const own = Object.fromEntries(Object.entries(s.ruleset.stances).filter(([id]) => sideOf(s, id) === viewer));
    return { battle: s.battle, ruleset: { ...s.ruleset, stances: own } };
  },

  // 5. Legal commands from the acting side's view.
  legalCommands(view, side, sampler) {
    if (view.position.phase !== 'stances') return [];
    const out: Command[] = [];
    for (const u of unitsOf(view.battle, side)) if (!(u.id in view.ruleset.stances)) out.push({ type: 'chooseStance', side, unit: u.id, stance: sampler.chance(0.6) ? 'fire' : 'cover' });
    return out;
  },

  // 6. The AI adapter.
  ai: {
    // The hidden part of a view is the other side's stances: give each enemy unit one at random.
    determinise(view, side, sampler) {
      const stances = { ...view.ruleset.stances };
      if (!view.ruleset.revealed) for (const u of view.battle.units) if (u.side !== side && !(u.id in stances)) stances[u.id] = sampler.pick(['fire', 'cover'] as const);
      return { battle: view.battle, ruleset: { ...view.ruleset, stances } };
    },
    // Material (share of starting stands left, own minus enemy) and a little ground.
    evaluate(view, side) {
      const share = (mine: boolean) => {
        const start = Object.values(view.ruleset.start).filter((u) => (u.side === side) === mine).reduce((n, u) => n + u.stands, 0);
        const left = view.battle.units.filter((u) => (u.side === side) === mine).reduce((n, u) => n + u.stands.length, 0);
        return start > 0 ? left / start : 0;
      };
      return share(true) - share(false) + 0.1 * (2 * groundHeld(view.battle, side) - 1);
    },
    // The portfolio: every unit can stand and shoot or take cover. The scripted player runs
    // `choose` for each (shoot while at least as strong as the nearest enemy, else cover); the
    // search player tries the other script for each unit in playouts. Actors are the side's units
    // still without a stance, in the stance step only.
    scripts: {
      names: ['fire', 'cover'],
      actors: (view, side) => (view.position.phase === 'stances' ? unitsOf(view.battle, side).filter((u) => !(u.id in view.ruleset.stances)).map((u) => u.id) : []),
      choose(view, side, actor) {
        const u = view.battle.units.find((x) => x.id === actor);
        const enemies = view.battle.units.filter((e) => e.side !== side);
        if (!u || enemies.length === 0) return 'fire';
        const t = enemies.reduce((a, b) => (distance(u, b) < distance(u, a) ? b : a));
        return u.stands.length >= t.stands.length ? 'fire' : 'cover';
      },
      commands: (_view, side, actor, script) => [{ type: 'chooseStance', side, unit: actor, stance: script === 'cover' ? 'cover' : 'fire' }],
    },
    // Per side: stands lost by troop type, units by stance (destroyed ones as 'destroyed'), ground.
    metrics(s): SideMetrics[] {
      return s.battle.sides.map((side) => {
        const standsLostByType: Record<string, number> = {};
        const unitsByState: Record<string, number> = {};
        for (const [id, st] of Object.entries(s.ruleset.start)) {
          if (st.side !== side.id) continue;
          const u = s.battle.units.find((x) => x.id === id);
          standsLostByType[st.troopType] = (standsLostByType[st.troopType] ?? 0) + st.stands - (u?.stands.length ?? 0);
          const state = u ? (s.ruleset.stances[id] ?? 'no stance') : 'destroyed';
          unitsByState[state] = (unitsByState[state] ?? 0) + 1;
        }
        return { side: side.id, standsLostByType, unitsByState, ground: groundHeld(s.battle, side.id) };
      });
    },
  },

  victory(s) {
    const [a, b] = s.battle.sides;
    const alive = (id: string) => unitsOf(s.battle, id).length > 0;
    if (!alive(a.id) && !alive(b.id)) return { level: 'draw', reason: 'Both sides were destroyed.', rule: 'EX §3' };
    if (!alive(a.id)) return { winner: b.id, level: 'decisive', reason: `${a.name} has no units left.`, rule: 'EX §3' };
    if (!alive(b.id)) return { winner: a.id, level: 'decisive', reason: `${b.name} has no units left.`, rule: 'EX §3' };
    return undefined;
  },
};
