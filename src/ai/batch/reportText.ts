/** The balance report as plain text for a terminal or a log (the HTML page draws the same figures). */
import type { BattleSetup } from '../../engine/model';
import type { BalanceReport } from './report';

const pct = (p: number): string => `${(p * 100).toFixed(1)}%`;
const interval = (p: { p: number; low: number; high: number }) => `${pct(p.p)} (95% ${pct(p.low)}–${pct(p.high)})`;

export function reportText(r: BalanceReport, setup: BattleSetup): string {
  const L: string[] = [];
  const side = (id: string) => setup.sides.find((s) => s.id === id)?.name ?? id;
  L.push(`Balance of "${r.title}" — ${r.ruleset}, ${r.players[0]} v ${r.players[1]}, master seed ${r.masterSeed}, ${r.battles}${r.battles !== r.planned ? ` of ${r.planned}` : ''} battles`);
  L.push('');
  for (const v of r.verdict) L.push(v);
  L.push('');
  L.push('Results');
  for (const s of r.sides) L.push(`  ${s.name.padEnd(28)} wins ${interval(s.wins)} · of decided battles ${interval(s.ofDecided)}`);
  L.push(`  ${'Drawn'.padEnd(28)} ${interval(r.draws)}${r.unfinished ? ` · unfinished ${r.unfinished}` : ''}`);
  L.push(`  Levels: ${r.levels.map((l) => `${l.level} ${l.count}`).join(', ')}`);
  L.push(`  Margin (first side's view, −1…1): mean ${r.margin.mean.toFixed(3)}; decisiveness |margin| mean ${r.decisiveness.mean.toFixed(3)}, median ${r.decisiveness.median.toFixed(3)}`);
  if (r.playerFigures) for (const p of r.playerFigures) L.push(`  Player ${p.player.padEnd(20)} wins ${interval(p.wins)} (sides swapped in pairs)`);
  if (r.firstMover) {
    const f = r.firstMover;
    L.push(f.varies ? `  First mover (initiative) wins ${interval(f.wins)} of decided battles` : `  First mover: always ${side(f.side ?? '')} — its advantage cannot be told apart from the side's`);
  }
  L.push('');
  L.push(`Turns: mean ${r.turns.mean.toFixed(1)}, median ${r.turns.median}, ${r.turns.min}–${r.turns.max}`);
  for (const h of r.turnHistogram) if (h.count) L.push(`  turn ${String(h.value).padStart(3)}: ${'#'.repeat(Math.max(1, Math.round((h.count / r.battles) * 50)))} ${h.count}`);
  L.push(`Lead changes per battle (by the ruleset's evaluation): mean ${r.leadChanges.mean.toFixed(2)}, max ${r.leadChanges.max}`);
  L.push('');
  L.push(`Casualties (mean stands lost per battle)`);
  for (const s of r.sides) L.push(`  ${s.name.padEnd(28)} ${s.meanLost.toFixed(2)} (${pct(s.lostShare)} of its stands)`);
  for (const c of r.casualties) L.push(`    ${side(c.side).padEnd(26)} ${c.type.padEnd(22)} ${c.meanLost.toFixed(2)} of ${c.stands} (${pct(c.share)})`);
  L.push('');
  L.push('Units that decide battles (their side\'s win rate when they stand v when they fall)');
  if (r.deciders.length === 0) L.push('  none stands out (too few battles, or no unit falls often enough to compare)');
  for (const d of r.deciders.slice(0, 5)) L.push(`  ${d.name.padEnd(30)} ${side(d.side).padEnd(24)} ${pct(d.winIfStood)} v ${pct(d.winIfFell)} (fell in ${d.fell})`);
  return L.join('\n');
}
