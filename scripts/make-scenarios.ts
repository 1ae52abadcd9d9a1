/**
 * The historical built-in scenarios, made with the scenario editor's model (the same edits the
 * editor applies, the same unit tables, the loader's own validation) instead of hand-written
 * JSON: each battle is an order of battle and a few named pieces of terrain, laid out in its
 * deployment zones. A battle that does not validate is not written.
 *
 *   npx tsx scripts/make-scenarios.ts           # writes scenarios/<ruleset>-<battle>.json
 *
 * The older built-ins (default.json, the Eckmühl ridge, the Kolin ridge) are kept as they were
 * written and are edited in the editor now.
 */
import { writeFileSync } from 'node:fs';
import { applyEdit, emptyDraft, type Draft, type EditOp } from '../src/scenario/editor/ops';
import { checkDraft } from '../src/scenario/editor/problems';
import { nwTemplates, sywTemplates, unitFromTemplate, type UnitTemplate } from '../src/scenario/editor/templates';
import { ovalOutline } from '../src/geometry/terrainGen';
import { pt } from '../src/geometry/types';
import type { TerrainSpec } from '../src/scenario/schema';

const IN = 25.4;
type Level = 'army' | 'corps' | 'division' | 'brigade';

/** A unit line of an order of battle: `count` units from the template whose label starts with `kind`. */
interface Line {
  readonly kind: string;
  readonly name: string;
  readonly count?: number;
  readonly stands?: number;
  readonly quality?: string;
  readonly extra?: Record<string, unknown>;
}
interface Command {
  readonly name: string;
  readonly level: Level;
  readonly general?: string;
  readonly units?: readonly Line[];
  readonly under?: readonly Command[];
}
interface SidePlan {
  readonly id: string;
  readonly name: string;
  readonly nationality: string;
  readonly colour: string;
  readonly army: Command;
  /** Where the side stands: the band along the top or the bottom of the table, this deep. */
  readonly baseline: 'top' | 'bottom';
  readonly zoneDepthMm: number;
}
interface Battle {
  readonly file: string;
  readonly ruleset: 'napoleonic-warfare' | 'seven-years-war';
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly table: { widthMm: number; depthMm: number; metresPerMm: number };
  readonly turnLimit: number;
  readonly sides: readonly [SidePlan, SidePlan];
  readonly terrain: (d: Draft) => TerrainSpec[];
  readonly rulesetFields?: (d: Draft) => unknown;
}

const slug = (s: string) => s.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40);

function must(d: Draft, op: EditOp | readonly EditOp[]): Draft {
  for (const o of Array.isArray(op) ? (op as EditOp[]) : [op as EditOp]) {
    const r = applyEdit(d, o);
    if (!r.ok) throw new Error(`${o.op}: ${r.reason}`);
    d = r.draft;
  }
  return d;
}

/** An oval piece of terrain (hills, woods, towns), its outline from the terrain-generation blocks. */
export function blob(id: string, kind: TerrainSpec['kind'], name: string, cx: number, cy: number, rx: number, ry: number, extra: Partial<TerrainSpec> = {}): TerrainSpec {
  const polygon = ovalOutline(pt(cx, cy), rx, ry, 14).map((p): [number, number] => [Math.round(p.x * 10) / 10, Math.round(p.y * 10) / 10]);
  const props: TerrainSpec['props'] =
    kind === 'wood' ? { class: 'light', blocksSight: true } : kind === 'village' ? { buildings: 2, blocksSight: true } : kind === 'hill' ? { class: 'gentle' } : {};
  return { id, kind, name, polygon, ...(kind === 'hill' ? { heightLevel: 1 } : {}), props, ...extra };
}
export function path(id: string, kind: TerrainSpec['kind'], name: string, line: [number, number][], widthMm: number): TerrainSpec {
  return { id, kind, name, line: line.map(([x, y]): [number, number] => [Math.round(x * 10) / 10, Math.round(y * 10) / 10]), widthMm, props: {} };
}

/** Generic kinds, as each nation's list words them (NW lists name rows differently: "Line", "Line Infantry", "Musketeers"…). */
const KINDS: Readonly<Record<string, RegExp>> = {
  'Line Infantry': /^(line|musketeer|fusilier)/i,
  'Light Infantry': /^(light(?! cav)|jager|jäger|grenz|rifle)/i,
  Artillery: /^(line )?foot artillery|^foot/i,
  'Horse Artillery': /horse artillery/i,
  'Heavy Cavalry': /^heavy cav|cuirass/i,
  'Medium Cavalry': /^medium cav|dragoon/i,
  'Light Cavalry': /^light cav|hussar|chevau/i,
};

function templateFor(all: readonly UnitTemplate[], kind: string): UnitTemplate {
  const re = KINDS[kind];
  const t = all.find((x) => x.label.toLowerCase().startsWith(kind.toLowerCase()) || x.troopType === kind) ?? (re ? all.find((x) => re.test(x.label)) : undefined);
  if (!t) throw new Error(`no unit template "${kind}" (${all.map((x) => x.label).join(', ')})`);
  return t;
}

/**
 * Lay one side out: its units in rows across its band, front row nearest the enemy, each
 * command's units together, left to right; its generals in a row behind them.
 */
function addSide(d: Draft, battle: Battle, index: 0 | 1): Draft {
  const plan = battle.sides[index];
  const side = d.sides[index]!;
  const templates = battle.ruleset === 'napoleonic-warfare' ? nwTemplates(plan.nationality) : sywTemplates();
  const W = d.table.widthMm, D = d.table.depthMm;
  const facing = plan.baseline === 'bottom' ? -90 : 90;
  const toward = plan.baseline === 'bottom' ? 1 : -1; // rows step back toward the baseline
  const front = plan.baseline === 'bottom' ? D - plan.zoneDepthMm + 45 : plan.zoneDepthMm - 45;
  const units: { spec: ReturnType<typeof unitFromTemplate>; widthMm: number; depthMm: number }[] = [];
  const generals: { id: string; name: string; commands: string; cinc: boolean }[] = [];
  const formations: EditOp[] = [];
  const walk = (c: Command, parent: string | undefined, path: string) => {
    const id = `${side.id}-${path}`;
    formations.push({ op: 'addFormation', formation: { id, name: c.name, side: side.id, level: c.level, ...(parent ? { parent } : {}) } });
    if (c.general) generals.push({ id: `${id}-gen`, name: c.general, commands: id, cinc: parent === undefined });
    let n = 0;
    for (const line of c.units ?? []) {
      const t = templateFor(templates, line.kind);
      for (let k = 0; k < (line.count ?? 1); k++) {
        n++;
        const stands = line.stands ?? t.stands;
        const spec = unitFromTemplate({ ...t, stands, ...(line.quality ? { quality: line.quality } : {}) }, {
          id: `${id}-u${n}`,
          name: (line.count ?? 1) > 1 ? `${line.name} ${['I', 'II', 'III', 'IV', 'V', 'VI'][k] ?? k + 1}` : line.name,
          side: side.id,
          parent: id,
          at: { x: 0, y: 0, facingDeg: facing },
        });
        units.push({ spec: line.extra ? { ...spec, extra: { ...(spec.extra ?? {}), ...line.extra } } : spec, widthMm: stands * t.widthMm, depthMm: t.depthMm });
      }
    }
    (c.under ?? []).forEach((sub, i) => walk(sub, id, `${path}-${i + 1}`));
  };
  walk(plan.army, undefined, 'army');
  d = must(d, formations);
  // Rows: fill across the table with a gap between units; a new row steps back.
  const GAP = 14, ROW = 62, MARGIN = 40;
  let x = MARGIN, row = 0;
  const ops: EditOp[] = [];
  for (const u of units) {
    if (x + u.widthMm > W - MARGIN) {
      x = MARGIN;
      row++;
    }
    const y = front + toward * row * ROW;
    ops.push({ op: 'addUnit', unit: { ...u.spec, at: { x: Math.round((x + u.widthMm / 2) * 10) / 10, y: Math.round(y * 10) / 10, facingDeg: facing } } });
    x += u.widthMm + GAP;
  }
  const genRow = front + toward * (row + 1) * ROW;
  const base = battle.ruleset === 'seven-years-war' ? 40 : IN;
  generals.forEach((g, i) => {
    const gx = MARGIN + ((W - 2 * MARGIN) * (i + 0.5)) / generals.length;
    ops.push({ op: 'addGeneral', general: { id: g.id, name: g.name, side: side.id, commands: g.commands, at: { x: Math.round(gx * 10) / 10, y: Math.round(genRow * 10) / 10, facingDeg: facing }, base: { widthMm: base, depthMm: base }, ...(g.cinc ? { extra: { cinc: true } } : {}) } });
  });
  const lastY = genRow + toward * 40;
  if (plan.baseline === 'bottom' ? lastY > D : lastY < 0) throw new Error(`${battle.title}: ${plan.name} needs ${row + 2} rows; deepen its zone or widen the table.`);
  d = must(d, ops);
  const z0 = plan.baseline === 'bottom' ? D - plan.zoneDepthMm : 0, z1 = plan.baseline === 'bottom' ? D : plan.zoneDepthMm;
  return must(d, { op: 'setZone', index, zone: [[0, z0], [W, z0], [W, z1], [0, z1]] });
}

export function buildBattle(b: Battle): Draft {
  let d = emptyDraft(b.ruleset);
  d = {
    ...d,
    id: b.id,
    title: b.title,
    description: b.description,
    table: b.table,
    turnLimit: b.turnLimit,
    sides: b.sides.map((s) => ({ id: s.id, name: s.name, nationality: s.nationality, colour: s.colour })) as Draft['sides'],
    formations: [],
    victory: [{ kind: 'ruleset', description: "The ruleset's own victory conditions." }],
  };
  d = must(d, b.terrain(d).map((piece): EditOp => ({ op: 'addTerrain', piece })));
  d = addSide(d, b, 0);
  d = addSide(d, b, 1);
  if (b.rulesetFields) d = must(d, { op: 'setRulesetFields', rulesetId: b.ruleset, value: b.rulesetFields(d) });
  return d;
}

// ---------------------------------------------------------------------------------------------
// The battles. Orders of battle are simplified: regiments and brigades are named as the sources
// give them, battalion and squadron counts rounded to the ruleset's units; the notes say so.

const bn = (name: string, count = 1, kind = 'Line Infantry', extra: Partial<Line> = {}): Line => ({ kind, name, count, ...extra });

const maida: Battle = {
  file: 'napoleonic-warfare-maida.json',
  ruleset: 'napoleonic-warfare',
  id: 'nw-maida-1806',
  title: 'Maida, 4 July 1806',
  description:
    "Stuart's small British expeditionary force meets Reynier's French division on the plain below Maida, Calabria. A small battle: about a brigade and a half a side. " +
    'Sources: C. Oman, "Studies in the Napoleonic Wars" (1929), ch. "Maida"; R. Burnham, "Maida 1806" (Napoleon Series). The order of battle is approximate and simplified (one unit is a battalion): drawn from a general account of the battle, not checked unit by unit against these works.',
  table: { widthMm: 72 * IN, depthMm: 48 * IN, metresPerMm: 2.5 },
  turnLimit: 10,
  sides: [
    {
      id: 'british', name: 'British (Stuart)', nationality: 'British', colour: '#b8322a', baseline: 'bottom', zoneDepthMm: 14 * IN,
      army: { name: 'Stuart\'s force', level: 'army', general: 'Maj.-Gen. Sir John Stuart', under: [
        { name: 'Light brigade (Kempt)', level: 'brigade', general: 'Col. Kempt', units: [bn('Light battalion', 1, 'Light Infantry')] },
        { name: '1st brigade (Cole)', level: 'brigade', general: 'Brig. Cole', units: [bn('Grenadier battalion', 1, 'Line Infantry'), bn('27th Foot')] },
        { name: '2nd brigade (Acland)', level: 'brigade', general: 'Brig. Acland', units: [bn('78th Highlanders'), bn('81st Foot')] },
        { name: '3rd brigade (Oswald)', level: 'brigade', general: 'Col. Oswald', units: [bn('58th Foot'), bn('De Watteville\'s'), bn('20th Foot'), { kind: 'Artillery', name: 'Royal Artillery' }] },
      ] },
    },
    {
      id: 'french', name: 'French (Reynier)', nationality: 'French', colour: '#2b4c9b', baseline: 'top', zoneDepthMm: 14 * IN,
      army: { name: 'Reynier\'s division', level: 'army', general: 'Gén. Reynier', under: [
        { name: 'Brigade Compère', level: 'brigade', general: 'Gén. Compère', units: [bn('1er Léger', 2, 'Light Infantry'), bn('42e Ligne', 2)] },
        { name: 'Brigade Digonet', level: 'brigade', general: 'Gén. Digonet', units: [bn('23e Léger', 2, 'Light Infantry'), bn('1er Polonais', 1, 'Line Infantry', { quality: 'line-2nd' }), bn('Swiss battalion')] },
        { name: 'Brigade Peyri', level: 'brigade', general: 'Gén. Peyri', units: [{ kind: 'Light Cavalry', name: '9e Chasseurs à cheval' }, { kind: 'Artillery', name: 'Foot battery' }] },
      ] },
    },
  ],
  terrain: (d) => {
    const W = d.table.widthMm, D = d.table.depthMm;
    return [
      path('lamato', 'river', 'River Lamato', [[0, D * 0.93], [W * 0.3, D * 0.9], [W * 0.6, D * 0.95], [W, D * 0.92]], 2 * IN),
      blob('maida-heights', 'hill', 'Heights of Maida', W * 0.5, D * 0.12, W * 0.22, D * 0.07),
      blob('scrub', 'rough', 'Scrub by the Amato', W * 0.12, D * 0.5, 6 * IN, 4 * IN, { props: { class: 'light' } }),
      blob('wood-maida', 'wood', 'Wood below Maida', W * 0.85, D * 0.4, 5 * IN, 4 * IN),
    ];
  },
};

/** An NW division: brigades of line battalions, a light battalion and a battery. */
function nwDivision(name: string, general: string, brigades: readonly [string, string, readonly string[]][], battery: string, light?: string, lineBattalions = 3): Command {
  return {
    name, level: 'division', general,
    under: brigades.map(([bName, bGen, regiments], i) => ({
      name: bName, level: 'brigade' as const, general: bGen,
      // Light regiments (Léger) are light infantry, three battalions; line regiments `lineBattalions`.
      units: [
        ...regiments.map((r) => (/léger/i.test(r) ? bn(r, 3, 'Light Infantry') : bn(r, lineBattalions))),
        ...(i === 0 && light ? [bn(light, 2, 'Light Infantry')] : []),
        ...(i === brigades.length - 1 ? [{ kind: 'Artillery', name: battery }] : []),
      ],
    })),
  };
}

const teugn: Battle = {
  file: 'napoleonic-warfare-teugn-hausen.json',
  ruleset: 'napoleonic-warfare',
  id: 'nw-teugn-hausen-1809',
  title: 'Teugn-Hausen, 19 April 1809',
  description:
    "Davout's III Corps, marching from Regensburg, runs into Hohenzollern's III Armeekorps in the wooded hills between Teugn and Hausen. A corps a side, about 150 units. " +
    'Sources: J. H. Gill, "1809: Thunder on the Danube", vol. 1 (2008); F. L. Petre, "Napoleon and the Archduke Charles" (1909). The order of battle is approximate and simplified, drawn from a general account of the battle and not checked unit by unit against these works: regiments as three battalions, cavalry regiments as one unit.',
  table: { widthMm: 120 * IN, depthMm: 72 * IN, metresPerMm: 2.5 },
  turnLimit: 12,
  sides: [
    {
      id: 'fr', name: 'III Corps (Davout)', nationality: 'French', colour: '#2b4c9b', baseline: 'top', zoneDepthMm: 24 * IN,
      army: { name: 'III Corps', level: 'corps', general: 'Maréchal Davout', under: [
        nwDivision('Division Morand', 'Gén. Morand', [['Brigade Lacour', 'Gén. Lacour', ['13e Léger', '17e Ligne']], ['Brigade L\'Huillier', 'Gén. L\'Huillier', ['30e Ligne', '61e Ligne', '65e Ligne']]], 'Morand\'s battery', undefined, 4),
        nwDivision('Division Friant', 'Gén. Friant', [['Brigade Gilly', 'Gén. Gilly', ['15e Léger', '33e Ligne']], ['Brigade Grandeau', 'Gén. Grandeau', ['48e Ligne', '108e Ligne', '111e Ligne']]], 'Friant\'s battery', undefined, 4),
        nwDivision('Division Gudin', 'Gén. Gudin', [['Brigade Petit', 'Gén. Petit', ['7e Léger', '12e Ligne']], ['Brigade Duppelin', 'Gén. Duppelin', ['21e Ligne', '25e Ligne', '85e Ligne']]], 'Gudin\'s battery', undefined, 4),
        nwDivision('Division St-Hilaire', 'Gén. St-Hilaire', [['Brigade Lorencez', 'Gén. Lorencez', ['10e Léger', '3e Ligne']], ['Brigade Destabenrath', 'Gén. Destabenrath', ['57e Ligne', '72e Ligne', '105e Ligne']]], 'St-Hilaire\'s battery', undefined, 4),
        { name: 'Light cavalry (Montbrun)', level: 'division', general: 'Gén. Montbrun', under: [
          { name: 'Brigade Pajol', level: 'brigade', general: 'Gén. Pajol', units: [{ kind: 'Light Cavalry', name: '5e Hussards' }, { kind: 'Light Cavalry', name: '7e Hussards' }, { kind: 'Light Cavalry', name: '11e Chasseurs' }, { kind: 'Light Cavalry', name: '12e Chasseurs' }] },
          { name: 'Corps artillery', level: 'brigade', general: 'Gén. Hanicque', units: [{ kind: 'Artillery', name: 'Reserve battery', count: 3 }] },
        ] },
      ] },
    },
    {
      id: 'au', name: 'III Armeekorps (Hohenzollern)', nationality: 'Austrian', colour: '#e9e4d4', baseline: 'bottom', zoneDepthMm: 24 * IN,
      army: { name: 'III Armeekorps', level: 'corps', general: 'FML Hohenzollern-Hechingen', under: [
        nwDivision('Division Lusignan', 'FML Lusignan', [['Brigade Alois Liechtenstein', 'GM Alois Liechtenstein', ['IR 12 Manfredini', 'IR 23 Würzburg']], ['Brigade Kayser', 'GM Kayser', ['IR 20 Kaunitz', 'IR 38 Württemberg']]], 'Brigade battery Lusignan', 'Peterwardeiner Grenzer'),
        nwDivision('Division St. Julien', 'FML St. Julien', [['Brigade Bieber', 'GM Bieber', ['IR 44 Bellegarde', 'IR 56 W. Colloredo']], ['Brigade Koller', 'GM Koller', ['IR 49 Kerpen', 'IR 1 Kaiser']]], 'Brigade battery St. Julien', 'Gradiscaner Grenzer'),
        nwDivision('Division Vukassovich', 'FML Vukassovich', [['Brigade Pfanzelter', 'GM Pfanzelter', ['IR 7 Schröder', 'IR 29 Lindenau']], ['Brigade Grill', 'GM Grill', ['IR 15 Zach', 'IR 57 J. Colloredo']]], 'Brigade battery Vukassovich', 'Broder Grenzer'),
        { name: 'Reserve (Kolowrat detachment)', level: 'division', general: 'FML Schustekh', under: [
          { name: 'Cavalry brigade', level: 'brigade', general: 'GM Schustekh', units: [{ kind: 'Light Cavalry', name: 'Chevaulegers Vincent', count: 3 }, { kind: 'Light Cavalry', name: 'Hussars Kienmayer', count: 3 }] },
          { name: 'Reserve artillery', level: 'brigade', general: 'Oberst Smola', units: [{ kind: 'Artillery', name: 'Position battery', count: 3 }] },
        ] },
      ] },
    },
  ],
  terrain: (d) => {
    const W = d.table.widthMm, D = d.table.depthMm;
    return [
      blob('teugn', 'village', 'Teugn', W * 0.2, D * 0.3, 4 * IN, 3 * IN),
      blob('hausen', 'village', 'Hausen', W * 0.75, D * 0.7, 4 * IN, 3 * IN),
      blob('hausener-berg', 'hill', 'Hausener Berg', W * 0.62, D * 0.48, 14 * IN, 7 * IN),
      blob('buchenberg', 'hill', 'Buchenberg', W * 0.3, D * 0.55, 10 * IN, 6 * IN),
      blob('wood-1', 'wood', 'Hausener Wald', W * 0.45, D * 0.5, 9 * IN, 6 * IN),
      blob('wood-2', 'wood', 'Wood by Saalhaupt', W * 0.88, D * 0.4, 7 * IN, 5 * IN),
      blob('wood-3', 'wood', 'Wood by Teugn', W * 0.08, D * 0.55, 6 * IN, 8 * IN),
      path('road', 'road', 'Teugn–Hausen road', [[W * 0.2, 0], [W * 0.22, D * 0.3], [W * 0.5, D * 0.62], [W * 0.75, D * 0.7], [W * 0.8, D]], IN),
      path('bach', 'stream', 'Feckinger Bach', [[0, D * 0.78], [W * 0.4, D * 0.82], [W, D * 0.85]], IN),
    ];
  },
};

/** A large NW army: corps of divisions of brigades, `perBrigade` regiments of three battalions. */
function corps(name: string, general: string, prefix: string, divisions: readonly [string, string][], perBrigade: number, battalionStands: number, light: string): Command {
  return {
    name, level: 'corps', general,
    under: divisions.map(([dName, dGen], di) => ({
      name: dName, level: 'division' as const, general: dGen,
      under: [0, 1].map((b) => ({
        name: `${dName}, ${b === 0 ? '1st' : '2nd'} brigade`, level: 'brigade' as const,
        units: [
          ...Array.from({ length: perBrigade }, (_, r) => bn(`${prefix} ${di + 1}.${b + 1}.${r + 1}`, 3, 'Line Infantry', { stands: battalionStands })),
          ...(b === 0 ? [bn(`${light} ${di + 1}`, 1, 'Light Infantry', { stands: battalionStands })] : [{ kind: 'Artillery', name: `${dName} battery` }]),
        ],
      })),
    })),
  };
}
function cavalryCorps(name: string, general: string, divisions: readonly [string, string, string, number][]): Command {
  return {
    name, level: 'corps', general,
    under: divisions.map(([dName, dGen, kind, n]) => ({
      name: dName, level: 'division' as const, general: dGen,
      under: [{ name: `${dName} brigade`, level: 'brigade' as const, units: [{ kind, name: dName.replace(/^(Division|Cavalry division) /, ''), count: n, stands: 4 }, { kind: 'Horse Artillery', name: `${dName} horse battery` }] }],
    })),
  };
}

const aspern: Battle = {
  file: 'napoleonic-warfare-aspern-essling.json',
  ruleset: 'napoleonic-warfare',
  id: 'nw-aspern-essling-1809',
  title: 'Aspern-Essling, 21 May 1809',
  description:
    "Napoleon's bridgehead across the Danube at Lobau: Masséna holds Aspern, Lannes Essling, while the Archduke Charles attacks with five columns. A large battle: about 400 units and 2,000 stands. " +
    'Sources: J. H. Gill, "1809: Thunder on the Danube", vol. 2 (2009); F. L. Petre, "Napoleon and the Archduke Charles" (1909); G. Rothenberg, "The Emperor\'s Last Victory" (2004). The order of battle is approximate and simplified, drawn from a general account of the battle and not checked unit by unit against these works: divisions of two brigades, regiments as three battalions, cavalry regiments as one unit.',
  table: { widthMm: 192 * IN, depthMm: 96 * IN, metresPerMm: 2.5 },
  turnLimit: 12,
  sides: [
    {
      id: 'fr', name: 'Armée d\'Allemagne (Napoleon)', nationality: 'French', colour: '#2b4c9b', baseline: 'bottom', zoneDepthMm: 34 * IN,
      army: { name: 'Armée d\'Allemagne', level: 'army', general: 'Napoléon', under: [
        corps('IV Corps', 'Maréchal Masséna', 'IV', [['Division Legrand', 'Gén. Legrand'], ['Division Carra St-Cyr', 'Gén. Carra St-Cyr'], ['Division Molitor', 'Gén. Molitor'], ['Division Boudet', 'Gén. Boudet']], 3, 5, 'Légère'),
        corps('II Corps', 'Maréchal Lannes', 'II', [['Division St-Hilaire', 'Gén. St-Hilaire'], ['Division Tharreau', 'Gén. Tharreau'], ['Division Claparède', 'Gén. Claparède']], 3, 5, 'Légère'),
        corps('Imperial Guard', 'Maréchal Bessières (Guard)', 'Garde', [['Old Guard', 'Gén. Dorsenne'], ['Young Guard', 'Gén. Curial']], 2, 5, 'Tirailleurs'),
        cavalryCorps('Cavalry reserve', 'Maréchal Bessières', [['Division Lasalle', 'Gén. Lasalle', 'Light Cavalry', 5], ['Division Marulaz', 'Gén. Marulaz', 'Light Cavalry', 5], ['Division Espagne', 'Gén. Espagne', 'Heavy Cavalry', 4], ['Division Nansouty', 'Gén. Nansouty', 'Heavy Cavalry', 5], ['Division St-Sulpice', 'Gén. St-Sulpice', 'Heavy Cavalry', 4]]),
      ] },
    },
    {
      id: 'au', name: 'Hauptarmee (Archduke Charles)', nationality: 'Austrian', colour: '#e9e4d4', baseline: 'top', zoneDepthMm: 34 * IN,
      army: { name: 'Hauptarmee', level: 'army', general: 'Erzherzog Carl', under: [
        corps('VI Armeekorps (1st column)', 'FML Hiller', 'VI', [['Division Vincent', 'FML Vincent'], ['Division Kottulinsky', 'FML Kottulinsky']], 3, 6, 'Grenzer'),
        corps('I Armeekorps (2nd column)', 'GdK Bellegarde', 'I', [['Division Fresnel', 'FML Fresnel'], ['Division Vogelsang', 'FML Vogelsang']], 3, 6, 'Grenzer'),
        corps('II Armeekorps (3rd column)', 'FML Hohenzollern', 'II', [['Division Brady', 'FML Brady'], ['Division Ulm', 'FML Ulm']], 3, 6, 'Grenzer'),
        corps('IV Armeekorps (4th and 5th columns)', 'FML Rosenberg', 'IV', [['Division Dedovich', 'FML Dedovich'], ['Division Hohenlohe', 'FML Hohenlohe']], 3, 6, 'Grenzer'),
        corps('Grenadier reserve', 'FML Liechtenstein (grenadiers)', 'Gren', [['Division d\'Aspre', 'GM d\'Aspre']], 3, 6, 'Grenadiers'),
        cavalryCorps('Cavalry reserve', 'GdK Johann Liechtenstein', [['Cavalry division Hessen-Homburg', 'FML Hessen-Homburg', 'Heavy Cavalry', 6], ['Cavalry division Kienmayer', 'FML Kienmayer', 'Medium Cavalry', 5], ['Cavalry division Rohan', 'FML Rohan', 'Light Cavalry', 5]]),
      ] },
    },
  ],
  terrain: (d) => {
    const W = d.table.widthMm, D = d.table.depthMm;
    return [
      path('danube', 'river', 'Danube (Stadlau arm)', [[0, D * 0.97], [W * 0.35, D * 0.93], [W * 0.7, D * 0.97], [W, D * 0.94]], 4 * IN),
      blob('aspern', 'village', 'Aspern', W * 0.28, D * 0.55, 10 * IN, 6 * IN),
      blob('aspern-church', 'building', 'Aspern church and cemetery', W * 0.3, D * 0.6, 2.5 * IN, 2 * IN),
      blob('essling', 'village', 'Essling', W * 0.72, D * 0.56, 9 * IN, 6 * IN),
      blob('essling-granary', 'building', 'Essling granary', W * 0.7, D * 0.6, 3 * IN, 2 * IN),
      blob('gemeinde-au', 'wood', 'Gemeinde Au', W * 0.08, D * 0.72, 12 * IN, 10 * IN),
      blob('ziegelofen', 'rough', 'Brick kilns', W * 0.5, D * 0.62, 6 * IN, 3 * IN, { props: { class: 'light' } }),
      path('road-aspern-essling', 'road', 'Aspern–Essling road', [[W * 0.28, D * 0.55], [W * 0.5, D * 0.58], [W * 0.72, D * 0.56]], IN),
      path('road-breitenlee', 'road', 'Road to Breitenlee', [[W * 0.5, D * 0.58], [W * 0.52, D * 0.3], [W * 0.55, 0]], IN),
      path('stream-aspern', 'stream', 'Stadlau ditch', [[W * 0.12, 0], [W * 0.15, D * 0.38], [W * 0.2, D * 0.45]], IN),
    ];
  },
};

const rossbach: Battle = {
  file: 'seven-years-war-rossbach.json',
  ruleset: 'seven-years-war',
  id: 'syw-rossbach-1757',
  title: 'Rossbach, 5 November 1757',
  description:
    "Soubise's Franco-Imperial army marches round the Prussian left; Frederick shifts behind the Janus Hill and Seydlitz's cavalry falls on the head of the column. A small-to-medium battle for Seven Years War 2.4. " +
    'Sources: C. Duffy, "Prussia\'s Glory: Rossbach and Leuthen 1757" (2003); "The Army of Frederick the Great" (Duffy, 1974). The order of battle is approximate and simplified, drawn from a general account of the battle and not checked unit by unit against these works: one unit is a battalion or a regiment of horse.',
  table: { widthMm: 1800, depthMm: 1200, metresPerMm: 1 },
  turnLimit: 10,
  sides: [
    {
      id: 'prussia', name: 'Prussians (Frederick)', nationality: 'Prussian', colour: '#1f3a93', baseline: 'top', zoneDepthMm: 400,
      army: { name: 'Prussian army', level: 'army', general: 'Frederick II', under: [
        { name: 'Cavalry (Seydlitz)', level: 'brigade', general: 'GM von Seydlitz', units: [{ kind: 'heavy-cavalry', name: 'Gens d\'armes' }, { kind: 'heavy-cavalry', name: 'Garde du Corps' }, { kind: 'heavy-cavalry', name: 'Kürassier-Regiment Rochow' }, { kind: 'medium-cavalry', name: 'Dragoner-Regiment Meinicke' }, { kind: 'light-cavalry-a', name: 'Husaren-Regiment Szekely' }] },
        { name: 'First line (Prince Henry)', level: 'brigade', general: 'Prinz Heinrich', units: [{ kind: 'medium-infantry', name: 'IR 13 Itzenplitz', count: 2, extra: { drill: 'well' } }, { kind: 'medium-infantry', name: 'IR 3 Anhalt', count: 2, extra: { drill: 'well' } }, { kind: 'heavy-infantry', name: 'Grenadiers', extra: { drill: 'well', morale: 'high' } }] },
        { name: 'Second line (Keith)', level: 'brigade', general: 'FM Keith', units: [{ kind: 'medium-infantry', name: 'IR 18 Prinz von Preußen', count: 2 }, { kind: 'medium-infantry', name: 'IR 23 Forcade', count: 2 }] },
        { name: 'Artillery (Moller)', level: 'brigade', general: 'Oberst Moller', units: [{ kind: 'heavy-artillery', name: 'Janushügel battery', count: 2 }] },
      ] },
    },
    {
      id: 'allies', name: 'Franco-Imperials (Soubise)', nationality: 'French', colour: '#e8e4d8', baseline: 'bottom', zoneDepthMm: 400,
      army: { name: 'Combined army', level: 'army', general: 'Prince de Soubise', under: [
        { name: 'French cavalry (Broglie)', level: 'brigade', general: 'Duc de Broglie', units: [{ kind: 'medium-cavalry', name: 'Cavalerie de Bourbon-Busset' }, { kind: 'medium-cavalry', name: 'Cavalerie de Fitz-James' }, { kind: 'heavy-cavalry', name: 'Cuirassiers du Roi' }] },
        { name: 'Reichsarmee cavalry', level: 'brigade', general: 'Hildburghausen', units: [{ kind: 'medium-cavalry', name: 'Kürassier-Regiment Bretlach' }, { kind: 'medium-cavalry', name: 'Kürassier-Regiment Trautmannsdorf' }, { kind: 'light-cavalry-a', name: 'Husaren Szechenyi' }] },
        { name: 'French foot (Saint-Germain)', level: 'brigade', general: 'Comte de Saint-Germain', units: [{ kind: 'medium-infantry', name: 'Piémont', count: 2 }, { kind: 'medium-infantry', name: 'Mailly', count: 2 }, { kind: 'medium-infantry', name: 'Poitou', count: 2 }] },
        { name: 'Reichsarmee foot', level: 'brigade', general: 'FML Kolowrat', units: [{ kind: 'militia', name: 'Kreis-Regiment Blau-Würzburg', count: 2 }, { kind: 'militia', name: 'Kreis-Regiment Varell', count: 2 }, { kind: 'light-infantry', name: 'Croats' }] },
        { name: 'Artillery', level: 'brigade', general: 'Artillery commander', units: [{ kind: 'medium-artillery', name: 'French battery', count: 2 }] },
      ] },
    },
  ],
  terrain: () => [
    blob('janus', 'hill', 'Janushügel', 1300, 420, 220, 110, { props: { sywType: 1 } }),
    blob('polzen', 'hill', 'Pölzen hill', 600, 380, 180, 90, { props: { sywType: 0 } }),
    blob('reichardtswerben', 'village', 'Reichardtswerben', 1450, 760, 90, 60, { props: { sywType: 3 } }),
    blob('rossbach', 'village', 'Rossbach', 300, 200, 90, 60, { props: { sywType: 3 } }),
    blob('tagewerben', 'village', 'Tagewerben', 1650, 250, 80, 55, { props: { sywType: 3 } }),
    blob('pettstadt', 'village', 'Pettstädt', 900, 1020, 90, 60, { props: { sywType: 3 } }),
    path('road', 'road', 'Road to Merseburg', [[0, 600], [700, 640], [1300, 620], [1800, 560]], 30),
    blob('wood', 'wood', 'Copse by Lunstädt', 150, 800, 120, 80, { props: { sywType: 2, blocksSight: true } }),
  ],
  rulesetFields: () => ({ attacker: 'prussia' }),
};

export const BATTLES: readonly Battle[] = [maida, teugn, aspern, rossbach];

if (process.argv[1]?.endsWith('make-scenarios.ts')) {
  let failed = false;
  for (const b of BATTLES) {
    const d = buildBattle(b);
    const problems = checkDraft(d);
    const stands = d.units.reduce((n, u) => n + u.stands.length, 0);
    if (problems.length) {
      failed = true;
      console.error(`${b.title}: not written, ${problems.length} problems:\n${problems.slice(0, 10).map((p) => `  ${p.path}: ${p.message}`).join('\n')}`);
      continue;
    }
    writeFileSync(`scenarios/${b.file}`, `${JSON.stringify({ $schema: './scenario.schema.json', ...d }, null, 1)}\n`);
    console.log(`scenarios/${b.file}: ${d.units.length} units, ${stands} stands, ${d.generals.length} generals, ${d.terrain.length} terrain pieces`);
  }
  if (failed) process.exitCode = 1;
}
export { slug };
