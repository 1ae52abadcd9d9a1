/**
 * The start dialog: a scenario (built in, or a file from disk), a ruleset among those the
 * scenario names and Vedette has, its options (optional rules, settings such as base scale),
 * a seed (random, shown and editable in solo, masked in hot-seat) and solo or hot-seat; or a
 * saved battle to resume.
 * Starting or resuming over a battle in progress asks first (the controller's guardReplace).
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { createStore } from 'zustand/vanilla';
import type { AnyRuleset, OptionInfo } from '../engine/ruleset';
import type { InputProblem } from '../scenario/errors';
import { loadScenarioText } from '../scenario/load';
import type { PlayController } from './controller';
import { FileInput } from './FileInput';
import type { PlayMode } from './handover';
import { mount } from './mount';
import type { AiLevel, AiSetup, PlayStoreApi } from './playStore';
import { AI_LEVELS } from './AiBar';
import {
  defaultOptionValues,
  fileKind,
  groupOptions,
  houseValueList,
  noRulesetMessage,
  optionFromField,
  parseSeed,
  playable,
  rulesetChoices,
  scenarioEntry,
  type OptionValue,
  type ScenarioEntry,
} from './startModel';
import { useStore } from './useStore';

export interface StartDialogDeps {
  readonly registry: readonly AnyRuleset[];
  readonly scenarios: readonly ScenarioEntry[];
  readonly controller: PlayController;
  readonly play: PlayStoreApi;
  /** A fresh random seed (crypto in the app). */
  /** A fresh random key for the dice, 32 hex digits (crypto in the app; engine seed.ts, seeding 4). */
  randomKey(): string;
  /** Is there a battle to go back to (Cancel)? */
  hasBattle(): boolean;
  /** Called after a battle has started or a save has been resumed. */
  onStarted(): void;
}

/** A file the dialog would not take, and why. */
interface FileRefusal {
  readonly message: string;
  readonly problems: readonly InputProblem[];
}

/** What the dialog keeps between openings: the list (with files loaded), the choice, option values per ruleset. */
interface Kept {
  readonly entries: readonly ScenarioEntry[];
  readonly chosen: ScenarioEntry | undefined;
  readonly refusal: FileRefusal | null;
  readonly options: Readonly<Record<string, Readonly<Record<string, OptionValue>>>>;
}

type KeptStore = ReturnType<typeof createKept>;
const createKept = (entries: readonly ScenarioEntry[], registry: readonly AnyRuleset[]) =>
  createStore<Kept>()(() => ({ entries, chosen: entries.find((e) => noRulesetMessage(e, registry) === undefined) ?? entries[0], refusal: null, options: {} }));

const MAX_PROBLEMS = 12;

function Problems({ problems }: { readonly problems: readonly InputProblem[] }) {
  return (
    <ul class="problems">
      {problems.slice(0, MAX_PROBLEMS).map((p, i) => (
        <li key={i}>
          <code>{p.path}</code> {p.message}
        </li>
      ))}
      {problems.length > MAX_PROBLEMS && <li>{`…and ${problems.length - MAX_PROBLEMS} more.`}</li>}
    </ul>
  );
}

function OptionField({ m, o, value, onValue }: { readonly m: AnyRuleset; readonly o: OptionInfo; readonly value: OptionValue | undefined; onValue(v: OptionValue): void }) {
  const id = `opt-${m.id}-${o.id}`;
  const help = [o.description, o.rule].filter(Boolean).join(' · ');
  const note = help ? <div class="opt-note">{help}</div> : null;
  if (o.kind === 'boolean') {
    return (
      <div class="opt opt-check">
        <input type="checkbox" id={id} data-option={o.id} checked={value === true} onChange={(e) => onValue(optionFromField(o, { checked: e.currentTarget.checked }))} />
        <label for={id}>{o.label}</label>
        {note}
      </div>
    );
  }
  if (o.kind === 'choice') {
    return (
      <div class="opt">
        <label for={id}>{o.label}</label>
        <select id={id} data-option={o.id} value={String(value)} onChange={(e) => onValue(optionFromField(o, { value: e.currentTarget.value }))}>
          {(o.choices ?? []).map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
        {note}
      </div>
    );
  }
  return (
    <div class="opt">
      <label for={id}>{o.label}</label>
      <input type="number" id={id} data-option={o.id} value={String(value)} onInput={(e) => onValue(optionFromField(o, { value: e.currentTarget.value }))} />
      {note}
    </div>
  );
}

function ScenarioList({ kept, registry }: { readonly kept: KeptStore; readonly registry: readonly AnyRuleset[] }) {
  const entries = useStore(kept, (s) => s.entries);
  const chosen = useStore(kept, (s) => s.chosen);
  return (
    <div class="scenario-list" role="listbox" aria-label="Scenarios">
      {entries.map((e) => {
        const missing = noRulesetMessage(e, registry);
        return (
          <button
            key={e.source}
            type="button"
            class={`scenario-card${e === chosen ? ' chosen' : ''}${missing ? ' unplayable' : ''}`}
            role="option"
            aria-selected={e === chosen}
            data-testid="scenario-card"
            onClick={() => kept.setState({ chosen: e, refusal: null })}
          >
            <span class="sc-title">{e.title}</span>
            <span class="sc-meta">
              {(e.rulesets.length ? e.rulesets : ['(no ruleset named)']).map((r) => (
                <span key={r} class={`tag${registry.some((m) => m.id === r) ? '' : ' missing'}`}>
                  {registry.find((m) => m.id === r)?.name ?? r}
                </span>
              ))}
            </span>
          </button>
        );
      })}
    </div>
  );
}

/** The sides of a scenario's text, for choosing yours against the AI ([] when it does not read). */
function sidesOf(text: string): { id: string; name: string }[] {
  const loaded = loadScenarioText(text);
  return loaded.ok ? loaded.value.sides.map((x) => ({ id: x.id, name: x.name })) : [];
}

/** The open dialog. Mounted afresh on each opening: a new random seed, the current mode, no problems shown. */
function StartForm({ deps, kept }: { readonly deps: StartDialogDeps; readonly kept: KeptStore }) {
  const { play, controller, registry } = deps;
  const chosen = useStore(kept, (s) => s.chosen);
  const refusal = useStore(kept, (s) => s.refusal);
  const optionsKept = useStore(kept, (s) => s.options);
  const [seedText, setSeedText] = useState(() => deps.randomKey());
  const [seedError, setSeedError] = useState('');
  const [mode, setMode] = useState<PlayMode>(() => play.getState().mode);
  // The seed is the dice's key (engine seed.ts, seeding 4). In hot-seat and against the AI it is
  // not shown (a player who saw it could foresee his own rolls and the AI's): the field is
  // masked, and a seed that was on screen in solo is replaced by a fresh one when such a mode is
  // chosen, unless it was typed in on purpose (a designer replaying a battle). Only solo shows it.
  const [seedTyped, setSeedTyped] = useState(false);
  const onSeedInput = (e: { currentTarget: HTMLInputElement }) => {
    setSeedText(e.currentTarget.value);
    setSeedTyped(true);
  };
  const keySecret = mode !== 'solo';
  const chooseMode = (m: PlayMode) => {
    if (m !== 'solo' && mode === 'solo' && !seedTyped) setSeedText(deps.randomKey());
    setMode(m);
  };
  const [problems, setProblems] = useState<readonly InputProblem[]>([]);
  const [humanChoice, setHumanSide] = useState<string | undefined>(undefined);
  const [aiLevel, setAiLevel] = useState<AiLevel>(() => play.getState().ai?.level ?? 'scripted');
  const [rulesetChoice, setRulesetChoice] = useState<{ entry: ScenarioEntry | undefined; id: string | undefined }>({ entry: undefined, id: undefined });
  const [busy, setBusy] = useState(false);
  const scenarioFile = useRef<HTMLInputElement>(null);
  const resumeFile = useRef<HTMLInputElement>(null);
  const startBtn = useRef<HTMLButtonElement>(null);
  const seedInput = useRef<HTMLInputElement>(null);
  const dialog = useRef<HTMLDivElement>(null);

  const missing = chosen ? noRulesetMessage(chosen, registry) : undefined;
  const mods = chosen ? playable(rulesetChoices(chosen, registry)) : [];
  // A new scenario chosen: its first playable ruleset, and no problems from the last one.
  const rulesetId = rulesetChoice.entry === chosen && mods.some((m) => m.id === rulesetChoice.id) ? rulesetChoice.id : mods[0]?.id;
  const m = mods.find((x) => x.id === rulesetId);
  const values = m ? { ...defaultOptionValues(m.options.info), ...optionsKept[m.id] } : {};
  const canStart = chosen !== undefined && !missing && m !== undefined;
  // Against the AI: the scenario's sides (you pick yours; the AI takes the other).
  const sides = useMemo(() => (chosen ? sidesOf(chosen.text) : []), [chosen]);
  const humanSide = sides.some((x) => x.id === humanChoice) ? humanChoice! : (sides[0]?.id ?? '');
  const aiSetup = (): AiSetup | null => {
    const other = sides.find((x) => x.id !== humanSide);
    return mode === 'ai' && other ? { side: other.id, level: aiLevel, paused: false, thinking: false } : null;
  };
  useEffect(() => setProblems([]), [chosen]);

  useEffect(() => {
    // The dialog opens at its top (its title and the scenarios); Start battle stays in view at its foot.
    (canStart ? startBtn.current : dialog.current?.querySelector<HTMLElement>('.chosen'))?.focus({ preventScroll: true });
  }, []); // once, when the dialog opens

  const setOption = (id: string, v: OptionValue) => {
    if (!m) return;
    kept.setState({ options: { ...kept.getState().options, [m.id]: { ...values, [id]: v } } });
  };

  const addScenarioFile = (text: string, name: string) => {
    if (fileKind(text) === 'save') {
      kept.setState({ refusal: { message: `"${name}" is a saved battle, not a scenario — use "Resume a saved battle…" to go on with it.`, problems: [] } });
      return;
    }
    const loaded = loadScenarioText(text);
    if (!loaded.ok) {
      // A rejected file does not join the list: the list holds only scenarios that can be read.
      kept.setState({ refusal: { message: `"${name}" is not a scenario Vedette can read:`, problems: loaded.problems } });
      return;
    }
    const e = scenarioEntry(name, text);
    const others = kept.getState().entries.filter((x) => x.source !== name);
    kept.setState({ entries: [...others, e], chosen: e, refusal: null });
  };

  const resume = async (text: string, name: string) => {
    kept.setState({ refusal: null });
    setBusy(true);
    try {
      if (mode === 'ai') play.getState().setAi(aiSetup());
      const r = await controller.loadFile(text, name, mode === 'ai' && !aiSetup() ? 'hotseat' : mode);
      if (r?.ok) {
        play.getState().open('none');
        deps.onStarted();
      }
    } finally {
      setBusy(false);
    }
  };

  const start = async () => {
    if (!chosen || !m) return;
    const seed = parseSeed(seedText);
    if (!seed.ok) {
      setSeedError(seed.message);
      seedInput.current?.focus();
      return;
    }
    setBusy(true);
    try {
      if (!(await controller.guardReplace('Starting a new battle'))) return;
      const r = controller.start({ scenarioText: chosen.text, rulesetId: m.id, options: { ...values }, seed: seed.seed, ...(seed.key !== undefined ? { key: seed.key } : {}) }, mode, aiSetup());
      if (!r.ok) {
        setProblems(r.problems);
        return;
      }
      play.getState().open('none');
      deps.onStarted();
    } finally {
      setBusy(false);
    }
  };

  const { rules, settings } = m ? groupOptions(m.options.info) : { rules: [], settings: [] };
  const houseValues = m ? houseValueList(m) : [];
  const unavailable = chosen ? rulesetChoices(chosen, registry).filter((c) => c.missing) : [];
  const modeField = (value: PlayMode, label: string, note: string) => (
    <label class="mode-card" for={`mode-${value}`}>
      <input type="radio" name="start-mode" value={value} id={`mode-${value}`} data-testid={`mode-${value}`} checked={mode === value} onChange={() => chooseMode(value)} />
      <span class="mode-title">{label}</span>
      <span class="opt-note">{note}</span>
    </label>
  );

  return (
    <div class="modal start" role="dialog" aria-modal="true" aria-labelledby="start-title" ref={dialog}>
      <h2 id="start-title">New battle</h2>
      <div class="start-grid">
        <div class="start-left">
          <h3>Scenario</h3>
          <ScenarioList kept={kept} registry={registry} />
          <div class="file-load">
            <FileInput inputRef={scenarioFile} accept=".json,application/json" testId="scenario-file" onText={addScenarioFile} />
            <button type="button" class="link" data-testid="scenario-file-button" onClick={() => scenarioFile.current?.click()}>
              Load a scenario file…
            </button>
            <FileInput inputRef={resumeFile} accept=".json,application/json" testId="resume-file" onText={(t, n) => void resume(t, n)} />
            <button type="button" class="link" data-testid="resume-file-button" title="Go on with a battle saved to a file" onClick={() => resumeFile.current?.click()}>
              Resume a saved battle…
            </button>
            <a class="link" href="?editor" data-testid="open-editor" title="Design a scenario: terrain, forces, zones; the battle in progress is kept">
              Scenario editor…
            </a>
          </div>
          {refusal && (
            <div class="problems-box" role="alert" data-testid="file-refused">
              <strong>{refusal.message}</strong>
              {refusal.problems.length > 0 && <Problems problems={refusal.problems} />}
            </div>
          )}
        </div>
        <div class="start-details">
          {!chosen ? (
            <p class="hint">There is no scenario to choose. Load a scenario file.</p>
          ) : (
            <>
              <h3 data-testid="scenario-title">{chosen.title}</h3>
              {chosen.description && <p class="sc-desc">{chosen.description}</p>}
              {missing || !m ? (
                <div class="no-ruleset" role="alert" data-testid="no-ruleset">
                  {missing ?? 'No ruleset is available for this scenario.'}
                </div>
              ) : (
                <>
                  <div class="opt">
                    <label for="start-ruleset">Ruleset</label>
                    <select id="start-ruleset" data-testid="ruleset-select" value={m.id} onChange={(e) => setRulesetChoice({ entry: chosen, id: e.currentTarget.value })}>
                      {mods.map((x) => (
                        <option key={x.id} value={x.id}>{`${x.name} (v${x.version})`}</option>
                      ))}
                    </select>
                    {m.description && <div class="opt-note">{m.description}</div>}
                  </div>
                  {unavailable.length > 0 && <p class="hint">{`Also named by the scenario but not available: ${unavailable.map((c) => c.id).join(', ')}.`}</p>}
                  {settings.length > 0 && (
                    <fieldset>
                      <legend>Settings</legend>
                      {settings.map((o) => (
                        <OptionField key={`${m.id}/${o.id}`} m={m} o={o} value={values[o.id]} onValue={(v) => setOption(o.id, v)} />
                      ))}
                    </fieldset>
                  )}
                  {houseValues.length > 0 && (
                    <fieldset data-testid="house-values">
                      <legend>House values</legend>
                      <p class="opt-note">These tables hold house values, not the published rulebook's numbers. If you own the rulebook, enter its numbers as a house-rules file.</p>
                      <ul class="house-values">
                        {houseValues.map((t) => (
                          <li key={`${m.id}/${t.id}`} title={t.note}>
                            <strong>{t.label}</strong> <span class="opt-note">({t.id})</span>
                          </li>
                        ))}
                      </ul>
                    </fieldset>
                  )}
                  {rules.length > 0 && (
                    <fieldset>
                      <legend>Optional rules</legend>
                      {rules.map((o) => (
                        <OptionField key={`${m.id}/${o.id}`} m={m} o={o} value={values[o.id]} onValue={(v) => setOption(o.id, v)} />
                      ))}
                    </fieldset>
                  )}
                </>
              )}
            </>
          )}
          <fieldset>
            <legend>Seed</legend>
            <div class="seed-row">
              {keySecret ? (
                <input ref={seedInput} type="password" autocomplete="off" class="seed" data-testid="seed" aria-label={`Seed (hidden ${mode === 'ai' ? 'against the AI' : 'in hot-seat'})`} value={seedText} onInput={onSeedInput} />
              ) : (
                <input ref={seedInput} type="text" class="seed" data-testid="seed" aria-label="Seed: a whole number or a 32-digit key" spellcheck={false} value={seedText} onInput={onSeedInput} />
              )}
              <button
                type="button"
                title="Another random seed"
                data-testid="new-seed"
                onClick={() => {
                  setSeedText(deps.randomKey());
                  setSeedTyped(false);
                  setSeedError('');
                }}
              >
                New seed
              </button>
            </div>
            <div class="opt-note" data-testid="seed-note">
              {mode === 'hotseat'
                ? 'Hot-seat: the seed is the dice\'s secret key and is not shown, so neither player can foresee a roll. A file you save the battle to holds it (you are told so), and the battle report gives it once the battle is over.'
                : mode === 'ai'
                ? 'Against the AI: the seed is the dice\'s secret key and is not shown, so you cannot foresee your rolls or the AI\'s. A file you save the battle to holds it (you are told so), and the battle report gives it once the battle is over.'
                : 'The dice follow from the seed — a random 32-digit key, or a whole number you type: the same seed and the same commands give the same battle.'}
            </div>
            <div class="field-error" role="alert">
              {seedError}
            </div>
          </fieldset>
          <fieldset class="modes">
            <legend>Players</legend>
            {modeField('solo', 'Solo', 'One person commands both sides and sees everything.')}
            {modeField('hotseat', 'Hot-seat', 'Two players at one screen; hidden orders stay hidden, with a hand-over screen between players.')}
            {modeField('ai', 'You against the AI', 'You command one side; the computer commands the other, seeing only what its side may see.')}
            {mode === 'ai' && (
              <div class="ai-choice" data-testid="ai-choice">
                <label>
                  You command{' '}
                  <select data-testid="ai-human-side" value={humanSide} onChange={(e) => setHumanSide((e.target as HTMLSelectElement).value)}>
                    {sides.map((x) => (
                      <option key={x.id} value={x.id}>
                        {x.name}
                      </option>
                    ))}
                  </select>
                </label>
                <label>
                  The AI plays{' '}
                  <select data-testid="ai-level" value={aiLevel} onChange={(e) => setAiLevel((e.target as HTMLSelectElement).value as AiLevel)}>
                    {AI_LEVELS.map((l) => (
                      <option key={l.id} value={l.id} title={l.note}>
                        {l.label}
                      </option>
                    ))}
                  </select>
                </label>
                <div class="opt-note">{AI_LEVELS.find((l) => l.id === aiLevel)?.note}</div>
              </div>
            )}
          </fieldset>
          {problems.length > 0 && (
            <div class="problems-box" role="alert" data-testid="start-problems">
              <strong>This battle cannot start:</strong>
              <Problems problems={problems} />
            </div>
          )}
        </div>
      </div>
      <div class="modal-actions">
        <button type="button" class="link pt-open" data-testid="open-playtest" title="Play a scenario many times with computer players and read whether it is balanced" onClick={() => play.getState().open('playtest')}>
          Playtest a scenario…
        </button>
        {deps.hasBattle() && (
          <button type="button" data-testid="start-cancel" onClick={() => play.getState().open('none')}>
            Cancel
          </button>
        )}
        <button ref={startBtn} type="button" class="primary" data-testid="start-battle" disabled={!canStart || busy} onClick={() => void start()}>
          Start battle
        </button>
      </div>
    </div>
  );
}

function StartDialog({ deps, kept }: { readonly deps: StartDialogDeps; readonly kept: KeptStore }) {
  const open = useStore(deps.play, (s) => s.overlay === 'start');
  return (
    <div class="modal-backdrop start-backdrop" data-testid="start-dialog" hidden={!open}>
      {open && <StartForm deps={deps} kept={kept} />}
    </div>
  );
}

export function mountStartDialog(host: HTMLElement, deps: StartDialogDeps): { dispose(): void; choose(entry: ScenarioEntry): void } {
  const kept = createKept([...deps.scenarios], deps.registry);
  const dispose = mount(host, <StartDialog deps={deps} kept={kept} />);
  return {
    dispose,
    choose: (e) => {
      const entries = kept.getState().entries;
      kept.setState({ entries: entries.includes(e) ? entries : [e, ...entries], chosen: e, refusal: null });
    },
  };
}

