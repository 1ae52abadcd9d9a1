/**
 * Any sequence of editor operations, sensible or not, yields a scenario the loader's
 * validation accepts or a listed problem for each thing wrong — never an exception, and a
 * refused edit leaves the scenario as it was.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import defaultText from '../../../scenarios/default.json?raw';
import { ScenarioSchema } from '../../../src/scenario/schema';
import { applyEdit, emptyDraft, type Draft, type EditOp } from '../../../src/scenario/editor/ops';
import { edit, startHistory, undo, redo } from '../../../src/scenario/editor/history';
import { checkDraft, draftBattle, exportDraft } from '../../../src/scenario/editor/problems';
import { loadScenarioText } from '../../../src/scenario/load';

const start = ScenarioSchema.parse(JSON.parse(defaultText));
const ids = [...start.units.map((u) => u.id), ...start.generals.map((g) => g.id), ...start.terrain.map((t) => t.id), ...start.formations.map((f) => f.id), 'nobody', 'new-1', 'new-2'];
const coord = fc.oneof(fc.double({ min: -200, max: 2200, noNaN: true }), fc.constantFrom(0, 100, 1828.8, Number.NaN, Infinity));
const xy = fc.tuple(coord, coord);
const id = fc.constantFrom(...ids);
const ring = fc.constantFrom('polygon' as const, 'line' as const, 'crest' as const);
const kind = fc.constantFrom('hill' as const, 'wood' as const, 'road' as const, 'marsh' as const, 'village' as const);

const op: fc.Arbitrary<EditOp> = fc.oneof(
  fc.record({ op: fc.constant('addTerrain' as const), piece: fc.record({ id, kind, name: fc.constantFrom('A', 'Hill'), polygon: fc.array(xy, { minLength: 3, maxLength: 6 }) }) }),
  fc.record({ op: fc.constant('addTerrain' as const), piece: fc.record({ id, kind, name: fc.constant('Road'), line: fc.array(xy, { minLength: 2, maxLength: 5 }), widthMm: fc.constantFrom(25.4, 0, -1) }) }),
  fc.record({ op: fc.constant('moveTerrain' as const), id, dxMm: coord, dyMm: coord }),
  fc.record({ op: fc.constant('rotateTerrain' as const), id, dDeg: fc.double({ min: -360, max: 360, noNaN: true }) }),
  fc.record({ op: fc.constant('duplicateTerrain' as const), id, newId: id, dxMm: coord, dyMm: coord }),
  fc.record({ op: fc.constant('deleteTerrain' as const), id }),
  fc.record({ op: fc.constant('moveVertex' as const), id, ring, index: fc.integer({ min: -1, max: 30 }), to: xy }),
  fc.record({ op: fc.constant('insertVertex' as const), id, ring, index: fc.integer({ min: -1, max: 30 }), at: xy }),
  fc.record({ op: fc.constant('deleteVertex' as const), id, ring, index: fc.integer({ min: -1, max: 30 }) }),
  fc.record({ op: fc.constant('movePiece' as const), id, dxMm: coord, dyMm: coord }),
  fc.record({ op: fc.constant('facePiece' as const), id, facingDeg: fc.double({ min: -720, max: 720, noNaN: true }) }),
  fc.record({ op: fc.constant('duplicateUnit' as const), id, newId: id, dxMm: coord, dyMm: coord }),
  fc.record({ op: fc.constant('deletePiece' as const), id }),
  fc.record({ op: fc.constant('setZone' as const), index: fc.constantFrom(0 as const, 1 as const), zone: fc.option(fc.array(xy, { minLength: 0, maxLength: 5 }), { nil: null }) }),
  fc.record({ op: fc.constant('setFormation' as const), id, patch: fc.record({ parent: id }) }),
  fc.record({ op: fc.constant('deleteFormation' as const), id }),
  fc.record({ op: fc.constant('setSettings' as const), patch: fc.record({ turnLimit: fc.option(fc.integer({ min: -2, max: 300 }), { nil: null }), table: fc.record({ widthMm: coord, depthMm: coord }) }, { requiredKeys: [] }) }),
  fc.record({ op: fc.constant('setSide' as const), index: fc.constantFrom(0 as const, 1 as const), patch: fc.record({ id: fc.constantFrom('fr', 'au', 'x', 'bad id'), colour: fc.constantFrom('#123456', 'red') }, { requiredKeys: [] }) }),
);

describe('Any sequence of editor operations', () => {
  it('ends in a valid scenario or a listed problem, never an exception', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.array(op, { maxLength: 8 }), (fromEmpty, ops) => {
        let h = startHistory(fromEmpty ? emptyDraft() : start);
        for (const o of ops) {
          const before = h.draft;
          const r = edit(h, o);
          if (!r.ok) {
            expect(typeof r.reason).toBe('string');
            expect(r.history.draft).toBe(before);
          }
          h = r.history;
        }
        const d: Draft = h.draft;
        const problems = checkDraft(d);
        for (const p of problems) {
          expect(p.path.startsWith('$')).toBe(true);
          expect(p.message.length).toBeGreaterThan(0);
        }
        // The table can always draw it.
        expect(() => draftBattle(d)).not.toThrow();
        const out = exportDraft(d);
        // Valid exactly when nothing is listed, and then the loader takes the exported text.
        expect(out.ok).toBe(problems.length === 0);
        if (out.ok) expect(loadScenarioText(out.text).ok).toBe(true);
        // Undo all the way back reaches the start; redo all the way forward returns.
        let u = h;
        while (u.past.length) u = undo(u);
        while (u.future.length) u = redo(u);
        expect(u.draft).toBe(h.draft);
        expect(applyEdit(d, { op: 'deletePiece', id: 'no-such-piece' }).ok).toBe(false);
      }),
      { numRuns: 120 },
    );
  });
});
