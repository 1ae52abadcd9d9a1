/** The phase bar: turn, phase, step, who acts, and "End step" for each side the viewer commands. */
import { useState } from 'preact/hooks';
import type { PieceAction } from '../engine/ruleset';
import { viewOf, type SessionApi } from '../store/session';
import type { PlayController } from './controller';
import { mount } from './mount';
import { phaseBarModel } from './phaseModel';
import { waitingSides } from './handover';
import { sideActions } from './inspectModel';
import type { PlayStoreApi } from './playStore';
import { useStore } from './useStore';

/** Up to this many choices are buttons; more are a list to pick from and one button (the bar stays one row high). */
const MAX_CHOICE_BUTTONS = 2;

interface ChoicesProps {
  readonly side: string;
  readonly name: string;
  /** Name the side (solo: both sides may have choices). */
  readonly label: boolean;
  readonly actions: readonly PieceAction[];
  readonly controller: PlayController;
}

function SideChoices({ side, name, label, actions, controller }: ChoicesProps) {
  const [picked, setPicked] = useState(0);
  const help = (a: PieceAction) => [a.detail, a.rule].filter(Boolean).join(' · ');
  const chosen = actions[Math.min(picked, actions.length - 1)]!;
  return (
    <div class="pb-choices" role="group" aria-label={`Choices for ${name}`} data-testid={`pb-choices-${side}`}>
      {label && <span class="pb-label">{name}</span>}
      {actions.length <= MAX_CHOICE_BUTTONS ? (
        actions.map((a, i) => (
          <button key={`${i}:${a.label}`} type="button" data-testid="pb-choice" title={help(a)} onClick={() => controller.dispatch(a.command)}>
            {a.label}
          </button>
        ))
      ) : (
        <>
          <select data-testid="pb-choice-list" aria-label={`Choice for ${name}`} title={help(chosen)} value={String(actions.indexOf(chosen))} onChange={(e) => setPicked(Number(e.currentTarget.value))}>
            {actions.map((a, i) => (
              <option key={`${i}:${a.label}`} value={String(i)} data-testid="pb-choice" title={help(a)}>
                {a.label}
              </option>
            ))}
          </select>
          <button type="button" class="primary" data-testid="pb-choice-go" title={help(chosen)} onClick={() => controller.dispatch(chosen.command)}>
            Choose
          </button>
        </>
      )}
    </div>
  );
}

interface Props {
  readonly session: SessionApi;
  readonly play: PlayStoreApi;
  readonly controller: PlayController;
}

export function PhaseBar({ session, play, controller }: Props) {
  const battle = useStore(session, (s) => s.battle);
  const viewer = useStore(session, (s) => s.viewer);
  const handover = useStore(play, (s) => s.handover);
  if (!battle || handover !== null) return <nav class="phase-bar" aria-label="Sequence of play" data-testid="phase-bar" hidden />;
  const view = viewOf(battle, viewer);
  const m = phaseBarModel(battle.module, view, viewer);
  // Side-wide choices (who has the initiative, a CinC's counter) for each side the viewer commands that is to act.
  const mine = controller.commandable();
  const choices = waitingSides(view.position)
    .filter((side) => mine.includes(side))
    .map((side) => ({ side, name: m.actors.find((a) => a.side === side)?.name ?? side, actions: sideActions(battle.module, view, side) }))
    .filter((c) => c.actions.length > 0);
  const waiting = m.actors.some((a) => !a.done);
  return (
    <nav class="phase-bar" aria-label="Sequence of play" data-testid="phase-bar">
      <div class="pb-turn" data-testid="pb-turn">
        <span class="pb-label">Turn</span>
        <strong>{`${m.turn}${m.turnLimit ? ` / ${m.turnLimit}` : ''}`}</strong>
      </div>
      <div class="pb-where">
        <div class="pb-phase" data-testid="pb-phase">
          {m.phase}
          {m.phasing && <span class="pb-phasing">{` · ${m.phasing}`}</span>}
          {m.rule && <span class="rule">{m.rule}</span>}
        </div>
        <div class="pb-step-row">
          <span class="pb-step" data-testid="pb-step">
            {m.step}
          </span>
          {m.secret && (
            <span class="pb-secret" title="Commands in this step stay face down until it ends">
              secret
            </span>
          )}
        </div>
      </div>
      {choices.map((c) => (
        <SideChoices key={c.side} side={c.side} name={c.name} label={choices.length > 1} actions={c.actions} controller={controller} />
      ))}
      <div class="pb-acting" role="group" aria-label={m.who}>
        {m.actors.map((a) => (
          <div key={a.side} class="pb-actor" data-side={a.side}>
            <span class={`pb-chip${a.done ? ' done' : ''}`} title={a.done ? `${a.name} has ended this step` : `${a.name} to act`}>
              {a.done ? `✓ ${a.name}` : a.name}
            </span>
            {a.canEnd && (
              <button type="button" class="primary" data-testid={`end-step-${a.side}`} aria-label={`End step · ${a.name}`} title={`${a.name} has finished this step (E)`} onClick={() => controller.endStep(a.side)}>
                End step
              </button>
            )}
          </div>
        ))}
        {/* The chips say who is to act; words only when nobody is (the engine's step, the end). */}
        <div class={waiting ? 'pb-who visually-hidden' : 'pb-who'} data-testid="pb-who">
          {m.who}
        </div>
      </div>
    </nav>
  );
}

export function mountPhaseBar(host: HTMLElement, session: SessionApi, play: PlayStoreApi, controller: PlayController): () => void {
  return mount(host, <PhaseBar session={session} play={play} controller={controller} />);
}
