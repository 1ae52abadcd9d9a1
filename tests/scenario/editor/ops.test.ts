import { describe, expect, it } from 'vitest';
import defaultText from '../../../scenarios/default.json?raw';
import { ScenarioSchema } from '../../../src/scenario/schema';
import { applyEdit, emptyDraft, freshId, type Draft, type EditOp } from '../../../src/scenario/editor/ops';
import { canRedo, canUndo, edit, redo, startHistory, undo } from '../../../src/scenario/editor/history';
import { checkDraft, draftBattle, exportDraft, pieceBox, pieceOfPath } from '../../../src/scenario/editor/problems';
import { loadScenarioText } from '../../../src/scenario/load';
import { validateText } from '../../../src/scenario/validate';
import { nwTemplates, sywTemplates, unitFromTemplate } from '../../../src/scenario/editor/templates';

const builtIn = (): Draft => ScenarioSchema.parse(JSON.parse(defaultText));
const must = (d: Draft, op: EditOp): Draft => {
  const r = applyEdit(d, op);
  if (!r.ok) throw new Error(r.reason);
  return r.draft;
};
const hill = { id: 'hill-a', kind: 'hill' as const, name: 'Hill A', polygon: [[100, 100], [300, 100], [300, 250], [100, 250]] as [number, number][], heightLevel: 1 };

describe('Editing terrain', () => {
  it('adds, moves, turns, duplicates and deletes a piece', () => {
    let d = must(emptyDraft(), { op: 'addTerrain', piece: hill });
    d = must(d, { op: 'moveTerrain', id: 'hill-a', dxMm: 10, dyMm: -5 });
    expect(d.terrain[0]!.polygon![0]).toEqual([110, 95]);
    d = must(d, { op: 'rotateTerrain', id: 'hill-a', dDeg: 90 });
    // Turned 90° clockwise about its centre (210, 170): the 200 × 150 box becomes 150 × 200.
    const xs = d.terrain[0]!.polygon!.map((p) => p[0]);
    expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(150, 6);
    d = must(d, { op: 'duplicateTerrain', id: 'hill-a', newId: 'hill-b', dxMm: 400, dyMm: 0 });
    expect(d.terrain.map((t) => t.id)).toEqual(['hill-a', 'hill-b']);
    expect(d.terrain[1]!.polygon![0]![0]).toBeCloseTo(d.terrain[0]!.polygon![0]![0] + 400, 6);
    d = must(d, { op: 'deleteTerrain', id: 'hill-a' });
    expect(d.terrain.map((t) => t.id)).toEqual(['hill-b']);
  });
  it('refuses a self-crossing outline with the reason, and a duplicate id', () => {
    const r = applyEdit(emptyDraft(), { op: 'addTerrain', piece: { ...hill, polygon: [[0, 0], [100, 100], [100, 0], [0, 100]] } });
    expect(r).toEqual({ ok: false, reason: expect.stringMatching(/crosses itself/) });
    const d = must(emptyDraft(), { op: 'addTerrain', piece: hill });
    expect(applyEdit(d, { op: 'addTerrain', piece: hill })).toEqual({ ok: false, reason: 'the id "hill-a" is already used.' });
  });
  it('moves, inserts and deletes vertices, refusing a drag that would cross the outline', () => {
    let d = must(emptyDraft(), { op: 'addTerrain', piece: hill });
    d = must(d, { op: 'insertVertex', id: 'hill-a', ring: 'polygon', index: 1, at: [200, 60] });
    expect(d.terrain[0]!.polygon).toHaveLength(5);
    d = must(d, { op: 'moveVertex', id: 'hill-a', ring: 'polygon', index: 1, to: [200, 80] });
    expect(d.terrain[0]!.polygon![1]).toEqual([200, 80]);
    const crossed = applyEdit(d, { op: 'moveVertex', id: 'hill-a', ring: 'polygon', index: 1, to: [200, 400] });
    expect(crossed.ok).toBe(false);
    d = must(d, { op: 'deleteVertex', id: 'hill-a', ring: 'polygon', index: 1 });
    d = must(d, { op: 'deleteVertex', id: 'hill-a', ring: 'polygon', index: 0 });
    expect(applyEdit(d, { op: 'deleteVertex', id: 'hill-a', ring: 'polygon', index: 0 })).toEqual({ ok: false, reason: expect.stringMatching(/at least 3/) });
  });
  it('chains a road onto the end of another line', () => {
    let d = must(emptyDraft(), { op: 'addTerrain', piece: { id: 'road', kind: 'road', name: 'Road', line: [[0, 500], [400, 500]], widthMm: 25.4 } });
    d = must(d, { op: 'extendLine', id: 'road', end: 'end', points: [[800, 600]] });
    d = must(d, { op: 'extendLine', id: 'road', end: 'start', points: [[-1, 400]] });
    expect(d.terrain[0]!.line).toEqual([[-1, 400], [0, 500], [400, 500], [800, 600]]);
  });
});

describe('Editing forces', () => {
  it('places, faces, moves and deletes a unit, and stands with their own poses go with it', () => {
    let d = builtIn();
    const id = d.units[0]!.id;
    d = must(d, { op: 'placePiece', id, at: { x: 600, y: 600, facingDeg: 0 } });
    d = must(d, { op: 'facePiece', id, facingDeg: 270 });
    expect(d.units[0]!.at).toEqual({ x: 600, y: 600, facingDeg: -90 });
    d = must(d, { op: 'movePiece', id, dxMm: 5, dyMm: 5 });
    expect(d.units[0]!.at.x).toBe(605);
    const withPose = must(d, { op: 'setUnit', id, patch: { stands: [{ widthMm: 20, depthMm: 20, at: { x: 605, y: 625, facingDeg: -90 } }] } });
    const turned = must(withPose, { op: 'facePiece', id, facingDeg: 0 });
    // Turned 90° clockwise about the anchor (605, 605): a stand 20 mm below goes 20 mm left.
    expect(turned.units[0]!.stands[0]!.at!.x).toBeCloseTo(585, 6);
    expect(turned.units[0]!.stands[0]!.at!.y).toBeCloseTo(605, 6);
    d = must(d, { op: 'deletePiece', id });
    expect(d.units.some((u) => u.id === id)).toBe(false);
  });
  it('refuses a command tree that would loop and a formation still in use', () => {
    const d = builtIn();
    const top = d.formations.find((f) => f.parent === undefined)!;
    const child = d.formations.find((f) => f.parent === top.id)!;
    expect(applyEdit(d, { op: 'setFormation', id: top.id, patch: { parent: child.id } })).toEqual({ ok: false, reason: expect.stringMatching(/under itself/) });
    expect(applyEdit(d, { op: 'deleteFormation', id: child.id }).ok).toBe(false);
  });
  it('renames a side everywhere it is named', () => {
    const d = must(builtIn(), { op: 'setSide', index: 0, patch: { id: 'france' } });
    expect(d.units.filter((u) => u.side === 'france').length).toBeGreaterThan(0);
    expect(d.units.some((u) => u.side === 'fr')).toBe(false);
    expect(checkDraft(d)).toEqual([]);
  });
  it('builds units from the ruleset tables with their base sizes and stand counts', () => {
    const fr = nwTemplates('French');
    const line = fr.find((t) => /^Line Infantry/.test(t.label))!;
    // NW §5 Basing: French battalions 4-6 stands; §5 Stand Sizes (medium): 1" × 1".
    expect(line).toMatchObject({ arm: 'infantry', stands: 4, widthMm: 25.4, depthMm: 25.4, quality: 'line-1st' });
    const au = nwTemplates('Austrian').find((t) => t.arm === 'infantry')!;
    expect(au.stands).toBe(6);
    const art = fr.find((t) => t.arm === 'artillery')!;
    expect(art.widthMm).toBeCloseTo(38.1, 6);
    // SYW (1) Introduction p.4: 40 mm frontage; cavalry 30 mm deep, other infantry 15 mm.
    const syw = sywTemplates();
    expect(syw.find((t) => t.troopType === 'heavy-cavalry')).toMatchObject({ widthMm: 40, depthMm: 30 });
    expect(syw.find((t) => t.troopType === 'medium-infantry')).toMatchObject({ widthMm: 40, depthMm: 15, stands: 4 });
    const u = unitFromTemplate(line, { id: 'u1', name: 'U1', side: 'blue', parent: 'blue-army', at: { x: 500, y: 500, facingDeg: -90 } });
    expect(u.stands).toHaveLength(4);
  });
});

describe('Undo and redo', () => {
  it('undoes and redoes edits; a refused edit is not history; a new edit clears redo', () => {
    let h = startHistory(emptyDraft());
    const r1 = edit(h, { op: 'addTerrain', piece: hill });
    expect(r1.ok).toBe(true);
    h = r1.history;
    const refused = edit(h, { op: 'addTerrain', piece: hill });
    expect(refused.ok).toBe(false);
    expect(refused.history).toBe(h);
    h = edit(h, { op: 'moveTerrain', id: 'hill-a', dxMm: 10, dyMm: 0 }).history;
    h = undo(h);
    expect(h.draft.terrain[0]!.polygon![0]).toEqual([100, 100]);
    expect(canRedo(h)).toBe(true);
    h = redo(h);
    expect(h.draft.terrain[0]!.polygon![0]).toEqual([110, 100]);
    h = undo(undo(h));
    expect(h.draft.terrain).toEqual([]);
    expect(canUndo(h)).toBe(false);
    h = edit(h, { op: 'setSettings', patch: { title: 'X' } }).history;
    expect(canRedo(h)).toBe(false);
  });
});

describe('Live validation is the loader\'s validation', () => {
  it('finds nothing wrong with a built-in scenario, and exports text the CLI validation accepts', () => {
    const d = builtIn();
    expect(checkDraft(d)).toEqual([]);
    const out = exportDraft(d);
    expect(out.ok).toBe(true);
    if (out.ok) expect(validateText(out.text).ok).toBe(true);
  });
  it('lists a unit off the table with its path and the unit, and refuses to export', () => {
    const d0 = builtIn();
    const u = d0.units[2]!;
    const d = must(d0, { op: 'placePiece', id: u.id, at: { ...u.at, x: -300 } });
    const problems = checkDraft(d);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0]).toMatchObject({ path: expect.stringMatching(/^\$\.units\[2\]\.stands\[\d+\]$/), message: expect.stringMatching(/off the table/), piece: { kind: 'unit', id: u.id } });
    expect(exportDraft(d).ok).toBe(false);
    // The table still draws it where it was put.
    expect(draftBattle(d).units.find((x) => x.id === u.id)!.stands[0]!.centre.x).toBeLessThan(0);
  });
  it('a unit off the table is one problem for the unit, not one per stand; partly off names its stands', () => {
    const d0 = builtIn();
    const i = d0.units.findIndex((x) => x.stands.length >= 3);
    const u = d0.units[i]!;
    const off = checkDraft(must(d0, { op: 'placePiece', id: u.id, at: { ...u.at, x: -300 } })).filter((p) => p.piece?.id === u.id);
    expect(off).toEqual([{ path: `$.units[${i}].stands[0]`, message: `"${u.name}" is off the table.`, piece: { kind: 'unit', id: u.id } }]);
    // Half over the left edge, faced up the table: some stands on it, some off.
    const half = checkDraft(must(d0, { op: 'placePiece', id: u.id, at: { ...u.at, x: 0, facingDeg: -90 } })).filter((p) => p.piece?.id === u.id);
    expect(half).toHaveLength(1);
    expect(half[0]!.message).toMatch(new RegExp(`^"${u.name.replace(/[()]/g, '\\$&')}" is partly off the table \\(stands? [\\d, ]+ of ${u.stands.length}\\)\\.$`));
  });
  it('a problem\'s piece has a place on the table to go to: the unit where it was dragged, off the table too', () => {
    const d0 = builtIn();
    const u = d0.units[2]!;
    const d = must(d0, { op: 'placePiece', id: u.id, at: { ...u.at, x: -300 } });
    const p = checkDraft(d).find((x) => x.piece?.id === u.id)!;
    const box = pieceBox(d, p.piece!)!;
    expect(box.x1).toBeLessThan(0);
    expect((box.x0 + box.x1) / 2).toBeCloseTo(-300, 0);
    const t = d.terrain[0]!;
    expect(pieceBox(d, { kind: 'terrain', id: t.id })).toMatchObject({ x0: Math.min(...draftBattle(d).terrain[0]!.polygon.map((q) => q.x)) });
    expect(pieceBox(d, { kind: 'unit', id: 'no-such-unit' })).toBeNull();
  });
  it('an empty table asks for units; ruleset problems name the ruleset', () => {
    expect(checkDraft(emptyDraft()).map((p) => p.path)).toContain('$.units');
    expect(pieceOfPath(builtIn(), '$.terrain[0].polygon')).toEqual({ kind: 'terrain', id: builtIn().terrain[0]!.id });
  });
  it('a valid export loads as a battle', () => {
    const out = exportDraft(builtIn());
    expect(out.ok && loadScenarioText(out.text).ok).toBe(true);
  });
  it('freshId never repeats an id', () => {
    const d = builtIn();
    const id = freshId(d, d.units[0]!.id);
    expect(id).not.toBe(d.units[0]!.id);
    expect(freshId(d, 'brand new!')).toBe('brand-new');
  });
});
