/**
 * NW drag preview (tablePreview.ts previewMove, NW §21 Strategic Movement, Orders/Advance drop
 * back): what a drag keeps between pointer moves (each pose's traces and what its straight move
 * meets, the terrain under the unit, the enemies it could come within Engagement Range of) must
 * never change an answer. Every pointer move of a drag through the French lines among 2,000
 * stands, with wheels and drop-backs, reads the same as a preview that keeps nothing.
 */
import { describe, expect, it } from 'vitest';
import { previewBattle } from '../../../src/cli/bench/nwPreview';
import { registerable, type PieceMove, type SeenGame } from '../../../src/engine/ruleset';
import { viewFor } from '../../../src/engine/view';
import { napoleonicWarfare } from '../../../src/rules/napoleonic-warfare';
import type { NwOptions, NwState } from '../../../src/rules/napoleonic-warfare/types';
import type { NwTables } from '../../../src/rules/napoleonic-warfare/nwTables';

const IN = 25.4;

describe('When a battalion is dragged in the Strategic Movement step (NW §21)', () => {
  it('every pointer move of the drag reads the same whether the preview keeps what it found or not', () => {
    const s = previewBattle();
    const seen = viewFor(registerable(napoleonicWarfare), s, 'fr') as unknown as SeenGame<NwState, NwOptions, NwTables>;
    const preview = napoleonicWarfare.table!.previewMove!;
    const moves: PieceMove[] = [];
    for (let i = 0; i < 160; i++) {
      const t = i / 160;
      moves.push(i % 5 === 0 ? { dxMm: 0.3 * IN * t, dyMm: -4 * IN * t, dRad: 0.4 * t, pivot: 'right' } : { dxMm: (i % 3) * 0.02 * IN, dyMm: -11 * IN * t, dRad: 0 });
    }
    // Forward, back again, and forward: the kept traces are read at shorter and longer distances.
    const drag = [...moves, ...[...moves].reverse(), ...moves];
    let dropBacks = 0, halts = 0;
    for (const m of drag) {
      const kept = preview(seen, 'fr', 'bn', m);
      const fresh = preview({ ...seen }, 'fr', 'bn', m);
      expect(kept).toEqual(fresh);
      if (kept.readout.some((r) => r.label === 'Drop back')) dropBacks++;
      if (kept.readout.some((r) => r.label === 'Halts')) halts++;
    }
    // The drag does meet friends to drop back from and comes within Engagement Range.
    expect(dropBacks).toBeGreaterThan(0);
    expect(halts).toBeGreaterThan(0);
  }, 120_000);
});
