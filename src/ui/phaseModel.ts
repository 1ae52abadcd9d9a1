/**
 * What the phase bar shows: turn, phase, step, who acts and which "End step" buttons the
 * viewer may press. Pure: read from the viewer's view and the ruleset's sequence.
 */
import type { SideId } from '../engine/model';
import type { AnyRuleset, GameResult } from '../engine/ruleset';
import type { GameView, Viewer } from '../engine/view';
import { NOBODY } from './handover';

export interface ActorChip {
  readonly side: SideId;
  readonly name: string;
  /** Has ended its part of this step. */
  readonly done: boolean;
  /** The viewer may press "End step" for this side now. */
  readonly canEnd: boolean;
}

export interface PhaseBarModel {
  readonly turn: number;
  readonly turnLimit?: number;
  readonly phase: string;
  /** The phasing side in a per-player phase ('Player phase (Prussians)'). */
  readonly phasing?: string;
  readonly step: string;
  readonly rule?: string;
  readonly actors: readonly ActorChip[];
  /** 'French to act', 'Both sides to act', 'The engine is playing the step'. */
  readonly who: string;
  readonly simultaneous: boolean;
  /** The step's secret: commands are face down until it ends. */
  readonly secret: boolean;
  /** Commands this step allows, with the ruleset's one-line description. */
  readonly allows: readonly { readonly type: string; readonly describe: string }[];
  readonly result?: GameResult;
}

export function phaseBarModel(module: AnyRuleset, view: GameView, viewer: Viewer = view.viewer): PhaseBarModel {
  const p = view.position;
  const sideName = (id: SideId) => view.battle.sides.find((s) => s.id === id)?.name ?? id;
  const phase = module.sequence.phases.find((ph) => ph.id === p.phase);
  const step = phase?.steps.find((st) => st.id === p.step);
  const over = view.result !== undefined;
  const actors: ActorChip[] = p.actors.map((side) => {
    const done = p.done.includes(side);
    const mayCommand = viewer === 'referee' || (viewer !== NOBODY && viewer === side);
    return { side, name: sideName(side), done, canEnd: !over && !done && mayCommand };
  });
  const waiting = actors.filter((a) => !a.done);
  const who = over
    ? 'The battle is over'
    : waiting.length === 0
      ? 'The engine is playing the step'
      : waiting.length > 1
        ? `${waiting.map((a) => a.name).join(' and ')} to act`
        : `${waiting[0]!.name} to act`;
  const rule = step?.rule ?? phase?.rule;
  return {
    turn: p.turn,
    ...(view.battle.turnLimit !== undefined ? { turnLimit: view.battle.turnLimit } : {}),
    phase: phase?.name ?? p.phase,
    ...(phase?.perPlayer ? { phasing: sideName(p.phasing) } : {}),
    step: step?.name ?? p.step,
    ...(rule !== undefined ? { rule } : {}),
    actors,
    who,
    simultaneous: p.actors.length > 1,
    secret: step?.secret === true,
    allows: (step?.commands ?? []).map((type) => ({ type, describe: module.commands[type]?.describe ?? type })),
    ...(view.result ? { result: view.result } : {}),
  };
}
