/**
 * The order of deployment (SYW 9 Deployment p.19): "The side without Initiative places all but one
 * its brigades ... Its final brigade is placed after the player with Initiative has deployed all his
 * troops. The side with Initiative places all its units anywhere ...". Three steps: the defender's
 * brigades but one, the attacker's army, the defender's last brigade. A side's troops reach the
 * enemy's view only when the step that places them has ended (hidden ones not even then).
 */
import { z } from 'zod';
import { defineCommand, reject } from '../../engine/ruleset';
import type { Battle } from '../../engine/state';
import type { Unit, General } from '../../engine/model';
import type { S, SywState, Options } from './state';
import type { Tables } from './tablesSchema';

export const DEPLOYMENT_RULE = 'SYW 9 Deployment (p.19)';
/** The deployment phase's steps, in order. */
export const DEPLOY_STEPS = ['deployDefender', 'deployAttacker', 'deployLastBrigade'] as const;
export type DeployStep = (typeof DEPLOY_STEPS)[number];
export const isDeployStep = (step: string): step is DeployStep => (DEPLOY_STEPS as readonly string[]).includes(step);

/**
 * A unit's brigade: the nearest formation at level 'brigade' up its chain, else its own parent
 * formation (troops attached to the army or a division count as one brigade of their own).
 */
export function brigadeOf(b: Battle, u: Unit): string {
  const byId = new Map(b.formations.map((f) => [f.id, f]));
  for (let id: string | undefined = u.parent, guard = 0; id !== undefined && guard < 64; guard++) {
    const f = byId.get(id);
    if (!f) break;
    if (f.level === 'brigade') return f.id;
    id = f.parent;
  }
  return u.parent;
}

/** A side's brigades, in the scenario's order of formations. */
export function brigadesOf(b: Battle, side: string): string[] {
  const keys = [...new Set(b.units.filter((u) => u.side === side).map((u) => brigadeOf(b, u)))];
  const rank = (k: string) => { const i = b.formations.findIndex((f) => f.id === k); return i < 0 ? b.formations.length : i; };
  return keys.sort((x, y) => rank(x) - rank(y));
}

/** The defender's brigade held back: his choice, else (HOUSE default) the last of his brigades. */
export function heldBackBrigade(b: Battle, rs: SywState): string | undefined {
  const all = brigadesOf(b, rs.defender);
  return rs.lastBrigade !== undefined && all.includes(rs.lastBrigade) ? rs.lastBrigade : all.at(-1);
}

/** The deployment step in which a unit is placed: 0 defender, 1 attacker, 2 the defender's last brigade. */
export function deployStepOf(b: Battle, rs: SywState, u: Unit): number {
  if (u.side !== rs.defender) return 1;
  return brigadeOf(b, u) === heldBackBrigade(b, rs) ? 2 : 0;
}

/** The deployment phase runs on the first turn with hidden deployment or an Ottoman flank march (p.19-20). */
export const deploymentRuns = (s: S): boolean => s.position.turn === (s.battle.situation?.turn ?? 1) && (s.options.hiddenDeployment || s.ruleset.flankMarchSides.length > 0);

/**
 * Is the unit not yet on the table as its enemy sees it? Before the deployment phase (the CinCs
 * choosing counters) nobody has deployed; in it, a unit is placed once the step that places it has
 * ended.
 */
export function deploymentPending(s: S, u: Unit): boolean {
  if (!deploymentRuns(s)) return false;
  if (s.position.phase === 'generals') return true;
  if (s.position.phase !== 'deployment') return false;
  const cur = DEPLOY_STEPS.indexOf(s.position.step as DeployStep);
  return cur >= 0 && cur <= deployStepOf(s.battle, s.ruleset, u);
}

/** Step 1 runs when the defender has a brigade besides the one held back (a single brigade is all "final"). */
export const defenderFirstStepRuns = (s: S): boolean => brigadesOf(s.battle, s.ruleset.defender).length > 1;
/** Step 3 runs when the defender has a brigade to hold back. */
export const lastBrigadeStepRuns = (s: S): boolean => heldBackBrigade(s.battle, s.ruleset) !== undefined;

const holdSchema = z.object({ type: z.literal('holdBackBrigade'), side: z.string(), brigade: z.string() }).strict();

/** The defender names the brigade he deploys after the attacker (9 p.19). Secret like the step. */
export const holdBackBrigade = defineCommand<SywState, Options, Tables, z.infer<typeof holdSchema>>({
  describe: 'Defender: choose the brigade you deploy after the attacker.',
  schema: holdSchema,
  handle(state, cmd, ctx) {
    if (cmd.side !== state.ruleset.defender) return reject('not-defender', 'Only the side without the initiative holds a brigade back.', DEPLOYMENT_RULE);
    if (!brigadesOf(state.battle, cmd.side).includes(cmd.brigade)) return reject('bad-brigade', 'Choose one of your brigades.', DEPLOYMENT_RULE);
    ctx.emit({ type: 'BrigadeHeldBack', brigade: cmd.brigade, rule: DEPLOYMENT_RULE });
    return { ruleset: { ...state.ruleset, lastBrigade: cmd.brigade } };
  },
});

/** Is formation `id` (a unit's parent) `top` or below it? */
export function isUnder(b: Battle, id: string | undefined, top: string): boolean {
  for (let f = id, guard = 0; f !== undefined && guard < 64; guard++) {
    if (f === top) return true;
    f = b.formations.find((x) => x.id === f)?.parent;
  }
  return false;
}

/**
 * The deployment step in which a general is placed (9 p.19, "generals are deployed with their
 * troops"): the attacker's in his step; a defender's general whose troops are all in the brigade held
 * back with that brigade (step 2); any other defender's general (the CinC, a general over several
 * brigades, or one with no troops) with the defender's first brigades (step 0), or step 2 when the
 * defender has a single brigade (no first step).
 */
export function generalDeployStep(b: Battle, rs: SywState, gen: General): number {
  if (gen.side !== rs.defender) return 1;
  const under = b.units.filter((u) => u.side === gen.side && isUnder(b, u.parent, gen.commands));
  const held = heldBackBrigade(b, rs);
  if (under.length > 0 && under.every((u) => brigadeOf(b, u) === held)) return 2;
  return brigadesOf(b, rs.defender).length > 1 ? 0 : 2;
}

/** Is the general not yet on the table as his enemy sees him (his deployment step has not ended)? As deploymentPending. */
export function generalPending(s: S, gen: General): boolean {
  if (!deploymentRuns(s)) return false;
  if (s.position.phase === 'generals') return true;
  if (s.position.phase !== 'deployment') return false;
  const cur = DEPLOY_STEPS.indexOf(s.position.step as DeployStep);
  return cur >= 0 && cur <= generalDeployStep(s.battle, s.ruleset, gen);
}
