/**
 * A batch file: JSON lines, a header naming the batch then one line per battle in index order.
 *
 *   {"format":"vedette-batch","version":1,"scenario":{…},"ruleset":…,"players":[…],"masterSeed":…,"battles":…,"shard":[i,n]}
 *   {"index":0,"seed":…,"players":[…],"winner":…,…}     (a BattleRecord, battle.ts)
 *
 * The header names everything a battle's record depends on, so a resumed run can check it
 * continues the same batch and the report can check that shards belong together: shards of one
 * batch differ only in `shard`. Merged shards are the same records as one run of the batch.
 */
import { canonicalJson, fnv1a64 } from '../../engine/hash';
import type { BattleSetup } from '../../engine/model';
import type { BattleRecord } from './battle';

export interface BatchHeader {
  readonly format: 'vedette-batch';
  readonly version: 1;
  readonly scenario: { readonly id: string; readonly title: string; readonly hash: string };
  readonly ruleset: string;
  readonly options: Readonly<Record<string, unknown>>;
  /** Hash of the house-rule tables in force, when there are any. */
  readonly tables?: string;
  readonly players: readonly [string, string];
  readonly masterSeed: number;
  /** Battles in the whole batch (all shards). */
  readonly battles: number;
  /** This file's slice: shard `[i, n]` holds the battles whose unit (battle, or pair when paired) ≡ i − 1 mod n. */
  readonly shard: readonly [number, number];
}

/** The fingerprint of a scenario as loaded (independent of the file's spacing). */
export const scenarioHash = (setup: BattleSetup): string => fnv1a64(canonicalJson(setup));

/** True when the players differ, so battles come in pairs with the players swapped (battle.ts `pairedPlan`). */
export const isPaired = (players: readonly [string, string]): boolean => players[0] !== players[1];

/** The battle indices of shard `[i, n]` of a batch of `battles`, ascending. Pairs are never split. */
export function shardIndices(battles: number, shard: readonly [number, number], paired: boolean): number[] {
  const [i, n] = shard;
  const out: number[] = [];
  for (let k = 0; k < battles; k++) if ((paired ? Math.floor(k / 2) : k) % n === i - 1) out.push(k);
  return out;
}

/** Parse '3/8' (shard 3 of 8); a sentence when it is not one. */
export function parseShard(text: string): readonly [number, number] | string {
  const m = /^(\d{1,6})\/(\d{1,6})$/.exec(text.trim());
  if (!m) return `--shard takes i/n (the i-th of n slices, e.g. 3/8), not "${text}".`;
  const i = Number(m[1]), n = Number(m[2]);
  if (n < 1 || i < 1 || i > n) return `--shard ${text}: i runs from 1 to n (n ≥ 1).`;
  return [i, n];
}

export const headerLine = (h: BatchHeader): string => JSON.stringify(h);
export const recordLine = (r: BattleRecord): string => JSON.stringify(r);

/** The header fields that must agree between shards of one batch (all but `shard`). */
export const batchIdentity = (h: BatchHeader): string => canonicalJson({ ...h, shard: null });

export interface ReadBatch {
  readonly header: BatchHeader;
  readonly records: readonly BattleRecord[];
  /** A last line cut short (a run killed mid-write): dropped, and said here. */
  readonly truncated: boolean;
}

const isRecord = (x: unknown): x is BattleRecord => {
  const r = x as Partial<BattleRecord> | null;
  return typeof r === 'object' && r !== null && Number.isInteger(r.index) && typeof r.seed === 'number' && Array.isArray(r.players) && Array.isArray(r.units) && Array.isArray(r.lossesByTurn) && typeof r.turns === 'number';
};

const isHeader = (x: unknown): x is BatchHeader => {
  const h = x as Partial<BatchHeader> | null;
  return typeof h === 'object' && h !== null && h.format === 'vedette-batch' && h.version === 1 && Array.isArray(h.players) && Array.isArray(h.shard) && typeof h.masterSeed === 'number' && typeof h.battles === 'number';
};

/** Read a batch file's text; a sentence naming the line when it is not one. */
export function readBatchText(text: string, name: string): ReadBatch | string {
  const lines = text.split('\n');
  const endsClean = text.endsWith('\n') || text.length === 0;
  let truncated = false;
  if (lines[lines.length - 1] === '') lines.pop();
  let header: BatchHeader | undefined;
  const records: BattleRecord[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      if (i === lines.length - 1 && !endsClean && i > 0) {
        truncated = true;
        break;
      }
      return `${name}, line ${i + 1}: not a JSON line.`;
    }
    if (i === 0) {
      if (!isHeader(value)) return `${name}, line 1: not a batch header ("format": "vedette-batch", version 1).`;
      header = value;
    } else if (!isRecord(value)) return `${name}, line ${i + 1}: not a battle record (index, seed, players, units… expected).`;
    else records.push(value);
  }
  if (!header) return `${name} is empty: a batch file starts with its header line.`;
  return { header, records, truncated };
}

/**
 * Merge batch files (shards, or pieces of an interrupted run) into one batch: every file must
 * be of the same batch; a battle present twice must be the same record. The result holds the
 * records in index order and a header for the shards merged (`shard` [1, 1] when all are there).
 */
export function mergeBatches(files: readonly { name: string; batch: ReadBatch }[]): { header: BatchHeader; records: BattleRecord[]; missing: number } | string {
  if (files.length === 0) return 'No batch files to read.';
  const first = files[0]!;
  const id = batchIdentity(first.batch.header);
  const byIndex = new Map<number, BattleRecord>();
  for (const f of files) {
    if (batchIdentity(f.batch.header) !== id) return `${f.name} is from another batch than ${first.name} (scenario, ruleset, options, players, master seed and size must agree).`;
    for (const r of f.batch.records) {
      const had = byIndex.get(r.index);
      if (had && recordLine(had) !== recordLine(r)) return `${f.name} holds battle ${r.index} with another result than an earlier file: these are not shards of one batch.`;
      byIndex.set(r.index, r);
    }
  }
  const records = [...byIndex.values()].sort((a, b) => a.index - b.index);
  const total = first.batch.header.battles;
  return { header: { ...first.batch.header, shard: records.length === total ? [1, 1] : first.batch.header.shard }, records, missing: total - records.length };
}
