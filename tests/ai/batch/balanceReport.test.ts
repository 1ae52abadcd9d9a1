/**
 * The balance report read against a hand-made batch of The Mill at Aldern, whose every figure
 * can be worked out on paper.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BattleRecord } from '../../../src/ai/batch/battle';
import { mergeBatches, readBatchText, scenarioHash, shardIndices, type BatchHeader } from '../../../src/ai/batch/batchFile';
import { buildReport } from '../../../src/ai/batch/report';
import { ROOT, setupOf } from '../../engine/fixtures/helpers';

const setup = setupOf(readFileSync(join(ROOT, 'scenarios/default.json'), 'utf8'));
const header: BatchHeader = {
  format: 'vedette-batch',
  version: 1,
  scenario: { id: setup.scenarioId, title: setup.title, hash: scenarioHash(setup) },
  ruleset: 'napoleonic-warfare',
  options: {},
  players: ['random', 'random'],
  masterSeed: 1,
  battles: 40,
  shard: [1, 1],
};

const ALL_UNITS = setup.units.map((u) => u.id);

/** A battle: who won, whether the Austrian battery fell, who moved first, turns, the lead trace. */
function battle(index: number, winner: 'fr' | 'au' | null, batteryFell: boolean, first: 'fr' | 'au', turns: number, lead: number[]): BattleRecord {
  return {
    index,
    seed: index,
    players: ['random', 'random'],
    winner,
    level: winner ? 'decisive' : 'draw',
    end: 'result',
    margin: winner === 'fr' ? 0.25 : winner === 'au' ? -0.25 : 0,
    turns,
    commands: 100,
    first,
    lost: [1, batteryFell ? 2 : 0],
    lostByType: { fr: { 'line-infantry': 1 }, au: batteryFell ? { 'foot-artillery': 2 } : {} },
    units: ALL_UNITS.map((id) => (id === 'au-art-1' && batteryFell ? { id, lost: 2, fell: 3, at: [900, 100] as const } : { id, lost: id === 'fr-1-45' ? 1 : 0 })),
    lossesByTurn: Array.from({ length: turns }, (_, t) => [t >= 1 ? 1 : 0, batteryFell && t >= 2 ? 2 : 0] as const),
    leadByTurn: lead,
    hash: `h${index}`,
  };
}

// 40 battles: the French win 24, the Austrians 12, 4 drawn. The Austrian battery falls in 20:
// then the Austrians win 2 of 20; when it stands, 10 of 20.
const records: BattleRecord[] = [];
for (let i = 0; i < 40; i++) {
  const batteryFell = i < 20;
  const winner = batteryFell ? (i < 2 ? 'au' : i < 18 ? 'fr' : null) : i < 30 ? 'au' : i < 38 ? 'fr' : null;
  records.push(battle(i, winner, batteryFell, i % 4 === 0 ? 'au' : 'fr', i % 2 ? 12 : 10, i % 2 ? [1, -1, 1] : [1, 1, 1]));
}

describe('The balance report of a hand-made batch', () => {
  const r = buildReport(header, records, setup);

  it('win rates per side with 95% Wilson intervals, and the draw rate', () => {
    expect(r.sides[0].wins).toMatchObject({ k: 24, n: 40, p: 0.6 });
    expect(r.sides[0].wins.low).toBeCloseTo(0.446, 3); // (0.6 + z²/80 ∓ z·√(0.006 + z²/6400)) / (1 + z²/40)
    expect(r.sides[0].wins.high).toBeCloseTo(0.7365, 3);
    expect(r.sides[1].wins).toMatchObject({ k: 12, n: 40 });
    expect(r.sides[0].ofDecided).toMatchObject({ k: 24, n: 36 });
    expect(r.draws).toMatchObject({ k: 4, n: 40, p: 0.1 });
  });

  it('turns and lead changes', () => {
    expect(r.turns).toMatchObject({ mean: 11, min: 10, max: 12, median: 11 });
    expect(r.turnHistogram).toEqual([
      { value: 10, count: 20 },
      { value: 11, count: 0 },
      { value: 12, count: 20 },
    ]);
    expect(r.leadChanges.mean).toBe(1); // half the battles change twice, half never
  });

  it('casualties by troop type: mean stands lost per battle and the share of the type', () => {
    const guns = r.casualties.find((c) => c.side === 'au' && c.type === 'foot-artillery')!;
    expect(guns).toMatchObject({ stands: 2, meanLost: 1, share: 0.5 });
    expect(r.casualties.find((c) => c.side === 'fr' && c.type === 'line-infantry')!.meanLost).toBe(1);
  });

  it('the unit whose loss most changes the result: the Austrian battery (50% v 10%)', () => {
    expect(r.deciders[0]).toMatchObject({ unit: 'au-art-1', side: 'au', fell: 20, winIfStood: 0.5, winIfFell: 0.1 });
    expect(r.deciders[0]!.swing).toBeCloseTo(0.4, 12);
    expect(r.deciders).toHaveLength(1); // no other unit ever fell
    expect(r.falls).toHaveLength(20);
  });

  it('first-mover advantage: the side that moved first and its share of decided battles', () => {
    const firstWins = records.filter((b) => b.winner !== null && b.winner === b.first).length;
    expect(r.firstMover).toMatchObject({ varies: true, wins: { k: firstWins, n: 36 } });
  });

  it('per turn: mean losses so far, and how often the side ahead went on to win', () => {
    expect(r.byTurn).toHaveLength(12);
    expect(r.byTurn[2]!.lost).toEqual([1, 1]);
    // Turn 1: the French lead in every battle and won 24 of the 36 decided.
    expect(r.byTurn[0]!.leaderWon).toBeCloseTo(24 / 36, 12);
  });

  it('a verdict in plain words at the top', () => {
    expect(r.verdict[0]).toMatch(/^The French Advance Guard wins 60% ± 15% of 40 battles \(the Austrian Brigade Mayer 30%, drawn 10%\)/);
    expect(r.verdict[0]).toMatch(/unbalanced towards the French Advance Guard/);
    expect(r.verdict.join(' ')).toMatch(/Brigade Battery 6pdr \(Austrian Brigade Mayer\) decides most battles: the Austrian Brigade Mayer wins 50% when it stands and 10% when it falls/);
  });
});

describe('Shards of a batch merged give the report of one run', () => {
  it('three shards, read in any order, merge into the same records and the same report', () => {
    const text = (shard: readonly [number, number], idx: readonly number[]) =>
      [JSON.stringify({ ...header, shard }), ...idx.map((i) => JSON.stringify(records[i]))].join('\n') + '\n';
    const one = readBatchText(text([1, 1], shardIndices(40, [1, 1], false)), 'one');
    const parts = [3, 1, 2].map((i) => ({ name: `s${i}`, batch: readBatchText(text([i, 3], shardIndices(40, [i, 3], false)), `s${i}`) }));
    if (typeof one === 'string' || parts.some((p) => typeof p.batch === 'string')) throw new Error('unreadable');
    const merged = mergeBatches(parts as { name: string; batch: Exclude<typeof one, string> }[]);
    if (typeof merged === 'string') throw new Error(merged);
    expect(merged.missing).toBe(0);
    expect(merged.header).toEqual(one.header);
    expect(merged.records).toEqual(one.records);
    expect(buildReport(merged.header, merged.records, setup)).toEqual(buildReport(one.header, one.records, setup));
  });

  it('shards are disjoint and cover the batch; paired battles stay together', () => {
    const s = [1, 2, 3].map((i) => shardIndices(10, [i, 3], true));
    expect(s.flat().sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(s[0]).toEqual([0, 1, 6, 7]);
  });

  it('files of two different batches are refused, with the file named', () => {
    const a = readBatchText(`${JSON.stringify(header)}\n`, 'a');
    const b = readBatchText(`${JSON.stringify({ ...header, masterSeed: 2 })}\n`, 'b');
    if (typeof a === 'string' || typeof b === 'string') throw new Error('unreadable');
    expect(mergeBatches([{ name: 'a', batch: a }, { name: 'b', batch: b }])).toMatch(/^b is from another batch than a/);
  });

  it('a last line cut short (a run killed mid-write) is dropped and said; a bad line elsewhere is refused', () => {
    const cut = `${JSON.stringify(header)}\n${JSON.stringify(records[0])}\n{"index":1,"se`;
    const r = readBatchText(cut, 'cut');
    expect(typeof r !== 'string' && r.truncated && r.records.length === 1).toBe(true);
    expect(readBatchText(`${JSON.stringify(header)}\nnot json\n`, 'bad')).toBe('bad, line 2: not a JSON line.');
  });
});
