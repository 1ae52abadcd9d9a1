/**
 * The start dialog: a scenario (built in, or a file from disk), a ruleset among those the
 * scenario names and Vedette has, its options (optional rules, settings such as base scale),
 * a seed (random, shown, editable) and solo or hot-seat.
 */
import type { AnyRuleset, OptionInfo } from '../engine/ruleset';
import type { InputProblem } from '../scenario/errors';
import type { PlayController } from './controller';
import { button, el, watch } from './dom';
import type { PlayMode } from './handover';
import type { PlayStoreApi } from './playStore';
import { filePicker } from './Toolbar';
import {
  defaultOptionValues,
  groupOptions,
  noRulesetMessage,
  optionFromField,
  parseSeed,
  playable,
  rulesetChoices,
  scenarioEntry,
  type OptionValue,
  type ScenarioEntry,
} from './startModel';

export interface StartDialogDeps {
  readonly registry: readonly AnyRuleset[];
  readonly scenarios: readonly ScenarioEntry[];
  readonly controller: PlayController;
  readonly play: PlayStoreApi;
  /** A fresh random seed (crypto in the app). */
  randomSeed(): number;
  /** Is there a battle to go back to (Cancel)? */
  hasBattle(): boolean;
  /** Called after a battle has started. */
  onStarted(): void;
}

export function mountStartDialog(host: HTMLElement, deps: StartDialogDeps): { dispose(): void; choose(entry: ScenarioEntry): void } {
  const { play, controller } = deps;
  const entries: ScenarioEntry[] = [...deps.scenarios];
  let chosen: ScenarioEntry | undefined = entries.find((e) => noRulesetMessage(e, deps.registry) === undefined) ?? entries[0];
  let rulesetId: string | undefined;
  const optionValues = new Map<string, Record<string, OptionValue>>();
  let mode: PlayMode = play.getState().mode;
  let problems: readonly InputProblem[] = [];

  const backdrop = el('div', { class: 'modal-backdrop start-backdrop', 'data-testid': 'start-dialog' });
  backdrop.hidden = true;
  const list = el('div', { class: 'scenario-list', role: 'listbox', 'aria-label': 'Scenarios' });
  const details = el('div', { class: 'start-details' });
  const seedInput = el('input', { type: 'text', inputmode: 'numeric', class: 'seed', 'data-testid': 'seed', 'aria-label': 'Seed', spellcheck: 'false' });
  const seedError = el('div', { class: 'field-error', role: 'alert' });
  const startBtn = button('Start battle', () => start(), { class: 'primary', 'data-testid': 'start-battle' });
  const cancelBtn = button('Cancel', () => play.getState().open('none'), { 'data-testid': 'start-cancel' });
  const fileBox = el('div', { class: 'file-load' });
  const picker = filePicker(
    fileBox,
    '.json,application/json',
    (text, name) => {
      const e = scenarioEntry(name, text);
      entries.push(e);
      choose(e);
    },
    'scenario-file',
  );
  fileBox.append(button('Load a scenario file…', () => picker.pick(), { class: 'link', 'data-testid': 'scenario-file-button' }));

  backdrop.append(
    el(
      'div',
      { class: 'modal start', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'start-title' },
      el('h2', { id: 'start-title' }, 'New battle'),
      el('div', { class: 'start-grid' }, el('div', { class: 'start-left' }, el('h3', {}, 'Scenario'), list, fileBox), details),
      el('div', { class: 'modal-actions' }, cancelBtn, startBtn),
    ),
  );
  host.append(backdrop);

  function choose(e: ScenarioEntry) {
    chosen = e;
    rulesetId = undefined;
    problems = [];
    renderAll();
  }

  const valuesFor = (m: AnyRuleset) => {
    let v = optionValues.get(m.id);
    if (!v) optionValues.set(m.id, (v = defaultOptionValues(m.options.info)));
    return v;
  };

  const optionField = (m: AnyRuleset, o: OptionInfo): HTMLElement => {
    const values = valuesFor(m);
    const id = `opt-${m.id}-${o.id}`;
    const help = [o.description, o.rule].filter(Boolean).join(' · ');
    const note = help ? [el('div', { class: 'opt-note' }, help)] : [];
    if (o.kind === 'boolean') {
      const box = el('input', { type: 'checkbox', id, 'data-option': o.id });
      box.checked = values[o.id] === true;
      box.addEventListener('change', () => (values[o.id] = optionFromField(o, { checked: box.checked })));
      return el('div', { class: 'opt opt-check' }, box, el('label', { for: id }, o.label), ...note);
    }
    if (o.kind === 'choice') {
      const sel = el('select', { id, 'data-option': o.id }, ...(o.choices ?? []).map((c) => el('option', { value: c.value }, c.label)));
      sel.value = String(values[o.id]);
      sel.addEventListener('change', () => (values[o.id] = optionFromField(o, { value: sel.value })));
      return el('div', { class: 'opt' }, el('label', { for: id }, o.label), sel, ...note);
    }
    const num = el('input', { type: 'number', id, 'data-option': o.id, value: String(values[o.id]) });
    num.addEventListener('input', () => (values[o.id] = optionFromField(o, { value: num.value })));
    return el('div', { class: 'opt' }, el('label', { for: id }, o.label), num, ...note);
  };

  function renderList() {
    list.replaceChildren(
      ...entries.map((e) => {
        const missing = noRulesetMessage(e, deps.registry);
        const card = button('', () => choose(e), { class: `scenario-card${e === chosen ? ' chosen' : ''}${missing ? ' unplayable' : ''}`, role: 'option', 'aria-selected': String(e === chosen), 'data-testid': 'scenario-card' });
        card.replaceChildren(
          el('span', { class: 'sc-title' }, e.title),
          el('span', { class: 'sc-meta' }, ...(e.rulesets.length ? e.rulesets : ['(no ruleset named)']).map((r) => el('span', { class: `tag${deps.registry.some((m) => m.id === r) ? '' : ' missing'}` }, deps.registry.find((m) => m.id === r)?.name ?? r))),
        );
        return card;
      }),
    );
  }

  function renderDetails() {
    if (!chosen) {
      details.replaceChildren(el('p', { class: 'hint' }, 'There is no scenario to choose. Load a scenario file.'));
      startBtn.disabled = true;
      return;
    }
    const e = chosen;
    const missing = noRulesetMessage(e, deps.registry);
    const mods = playable(rulesetChoices(e, deps.registry));
    if (!rulesetId || !mods.some((m) => m.id === rulesetId)) rulesetId = mods[0]?.id;
    const m = mods.find((x) => x.id === rulesetId);
    const parts: HTMLElement[] = [el('h3', { 'data-testid': 'scenario-title' }, e.title)];
    if (e.description) parts.push(el('p', { class: 'sc-desc' }, e.description));
    if (missing || !m) {
      parts.push(el('div', { class: 'no-ruleset', role: 'alert', 'data-testid': 'no-ruleset' }, missing ?? 'No ruleset is available for this scenario.'));
      startBtn.disabled = true;
    } else {
      startBtn.disabled = false;
      const sel = el('select', { id: 'start-ruleset', 'data-testid': 'ruleset-select' }, ...mods.map((x) => el('option', { value: x.id }, `${x.name} (v${x.version})`)));
      sel.value = m.id;
      sel.addEventListener('change', () => {
        rulesetId = sel.value;
        renderDetails();
      });
      parts.push(el('div', { class: 'opt' }, el('label', { for: 'start-ruleset' }, 'Ruleset'), sel, ...(m.description ? [el('div', { class: 'opt-note' }, m.description)] : [])));
      const unavailable = rulesetChoices(e, deps.registry).filter((c) => c.missing);
      if (unavailable.length) parts.push(el('p', { class: 'hint' }, `Also named by the scenario but not available: ${unavailable.map((c) => c.id).join(', ')}.`));
      const { rules, settings } = groupOptions(m.options.info);
      if (settings.length) parts.push(el('fieldset', {}, el('legend', {}, 'Settings'), ...settings.map((o) => optionField(m, o))));
      if (rules.length) parts.push(el('fieldset', {}, el('legend', {}, 'Optional rules'), ...rules.map((o) => optionField(m, o))));
    }
    const reroll = button('New seed', () => {
      seedInput.value = String(deps.randomSeed());
      seedError.textContent = '';
    }, { title: 'Another random seed', 'data-testid': 'new-seed' });
    parts.push(el('fieldset', {}, el('legend', {}, 'Seed'), el('div', { class: 'seed-row' }, seedInput, reroll), el('div', { class: 'opt-note' }, 'The dice follow from the seed: the same seed and the same commands give the same battle.'), seedError));
    const modeField = (value: PlayMode, label: string, note: string) => {
      const r = el('input', { type: 'radio', name: 'start-mode', value, id: `mode-${value}`, 'data-testid': `mode-${value}` });
      r.checked = mode === value;
      r.addEventListener('change', () => (mode = value));
      return el('label', { class: 'mode-card', for: `mode-${value}` }, r, el('span', { class: 'mode-title' }, label), el('span', { class: 'opt-note' }, note));
    };
    parts.push(
      el(
        'fieldset',
        { class: 'modes' },
        el('legend', {}, 'Players'),
        modeField('solo', 'Solo', 'One person commands both sides and sees everything.'),
        modeField('hotseat', 'Hot-seat', 'Two players at one screen; hidden orders stay hidden, with a hand-over screen between players.'),
      ),
    );
    if (problems.length) {
      parts.push(
        el(
          'div',
          { class: 'problems-box', role: 'alert', 'data-testid': 'start-problems' },
          el('strong', {}, 'This battle cannot start:'),
          el('ul', { class: 'problems' }, ...problems.slice(0, 12).map((p) => el('li', {}, el('code', {}, p.path), ' ', p.message))),
        ),
      );
    }
    details.replaceChildren(...parts);
  }

  function renderAll() {
    renderList();
    renderDetails();
  }

  function start() {
    if (!chosen) return;
    const m = deps.registry.find((x) => x.id === rulesetId);
    if (!m) return;
    const seed = parseSeed(seedInput.value);
    if (!seed.ok) {
      seedError.textContent = seed.message;
      seedInput.focus();
      return;
    }
    const r = controller.start({ scenarioText: chosen.text, rulesetId: m.id, options: { ...valuesFor(m) }, seed: seed.seed }, mode);
    if (!r.ok) {
      problems = r.problems;
      renderDetails();
      return;
    }
    problems = [];
    play.getState().open('none');
    deps.onStarted();
  }

  let wasOpen = false;
  const off = watch([play], () => {
    const open = play.getState().overlay === 'start';
    backdrop.hidden = !open;
    cancelBtn.hidden = !deps.hasBattle();
    if (open && !wasOpen) {
      seedInput.value = String(deps.randomSeed());
      seedError.textContent = '';
      mode = play.getState().mode;
      problems = [];
      renderAll();
      queueMicrotask(() => (startBtn.disabled ? list.querySelector<HTMLElement>('.chosen') : startBtn)?.focus());
    }
    wasOpen = open;
  });
  return {
    dispose: () => {
      off();
      backdrop.remove();
    },
    choose: (e) => {
      if (!entries.includes(e)) entries.unshift(e);
      choose(e);
    },
  };
}
