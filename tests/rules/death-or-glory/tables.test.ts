/** Every table of Death or Glory! read back against the text (DoG = death-or-glory.txt). */
import { describe, expect, it } from 'vitest';
import {
  NATIONS, CASUALTY_CHART, ARTILLERY_CHART, SMALL_ARMS_RANGES, CANISTER, BALL, GENERALS_RISK, CONTROL_RESULTS, FORMATION_CHANGES, BATTERY_CHANGES, ALLOWANCES, CHARGE_BONUS,
  FIRE_MODIFIERS, MELEE_MODIFIERS, MORALE_MODIFIERS, REACTION_MODIFIERS, RALLY_MODIFIERS, CONTROL_MODIFIERS, fireDie, readChart, controlResult, woundFor, tablesSchema, DEFAULT_TABLES,
} from '../../../src/rules/death-or-glory/tables';

const cells = (nation: string, arm: 'infantry' | 'cavalry' | 'artillery') =>
  Object.values(NATIONS[nation]!.troops[arm]).map((r) => [r.name, r.fire ?? '', r.impact ?? '', r.confused ?? '', r.morale, r.control]);

describe('DoG Nationality Tables: FIRE, Impact, Confused, Morale, Control, as printed ("+-1" read as -1; blank = none)', () => {
  it('BRITAIN', () => {
    expect(cells('britain', 'infantry')).toEqual([['Foot Guard', 4, 4, 5, 10, -1], ['Fusilier', 3, 3, 4, 9, 1], ['Grenadier', 3, 2, 3, 8, 1], ['Line', 2, 1, 2, 7, 2], ['Light', 3, 1, 2, 8, 2], ['Highlander', 2, 3, 4, 8, 3], ['Rifles', 1, 1, 2, 10, 2]]);
    expect(cells('britain', 'cavalry')).toEqual([['Household', 2, 5, 6, 10, 1], ['Dragoon Guard', 1, 4, 5, 9, 2], ['Dragoon', 1, 3, 4, 8, 4], ['Light Dragoon', 1, 2, 3, 7, 5], ['Hussar', 1, 2, 3, 8, 5]]);
    expect(cells('britain', 'artillery')).toEqual([['RA', 2, '', 2, 7, 2], ['RHA', 3, '', 2, 8, 3]]);
  });
  it('FRANCE', () => {
    expect(cells('france', 'infantry')).toEqual([['Old Guard', 3, 4, 5, 10, -1], ['Middle Guard', 3, 3, 4, 9, 1], ['Young Guard', 2, 2, 3, 8, 1], ['Grenadier', 2, 2, 3, 7, 1], ['Carabinier', 3, 2, 3, 8, 1], ['Fusilier', 1, 2, 1, 6, 3], ['Chasseur', 2, 2, 1, 7, 3], ['Voltigeur', 3, 2, 3, 8, 2], ['Foot Dragoon', 1, 2, 1, 5, 2]]);
    expect(cells('france', 'cavalry')).toEqual([['Guard Grenadier', 2, 5, 6, 10, -1], ['Guard Dragoon', 2, 4, 5, 9, 1], ['Guard Lancer', 1, 6, 4, 9, 1], ['Guard Light', 1, 3, 4, 9, 2], ['Cuirassier', '', 4, 5, 8, 1], ['Carabinier pre-1810', 1, 3, 4, 8, 1], ['Carabinier 1810-15', 1, 4, 5, 8, 1], ['Dragoon', 1, 3, 4, 7, 1], ['Lancer', 1, 4, 3, 7, 2], ['Hussar', 1, 2, 3, 7, 3], ['Chasseur', 1, 2, 3, 7, 3]]);
    expect(cells('france', 'artillery')).toEqual([['Guard Foot', 3, '', 3, 9, -1], ['Guard Horse', 3, '', 2, 10, 1], ['Line Foot', 2, '', 2, 8, 1], ['Line Horse', 2, '', 1, 9, 2]]);
  });
  it('AUSTRIA (the cavalry Confused cells as printed)', () => {
    expect(cells('austria', 'infantry')).toEqual([['Grenadier', 2, 3, 4, 8, 1], ['Fusilier', 1, 2, 1, 5, 2], ['Light', 1, 2, 1, 5, 3], ['Jager', 2, 3, 2, 7, 2]]);
    expect(cells('austria', 'cavalry')).toEqual([['Cuirassier', '', 4, 9, 9, 1], ['Dragoon', 1, 3, 7, 7, 1], ['Uhlan', '', 4, 7, 7, 2], ['Hussar', 1, 2, 8, 8, 3]]);
    expect(cells('austria', 'artillery')).toEqual([['Heavy', 1, '', 1, 6, 1], ['Light', 1, '', '', 7, 2]]);
  });
  it('PRUSSIA', () => {
    expect(cells('prussia', 'infantry')).toEqual([['Guard', 3, 3, 4, 9, -1], ['Grenadier', 2, 2, 3, 8, 1], ['Musketeer', 1, 1, 2, 6, 2], ['Fusilier', 1, 1, 2, 7, 2], ['Jager', 2, 1, 2, 8, 2], ['Landwehr', 1, 1, 2, 5, 4]]);
    expect(cells('prussia', 'cavalry')).toEqual([['Cuirassier', '', 4, 5, 9, 1], ['Dragoon', 1, 3, 4, 8, 1], ['Uhlan', '', 4, 3, 7, 2], ['Hussar', 1, 2, 3, 7, 3], ['Jager', 1, 2, 3, 8, 3]]);
    expect(cells('prussia', 'artillery')).toEqual([['Heavy', 2, '', 2, 7, 1], ['Light', 2, '', 1, 8, 2]]);
  });
  it('RUSSIA', () => {
    expect(cells('russia', 'infantry')).toEqual([['Guard Grenadier', 2, 4, 5, 10, -1], ['Guard Jager', 3, 3, 3, 9, 1], ['Grenadier', 2, 3, 4, 8, 1], ['Musketeer', 1, 2, 3, 7, 2], ['Jager-Grenadier', 2, 3, 4, 8, 2], ['Jager', 2, 2, 3, 7, 3]]);
    expect(cells('russia', 'cavalry')).toEqual([['Guard Cuirassier', '', 5, 6, 10, -1], ['Guard Dragoon', 1, 4, 5, 9, 1], ['Cuirassier', 1, 4, 5, 8, 1], ['Dragoon', 1, 3, 4, 7, 2], ['Guard Uhlan', '', 5, 4, 9, 1], ['Uhlan', '', 4, 3, 8, 2], ['Guard Light', 1, 3, 3, 9, 1], ['Hussar', 1, 2, 3, 8, 3], ['Guard Cossack', '', 4, 2, 9, 3], ['Coassck', '', 3, 1, 8, 4]]);
    expect(cells('russia', 'artillery')).toEqual([['Position', 2, '', 3, 7, 1], ['Guard Light', 3, '', 3, 9, 1], ['Light', 2, '', 2, 7, 1], ['Horse', 2, '', 1, 8, 2]]);
  });
  it('CONFEDERATION OF THE RHINE AND ITALY', () => {
    expect(cells('rhine', 'infantry')).toEqual([['Guard Grenadier', 3, 3, 4, 9, 1], ['Guard Fusilier', 2, 2, 3, 8, 1], ['Grenadier', 2, 2, 3, 7, 2], ['Fusilier', 1, 1, 2, 7, 2], ['Musketeer', 1, 1, 2, 6, 3], ['Jager', 2, 1, 2, 7, 3]]);
    expect(cells('rhine', 'cavalry')).toEqual([['Guard Cuirassier', 2, 5, 6, 9, 1], ['Guard Heavy', 2, 4, 5, 8, 1], ['Cuirassier', 1, 4, 5, 7, 2], ['Dragoon', 1, 3, 4, 6, 2], ['Guard Lancer', 1, 5, 3, 8, 2], ['Lancer', 1, 4, 2, 6, 3], ['Guard Light', 1, 3, 4, 8, 2], ['Hussar', 1, 2, 3, 7, 3]]);
    expect(cells('rhine', 'artillery')).toEqual([['Guard Foot', 2, '', 2, 8, 1], ['Guard Horse', 2, '', 1, 9, 1], ['Line Foot', 1, '', 1, 6, 1], ['Line Horse', 1, '', 0, 7, 2]]);
  });
  it('POLAND', () => {
    expect(cells('poland', 'infantry')).toEqual([['Grenadier', 3, 3, 4, 8, -1], ['Fusilier', 1, 2, 3, 7, 1], ['Voltigeur', 3, 2, 3, 8, 2]]);
    expect(cells('poland', 'cavalry')).toEqual([['Guard Lancer', 1, 6, 4, 9, 1], ['Lancer', 1, 4, 3, 7, 2], ['Cuirassier', '', 4, 5, 8, 1], ['Chasseur', 1, 2, 3, 7, 3], ['Hussar', 1, 2, 3, 8, 4], ['Krakus', 1, 3, 2, 8, 4], ['Tartar', 1, 3, 2, 9, 3]]);
    expect(cells('poland', 'artillery')).toEqual([['Foot', 2, '', 2, 7, 1], ['Horse', 2, '', 1, 8, 2]]);
  });
  it('PORTUGAL', () => {
    expect(cells('portugal', 'infantry')).toEqual([['Line', 1, 1, 2, 6, 2], ['Cacadore', 2, 1, 2, 7, 3], ['Atiradore', 3, 1, 2, 8, 2]]);
    expect(cells('portugal', 'cavalry')).toEqual([['Dragoon', 1, 3, 4, 7, 3]]);
    expect(cells('portugal', 'artillery')).toEqual([['Heavy', 1, '', 2, 6, 2], ['Light', 2, '', 1, 7, 3]]);
  });
  it('SCANDINAVIA', () => {
    expect(cells('scandinavia', 'infantry')).toEqual([['Grenadier', 2, 2, 3, 8, 1], ['Musketeer', 1, 1, 2, 7, 2], ['Voltigeur', 3, 1, 2, 8, 2]]);
    expect(cells('scandinavia', 'cavalry')).toEqual([['Life Guard', 1, 4, 5, 9, 1], ['Dragoon', 1, 3, 4, 8, 2], ['Hussar', 1, 2, 3, 8, 3]]);
    expect(cells('scandinavia', 'artillery')).toEqual([['Heavy', 2, '', 2, 7, 1], ['Light', 2, '', 1, 7, 2]]);
  });
  it('SPAIN/NAPLES', () => {
    expect(cells('spain', 'infantry')).toEqual([['Guard', 2, 1, 2, 7, 1], ['Grenadier', 1, 1, 2, 6, 0], ['Line', 0, 0, 1, 5, 1], ['Light', 1, 0, 1, 6, 1], ['Militia', 0, 0, 1, 4, 2], ['Guerrilla', 2, 0, 1, 5, 0]]);
    expect(cells('spain', 'cavalry')).toEqual([['Guard', '', 3, 4, 6, 1], ['Cuirassier', 0, 2, 3, 5, 0], ['Dragoon', 0, 2, 2, 5, 0], ['Lancer', 0, 2, 1, 5, 0], ['Hussar', 0, 1, 1, 4, 1]]);
    expect(cells('spain', 'artillery')).toEqual([['Foot', 1, '', 1, 6, 1], ['Horse', 1, '', 1, 7, 2]]);
  });
  it('every nation of the text is there, with the FORMATION CHANGES Note\'s drill columns', () => {
    expect(Object.keys(NATIONS)).toEqual(['britain', 'france', 'austria', 'prussia', 'russia', 'rhine', 'poland', 'portugal', 'scandinavia', 'spain']);
    // "German, Italian, Polish = French; Portuguese = Brit; Scandinavia = Russian; Spanish and Neapolitan = Austrian" (infantry)
    expect(NATIONS['rhine']!.drill.infantry).toBe('britFr');
    expect(NATIONS['scandinavia']!.drill.infantry).toBe('russ');
    expect(NATIONS['spain']!.drill.infantry).toBe('prAu');
    // Cavalry: "Polish, German, Italian, Scandinavia = French; Portuguese = Brit"; Arty: "Scandinavian = Prussian"
    expect(NATIONS['scandinavia']!.drill.cavalry).toBe('frRuss');
    expect(NATIONS['portugal']!.drill.cavalry).toBe('brit');
    expect(NATIONS['scandinavia']!.drill.footArtillery).toBe('prAu');
  });
});

describe('DoG CASUALTY CHART (infantry fire and melée), by score and figures 1-12', () => {
  it('reads back the rows -10, -6, 0, 3, 9 and 10', () => {
    expect(CASUALTY_CHART.length).toBe(21);
    expect(CASUALTY_CHART[0]).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(CASUALTY_CHART[4]).toEqual([0, 0, 0, 5, 5, 5, 5, 5, 5, 5, 5, 10]);
    expect(CASUALTY_CHART[10]).toEqual([5, 5, 5, 10, 10, 15, 15, 20, 20, 25, 25, 25]);
    expect(CASUALTY_CHART[13]).toEqual([5, 10, 15, 20, 25, 30, 30, 35, 40, 45, 50, 55]);
    expect(CASUALTY_CHART[19]).toEqual([15, 30, 45, 55, 70, 85, 100, 115, 130, 140, 156, 170]);
    expect(CASUALTY_CHART[20]).toEqual([15, 35, 50, 70, 85, 100, 120, 135, 155, 170, 190, 205]);
  });
  it('beyond the chart: scores clamp to -10..10, 18 figures read 12 + 6', () => {
    expect(readChart(CASUALTY_CHART, 14, 12).men).toBe(205);
    expect(readChart(CASUALTY_CHART, 7, 18)).toEqual({ score: 7, columns: [12, 6], men: 120 + 60 });
  });
});

describe('DoG Casualties from Artillery Fire, by score and guns 1-8', () => {
  it('reads back the rows -10, 0, 5 and 10', () => {
    expect(ARTILLERY_CHART[0]).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(ARTILLERY_CHART[10]).toEqual([5, 10, 15, 20, 25, 30, 35, 45]);
    expect(ARTILLERY_CHART[15]).toEqual([15, 35, 50, 65, 85, 100, 115, 135]);
    expect(ARTILLERY_CHART[20]).toEqual([40, 80, 120, 160, 200, 240, 280, 320]);
  });
});

describe('DoG Range Modifiers and the artillery range tables', () => {
  it('Musket, Rifle, Mounted, Carbine columns', () => {
    expect(SMALL_ARMS_RANGES.musket.map((b) => [b.toMm, b.modifier])).toEqual([[35, 3], [60, 1], [90, 0], [125, -2], [150, -4], [175, -6], [200, -9]]);
    expect(SMALL_ARMS_RANGES.rifle.map((b) => [b.toMm, b.modifier])).toEqual([[35, 1], [60, 0], [90, -1], [125, -2], [150, -3], [175, -5], [200, -6], [250, -8], [300, -9]]);
    expect(SMALL_ARMS_RANGES.mounted.map((b) => b.modifier)).toEqual([0, -2, -4, -6, -9]);
    expect(SMALL_ARMS_RANGES.carbine.map((b) => b.modifier)).toEqual([1, 0, -2, -4, -6, -9]);
  });
  it('Canister +4/+2/0/-2 and Ball and Shell +2/0/-3/-6/-9 by calibre', () => {
    expect(CANISTER['3-4'].map((b) => b.toMm)).toEqual([75, 150, 250, 375]);
    expect(CANISTER['12'].map((b) => [b.toMm, b.modifier])).toEqual([[150, 4], [300, 2], [450, 0], [600, -2]]);
    expect(BALL['6-7'].map((b) => [b.toMm, b.modifier])).toEqual([[125, 2], [300, 0], [580, -3], [820, -6], [950, -9]]);
    expect(BALL['12'].map((b) => b.toMm)).toEqual([225, 450, 800, 1000, 1250]);
  });
});

describe('DoG fire die, Generals\' Risk Table, CONTROL Result', () => {
  it('the fire die: 1-3 → 1, 4-6 → 2, 7-9 → 3, 0 → 4', () => expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(fireDie)).toEqual([1, 1, 1, 2, 2, 2, 3, 3, 3, 4]));
  it('risk: 1-2 light, 3-7 moderate (the overlap read as README says), 8-9 serious, 0 killed', () => {
    expect([1, 2, 3, 7, 8, 9, 10].map((f) => woundFor(f).wound)).toEqual(['light', 'light', 'moderate', 'moderate', 'serious', 'serious', 'killed']);
    expect(GENERALS_RISK.length).toBe(4);
  });
  it('control: 13+ pursue 2 moves, 11-12 1 move, 8-10 follows orders, 5-7 stand 1, 2-4 stand 2, 1 or less retire', () => {
    expect([13, 11, 12, 8, 10, 5, 7, 2, 4, 1, -3].map((t) => controlResult(t).result)).toEqual(['pursue2', 'pursue1', 'pursue1', 'orders', 'orders', 'stand1', 'stand1', 'stand2', 'stand2', 'retire', 'retire']);
    expect(CONTROL_RESULTS.length).toBe(6);
  });
});

describe('DoG modifier lists', () => {
  it('Fire Modifiers in the text\'s order', () => expect(Object.values(FIRE_MODIFIERS).map((m) => m.value)).toEqual([2, 1, 1, 2, -1, -1, -2, -2, -1, -1, -2, -3, -4, 1, 1, -3, -4, -4, -5]));
  it('Melee Modifiers in the text\'s order', () => expect(Object.values(MELEE_MODIFIERS).map((m) => m.value)).toEqual([4, 3, 2, 1, 1, -1, -2, 2, 1, 2, 6, 3, 5, 1, 2, -5, 2, -2, 2, 2, 1, 2, 2, 1, 1, 3, 4, -1, -2, -2, -4]));
  it('Morale MODIFIERS (percent)', () => expect(Object.values(MORALE_MODIFIERS).map((m) => m.value)).toEqual([-5, -5, -10, -20, -10, -20, -10, -20, -20, -10, -10, 10, 10, 10, 10, 20, 20, 20]));
  it('Charge Reaction Test modifiers (percent)', () => expect(Object.values(REACTION_MODIFIERS).map((m) => m.value)).toEqual([20, 10, -20, -10, -10, -10, -10, -10, -20, -10, -20]));
  it('Rally modifiers (percent)', () => expect(Object.values(RALLY_MODIFIERS).map((m) => m.value)).toEqual([10, -10, -20, -20, -20, -10, -20]));
  it('Control modifiers', () => expect(Object.values(CONTROL_MODIFIERS).map((m) => m.value)).toEqual([1, 2, 3, -1, -2, -3, -1, -2, -3, 1, 2, 1, -1, 1]));
});

describe('DoG MOVEMENT PHASE and FORMATION CHANGES', () => {
  it('the allowances of shared/rules/README.md, and the Charge Movement Bonus (30 m foot, 80 m horse)', () => {
    expect(ALLOWANCES).toEqual({ infantry: { line: 100, column: 150 }, skirmishers: 150, lightCavalry: { line: 240, column: 300 }, heavyCavalry: { line: 200, column: 240 }, footArtillery: 140, horseArtillery: 240 });
    expect(CHARGE_BONUS).toEqual({ infantry: 30, cavalry: 80 });
  });
  it('formation change times (turns), infantry Brit/Fr, Russ, Pr/Au and cavalry Brit, Fr/Russ, Pr/Au', () => {
    expect(FORMATION_CHANGES.marchToLine).toEqual({ infantry: [0.75, 1.5, 2], cavalry: [0.75, 0.5, 1] });
    expect(FORMATION_CHANGES.columnToLine.infantry).toEqual([0.5, 1, 1.5]);
    expect(FORMATION_CHANGES.lineToSquare.infantry).toEqual([0.5, 0.5, 1]);
    expect(FORMATION_CHANGES.reformDisordered).toEqual({ infantry: [1, 2, 2], cavalry: [2, 2, 3] });
    expect(BATTERY_CHANGES).toEqual({ unlimber: { foot: [0.5, 0.75, 1], horse: [0.25, 0.25, 0.5] }, limber: { foot: [0.5, 1, 1.5], horse: [0.5, 0.5, 0.75] } });
  });
  it('the tables as a whole pass their schema (a house-rules file is checked against it)', () => expect(tablesSchema.safeParse(DEFAULT_TABLES).success).toBe(true));
});
