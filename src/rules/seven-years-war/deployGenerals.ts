/**
 * Generals at deployment (SYW 9 Deployment p.19). The text places "brigades" and "all its units";
 * the brigade's general is part of it ((1) p.4 "Generals: These are representative of Brigadiers"),
 * so a side places its generals in its own deployment step, with their troops: `deployGeneral
 * {general, x, y}` puts the general's figure anywhere wholly inside the side's deployment zone, off
 * his own side's stands. The step a general belongs to is generalDeployStep (deploymentOrder.ts); the
 * enemy does not see him until that step has ended (sywView), like the troops placed in it.
 */
import { z } from 'zod';
import { defineCommand, reject } from '../../engine/ruleset';
import { standCorners } from '../../geometry/footprint';
import { pt } from '../../geometry/types';
import type { SywState, Options } from './state';
import type { Tables } from './tablesSchema';
import { DEPLOY_STEPS, DEPLOYMENT_RULE, generalDeployStep, type DeployStep } from './deploymentOrder';
import { deploymentZone, inZone, isOttomanSide } from './deployment';
import { CM } from './geo';
import { standsOverlap } from '../../geometry/units';

const schema = z.object({ type: z.literal('deployGeneral'), side: z.string(), general: z.string(), x: z.number(), y: z.number() }).strict();

export const deployGeneral = defineCommand<SywState, Options, Tables, z.infer<typeof schema>>({
  describe: 'Place one of your generals in your deployment zone, in the step that deploys his troops.',
  schema,
  handle(state, cmd, ctx) {
    const gen = state.battle.generals.find((g) => g.id === cmd.general);
    const gs = state.ruleset.generals[cmd.general];
    if (!gen || !gs || gen.side !== cmd.side || gs.killed) return reject('bad-general', 'Choose one of your generals.', DEPLOYMENT_RULE);
    const now = DEPLOY_STEPS.indexOf(state.position.step as DeployStep);
    const his = generalDeployStep(state.battle, state.ruleset, gen);
    if (now < 0) return reject('not-deployment', 'Generals are placed in the deployment steps.', DEPLOYMENT_RULE);
    if (now !== his) return reject(his === 2 ? 'held-back' : 'already-deployed', his === 2 ? `${gen.name} deploys with the brigade held back, after the attacker.` : `${gen.name} was deployed with the first brigades.`, DEPLOYMENT_RULE);
    const stand = { ...gen.stand, centre: pt(cmd.x, cmd.y) };
    const zone = deploymentZone(state.battle, state.ruleset, cmd.side, state.ruleset.flankMarchSides.includes(cmd.side) || isOttomanSide(state, cmd.side));
    if (!standCorners(stand).every((p) => inZone(zone, p)))
      return reject('outside-zone', `Deploy inside your zone: x ${(zone.x0 / CM).toFixed(0)}-${(zone.x1 / CM).toFixed(0)}cm, y ${(zone.y0 / CM).toFixed(0)}-${(zone.y1 / CM).toFixed(0)}cm.`, DEPLOYMENT_RULE);
    if (state.battle.units.some((u) => u.side === cmd.side && u.stands.some((t) => standsOverlap(stand, t))))
      return reject('overlap', 'The general would stand on top of his troops.', DEPLOYMENT_RULE);
    ctx.emit({ type: 'GeneralDeployed', general: gen.id, to: stand.centre, rule: DEPLOYMENT_RULE });
    return { battle: { ...state.battle, generals: state.battle.generals.map((g) => (g.id === gen.id ? { ...g, stand } : g)) } };
  },
});
