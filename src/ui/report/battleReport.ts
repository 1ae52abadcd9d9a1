/**
 * The battle report: one self-contained HTML page (no script, no fetch: it opens offline) with
 * the scenario, the result, the map at the start, at the start of each turn and at the end,
 * casualties and morale per side per turn as SVG charts (the playtest report's chart module),
 * and the narrative log with every roll explained as in play.
 *
 * Written for one viewer: a side sees only what it saw (its view of the table, its log), and
 * "both sides" only once the battle is over. Every piece of text from a file (names, titles,
 * descriptions) is escaped.
 */
import type { AnyEvent } from '../../engine/command';
import { metricsOf } from '../../engine/lookahead';
import { indexHistory, pointsFor, turnStarts, type ReplayIndex } from '../../engine/replayIndex';
import { describePosition } from '../../engine/sequence';
import type { GameState } from '../../engine/state';
import { eventsFor, viewFor, type Viewer } from '../../engine/view';
import type { History } from '../../engine/history';
import type { BattleSetup } from '../../engine/model';
import type { AnyRuleset, SideMetrics } from '../../engine/ruleset';
import { battleMap } from '../../render/charts/battleMap';
import { escapeXml, lineChart } from '../../render/charts/svgCharts';
import { entryItems, eventItems, type LogItem } from '../logModel';
import { namesFor } from '../names';
import { phraseWithNames } from '../format';
import { victorySentence } from '../../rules/words';
import { keyFromSeed } from '../../engine/seed';

export interface ReportInput {
  readonly module: AnyRuleset;
  readonly setup: BattleSetup;
  readonly history: History;
  readonly seed: number;
  /** The name the battle is kept under, if not its title. */
  readonly name?: string;
  readonly viewer: Viewer;
  readonly description?: string;
}

export type ReportOutcome = { readonly ok: true; readonly html: string } | { readonly ok: false; readonly message: string };

/** A morale state (in the ruleset's words) that means the unit is out of the fight. */
const OUT = /rout|broken|gone|destroy|dispers|captur|fled|remov|eliminat|shatter/i;

const h = escapeXml;

function sideMetrics(module: AnyRuleset, state: GameState, viewer: Viewer): readonly SideMetrics[] {
  if (viewer === 'referee') return metricsOf(module, state);
  // A side's figures from its own view: what it could not see counts as it saw it.
  const v = viewFor(module, state, viewer);
  return metricsOf(module, { ...state, battle: v.battle, ruleset: v.ruleset });
}

function itemHtml(i: LogItem): string {
  switch (i.kind) {
    case 'command':
      return `<li class="cmd">${h(i.text)}</li>`;
    case 'sequence':
      return `<li class="seq">${h(i.text)}</li>`;
    case 'event':
      return `<li class="ev">${h(i.text)}${i.rule ? ` <span class="rule">${h(i.rule)}</span>` : ''}</li>`;
    case 'dice': {
      const d = i.dice;
      const lines = [
        `<div class="dh"><b>${h(d.purpose)}</b>${d.rule ? ` <span class="rule">${h(d.rule)}</span>` : ''}</div>`,
        `<div>${d.faces.map((f) => `<span class="die">${h(String(f))}</span>`).join('')} ${h(d.roll)}</div>`,
        ...d.emulation.map((t) => `<div class="small">${h(t)}</div>`),
        ...(d.modifiers.length ? [`<ul class="mods">${d.modifiers.map((m) => `<li>${h(m)}</li>`).join('')}</ul>`] : []),
        ...(d.target ? [`<div>${h(d.target)}</div>`] : []),
        ...(d.table ? [`<div class="small">${h(d.table)}</div>`] : []),
        `<div class="out${d.passed === undefined ? '' : d.passed ? ' pass' : ' fail'}">${h(d.outcome)}</div>`,
      ];
      return `<li class="dice">${lines.join('')}</li>`;
    }
  }
}

const CSS = `
body{font:15px/1.45 system-ui,-apple-system,'Segoe UI',sans-serif;color:#1d232b;background:#f6f4ee;margin:0}
main{max-width:980px;margin:0 auto;padding:24px}
h1{font-size:1.7rem;margin:0 0 .2rem}h2{margin:2rem 0 .6rem;border-bottom:2px solid #c9b77a;padding-bottom:.2rem}h3{margin:1.2rem 0 .4rem}
.sub{color:#5b6470}.result{font-size:1.15rem;background:#fff;border:1px solid #d9d3c0;border-left:5px solid #8a6d1f;padding:.6rem .9rem;border-radius:6px}
.maps{display:grid;grid-template-columns:repeat(auto-fill,minmax(300px,1fr));gap:14px}.maps figure{margin:0;background:#fff;border:1px solid #d9d3c0;border-radius:6px;padding:8px}
.maps svg,.big svg{width:100%;height:auto;display:block}.maps figcaption{font-size:.85rem;color:#5b6470;margin-top:4px}
.big{background:#fff;border:1px solid #d9d3c0;border-radius:6px;padding:8px;margin:.6rem 0}
.charts{display:grid;grid-template-columns:repeat(auto-fill,minmax(420px,1fr));gap:14px}.charts figure{margin:0;background:#fff;border:1px solid #d9d3c0;border-radius:6px;padding:8px}.charts svg{max-width:100%;height:auto}
table{border-collapse:collapse;font-size:.85rem;background:#fff}td,th{border:1px solid #d9d3c0;padding:3px 7px;text-align:left}
ol.log{list-style:none;padding:0;margin:0}ol.log>li{margin:0 0 .5rem;padding:.3rem .6rem;background:#fff;border:1px solid #e3dece;border-radius:5px}
ol.log ul,ol.log ol{list-style:none;padding-left:0;margin:0}.cmd{font-weight:600}.seq{color:#6d7480;font-size:.85rem}.rule{color:#7d7460;font-size:.8rem}
.dice{border-left:3px solid #8a6d1f;padding-left:.5rem;margin:.3rem 0}.die{display:inline-block;min-width:1.4em;text-align:center;border:1px solid #555;border-radius:3px;margin-right:3px;background:#f3ecd6;font-weight:700}
.mods li::before{content:'• '}.out{font-weight:700}.out.pass{color:#2f7d4a}.out.fail{color:#b8322a}.small{font-size:.85rem;color:#5b6470}
.turn{margin-top:1.2rem;font-size:1.05rem;color:#8a6d1f}
`;

export function battleReportHtml(input: ReportInput): ReportOutcome {
  const { module, setup, history, viewer } = input;
  const index: ReplayIndex = indexHistory(module, history);
  if (viewer === 'referee' && !index.over)
    return { ok: false, message: 'This battle is not over: a report for both sides would show each side the other\'s hidden orders. Choose a side, or finish the battle first.' };
  if (viewer !== 'referee' && !setup.sides.some((s) => s.id === viewer)) return { ok: false, message: `"${viewer}" is not a side of this battle (${setup.sides.map((s) => s.id).join(', ')}).` };
  const points = pointsFor(index, viewer);
  const starts = turnStarts(index, points);
  const last = points[points.length - 1]!;
  const sideName = (id: string) => setup.sides.find((s) => s.id === id)?.name ?? id;
  const viewAt = (k: number) => viewFor(module, index.stateAt(k), viewer);
  const final = index.stateAt(last);
  const r = final.result;
  const who = viewer === 'referee' ? 'both sides' : sideName(viewer);

  // Maps: the start, the start of each later turn, the end.
  const maps: { caption: string; svg: string }[] = [];
  for (const k of starts) {
    const p = index.position(k);
    maps.push({ caption: k === 0 ? 'At the start' : `Turn ${p.turn} begins`, svg: battleMap({ battle: viewAt(k).battle, title: `The table, turn ${p.turn}`, width: 480 }) });
  }
  const endMap = battleMap({ battle: viewAt(last).battle, title: 'The table at the end', width: 940 });

  // Charts: casualties and units out of the fight, per side, at the end of each turn.
  const turnEnds: { turn: number; k: number }[] = [];
  for (let i = 0; i < starts.length; i++) {
    const k = i + 1 < starts.length ? points[points.indexOf(starts[i + 1]!) - 1]! : last;
    turnEnds.push({ turn: index.position(starts[i]!).turn, k });
  }
  const perTurn = turnEnds.map((t) => ({ turn: t.turn, metrics: sideMetrics(module, index.stateAt(t.k), viewer) }));
  const colours = new Map(setup.sides.map((s) => [s.id, s.colour]));
  const series = (f: (m: SideMetrics) => number) =>
    setup.sides.map((s) => ({ name: s.name, colour: colours.get(s.id), points: perTurn.flatMap((t) => { const m = t.metrics.find((x) => x.side === s.id); return m ? [{ x: t.turn, y: f(m) }] : []; }) }));
  const lost = (m: SideMetrics) => Object.values(m.standsLostByType).reduce((a, b) => a + b, 0);
  const out = (m: SideMetrics) => Object.entries(m.unitsByState).reduce((a, [st, n]) => a + (OUT.test(st) ? n : 0), 0);
  const hasMetrics = perTurn.some((t) => t.metrics.length > 0);
  const charts = hasMetrics
    ? [
        lineChart({ title: 'Casualties: stands lost by the end of each turn', series: series(lost), xLabel: 'turn', yLabel: 'stands lost' }),
        lineChart({ title: 'Morale: units routed, broken or gone by the end of each turn', series: series(out), xLabel: 'turn', yLabel: 'units' }),
      ]
    : [];
  const states = [...new Set(perTurn.flatMap((t) => t.metrics.flatMap((m) => Object.keys(m.unitsByState))))].sort();
  const moraleTable = hasMetrics
    ? `<table class="morale"><thead><tr><th>Turn</th><th>Side</th>${states.map((s) => `<th>${h(s)}</th>`).join('')}<th>stands lost</th></tr></thead><tbody>${perTurn
        .flatMap((t) => t.metrics.map((m) => `<tr><td>${t.turn}</td><td>${h(sideName(m.side))}</td>${states.map((s) => `<td>${m.unitsByState[s] ?? 0}</td>`).join('')}<td>${lost(m)}</td></tr>`))
        .join('')}</tbody></table>`
    : '<p class="sub">This ruleset reports no per-side figures.</p>';

  // The narrative log, turn by turn, as the viewer read it.
  const names = namesFor(module, viewAt(last), [setup]);
  let log = `<li>${'<ol>' + eventItems(eventsFor(index.initialEvents as readonly AnyEvent[], viewer), names, module).map(itemHtml).join('') + '</ol>'}</li>`;
  let turn = index.position(0).turn;
  for (const k of points.slice(1)) {
    const t = index.position(k).turn;
    if (t !== turn) {
      log += `<li class="turn" id="turn-${t}">Turn ${t}</li>`;
      turn = t;
    }
    const items = entryItems(index.entryAt(k), viewer, names, module);
    if (items.length) log += `<li><ol>${items.map(itemHtml).join('')}</ol></li>`;
  }

  // A concession names who conceded ('The Austrians concede; the Prussians win'), which is all its reason says.
  const loser = r?.level === 'concession' ? setup.sides.find((s) => s.id !== r.winner)?.name : undefined;
  const resultText = r
    ? loser !== undefined && r.winner
      ? `${h(victorySentence(sideName(r.winner), r.level, false, loser))}.`
      : `${r.winner ? h(victorySentence(sideName(r.winner), r.level)) : h(r.level)}. ${h(phraseWithNames(r.reason, names))}${r.rule ? ` <span class="rule">${h(r.rule)}</span>` : ''}`
    : `Not over: ${h(describePosition(module, final))}`;
  const title = input.name && input.name !== setup.title ? `${input.name} — ${setup.title}` : setup.title;
  // The dice: a whole-number seed is its own key and is shown (a designer chose it); a drawn key
  // (seeding 4) is the battle's secret while it goes on — a report made mid-battle in hot-seat
  // must not let a player foresee the rolls — and is given once the battle is over, so that it
  // can be played again.
  const key = index.stateAt(index.length).dice.key;
  const drawnKey = typeof key === 'string' && key !== keyFromSeed(input.seed);
  const dice = !drawnKey ? `seed ${input.seed}` : index.over ? `dice key ${key}` : 'dice key kept secret until the battle ends';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>${h(title)} — battle report</title><style>${CSS}</style></head>
<body><main>
<h1>${h(title)}</h1>
<p class="sub">${h(module.name)} (version ${h(module.version)}) · ${h(dice)} · ${index.length} ${index.length === 1 ? 'command' : 'commands'} · seen by ${h(who)}</p>
${input.description ? `<p>${h(input.description)}</p>` : ''}
<section id="result"><h2>Result</h2><p class="result" data-testid="report-result">${resultText}</p>
<p class="sub">Sides: ${setup.sides.map((s) => h(s.name)).join(' and ')}. Reached turn ${final.position.turn}${setup.turnLimit ? ` of ${setup.turnLimit}` : ''}.</p></section>
<section id="end"><h2>The table at the end</h2><div class="big">${endMap}</div></section>
<section id="charts"><h2>Casualties and morale</h2><div class="charts">${charts.map((c) => `<figure>${c}</figure>`).join('')}</div>
<h3>Units by state at the end of each turn</h3>${moraleTable}</section>
<section id="maps"><h2>The table turn by turn</h2><div class="maps">${maps.map((m) => `<figure>${m.svg}<figcaption>${h(m.caption)}</figcaption></figure>`).join('')}</div></section>
<section id="log"><h2>What happened</h2><ol class="log">${log}</ol></section>
</main></body></html>
`;
  return { ok: true, html };
}
