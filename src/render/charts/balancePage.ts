/**
 * The balance report as one self-contained HTML page: inline styles, charts drawn as SVG when
 * the page is written, no script and nothing fetched, so it opens offline and can be mailed or
 * archived beside the batch. Every name (scenario, sides, units, troop types) is escaped.
 */
import type { BalanceReport } from '../../ai/batch/report';
import type { BattleSetup } from '../../engine/model';
import { balanceCharts } from './balanceCharts';
import { escapeXml } from './svgCharts';

const pct = (p: number): string => `${(p * 100).toFixed(1)}%`;

export function balanceReportHtml(r: BalanceReport, setup: BattleSetup): string {
  const e = escapeXml;
  const charts = balanceCharts(r, setup);
  const side = (id: string) => setup.sides.find((s) => s.id === id)?.name ?? id;
  const unitName = (id: string) => setup.units.find((u) => u.id === id)?.name ?? id;
  const rows = (cells: readonly (readonly string[])[]) => cells.map((c) => `<tr>${c.map((x) => `<td>${e(x)}</td>`).join('')}</tr>`).join('');
  const figure = (title: string, svg: string, note = '') => `<figure><figcaption>${e(title)}</figcaption>${svg}${note ? `<p class="note">${e(note)}</p>` : ''}</figure>`;
  const results = rows([
    ...r.sides.map((s) => [s.name, pct(s.wins.p), `${pct(s.wins.low)}–${pct(s.wins.high)}`, pct(s.ofDecided.p), s.meanLost.toFixed(2)]),
    ['Drawn', pct(r.draws.p), `${pct(r.draws.low)}–${pct(r.draws.high)}`, '', ''],
  ]);
  const deciders = r.deciders.length
    ? `<table><thead><tr><th>Unit</th><th>Side</th><th>Side wins if it stands</th><th>… if it falls</th><th>Fell in</th></tr></thead><tbody>${rows(r.deciders.map((d) => [unitName(d.unit), side(d.side), pct(d.winIfStood), pct(d.winIfFell), `${d.fell} battles`]))}</tbody></table>`
    : '<p>No unit stands out: too few battles, or no unit falls often enough to compare.</p>';
  const casualties = `<table><thead><tr><th>Side</th><th>Troop type</th><th>Stands</th><th>Lost per battle</th><th>Share</th></tr></thead><tbody>${rows(r.casualties.map((c) => [side(c.side), c.type, String(c.stands), c.meanLost.toFixed(2), pct(c.share)]))}</tbody></table>`;
  const first = r.firstMover
    ? r.firstMover.varies
      ? `The side that moved first (the initiative) won ${pct(r.firstMover.wins.p)} of decided battles (95% ${pct(r.firstMover.wins.low)}–${pct(r.firstMover.wins.high)}).`
      : `The ${side(r.firstMover.side ?? '')} move first in every battle, so an advantage of moving first cannot be told apart from the side's own.`
    : '';
  const players = r.playerFigures ? `<p>Players (sides swapped in pairs): ${r.playerFigures.map((p) => `${e(p.player)} wins ${pct(p.wins.p)} (${pct(p.wins.low)}–${pct(p.wins.high)})`).join('; ')}.</p>` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(`Balance — ${r.title}`)}</title>
<style>
body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1d232b;background:#f6f5f0;margin:0}
main{max-width:1180px;margin:0 auto;padding:24px}
h1{font-size:24px;margin:0 0 4px}h2{font-size:18px;margin:28px 0 8px}
.meta{color:#5b6470;margin:0 0 16px}
.verdict{background:#fff;border-left:5px solid #8a5a00;padding:12px 16px;margin:0 0 8px}
.verdict p{margin:4px 0}.verdict p:first-child{font-size:17px;font-weight:600}
.grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(420px,1fr));gap:16px}
figure{background:#fff;margin:0;padding:12px;border:1px solid #e1e3e6}
figcaption{font-weight:600;margin-bottom:6px}
figure svg{max-width:100%;height:auto}
table{border-collapse:collapse;background:#fff;width:100%}
td,th{border:1px solid #e1e3e6;padding:4px 8px;text-align:left}th{background:#eef0f2}
.note{color:#5b6470;font-size:13px;margin:6px 0 0}
</style></head><body><main>
<h1>${e(r.title)}</h1>
<p class="meta">${e(`${r.ruleset} · ${r.players[0]} v ${r.players[1]} · ${r.battles}${r.battles !== r.planned ? ` of ${r.planned}` : ''} battles · master seed ${r.masterSeed}`)}</p>
<section class="verdict">${r.verdict.map((v) => `<p>${e(v)}</p>`).join('')}</section>
<h2>Results</h2>
<table><thead><tr><th></th><th>Wins</th><th>95% interval</th><th>Of decided battles</th><th>Stands lost per battle</th></tr></thead><tbody>${results}</tbody></table>
<p>${e(`Levels: ${r.levels.map((l) => `${l.level} ${l.count}`).join(', ')}. Margin (share of stands lost, first side's view): mean ${r.margin.mean.toFixed(3)}; decisiveness (its size) mean ${r.decisiveness.mean.toFixed(3)}. Lead changes per battle: mean ${r.leadChanges.mean.toFixed(2)}. ${first}`)}</p>
${players}
<div class="grid">
${figure('Win rate with its 95% interval', charts.winRate)}
${figure('How long battles last', charts.turns, `Turns played: mean ${r.turns.mean.toFixed(1)}, median ${r.turns.median}.`)}
${figure('Casualties over time', charts.lossesOverTime, 'Mean stands lost so far, by the end of each turn.')}
${figure('Does the side ahead win?', charts.leaderWins, 'Of decided battles, the share won by the side that led (by the ruleset\'s evaluation) at the end of each turn.')}
</div>
<h2>Where units fell</h2>
<div class="grid">${charts.heatMaps.map((h) => figure(h.title, h.svg)).join('')}</div>
<h2>Casualties by troop type</h2>
${figure('Share of each troop type lost per battle', charts.casualties)}
${casualties}
<h2>The units that decide battles</h2>
${deciders}
</main></body></html>
`;
}
