/**
 * The scenario editor's panels: the tools (select, draw an area, draw a line, deployment zones,
 * place units), the selected piece, the forces (sides, command tree), the scenario's settings,
 * and the live problem list (each problem clickable: its piece is selected and ringed in red on
 * the table). State comes from the editor store; every change is an edit of the pure model.
 */
import { useState } from 'preact/hooks';
import type { EditorStoreApi, EditorTool } from '../../store/editorStore';
import type { UiStoreApi } from '../../store/uiStore';
import { AREA_KINDS, LINE_KINDS, templatesForSide } from '../../scenario/editor/place';
import { freshId, type Draft, type EditOp } from '../../scenario/editor/ops';
import type { DraftProblem, PieceRef } from '../../scenario/editor/problems';
import type { TerrainSpec } from '../../scenario/schema';
import { useStore } from '../useStore';
import type { AnyRuleset } from '../../engine/ruleset';
import { generateTerrainFor } from '../../scenario/editor/generate';
import { NW_NATIONS, nwArmyList, setNwArmyList, sywPoints } from '../../scenario/editor/forces';
import { groundScaleChoices } from './groundScale';

const TOOLS: readonly (readonly [EditorTool, string, string])[] = [
  ['select', 'Select', 'Select, move and turn pieces; drag a yellow vertex, or a white mid-point to add one (S)'],
  ['area', 'Area', 'Draw an area (hill, wood, town…): click its corners, click the first corner to close (A)'],
  ['line', 'Line', 'Draw a road, river, wall…: click its points, click the last point again to finish (L)'],
  ['zone', 'Zone', 'Draw a deployment zone: click its corners, click the first to close (Z)'],
  ['unit', 'Unit', 'Place a unit: press where it stands, drag toward where it faces (U)'],
];

const LEVELS = ['army', 'corps', 'wing', 'division', 'brigade', 'group'] as const;

interface Props {
  readonly editor: EditorStoreApi;
  readonly ui: UiStoreApi;
  readonly modules: readonly AnyRuleset[];
  /** The built-in scenarios (their ground scales are the known values). */
  readonly scenarios?: readonly { readonly text: string; readonly rulesets: readonly string[] }[];
}

function num(v: string): number | undefined {
  const n = Number(v);
  return v.trim() !== '' && Number.isFinite(n) ? n : undefined;
}

export function ToolPanel({ editor }: Props) {
  const tool = useStore(editor, (s) => s.tool);
  const areaKind = useStore(editor, (s) => s.areaKind);
  const lineKind = useStore(editor, (s) => s.lineKind);
  const zoneSide = useStore(editor, (s) => s.zoneSide);
  const unitSide = useStore(editor, (s) => s.unitSide);
  const unitTemplate = useStore(editor, (s) => s.unitTemplate);
  const gridMm = useStore(editor, (s) => s.gridMm);
  const drawing = useStore(editor, (s) => s.drawing.length);
  const notice = useStore(editor, (s) => s.notice);
  const draft = useStore(editor, (s) => s.history.draft);
  const set = editor.getState().set;
  const templates = templatesForSide(draft, unitSide);
  return (
    <section class="panel editor-tools" aria-label="Editor tools">
      <div class="tool-row" role="toolbar" aria-label="Editor tools">
        {TOOLS.map(([t, label, title]) => (
          <button key={t} type="button" class="tool" data-testid={`editor-tool-${t}`} title={title} aria-pressed={tool === t} onClick={() => editor.getState().setTool(t)}>
            {label}
          </button>
        ))}
      </div>
      {tool === 'area' && (
        <label class="field">
          Kind{' '}
          <select data-testid="area-kind" value={areaKind} onChange={(e) => set({ areaKind: e.currentTarget.value as typeof areaKind })}>
            {AREA_KINDS.map((k) => <option key={k} value={k}>{k}</option>)}
          </select>
        </label>
      )}
      {tool === 'line' && (
        <label class="field">
          Kind{' '}
          <select data-testid="line-kind" value={lineKind} onChange={(e) => set({ lineKind: e.currentTarget.value as typeof lineKind })}>
            {LINE_KINDS.map((k) => <option key={k} value={k}>{k}</option>)}
          </select>
        </label>
      )}
      {tool === 'zone' && (
        <label class="field">
          Side{' '}
          <select data-testid="zone-side" value={String(zoneSide)} onChange={(e) => set({ zoneSide: Number(e.currentTarget.value) as 0 | 1 })}>
            {draft.sides.map((s, i) => <option key={s.id} value={String(i)}>{s.name}</option>)}
          </select>
        </label>
      )}
      {tool === 'unit' && (
        <>
          <label class="field">
            Side{' '}
            <select data-testid="unit-side" value={String(unitSide)} onChange={(e) => set({ unitSide: Number(e.currentTarget.value) as 0 | 1, unitTemplate: null })}>
              {draft.sides.map((s, i) => <option key={s.id} value={String(i)}>{s.name}</option>)}
            </select>
          </label>
          <label class="field">
            Unit{' '}
            <select data-testid="unit-template" value={unitTemplate ?? templates[0]?.key ?? ''} onChange={(e) => set({ unitTemplate: e.currentTarget.value })}>
              {templates.map((t) => (
                <option key={t.key} value={t.key} title={t.rule}>{`${t.label} — ${t.stands} × ${t.widthMm}×${t.depthMm} mm`}</option>
              ))}
            </select>
          </label>
        </>
      )}
      {(tool === 'area' || tool === 'line' || tool === 'zone') && (
        <p class="hint">{drawing ? `${drawing} point${drawing === 1 ? '' : 's'}: ${tool === 'line' ? 'click the last point again (or Enter) to finish' : 'click the first point (or Enter) to close'}; Backspace takes the last back, Esc drops it.` : 'Click on the table to start.'}</p>
      )}
      <label class="field small">
        <input type="checkbox" data-testid="grid-snap" checked={gridMm > 0} onChange={(e) => set({ gridMm: e.currentTarget.checked ? 25.4 : 0 })} /> Snap to a 1" grid (vertices and edges always snap)
      </label>
      {notice && <p class="notice-line" role="status" data-testid="editor-notice">{notice}</p>}
    </section>
  );
}

export function SelectionEditor({ editor, ui }: Props) {
  const sel = useStore(editor, (s) => s.selected);
  const draft = useStore(editor, (s) => s.history.draft);
  const apply = (ops: EditOp | EditOp[], select?: PieceRef | null) => editor.getState().apply(ops, select);
  if (!sel) return <section class="panel"><h2>Nothing selected</h2><p class="hint">Click a piece on the table to edit it.</p></section>;
  if (sel.kind === 'terrain') {
    const t = draft.terrain.find((x) => x.id === sel.id);
    if (!t) return null;
    return <TerrainEditor t={t} draft={draft} apply={apply} />;
  }
  if (sel.kind === 'unit') {
    const u = draft.units.find((x) => x.id === sel.id);
    if (!u) return null;
    const formations = draft.formations.filter((f) => f.side === u.side);
    return (
      <section class="panel" data-testid="selected-unit">
        <h2>{u.name}</h2>
        <label class="field">Name <input value={u.name} onChange={(e) => apply({ op: 'setUnit', id: u.id, patch: { name: e.currentTarget.value } })} /></label>
        <label class="field">
          Under{' '}
          <select value={u.parent} onChange={(e) => apply({ op: 'setUnit', id: u.id, patch: { parent: e.currentTarget.value } })}>
            {formations.map((f) => <option key={f.id} value={f.id}>{`${f.name} (${f.level})`}</option>)}
          </select>
        </label>
        <label class="field">Quality <input value={u.quality} onChange={(e) => apply({ op: 'setUnit', id: u.id, patch: { quality: e.currentTarget.value } })} /></label>
        <label class="field">
          Formation{' '}
          <select value={u.formation} onChange={(e) => apply({ op: 'setUnit', id: u.id, patch: { formation: e.currentTarget.value } })}>
            {['line', 'column'].map((f) => <option key={f} value={f}>{f}</option>)}
          </select>
        </label>
        <p class="hint">{`${u.arm}, ${u.troopType}; ${u.stands.length} stands of ${u.stands[0]!.widthMm}×${u.stands[0]!.depthMm} mm; at (${Math.round(u.at.x)}, ${Math.round(u.at.y)}) facing ${Math.round(u.at.facingDeg)}°`}</p>
        <div class="row">
          <button type="button" onClick={() => { const id = freshId(draft, u.id); apply({ op: 'duplicateUnit', id: u.id, newId: id, dxMm: 0, dyMm: 40 }, { kind: 'unit', id }); }}>Duplicate</button>
          <button type="button" data-testid="delete-piece" onClick={() => { ui.getState().select(null); apply({ op: 'deletePiece', id: u.id }, null); }}>Delete</button>
        </div>
      </section>
    );
  }
  if (sel.kind === 'general') {
    const g = draft.generals.find((x) => x.id === sel.id);
    if (!g) return null;
    return (
      <section class="panel">
        <h2>{g.name}</h2>
        <label class="field">Name <input value={g.name} onChange={(e) => apply({ op: 'setGeneral', id: g.id, patch: { name: e.currentTarget.value } })} /></label>
        <label class="field">
          Commands{' '}
          <select value={g.commands} onChange={(e) => apply({ op: 'setGeneral', id: g.id, patch: { commands: e.currentTarget.value } })}>
            {draft.formations.filter((f) => f.side === g.side).map((f) => <option key={f.id} value={f.id}>{f.name}</option>)}
          </select>
        </label>
        <button type="button" onClick={() => { ui.getState().select(null); apply({ op: 'deletePiece', id: g.id }, null); }}>Delete</button>
      </section>
    );
  }
  return null;
}

function TerrainEditor({ t, draft, apply }: { t: TerrainSpec; draft: Draft; apply: (ops: EditOp | EditOp[], select?: PieceRef | null) => boolean }) {
  const props = t.props ?? {};
  const setProp = (k: string, v: string | number | boolean | undefined) => {
    const next = { ...props };
    if (v === undefined) delete next[k];
    else next[k] = v;
    apply({ op: 'setTerrain', id: t.id, patch: { props: next } });
  };
  return (
    <section class="panel" data-testid="selected-terrain">
      <h2>{t.name}</h2>
      <label class="field">Name <input data-testid="terrain-name" value={t.name} onChange={(e) => apply({ op: 'setTerrain', id: t.id, patch: { name: e.currentTarget.value } })} /></label>
      <p class="hint">{`${t.kind}${t.polygon ? `, ${t.polygon.length} corners` : `, ${t.line?.length ?? 0} points, ${t.widthMm} mm wide`}`}</p>
      {t.kind === 'hill' && (
        <label class="field">Height level <input type="number" min="0" max="10" value={t.heightLevel ?? 1} onChange={(e) => { const n = num(e.currentTarget.value); if (n !== undefined) apply({ op: 'setTerrain', id: t.id, patch: { heightLevel: n } }); }} /></label>
      )}
      {t.kind === 'hill' && !t.crest && t.polygon && (
        <button type="button" class="small" title="A crest line across the hill, from its leftmost to its rightmost corner; drag its points to shape it" onClick={() => {
          const ps = [...t.polygon!].sort((a, b) => a[0] - b[0]);
          const a = ps[0]!, b = ps[ps.length - 1]!;
          const cy = t.polygon!.reduce((s, p) => s + p[1], 0) / t.polygon!.length;
          apply({ op: 'setTerrain', id: t.id, patch: { crest: [[a[0] + (b[0] - a[0]) * 0.15, cy], [b[0] - (b[0] - a[0]) * 0.15, cy]] } });
        }}>Add a crest line</button>
      )}
      {(t.kind === 'wood' || t.kind === 'rough') && (
        <label class="field">
          Class{' '}
          <select value={String(props['class'] ?? 'light')} onChange={(e) => setProp('class', e.currentTarget.value)}>
            {['light', 'dense'].map((c) => <option key={c} value={c}>{c}</option>)}
          </select>
        </label>
      )}
      {t.line && (
        <label class="field">Width (mm) <input type="number" min="1" value={t.widthMm ?? 25.4} onChange={(e) => { const n = num(e.currentTarget.value); if (n !== undefined && n > 0) apply({ op: 'setTerrain', id: t.id, patch: { widthMm: n } }); }} /></label>
      )}
      <label class="field small">
        <input type="checkbox" checked={props['blocksSight'] === true} onChange={(e) => setProp('blocksSight', e.currentTarget.checked ? true : undefined)} /> Blocks sight
      </label>
      {typeof props['rule'] === 'string' && <p class="hint" data-testid="placed-by">{`Placed by: ${props['rule']}`}</p>}
      <div class="row">
        <button type="button" title="Turn 15° anticlockwise" onClick={() => apply({ op: 'rotateTerrain', id: t.id, dDeg: -15 })}>⟲ 15°</button>
        <button type="button" title="Turn 15° clockwise" onClick={() => apply({ op: 'rotateTerrain', id: t.id, dDeg: 15 })}>⟳ 15°</button>
        <button type="button" onClick={() => { const id = freshId(draft, t.id); apply({ op: 'duplicateTerrain', id: t.id, newId: id, dxMm: 50, dyMm: 50 }, { kind: 'terrain', id }); }}>Duplicate</button>
        <button type="button" data-testid="delete-piece" onClick={() => apply({ op: 'deleteTerrain', id: t.id }, null)}>Delete</button>
      </div>
    </section>
  );
}

export function ForcesPanel({ editor }: Props) {
  const draft = useStore(editor, (s) => s.history.draft);
  const apply = (ops: EditOp | EditOp[]) => editor.getState().apply(ops);
  const [open, setOpen] = useState<string | null>(null);
  const points = sywPoints(draft);
  const nw = draft.rulesets.includes('napoleonic-warfare');
  return (
    <details class="panel" data-testid="forces-panel">
      <summary><h2 class="inline">Forces</h2></summary>
      {draft.sides.map((s, i) => {
        const idx = i as 0 | 1;
        const formations = draft.formations.filter((f) => f.side === s.id);
        const units = draft.units.filter((u) => u.side === s.id);
        return (
          <div key={s.id} class="side-block">
            <h3>{`Side ${i + 1}: ${units.length} units, ${units.reduce((n, u) => n + u.stands.length, 0)} stands`}</h3>
            <label class="field">Name <input value={s.name} onChange={(e) => apply({ op: 'setSide', index: idx, patch: { name: e.currentTarget.value } })} /></label>
            <label class="field">Nation <input value={s.nationality} onChange={(e) => apply({ op: 'setSide', index: idx, patch: { nationality: e.currentTarget.value } })} /></label>
            <label class="field">Colour <input type="color" value={s.colour} onChange={(e) => apply({ op: 'setSide', index: idx, patch: { colour: e.currentTarget.value } })} /></label>
            {points && <p class="hint" data-testid={`points-${s.id}`} title="SYW 9 Points system (p.20)">{`${points[s.id] ?? 0} points (SYW 9 Points system)`}</p>}
            {nw && (() => {
              const pick = nwArmyList(draft, s.id);
              return (
                <div class="row" title="NW Preparing for Battle §1: each unit is checked against the list; a unit that does not match is listed as a problem with the reason">
                  <label class="field">
                    Army list{' '}
                    <select data-testid={`army-list-${s.id}`} value={pick?.nation ?? ''} onChange={(e) => apply(setNwArmyList(draft, s.id, e.currentTarget.value ? { nation: e.currentTarget.value as (typeof NW_NATIONS)[number]['id'], year: pick?.year ?? 1809 } : null))}>
                      <option value="">none</option>
                      {NW_NATIONS.map((n) => <option key={n.id} value={n.id}>{n.name}</option>)}
                    </select>
                  </label>
                  {pick && <label class="field">Year <input type="number" min="1792" max="1815" value={pick.year} onChange={(e) => { const y = num(e.currentTarget.value); if (y && y >= 1792 && y <= 1815) apply(setNwArmyList(draft, s.id, { nation: pick.nation, year: Math.round(y) })); }} /></label>}
                </div>
              );
            })()}
            <p class="hint">{s.deploymentZone ? 'Deployment zone drawn.' : 'No deployment zone: draw one with the Zone tool.'}</p>
            <ul class="tree">
              {formations.map((f) => (
                <li key={f.id}>
                  <button type="button" class="link" onClick={() => setOpen(open === f.id ? null : f.id)}>{`${f.name} (${f.level}) — ${draft.units.filter((u) => u.parent === f.id).length} units`}</button>
                  {open === f.id && (
                    <div class="row">
                      <input aria-label="Formation name" value={f.name} onChange={(e) => apply({ op: 'setFormation', id: f.id, patch: { name: e.currentTarget.value } })} />
                      <button type="button" class="small" onClick={() => apply({ op: 'deleteFormation', id: f.id })}>Delete</button>
                    </div>
                  )}
                </li>
              ))}
            </ul>
            <div class="row">
              <button type="button" class="small" onClick={() => {
                const parent = formations[0];
                const level = parent ? LEVELS[Math.min(LEVELS.length - 1, LEVELS.indexOf(parent.level) + 1)]! : 'army';
                const id = freshId(draft, `${s.id}-${level}-1`);
                apply({ op: 'addFormation', formation: { id, name: `${s.name} ${level} ${formations.length + 1}`, side: s.id, level, ...(parent ? { parent: parent.id } : {}) } });
              }}>Add a formation</button>
              <button type="button" class="small" onClick={() => {
                const top = formations[0];
                if (!top) return editor.getState().notify('Not done: add a formation for the general to command first.');
                const zone = s.deploymentZone;
                const cx = zone ? zone.reduce((a, p) => a + p[0], 0) / zone.length : draft.table.widthMm / 2;
                const cy = zone ? zone.reduce((a, p) => a + p[1], 0) / zone.length : draft.table.depthMm * (i === 0 ? 0.85 : 0.15);
                const id = freshId(draft, `${s.id}-general-1`);
                const base = draft.rulesets[0] === 'seven-years-war' ? 40 : 25.4;
                editor.getState().apply({ op: 'addGeneral', general: { id, name: `${s.name} general`, side: s.id, commands: top.id, at: { x: cx, y: cy, facingDeg: i === 0 ? -90 : 90 }, base: { widthMm: base, depthMm: base }, ...(draft.generals.some((g) => g.side === s.id) ? {} : { extra: { cinc: true } }) } }, { kind: 'general', id });
              }}>Add a general</button>
            </div>
          </div>
        );
      })}
    </details>
  );
}

/** The ground scale: a known value of the chosen rulesets' scenarios, with its unit, or any other. */
function GroundScale({ editor, modules, scenarios }: Pick<Props, 'editor' | 'modules' | 'scenarios'>) {
  const draft = useStore(editor, (s) => s.history.draft);
  const current = draft.table.metresPerMm ?? 1;
  const choices = groundScaleChoices(scenarios ?? [], modules, draft.rulesets, current);
  const [other, setOther] = useState(false);
  const set = (n: number | undefined) => {
    if (n !== undefined && n > 0) editor.getState().apply({ op: 'setSettings', patch: { table: { ...draft.table, metresPerMm: n } } });
  };
  return (
    <>
      <label class="field col" title="How much ground a millimetre of table stands for: ranges in paces or metres follow it">
        Ground scale
        <select
          data-testid="ground-scale"
          value={other ? 'other' : String(current)}
          onChange={(e) => {
            const v = e.currentTarget.value;
            setOther(v === 'other');
            if (v !== 'other') set(Number(v));
          }}
        >
          {choices.map((c) => (
            <option key={c.metresPerMm} value={String(c.metresPerMm)} title={`Known from ${c.from}`}>
              {c.label}
            </option>
          ))}
          <option value="other">Other…</option>
        </select>
      </label>
      {!other && <p class="hint" data-testid="ground-scale-from">{`Known from ${choices.find((c) => c.metresPerMm === current)?.from ?? 'this scenario'}.`}</p>}
      {other && (
        <label class="field">
          Metres of ground per mm <input type="number" min="0.01" step="0.1" data-testid="ground-scale-other" value={current} onChange={(e) => set(num(e.currentTarget.value))} />
        </label>
      )}
    </>
  );
}

export function SettingsPanel({ editor, modules, scenarios }: Props) {
  const rulesetIds = modules.map((m) => ({ id: m.id, name: m.name }));
  const draft = useStore(editor, (s) => s.history.draft);
  const apply = (op: EditOp) => editor.getState().apply(op);
  return (
    <details class="panel" data-testid="settings-panel">
      <summary><h2 class="inline">Scenario</h2></summary>
      <label class="field">Title <input data-testid="scenario-title-input" value={draft.title} onChange={(e) => apply({ op: 'setSettings', patch: { title: e.currentTarget.value } })} /></label>
      <label class="field">Id <input value={draft.id} onChange={(e) => apply({ op: 'setSettings', patch: { id: e.currentTarget.value } })} /></label>
      <label class="field col">Description <textarea rows={3} value={draft.description ?? ''} onChange={(e) => apply({ op: 'setSettings', patch: { description: e.currentTarget.value } })} /></label>
      <label class="field">Table width (mm) <input type="number" value={draft.table.widthMm} onChange={(e) => { const n = num(e.currentTarget.value); if (n) apply({ op: 'setSettings', patch: { table: { ...draft.table, widthMm: n } } }); }} /></label>
      <label class="field">Table depth (mm) <input type="number" value={draft.table.depthMm} onChange={(e) => { const n = num(e.currentTarget.value); if (n) apply({ op: 'setSettings', patch: { table: { ...draft.table, depthMm: n } } }); }} /></label>
      <GroundScale editor={editor} modules={modules} scenarios={scenarios} />
      <label class="field">Turn limit <input type="number" min="1" max="200" value={draft.turnLimit ?? ''} placeholder="none" onChange={(e) => apply({ op: 'setSettings', patch: { turnLimit: num(e.currentTarget.value) ?? null } })} /></label>
      <h3>Rulesets</h3>
      {rulesetIds.map((r) => (
        <label key={r.id} class="field small">
          <input type="checkbox" checked={draft.rulesets.includes(r.id)} onChange={(e) => apply({ op: 'setSettings', patch: { rulesets: e.currentTarget.checked ? [...draft.rulesets, r.id] : draft.rulesets.filter((x) => x !== r.id) } })} /> {r.name}
        </label>
      ))}
      <h3>Ruleset fields</h3>
      <p class="hint">Each ruleset's own scenario fields as JSON (reserves, groups, army lists…); the ruleset checks them live.</p>
      {draft.rulesets.map((id) => <RulesetFields key={id} editor={editor} rulesetId={id} value={draft.rulesetFields?.[id]} />)}
      <h3>Victory</h3>
      <ul class="tree">
        {draft.victory.map((v, i) => (
          <li key={i}>
            {`${v.kind}${v.terrain ? ` ${draft.terrain.find((t) => t.id === v.terrain)?.name ?? v.terrain}` : ''}${v.side ? ` (${v.side})` : ''}`}{' '}
            <button type="button" class="link small" onClick={() => apply({ op: 'setVictory', victory: draft.victory.filter((_, j) => j !== i) })}>remove</button>
          </li>
        ))}
      </ul>
      <div class="row">
        <button type="button" class="small" onClick={() => apply({ op: 'setVictory', victory: [...draft.victory, { kind: 'ruleset', description: "The ruleset's own victory conditions." }] })}>+ Ruleset's own</button>
        <button type="button" class="small" title="Hold the selected terrain piece" onClick={() => {
          const sel = editor.getState().selected;
          if (sel?.kind !== 'terrain') return editor.getState().notify('Not done: select the terrain piece to hold first.');
          apply({ op: 'setVictory', victory: [...draft.victory, { kind: 'hold', terrain: sel.id, description: `Hold ${draft.terrain.find((t) => t.id === sel.id)?.name ?? sel.id} at the end of the battle.` }] });
        }}>+ Hold selected</button>
      </div>
    </details>
  );
}

function RulesetFields({ editor, rulesetId, value }: { editor: EditorStoreApi; rulesetId: string; value: unknown }) {
  const shown = value === undefined ? '' : JSON.stringify(value, null, 1);
  const [text, setText] = useState(shown);
  const [error, setError] = useState<string | null>(null);
  const [seen, setSeen] = useState(shown);
  // An edit elsewhere (an army list picked, undo) replaces the text unless it is being mended.
  if (shown !== seen) {
    setSeen(shown);
    if (!error) setText(shown);
  }
  return (
    <label class="field col">
      {rulesetId}
      <textarea rows={3} spellcheck={false} data-testid={`ruleset-fields-${rulesetId}`} value={text} onInput={(e) => setText(e.currentTarget.value)} onChange={(e) => {
        const t = e.currentTarget.value.trim();
        if (!t) {
          setError(null);
          return void editor.getState().apply({ op: 'setRulesetFields', rulesetId, value: undefined });
        }
        try {
          const v = JSON.parse(t) as unknown;
          setError(null);
          editor.getState().apply({ op: 'setRulesetFields', rulesetId, value: v });
        } catch (err) {
          setError(`Not JSON: ${err instanceof Error ? err.message : String(err)}`);
        }
      }} />
      {error && <span class="notice-line">{error}</span>}
    </label>
  );
}

export function ProblemList({ editor, ui }: Props) {
  const problems = useStore(editor, (s) => s.problems);
  const checking = useStore(editor, (s) => s.checking);
  const highlighted = useStore(editor, (s) => s.highlighted);
  const show = (p: DraftProblem) => {
    editor.getState().highlight(p.piece);
    if (p.piece) {
      editor.getState().select(p.piece);
      ui.getState().select(p.piece.kind === 'unit' || p.piece.kind === 'general' ? p.piece.id : null);
    }
  };
  return (
    <section class={`panel ${problems.length ? 'problems-box' : ''}`} aria-live="polite" data-testid="problem-panel">
      <h2 data-testid="problem-count">{checking ? 'Checking…' : problems.length ? `${problems.length} problem${problems.length === 1 ? '' : 's'}` : 'No problems: ready to save and play'}</h2>
      {problems.length > 0 && (
        <ul class="problems editor-problems" data-testid="problem-list">
          {problems.slice(0, 50).map((p, i) => (
            <li key={`${p.path}|${i}`}>
              <button type="button" class={`link problem ${highlighted && p.piece && highlighted.id === p.piece.id ? 'on' : ''}`} data-testid="problem" title="Show it on the table" onClick={() => show(p)}>
                <code>{p.path}</code> {p.message}
              </button>
            </li>
          ))}
          {problems.length > 50 && <li>{`…and ${problems.length - 50} more.`}</li>}
        </ul>
      )}
    </section>
  );
}

/** Generate: a ruleset's own terrain tables, with a seed; the pieces come out editable, each saying what placed it. */
export function GeneratePanel({ editor, modules }: Props) {
  const draft = useStore(editor, (s) => s.history.draft);
  const able = modules.filter((m) => m.terrainGenerator && draft.rulesets.includes(m.id));
  const [choice, setChoice] = useState<string>('');
  const [seed, setSeed] = useState('1');
  const [said, setSaid] = useState<string | null>(null);
  const m = able.find((x) => x.id === choice) ?? able[0];
  if (!m) return null;
  const go = () => {
    const n = Number(seed);
    if (!Number.isInteger(n) || n < 0 || n > 0xffffffff) return setSaid('A seed is a whole number from 0 to 4294967295.');
    const g = generateTerrainFor(editor.getState().history.draft, m, n);
    if (typeof g === 'string') return setSaid(g);
    if (editor.getState().apply(g.ops)) setSaid(`${g.placed} pieces placed by ${m.terrainGenerator!.name}, seed ${n}.${g.skipped.length ? ` Left out: ${g.skipped.join('; ')}` : ''} Select a piece to see the dice that placed it.`);
    else setSaid(null);
  };
  return (
    <details class="panel" data-testid="generate-panel">
      <summary><h2 class="inline">Generate terrain</h2></summary>
      {able.length > 1 && (
        <label class="field">
          Tables{' '}
          <select value={m.id} onChange={(e) => setChoice(e.currentTarget.value)}>
            {able.map((x) => <option key={x.id} value={x.id}>{x.name}</option>)}
          </select>
        </label>
      )}
      <p class="hint">{`${m.terrainGenerator!.name}. Pieces from an earlier Generate are replaced; pieces you drew stay.`}</p>
      <div class="row">
        <label class="field">Seed <input data-testid="generate-seed" inputMode="numeric" value={seed} onInput={(e) => setSeed(e.currentTarget.value)} /></label>
        <button type="button" onClick={() => setSeed(String(Math.floor(Math.random() * 0xffffffff)))}>New seed</button>
        <button type="button" class="primary" data-testid="generate" onClick={go}>Generate</button>
      </div>
      {said && <p class="hint" role="status" data-testid="generate-said">{said}</p>}
    </details>
  );
}

/** The whole side panel. */
export function EditorSide(props: Props) {
  return (
    <div class="editor-side" data-testid="editor-side">
      <ToolPanel {...props} />
      <ProblemList {...props} />
      <SelectionEditor {...props} />
      <GeneratePanel {...props} />
      <ForcesPanel {...props} />
      <SettingsPanel {...props} />
    </div>
  );
}
