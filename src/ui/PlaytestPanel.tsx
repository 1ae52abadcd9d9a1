/**
 * The Playtest panel: a scenario designer runs a batch of battles in the browser (Web Workers,
 * playtestRunner.ts) and reads the same balance report as `vedette report` — the verdict, win
 * rates with their intervals, turns, casualties, the units that decide battles and where units
 * fell. "Compare" runs a second variant of the scenario with the same players and seeds and
 * shows the two reports side by side. Charts are SVG strings (render/charts) shown as images,
 * never as inner HTML; every name is text.
 */
import { useRef, useState } from 'preact/hooks';
import { buildReport, type BalanceReport } from '../ai/batch/report';
import { PLAYER_KINDS, playerLabel, type PlayerSpec } from '../ai/batch/players';
import { headerLine, recordLine } from '../ai/batch/batchFile';
import type { BattleSetup } from '../engine/model';
import type { AnyRuleset } from '../engine/ruleset';
import { balanceCharts } from '../render/charts/balanceCharts';
import { balanceReportHtml } from '../render/charts/balancePage';
import { loadScenarioText } from '../scenario/load';
import { FileInput } from './FileInput';
import { mount } from './mount';
import type { PlayStoreApi } from './playStore';
import { runPlaytest, type PlaytestOutcome, type PlaytestProgress } from './playtestRunner';
import { scenarioEntry, type ScenarioEntry } from './startModel';
import { useStore } from './useStore';

export interface PlaytestDeps {
  readonly scenarios: readonly ScenarioEntry[];
  readonly registry: () => readonly AnyRuleset[];
  readonly play: PlayStoreApi;
  readonly hasBattle: () => boolean;
}

interface Variant {
  readonly entry: ScenarioEntry;
  readonly rulesetId: string;
}

interface Finished {
  readonly variant: Variant;
  readonly setup: BattleSetup;
  readonly outcome: PlaytestOutcome;
  readonly report: BalanceReport;
}

const svgUrl = (svg: string): string => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
const pct = (p: number): string => `${Math.round(p * 100)}%`;
const clock = (s: number): string => (!Number.isFinite(s) ? '—' : s >= 60 ? `${Math.floor(s / 60)} min ${Math.round(s % 60)} s` : `${Math.round(s)} s`);

function download(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const fileName = (title: string, ext: string) => `${title.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '').toLowerCase() || 'playtest'}.${ext}`;

function PlayerField({ label, value, onValue, testId }: { label: string; value: PlayerSpec; onValue(p: PlayerSpec): void; testId: string }) {
  return (
    <div class="opt pt-player">
      <label>{label}</label>
      <select data-testid={`${testId}-kind`} value={value.kind} onChange={(e) => onValue(e.currentTarget.value === 'search' ? { kind: 'search', budget: value.budget ?? 50 } : { kind: e.currentTarget.value })}>
        {PLAYER_KINDS.map((k) => (
          <option key={k} value={k}>
            {k}
          </option>
        ))}
      </select>
      {value.kind === 'search' && (
        <input type="number" min={1} max={100000} class="pt-budget" aria-label="Playouts a decision" title="Playouts a decision" value={value.budget ?? 50} onInput={(e) => onValue({ kind: 'search', budget: Math.max(1, Number(e.currentTarget.value) || 1) })} />
      )}
    </div>
  );
}

function VariantField({ label, variant, entries, registry, onVariant, onFile, testId }: { label: string; variant: Variant | undefined; entries: readonly ScenarioEntry[]; registry: readonly AnyRuleset[]; onVariant(v: Variant): void; onFile(): void; testId: string }) {
  const usable = (e: ScenarioEntry) => registry.filter((m) => e.rulesets.includes(m.id));
  const choose = (e: ScenarioEntry) => onVariant({ entry: e, rulesetId: usable(e)[0]?.id ?? '' });
  return (
    <fieldset class="pt-variant">
      <legend>{label}</legend>
      <div class="opt">
        <label>Scenario</label>
        <select data-testid={`${testId}-scenario`} value={variant ? entries.indexOf(variant.entry) : -1} onChange={(e) => choose(entries[Number(e.currentTarget.value)]!)}>
          {entries.map((e, i) => (
            <option key={`${e.source}/${i}`} value={i} disabled={usable(e).length === 0}>
              {e.title}
            </option>
          ))}
        </select>
        <button type="button" class="link" onClick={onFile} data-testid={`${testId}-file-button`}>
          Load a scenario file…
        </button>
      </div>
      {variant && usable(variant.entry).length > 1 && (
        <div class="opt">
          <label>Ruleset</label>
          <select value={variant.rulesetId} onChange={(e) => onVariant({ ...variant, rulesetId: e.currentTarget.value })}>
            {usable(variant.entry).map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </div>
      )}
    </fieldset>
  );
}

function ReportView({ f, testId }: { f: Finished; testId: string }) {
  const { report: r, setup } = f;
  const charts = balanceCharts(r, setup, 480);
  const side = (id: string) => setup.sides.find((s) => s.id === id)?.name ?? id;
  const unitName = (id: string) => setup.units.find((u) => u.id === id)?.name ?? id;
  const img = (svg: string, alt: string) => <img class="pt-chart" src={svgUrl(svg)} alt={alt} />;
  return (
    <section class="pt-report" data-testid={testId}>
      <h3>{r.title}</h3>
      <p class="opt-note">{`${f.variant.rulesetId} · ${r.players[0]} v ${r.players[1]} · ${r.battles}${r.battles !== r.planned ? ` of ${r.planned}` : ''} battles · master seed ${r.masterSeed}${f.outcome.cancelled ? ' · cancelled' : ''}`}</p>
      <div class="pt-verdict" data-testid={`${testId}-verdict`}>
        {r.verdict.map((v, i) => (
          <p key={i}>{v}</p>
        ))}
      </div>
      <table class="pt-table" data-testid={`${testId}-results`}>
        <thead>
          <tr>
            <th />
            <th>Wins</th>
            <th>95% interval</th>
            <th>Lost per battle</th>
          </tr>
        </thead>
        <tbody>
          {r.sides.map((s) => (
            <tr key={s.id} data-side={s.id}>
              <td>{s.name}</td>
              <td data-testid="win-rate">{pct(s.wins.p)}</td>
              <td>{`${pct(s.wins.low)}–${pct(s.wins.high)}`}</td>
              <td>{s.meanLost.toFixed(1)}</td>
            </tr>
          ))}
          <tr>
            <td>Drawn</td>
            <td data-testid="draw-rate">{pct(r.draws.p)}</td>
            <td>{`${pct(r.draws.low)}–${pct(r.draws.high)}`}</td>
            <td />
          </tr>
        </tbody>
      </table>
      <p class="opt-note">{`Turns: mean ${r.turns.mean.toFixed(1)} (${r.turns.min}–${r.turns.max}). Lead changes per battle: ${r.leadChanges.mean.toFixed(2)}. Decisiveness: ${r.decisiveness.mean.toFixed(2)}.`}</p>
      <div class="pt-charts">
        <figure>
          <figcaption>Win rate with its 95% interval</figcaption>
          {img(charts.winRate, 'Win rate of each side with its interval')}
        </figure>
        <figure>
          <figcaption>How long battles last</figcaption>
          {img(charts.turns, 'Battles by turns played')}
        </figure>
        <figure>
          <figcaption>Casualties over time</figcaption>
          {img(charts.lossesOverTime, 'Mean stands lost by each side, turn by turn')}
        </figure>
        {charts.heatMaps.map((h) => (
          <figure key={h.title}>
            <figcaption>{h.title}</figcaption>
            {img(h.svg, h.title)}
          </figure>
        ))}
      </div>
      <h4>The units that decide battles</h4>
      {r.deciders.length === 0 ? (
        <p class="opt-note">None stands out: too few battles, or no unit falls often enough to compare.</p>
      ) : (
        <ul class="pt-deciders" data-testid={`${testId}-deciders`}>
          {r.deciders.slice(0, 5).map((d) => (
            <li key={d.unit}>{`${unitName(d.unit)} (${side(d.side)}): its side wins ${pct(d.winIfStood)} when it stands, ${pct(d.winIfFell)} when it falls`}</li>
          ))}
        </ul>
      )}
      <div class="pt-downloads">
        <button type="button" data-testid={`${testId}-download-html`} onClick={() => download(fileName(r.title, 'html'), balanceReportHtml(r, setup), 'text/html')}>
          Download the report page
        </button>
        <button type="button" onClick={() => download(fileName(r.title, 'jsonl'), [headerLine(f.outcome.header), ...f.outcome.records.map(recordLine)].join('\n') + '\n', 'application/x-ndjson')}>
          Download the battles (JSON lines)
        </button>
      </div>
    </section>
  );
}

function PlaytestForm({ deps }: { deps: PlaytestDeps }) {
  const registry = deps.registry();
  const [entries, setEntries] = useState<readonly ScenarioEntry[]>(() => deps.scenarios.filter((e) => !e.problem));
  const firstUsable = entries.find((e) => registry.some((m) => e.rulesets.includes(m.id)));
  const variantOf = (e: ScenarioEntry | undefined): Variant | undefined => (e ? { entry: e, rulesetId: registry.find((m) => e.rulesets.includes(m.id))?.id ?? '' } : undefined);
  const [a, setA] = useState<Variant | undefined>(() => variantOf(firstUsable));
  const [b, setB] = useState<Variant | undefined>(() => variantOf(entries.find((e) => e !== firstUsable && registry.some((m) => e.rulesets.includes(m.id))) ?? firstUsable));
  const [compare, setCompare] = useState(false);
  const [players, setPlayers] = useState<readonly [PlayerSpec, PlayerSpec]>([{ kind: 'random' }, { kind: 'random' }]);
  const [battles, setBattles] = useState(100);
  const [seed, setSeed] = useState(1);
  const [progress, setProgress] = useState<PlaytestProgress & { label: string }>();
  const [running, setRunning] = useState(false);
  const [results, setResults] = useState<readonly Finished[]>([]);
  const [problem, setProblem] = useState('');
  const abort = useRef<AbortController | null>(null);
  const fileA = useRef<HTMLInputElement>(null);
  const fileB = useRef<HTMLInputElement>(null);

  const addFile = (text: string, name: string, set: (v: Variant) => void) => {
    const e = scenarioEntry(name, text);
    if (e.problem) return setProblem(`${name} is not a scenario: ${e.problem}`);
    setEntries((xs) => [...xs, e]);
    const v = variantOf(e);
    if (!v || !v.rulesetId) return setProblem(`${name} names no ruleset available here (${e.rulesets.join(', ') || 'none'}).`);
    setProblem('');
    set(v);
  };

  const run = async () => {
    const variants = compare && b ? [a!, b] : [a!];
    const ctl = new AbortController();
    abort.current = ctl;
    setRunning(true);
    setResults([]);
    setProblem('');
    const done: Finished[] = [];
    try {
      for (const [k, v] of variants.entries()) {
        const loaded = loadScenarioText(v.entry.text);
        if (!loaded.ok) {
          setProblem(`${v.entry.title} does not load: ${loaded.problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`);
          return;
        }
        const label = variants.length > 1 ? `Variant ${k + 1} of 2: ${v.entry.title}` : v.entry.title;
        setProgress({ done: 0, total: battles, rate: 0, etaSeconds: Infinity, label });
        const outcome = await runPlaytest({ scenarioText: v.entry.text, setup: loaded.value, rulesetId: v.rulesetId, players, battles, seed }, { signal: ctl.signal, onProgress: (p) => setProgress({ ...p, label }) });
        if (outcome.error) {
          setProblem(`The playtest stopped: ${outcome.error}`);
          return;
        }
        done.push({ variant: v, setup: loaded.value, outcome, report: buildReport(outcome.header, outcome.records, loaded.value) });
        setResults([...done]);
        if (outcome.cancelled) return;
      }
    } finally {
      setRunning(false);
      abort.current = null;
    }
  };

  const canRun = !running && a !== undefined && a.rulesetId !== '' && battles >= 1 && (!compare || (b !== undefined && b.rulesetId !== ''));
  return (
    <div class="modal playtest" role="dialog" aria-modal="true" aria-labelledby="playtest-title">
      <h2 id="playtest-title">Playtest</h2>
      <p class="opt-note">Play a scenario many times with computer players on both sides and read whether it is balanced, and what decides it.</p>
      <div class="pt-setup">
        <VariantField label={compare ? 'Variant 1' : 'Scenario'} variant={a} entries={entries} registry={registry} onVariant={setA} onFile={() => fileA.current?.click()} testId="pt-a" />
        {compare && <VariantField label="Variant 2" variant={b} entries={entries} registry={registry} onVariant={setB} onFile={() => fileB.current?.click()} testId="pt-b" />}
        <FileInput inputRef={fileA} accept=".json,application/json" testId="pt-a-file" onText={(t, n) => addFile(t, n, setA)} />
        <FileInput inputRef={fileB} accept=".json,application/json" testId="pt-b-file" onText={(t, n) => addFile(t, n, setB)} />
        <fieldset class="pt-settings">
          <legend>Battles</legend>
          <PlayerField label="First side" value={players[0]} onValue={(p) => setPlayers([p, players[1]])} testId="pt-player-1" />
          <PlayerField label="Second side" value={players[1]} onValue={(p) => setPlayers([players[0], p])} testId="pt-player-2" />
          <div class="opt">
            <label for="pt-battles">Battles</label>
            <input id="pt-battles" data-testid="pt-battles" type="number" min={1} max={100000} value={battles} onInput={(e) => setBattles(Math.max(1, Math.floor(Number(e.currentTarget.value)) || 1))} />
          </div>
          <div class="opt">
            <label for="pt-seed">Master seed</label>
            <input id="pt-seed" data-testid="pt-seed" type="number" min={0} max={4294967295} value={seed} onInput={(e) => setSeed(Math.min(4294967295, Math.max(0, Math.floor(Number(e.currentTarget.value)) || 0)))} />
          </div>
          <label class="opt-check pt-compare">
            <input type="checkbox" data-testid="pt-compare" checked={compare} onChange={(e) => setCompare(e.currentTarget.checked)} /> Compare with a second variant
          </label>
          {playerLabel(players[0]) !== playerLabel(players[1]) && <p class="opt-note">Two different players meet in pairs of battles, the sides swapped.</p>}
        </fieldset>
      </div>
      {problem && (
        <div class="problems-box" role="alert" data-testid="pt-problem">
          {problem}
        </div>
      )}
      {progress && (running || results.length === 0) && (
        <div class="pt-progress" data-testid="pt-progress">
          <div>{progress.label}</div>
          <progress max={progress.total} value={progress.done} />
          <span>{`${progress.done} / ${progress.total} battles · ${progress.rate.toFixed(1)} a second · about ${clock(progress.etaSeconds)} left`}</span>
        </div>
      )}
      {results.length > 0 && (
        <div class={`pt-reports${results.length > 1 ? ' two' : ''}`}>
          {results.map((f, i) => (
            <ReportView key={i} f={f} testId={`pt-report-${i + 1}`} />
          ))}
        </div>
      )}
      <div class="modal-actions">
        <button type="button" data-testid="pt-close" title={running ? 'The batch keeps running: come back to read it' : undefined} onClick={() => deps.play.getState().open(deps.hasBattle() ? 'none' : 'start')}>
          Close
        </button>
        {running ? (
          <button type="button" class="primary" data-testid="pt-cancel" onClick={() => abort.current?.abort()}>
            Cancel
          </button>
        ) : (
          <button type="button" class="primary" data-testid="pt-run" disabled={!canRun} onClick={() => void run()}>
            {compare ? 'Run both' : 'Run'}
          </button>
        )}
      </div>
    </div>
  );
}

function PlaytestPanel({ deps }: { deps: PlaytestDeps }) {
  const open = useStore(deps.play, (s) => s.overlay === 'playtest');
  // The form stays mounted while closed so that a batch running or read is not lost.
  return (
    <div class="modal-backdrop" data-testid="playtest-panel" hidden={!open}>
      <PlaytestForm deps={deps} />
    </div>
  );
}

export function mountPlaytest(host: HTMLElement, deps: PlaytestDeps): () => void {
  return mount(host, <PlaytestPanel deps={deps} />);
}
