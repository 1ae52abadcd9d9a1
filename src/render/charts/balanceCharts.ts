/** The balance report's charts as SVG strings (the HTML page and the Playtest panel draw these). */
import { sideWords } from '../../rules/words';
import type { BalanceReport } from '../../ai/batch/report';
import type { BattleSetup } from '../../engine/model';
import { barChart, columnChart, heatMap, lineChart } from './svgCharts';

export interface BalanceCharts {
  readonly winRate: string;
  readonly turns: string;
  readonly lossesOverTime: string;
  readonly leaderWins: string;
  readonly casualties: string;
  /** One map per side: where that side's units fell. */
  readonly heatMaps: readonly { readonly title: string; readonly svg: string }[];
}

const pct = (v: number) => `${Math.round(v * 100)}%`;

export function balanceCharts(r: BalanceReport, setup: BattleSetup, width = 520): BalanceCharts {
  const sideName = (id: string) => setup.sides.find((s) => s.id === id)?.name ?? id;
  const colour = (id: string) => setup.sides.find((s) => s.id === id)?.colour;
  return {
    winRate: barChart({
      width,
      domain: [0, 1],
      format: pct,
      reference: { value: 0.5, label: 'even' },
      bars: [
        ...r.sides.map((s) => ({ label: s.name, value: s.wins.p, low: s.wins.low, high: s.wins.high, colour: s.colour, note: `${pct(s.wins.p)} (${pct(s.wins.low)}–${pct(s.wins.high)})` })),
        { label: 'Drawn', value: r.draws.p, low: r.draws.low, high: r.draws.high, colour: '#9aa1a9', note: pct(r.draws.p) },
      ],
    }),
    turns: columnChart({ width, columns: r.turnHistogram.map((h) => ({ label: String(h.value), value: h.count })), xLabel: 'turns played', yLabel: 'battles', colour: '#5a6f8f' }),
    lossesOverTime: lineChart({
      width,
      xLabel: 'turn',
      yLabel: 'stands lost',
      series: r.sides.map((s, i) => ({ name: s.name, colour: s.colour, points: r.byTurn.map((t) => ({ x: t.turn, y: t.lost[i]! })) })),
    }),
    leaderWins: lineChart({
      width,
      xLabel: 'turn',
      yLabel: '% won by the leader',
      series: [{ name: 'side ahead went on to win (%)', colour: '#8a5a00', points: r.byTurn.map((t) => ({ x: t.turn, y: Math.round(t.leaderWon * 100) })) }],
    }),
    casualties: barChart({
      width,
      domain: [0, 1],
      format: pct,
      bars: r.casualties.map((c) => ({ label: `${sideName(c.side)} · ${c.type}`, value: c.share, colour: colour(c.side), note: `${c.meanLost.toFixed(1)} of ${c.stands}` })),
    }),
    heatMaps: setup.sides.map((s) => {
      const points = r.falls.filter((f) => f.side === s.id);
      return {
        title: `${s.name}: ${points.length} units fell in ${r.battles} battles`,
        svg: heatMap({ width, table: setup.table, terrain: setup.terrain, points, title: `Where ${sideWords(s.name).noun} fell` }),
      };
    }),
  };
}
