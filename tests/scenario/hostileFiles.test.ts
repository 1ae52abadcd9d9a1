/**
 * The hostile-file corpus (tests/support/hostile.ts): every shape an adversary tries, each file
 * either refused with JSON paths and sentences or accepted and then played with the random
 * player, invariants checked after every command, hashed and saved. The suite judges 310 files
 * (ten of every shape): the first of each shape, if accepted, is played for 200 commands, the
 * others for 20 to keep the suite quick. `npx tsx scripts/hostile.ts` runs 10,000, all played
 * for 200 commands.
 */
import { describe, expect, it } from 'vitest';
import { hostileFile, judge, SHAPE_COUNT } from '../support/hostile';

const FILES = Array.from({ length: SHAPE_COUNT * 10 }, (_, i) => i);
/** Shapes that harm nothing: never a reason to refuse a file. */
const HARMLESS = /^(text:bom|scenario:nudgeUnits|scenario:legalExtra|save:untouched)$/;

describe('Hostile files are refused clearly, or accepted and playable', () => {
  it.each(FILES)('file %i', (i) => {
    const f = hostileFile(i);
    const v = judge(f, i < SHAPE_COUNT ? 200 : 20);
    expect(v.outcome, `${f.shape}: ${v.detail ?? ''}`).not.toBe('crash');
    if (HARMLESS.test(f.shape)) expect(v.outcome, f.shape).toBe('accepted');
  }, 120_000);
});
