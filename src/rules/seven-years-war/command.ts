/** Command changes (SYW (3) Changing Orders p.7, Generals pp.5-6, Orders p.6). */
import { z } from 'zod';
import { defineCommand, reject } from '../../engine/ruleset';
import type { Modifier } from '../../engine/ruleset';
import { COMMAND, ABILITY_D4_MODIFIER, effectiveCounter } from './tables/command';
import { ORDER_NUMBERS, ORDERS } from './tables/orders';
import { ROUT_MOVES } from './tables/movement';
import type { S, SywState, Options } from './state';
import { isCavalry, isInfantry } from './state';
import type { Tables } from './tablesSchema';
import { Work } from './work';
import { CM, centroid, unitGap, canSee } from './geo';
import { transferredUnits, joinProblem, applyTransfer } from './transfer';
import { changeOrder } from './orderChanges';
import { rallyTest } from './moraleTests';
import { hypot } from '../../geometry/math';
import { withId } from '../../engine/ids';

const P7 = 'SYW (3) Changing Orders (p.7)';

/** Start of Command Changes: each general's attempts (D4 ± ability; the CinC 1 ± ability, RULINGS.md). */
export function rollCommandAttempts(w: Work, side: string): void {
  for (const gen of w.battle.generals) {
    const gs = w.rs.generals[gen.id];
    if (gen.side !== side || !gs || gs.killed) continue;
    const counter = effectiveCounter(gs.counter, commandsWhat(w, gen.id));
    const mod = ABILITY_D4_MODIFIER[counter.ability];
    let n: number;
    if (gs.cinc) {
      n = Math.max(0, COMMAND.cincBaseOrders + mod);
      w.ctx.emit({ type: 'CommandAttempts', general: gen.id, attempts: n, rule: 'SYW (1) Generals (p.4): CinC 1 order per turn, +1 Competent, -1 Incompetent' });
    } else {
      const mods: Modifier[] = mod !== 0 ? [{ label: counter.ability === 'competent' ? 'Competent' : 'Incompetent', value: mod, rule: 'SYW (3) Ability (p.6)' }] : [];
      n = Math.max(0, w.roll({ dice: 'd4', purpose: `Command attempts: ${gen.name}`, rule: P7, modifiers: mods, subjects: [gen.id] }).modified);
    }
    w.rs = { ...w.rs, generals: withId(w.rs.generals, gen.id, { ...w.rs.generals[gen.id]!, attemptsLeft: n, movedMm: 0 }) };
  }
  for (const g of Object.values(w.rs.groups)) if (g.side === side) w.setGroup(g.id, { prompts: {}, orderAtPhaseStart: g.order, movedMm: 0, moved: false, halted: false, casualtiesThisPhase: 0, inflictedThisPhase: 0, meleesWon: 0, meleesLost: 0, underShortRangeArtillery: false, sawFriendsRout: false });
}

/** Which arms a general's command holds (for the training rule, p.5). */
export function commandsWhat(w: { battle: Work['battle']; rs: SywState }, generalId: string): { infantry: boolean; cavalry: boolean } {
  const groups = Object.values(w.rs.groups).filter((g) => g.general === generalId);
  const units = groups.flatMap((g) => g.units).map((id) => w.battle.units.find((u) => u.id === id)).filter((u) => u !== undefined);
  return { infantry: units.some((u) => isInfantry(u!)), cavalry: units.some((u) => isCavalry(u!)) };
}

const promptSchema = z.object({
  type: z.literal('prompt'),
  side: z.string(),
  general: z.string(),
  group: z.string(),
  /** The new order; 'cureDisorder' sends a no-change order to `unit`; 'rally' prompts routers to rally. */
  action: z.enum(['advance', 'reserve', 'stand', 'retreat', 'cureDisorder', 'rally', 'transfer']),
  unit: z.string().optional(),
  /** transfer: a group of the prompting general the unit joins instead of forming its own (transfer.ts). */
  join: z.string().optional(),
}).strict();
type Prompt = z.infer<typeof promptSchema>;

export const prompt = defineCommand<SywState, Options, Tables, Prompt>({
  describe: 'A general attempts to change a group\'s order, cure a unit\'s disorder, rally routers or take a unit into his command (D6 x 10cm).',
  schema: promptSchema,
  handle(state: S, cmd, ctx) {
    const gen = state.battle.generals.find((x) => x.id === cmd.general);
    const gs = state.ruleset.generals[cmd.general];
    if (!gen || !gs || gen.side !== cmd.side) return reject('bad-general', 'Choose one of your generals.', P7);
    if (gs.killed) return reject('general-dead', `${gen.name} is dead.`, 'SYW (3) Notes on Generals (d) (p.6)');
    if (gs.attemptsLeft <= 0) return reject('no-attempts', `${gen.name} has no command attempts left this phase.`, P7);
    const g = state.ruleset.groups[cmd.group];
    if (!g || g.side !== cmd.side) return reject('bad-group', 'Choose one of your groups.', P7);
    if (g.offTable) return reject('off-table', 'The group is off the table.', 'SYW 8 Groups going off table (p.18)');
    if (cmd.action === 'transfer') {
      if (g.general === cmd.general) return reject('already-commanded', 'The group is already under this general.', 'SYW (3) Orders NB (p.6)');
    } else if (!gs.cinc && g.general !== cmd.general) return reject('not-his-command', `${gen.name} may not change orders of another general's command.`, 'SYW (3) Notes on Generals (c) (p.6)');
    if (g.uncommanded && !(gs.cinc && g.order === 'retreat')) return reject('uncommanded', 'Uncommanded units may be ordered only by the CinC, and only to rally from Retreat.', 'SYW (1) Generals (p.5)');
    // (3) p.6 "(Uncommanded troops) ... may not be commanded by any General except the CinC, and then only to rally from Retreat": never taken into a command.
    if (g.uncommanded && cmd.action === 'transfer') return reject('uncommanded', 'Uncommanded units may not be taken into a command; the CinC may only rally them from Retreat.', 'SYW (3) Orders (p.6)');
    // (3) p.7 "may not attempt to prompt any group/unit more than twice this phase. (Note: Curing disorder
    // counts as an order to a unit)": prompts to one unit (curing it, transferring it alone) count against
    // that unit, kept under 'unit:<id>:<general>'; order changes, rallies and whole-group transfers against the group.
    const unitTarget = cmd.action === 'cureDisorder' || (cmd.action === 'transfer' && cmd.unit !== undefined) ? cmd.unit : undefined;
    const key = unitTarget !== undefined ? `unit:${unitTarget}:${cmd.general}` : cmd.general;
    const used = g.prompts[key] ?? 0;
    if (!gs.cinc) {
      const generalOf = (k: string) => (k.startsWith('unit:') ? k.slice(k.lastIndexOf(':') + 1) : k);
      const mine = (k: string) => (unitTarget !== undefined ? k.startsWith(`unit:${unitTarget}:`) : !k.startsWith('unit:'));
      const total = Object.entries(g.prompts).filter(([k]) => mine(k) && !state.ruleset.generals[generalOf(k)]?.cinc).reduce((a, [, n]) => a + n, 0);
      if (total >= COMMAND.maxPromptsPerGroup) return reject('prompted-twice', `A ${unitTarget !== undefined ? 'unit' : 'group'} may not be prompted more than twice this phase.`, P7);
    }
    if (cmd.action === 'rally') {
      if (g.order !== 'rout') return reject('not-routing', 'Only routers rally.', 'SYW 7 Rallying from Rout (p.16)');
    } else if (g.order === 'rout') return reject('routing', 'Routers must be rallied first.', 'SYW 7 Rallying from Rout (p.16)');
    const w = new Work(state, ctx);
    const units = w.groupUnits(g);
    if (units.length === 0) return reject('bad-group', 'The group has no units.', P7);
    if (cmd.action === 'cureDisorder') {
      if (!cmd.unit || !g.units.includes(cmd.unit)) return reject('bad-unit', 'Name a unit of the group to cure.', 'SYW 7 Disorder (p.16)');
      if (!w.unitState(cmd.unit)?.disordered) return reject('not-disordered', 'The unit is not disordered.', 'SYW 7 Disorder (p.16)');
    }
    if (cmd.action === 'advance' || cmd.action === 'reserve' || cmd.action === 'stand' || cmd.action === 'retreat') {
      if (g.order === cmd.action) return reject('same-order', `The group is already on ${cmd.action}.`, P7);
      const dis = units.filter((u) => w.unitState(u.id)?.disordered && !w.unitState(u.id)?.terrainDisorder);
      if (dis.length > 0) return reject('disordered', `Cure the disorder of ${dis.map((u) => u.name).join(', ')} first: a disordered unit needs a second order to change orders.`, 'SYW 7 Disorder (p.16)');
    }
    let moving = units;
    if (cmd.action === 'transfer') {
      const m = transferredUnits(w, g, cmd.unit);
      if ('rejected' in m) return m;
      moving = m;
      if (cmd.join !== undefined) { const j = joinProblem(w, g, moving, cmd.join, gen.id); if (j) return j; }
      const near = moving.some((u) => u.stands.some((s) => hypot(s.centre.x - gen.stand.centre.x, s.centre.y - gen.stand.centre.y) - (s.widthMm + gen.stand.widthMm) / 2 <= ORDER_NUMBERS.transferCm * CM));
      if (!near) return reject('too-far', 'To transfer a unit the general must be within 5cm of it.', 'SYW (3) Orders NB (p.6)');
    }
    if (cmd.action === 'rally') {
      const enemyNear = w.enemiesOf(cmd.side).some((e) => units.some((u) => unitGap(u, e) <= ROUT_MOVES.noRallyWithinCm * CM && canSee(w.battle, centroid(e.stands), centroid(u.stands))));
      if (enemyNear) return reject('enemy-near', 'Routers may not rally within 10cm of visible enemy.', 'SYW 7 Rallying from Rout (p.16)');
    }
    // Distance from the edge of the general's stand to the exact centre of the target (p.7).
    const target = cmd.action === 'cureDisorder' ? centroid(w.unit(cmd.unit!)!.stands) : centroid(moving.flatMap((u) => u.stands));
    const edge = Math.max(0, hypot(target.x - gen.stand.centre.x, target.y - gen.stand.centre.y) - Math.min(gen.stand.widthMm, gen.stand.depthMm) / 2);
    const inSight = canSee(w.battle, gen.stand.centre, target);
    const counter = effectiveCounter(gs.counter, commandsWhat(w, gen.id));
    const cautious = cmd.action === 'advance' && counter.psychology === 'cautious';
    const counted = edge * (cautious ? COMMAND.cautiousAdvanceDistanceFactor : 1);
    const perPip = (inSight ? COMMAND.cmPerPipInSight : COMMAND.cmPerPipOutOfSight) * CM;
    const r = w.roll({
      dice: 'd6', purpose: `${gen.name} prompts ${cmd.group} (${cmd.action}) at ${(counted / CM).toFixed(1)}cm${cautious ? ' (cautious: doubled)' : ''}${inSight ? '' : ' out of sight'}`,
      rule: P7, subjects: [gen.id, g.id],
      outcome: (v) => {
        const f = v.faces[0]!;
        if (f === COMMAND.alwaysSucceeds) return 'success (a 6 always succeeds)';
        if (f === COMMAND.alwaysFails) return 'failure (a 1 always fails)';
        return f * perPip >= counted ? `success (${f} x ${perPip / CM}cm reaches)` : `failure (${f} x ${perPip / CM}cm falls short)`;
      },
    });
    const face = r.faces[0]!;
    const ok = face === COMMAND.alwaysSucceeds || (face !== COMMAND.alwaysFails && face * perPip >= counted);
    w.rs = { ...w.rs, generals: withId(w.rs.generals, gen.id, { ...gs, attemptsLeft: gs.attemptsLeft - 1 }) };
    w.setGroup(g.id, { prompts: withId(g.prompts, key, used + 1) });
    if (!ok) return w.change();
    switch (cmd.action) {
      case 'cureDisorder':
        w.setUnit(cmd.unit!, { disordered: false, terrainDisorder: false });
        ctx.emit({ type: 'DisorderCured', unit: cmd.unit, rule: 'SYW 7 Disorder (p.16)' });
        break;
      case 'rally':
        rallyTest(w, g.id);
        break;
      case 'transfer':
        applyTransfer(w, g, moving, gen.id, cmd.join);
        break;
      default:
        // Columns and squares re-form into line on Advance/Retreat (orderChanges.ts changeOrder, reform.ts).
        changeOrder(w, g.id, cmd.action, `ordered by ${gen.name}`, P7);
    }
    return w.change();
  },
});

/** Uncommanded units change their own order within 20cm of known enemy on a 4+ (p.5). */
const selfSchema = z.object({ type: z.literal('selfOrder'), side: z.string(), group: z.string(), order: z.enum(['advance', 'reserve', 'stand', 'retreat']) }).strict();
export const selfOrder = defineCommand<SywState, Options, Tables, z.infer<typeof selfSchema>>({
  describe: 'An uncommanded group tries to change its own order (4+ within 20cm of known enemy).',
  schema: selfSchema,
  handle(state, cmd, ctx) {
    const g = state.ruleset.groups[cmd.group];
    if (!g || g.side !== cmd.side) return reject('bad-group', 'Choose one of your groups.', 'SYW (1) Generals (p.5)');
    if (!g.uncommanded) return reject('commanded', 'Only uncommanded units change their own orders.', 'SYW (1) Generals (p.5)');
    if (g.order === 'rout' || g.order === cmd.order) return reject('same-order', 'No change to make.', 'SYW (1) Generals (p.5)');
    if ((g.prompts.self ?? 0) >= 1) return reject('once', 'An uncommanded group tries once a phase.', 'SYW (1) Generals (p.5)');
    const w = new Work(state, ctx);
    const units = w.groupUnits(g);
    // "within 20cms of known enemy" (p.5): enemy still hidden from this side do not count.
    const near = w.enemiesOf(cmd.side).some((e) => w.rs.hidden[e.id] === undefined && units.some((u) => unitGap(u, e) <= ORDER_NUMBERS.uncommandedEnemyCm * CM));
    if (!near) return reject('no-enemy-near', 'Uncommanded units may change orders only within 20cm of known enemy.', 'SYW (1) Generals (p.5)');
    const r = w.roll({ dice: 'd6', purpose: `${cmd.group} (uncommanded) tries ${cmd.order}`, rule: 'SYW (1) Generals (p.5)', target: { value: ORDER_NUMBERS.uncommandedRoll, pass: 'atLeast' }, subjects: [g.id] });
    w.setGroup(g.id, { prompts: { ...g.prompts, self: 1 } });
    if (r.passed) changeOrder(w, g.id, cmd.order, 'uncommanded group changed its own order', 'SYW (1) Generals (p.5)');
    return w.change();
  },
});

export const ORDER_NAMES = ORDERS;
