/**
 * SYW drag preview (table.ts previewMove, SYW (3) Order interpretation p.8, §4 pp.9-10): the
 * traces a drag keeps between pointer moves (geometry keptTraces.ts) must never change an
 * answer. A group of three units dragged forward, back and forward again among ~2,000 stands
 * reads the same as a preview that keeps nothing.
 */
import { describe, expect, it } from 'vitest';
import { dragBattle } from '../../../src/cli/bench/sywDrag';
import { registerable, type SeenGame } from '../../../src/engine/ruleset';
import { viewFor } from '../../../src/engine/view';
import { sevenYearsWar } from '../../../src/rules/seven-years-war';
import type { Options, SywState } from '../../../src/rules/seven-years-war/state';
import type { Tables } from '../../../src/rules/seven-years-war/tablesSchema';

describe('When a group on Reserve is dragged in its movement step (SYW §4)', () => {
  it('every pointer move reads the same whether the preview keeps its traces or not', () => {
    const s = dragBattle();
    const view = viewFor(registerable(sevenYearsWar), s, 'blue') as unknown as SeenGame<SywState, Options, Tables>;
    const preview = sevenYearsWar.table!.previewMove!;
    const out = Array.from({ length: 120 }, (_, i) => ({ dxMm: i % 4 === 0 ? 3 : 0, dyMm: 5 + i * 4, dRad: 0 }));
    let legal = 0, refused = 0;
    for (const m of [...out, ...[...out].reverse(), ...out]) {
      const kept = preview(view, 'blue', 'g-2', m);
      const fresh = preview({ ...view }, 'blue', 'g-2', m);
      expect(kept).toEqual(fresh);
      if (kept.legal) legal++; else refused++;
    }
    // The drag runs from legal moves into ones that go too far or run into the field.
    expect(legal).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  }, 120_000);
});
