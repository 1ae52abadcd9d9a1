/**
 * The balance report of a batch: what a scenario designer reads to learn whether a battle is
 * balanced and what decides it. A pure function of the batch's records (in any order, from any
 * number of shards) and the scenario, so the CLI, the HTML page and the Playtest panel all show
 * the same figures.
 */
import type { BattleSetup, SideId } from '../../engine/model';
import type { BattleRecord } from './battle';
import type { BatchHeader } from './batchFile';
import { sideWords } from '../../rules/words';
import { histogram, signChanges, summarise, wilson, type Proportion, type Summary } from './stats';

export interface SideFigures {
  readonly id: SideId;
  readonly name: string;
  readonly colour: string;
  /** Share of all battles this side won. */
  readonly wins: Proportion;
  /** Share of the decided battles this side won (what balance is judged on). */
  readonly ofDecided: Proportion;
  /** Mean stands lost per battle, and the share of the side's stands that is. */
  readonly meanLost: number;
  readonly lostShare: number;
}

export interface TypeCasualties {
  readonly side: SideId;
  readonly type: string;
  /** Stands of this type the side fields. */
  readonly stands: number;
  /** Mean stands lost per battle. */
  readonly meanLost: number;
  /** meanLost / stands. */
  readonly share: number;
}

export interface Decider {
  readonly unit: string;
  readonly name: string;
  readonly side: SideId;
  /** Battles in which the unit fell. */
  readonly fell: number;
  /** Its side's win rate when it stood and when it fell. */
  readonly winIfStood: number;
  readonly winIfFell: number;
  /** winIfStood − winIfFell: how much its loss changes the result. */
  readonly swing: number;
}

export interface PlayerFigures {
  readonly player: string;
  readonly battles: number;
  readonly wins: Proportion;
}

export interface BalanceReport {
  readonly title: string;
  readonly ruleset: string;
  readonly masterSeed: number;
  readonly players: readonly [string, string];
  /** Battles the report covers (and how many the batch was to have). */
  readonly battles: number;
  readonly planned: number;
  readonly sides: readonly [SideFigures, SideFigures];
  readonly draws: Proportion;
  /** Battles a player could not finish (stuck, or past the command limit). */
  readonly unfinished: number;
  /** Margin from the first side's view (stands-lost shares), and its absolute size. */
  readonly margin: Summary;
  readonly decisiveness: Summary;
  /** Battles by the ruleset's level of victory. */
  readonly levels: readonly { readonly level: string; readonly count: number }[];
  readonly turns: Summary;
  readonly turnHistogram: readonly { readonly value: number; readonly count: number }[];
  readonly leadChanges: Summary;
  /** Per turn: mean cumulative stands lost by each side, and how often the side leading then went on to win. */
  readonly byTurn: readonly { readonly turn: number; readonly battles: number; readonly lost: readonly [number, number]; readonly leaderWon: number }[];
  readonly casualties: readonly TypeCasualties[];
  readonly deciders: readonly Decider[];
  /** The first mover's share of decided battles; `varies` false when one side always moves first. */
  readonly firstMover?: { readonly varies: boolean; readonly side?: SideId; readonly wins: Proportion };
  /** With two different players: each player's share of all battles won, over both sides. */
  readonly playerFigures?: readonly PlayerFigures[];
  /** Where units fell, table mm, with their side (for the heat map). */
  readonly falls: readonly { readonly x: number; readonly y: number; readonly side: SideId }[];
  /** The plain-language verdict, a sentence or a few. */
  readonly verdict: readonly string[];
}

const pct = (p: number): string => `${Math.round(p * 100)}%`;

export function buildReport(header: BatchHeader, records: readonly BattleRecord[], setup: BattleSetup): BalanceReport {
  const rs = [...records].sort((a, b) => a.index - b.index);
  const n = rs.length;
  const sideIds = [setup.sides[0].id, setup.sides[1].id] as const;
  const standsOf = (side: SideId) => setup.units.filter((u) => u.side === side).reduce((a, u) => a + u.stands.length, 0);
  const decided = rs.filter((r) => r.winner !== null).length;
  const sides = setup.sides.map((s, i) => {
    const w = rs.filter((r) => r.winner === s.id).length;
    const meanLost = n ? rs.reduce((a, r) => a + r.lost[i]!, 0) / n : 0;
    return { id: s.id, name: s.name, colour: s.colour, wins: wilson(w, n), ofDecided: wilson(w, decided), meanLost, lostShare: meanLost / Math.max(1, standsOf(s.id)) };
  }) as unknown as [SideFigures, SideFigures];
  const unfinished = rs.filter((r) => r.end !== 'result').length;
  const draws = wilson(rs.filter((r) => r.winner === null && r.end === 'result').length, n);

  const levelCount = new Map<string, number>();
  for (const r of rs) levelCount.set(r.level, (levelCount.get(r.level) ?? 0) + 1);

  const maxTurns = rs.reduce((m, r) => Math.max(m, r.lossesByTurn.length), 0);
  const byTurn = Array.from({ length: maxTurns }, (_, t) => {
    // A battle that ended earlier keeps its final losses for the later turns.
    const lost: [number, number] = [0, 0];
    let leaders = 0, leaderWon = 0, live = 0;
    for (const r of rs) {
      const l = r.lossesByTurn[Math.min(t, r.lossesByTurn.length - 1)] ?? [0, 0];
      lost[0] += l[0];
      lost[1] += l[1];
      if (t < r.leadByTurn.length) {
        live++;
        const lead = r.leadByTurn[t]!;
        if (lead !== 0 && r.winner !== null) {
          leaders++;
          if (r.winner === sideIds[lead > 0 ? 0 : 1]) leaderWon++;
        }
      }
    }
    return { turn: t + 1, battles: live, lost: [n ? lost[0] / n : 0, n ? lost[1] / n : 0] as const, leaderWon: leaders ? leaderWon / leaders : 0 };
  });

  const casualties: TypeCasualties[] = [];
  for (const side of sideIds) {
    const types = new Map<string, number>();
    for (const u of setup.units) if (u.side === side) types.set(u.troopType, (types.get(u.troopType) ?? 0) + u.stands.length);
    for (const [type, stands] of types) {
      const total = rs.reduce((a, r) => a + (r.lostByType[side]?.[type] ?? 0), 0);
      const meanLost = n ? total / n : 0;
      casualties.push({ side, type, stands, meanLost, share: meanLost / Math.max(1, stands) });
    }
  }

  // The units that decide battles: how much their side's win rate drops when they fall. Only
  // units that both fell and stood in enough battles to compare (5, or 5% of the batch).
  const minGroup = Math.max(5, Math.ceil(n * 0.05));
  const deciders: Decider[] = [];
  for (const u of setup.units) {
    let fell = 0, fellWon = 0, stood = 0, stoodWon = 0;
    for (const r of rs) {
      const f = r.units.find((x) => x.id === u.id);
      const won = r.winner === u.side;
      if (f?.fell !== undefined) {
        fell++;
        if (won) fellWon++;
      } else {
        stood++;
        if (won) stoodWon++;
      }
    }
    if (fell < minGroup || stood < minGroup) continue;
    const winIfStood = stoodWon / stood, winIfFell = fellWon / fell;
    deciders.push({ unit: u.id, name: u.name, side: u.side, fell, winIfStood, winIfFell, swing: winIfStood - winIfFell });
  }
  deciders.sort((a, b) => b.swing - a.swing || a.unit.localeCompare(b.unit));

  const firstSides = new Set(rs.map((r) => r.first));
  const decidedRs = rs.filter((r) => r.winner !== null);
  const firstMover = n
    ? {
        varies: firstSides.size > 1,
        ...(firstSides.size === 1 ? { side: [...firstSides][0]! } : {}),
        wins: wilson(decidedRs.filter((r) => r.winner === r.first).length, decidedRs.length),
      }
    : undefined;

  let playerFigures: PlayerFigures[] | undefined;
  if (header.players[0] !== header.players[1]) {
    playerFigures = header.players.map((p) => {
      let wins = 0;
      for (const r of rs) if (r.winner !== null && r.players[r.winner === sideIds[0] ? 0 : 1] === p) wins++;
      return { player: p, battles: n, wins: wilson(wins, n) };
    });
  }

  const falls: { x: number; y: number; side: SideId }[] = [];
  const sideOf = new Map(setup.units.map((u) => [u.id, u.side]));
  for (const r of rs) for (const u of r.units) if (u.at) falls.push({ x: u.at[0], y: u.at[1], side: sideOf.get(u.id) ?? sideIds[0] });

  const margins = rs.map((r) => r.margin);
  const base = {
    title: setup.title,
    ruleset: header.ruleset,
    masterSeed: header.masterSeed,
    players: header.players,
    battles: n,
    planned: header.battles,
    sides,
    draws,
    unfinished,
    margin: summarise(margins),
    decisiveness: summarise(margins.map(Math.abs)),
    levels: [...levelCount].map(([level, count]) => ({ level, count })).sort((a, b) => b.count - a.count || a.level.localeCompare(b.level)),
    turns: summarise(rs.map((r) => r.turns)),
    turnHistogram: histogram(rs.map((r) => r.turns)),
    leadChanges: summarise(rs.map((r) => signChanges(r.leadByTurn))),
    byTurn,
    casualties,
    deciders: deciders.slice(0, 8),
    ...(firstMover ? { firstMover } : {}),
    ...(playerFigures ? { playerFigures } : {}),
    falls,
  };
  return { ...base, verdict: verdictOf(base, setup) };
}

/** The verdict at the top of the report, in a designer's words. */
export function verdictOf(r: Omit<BalanceReport, 'verdict'>, setup: BattleSetup): string[] {
  const out: string[] = [];
  if (r.battles === 0) return ['No battles yet.'];
  const [a, b] = r.sides;
  const decided = a.ofDecided.n;
  const half = (p: Proportion) => Math.round(((p.high - p.low) / 2) * 100);
  if (decided === 0) out.push(`No battle of ${r.battles} was decided: every one ended drawn or unfinished.`);
  else {
    const lead = a.ofDecided.p >= b.ofDecided.p ? a : b;
    const other = lead === a ? b : a;
    const L = sideWords(lead.name), O = sideWords(other.name);
    const winSentence = `${L.subject} ${L.verb('win', 'wins')} ${pct(lead.wins.p)} ± ${half(lead.wins)}% of ${r.battles} battles (${O.noun} ${pct(other.wins.p)}, drawn ${pct(r.draws.p)}${r.unfinished ? `, unfinished ${r.unfinished}` : ''})`;
    if (lead.ofDecided.low > 0.5) {
      const strength = lead.ofDecided.p >= 0.7 ? 'clearly unbalanced' : lead.ofDecided.p >= 0.6 ? 'unbalanced' : 'slightly unbalanced';
      out.push(`${winSentence}: ${strength} towards ${L.noun}.`);
    } else if (decided < 30) out.push(`${winSentence}: too few decided battles (${decided}) to tell whether it is balanced — run more.`);
    else out.push(`${winSentence}: balanced — the edge of ${L.noun} among decided battles (${pct(lead.ofDecided.p)}, 95% interval ${pct(lead.ofDecided.low)}–${pct(lead.ofDecided.high)}) is within chance.`);
  }
  if (r.draws.p >= 0.4) out.push(`${pct(r.draws.p)} of battles end without a winner: the scenario may be too long a march or too short a game.`);
  const top = r.deciders[0];
  if (top && top.swing >= 0.15) {
    const side = setup.sides.find((s) => s.id === top.side)?.name ?? top.side;
    const S = sideWords(side);
    out.push(`${top.name} (${side}) decides most battles: ${S.noun} ${S.verb('win', 'wins')} ${pct(top.winIfStood)} when it stands and ${pct(top.winIfFell)} when it falls.`);
  }
  if (r.firstMover?.varies && r.firstMover.wins.n >= 30) {
    const f = r.firstMover.wins;
    if (f.low > 0.5) out.push(`Moving first is an advantage: the side with the initiative wins ${pct(f.p)} of decided battles (${pct(f.low)}–${pct(f.high)}).`);
    else if (f.high < 0.5) out.push(`Moving first is a handicap: the side with the initiative wins only ${pct(f.p)} of decided battles (${pct(f.low)}–${pct(f.high)}).`);
  }
  if (r.playerFigures) {
    const [p, q] = r.playerFigures;
    out.push(`With the sides swapped in pairs, ${p!.player} wins ${pct(p!.wins.p)} and ${q!.player} ${pct(q!.wins.p)} of the battles.`);
  }
  if (r.unfinished > r.battles * 0.1) out.push(`${r.unfinished} battles did not finish (a player stopped): read the figures with care.`);
  return out;
}
