/** Every table of the battalion rules read back against the text (BT = battalion-rof-motivation.txt). */
import { describe, expect, it } from 'vitest';
import { DEFAULT_TABLES as T, tablesSchema, SHOOTING_MODIFIERS, MOVEMENT_TABLE, RANGE_TABLE, TO_HIT, SHOOTING_SAVE, ATTACKS_PER_STAND, SKILL_CHECK, ARMOUR_SAVE, MOTIVATION_TABLE } from '../../../src/rules/battalion/tables';
import { optionsSchema } from '../../../src/rules/battalion/options';

describe('BT Movement Phase: the movement table (inches)', () => {
  it('Column: Light Inf and Inf/Gren 6”/12” (the double), Light A. 6”*; no other column', () => {
    expect(MOVEMENT_TABLE.column).toEqual({ lightInf: { inches: 6, doubleInches: 12 }, infGren: { inches: 6, doubleInches: 12 }, lightArt: { inches: 6 } });
  });
  it('Line: 6, 4, 10, 8, 6, 4, 2 across Light Inf, Inf/Gren, Light C., Med C./Horse A, Heavy C., Light A., Heavy A.', () => {
    const l = MOVEMENT_TABLE.line;
    expect([l.lightInf, l.infGren, l.lightCav, l.medCavHorseArt, l.heavyCav, l.lightArt, l.heavyArt].map((c) => c!.inches)).toEqual([6, 4, 10, 8, 6, 4, 2]);
  });
  it('Loose: Light Inf 6, Light C. 12, Med C. 10, Heavy C. 8; Square: infantry immobile; Wedge: 8, 6, 6', () => {
    expect(MOVEMENT_TABLE.loose).toEqual({ lightInf: { inches: 6 }, lightCav: { inches: 12 }, medCavHorseArt: { inches: 10 }, heavyCav: { inches: 8 } });
    expect(MOVEMENT_TABLE.square.lightInf!.immobile && MOVEMENT_TABLE.square.infGren!.immobile).toBe(true);
    expect(Object.keys(MOVEMENT_TABLE.square)).toEqual(['lightInf', 'infGren']);
    expect(MOVEMENT_TABLE.wedge).toEqual({ lightCav: { inches: 8 }, medCavHorseArt: { inches: 6 }, heavyCav: { inches: 6 } });
  });
});

describe('BT Range table: Range, Grape Range, Cannon ROF, Grape ROF, FPW', () => {
  it('reads back every row', () => {
    expect(RANGE_TABLE.musket).toEqual({ rangeIn: 12, firepower: 6 });
    expect(RANGE_TABLE.lightArtillery).toEqual({ rangeIn: 24, grapeRangeIn: 12, cannonRof: 3, grapeRof: 6, firepower: 5 });
    expect(RANGE_TABLE.horseArtillery).toEqual({ rangeIn: 18, grapeRangeIn: 12, cannonRof: 2, grapeRof: 4, firepower: 4 });
    expect(RANGE_TABLE.heavyArtillery).toEqual({ rangeIn: 40, cannonRof: 5, firepower: 3 });
    expect(RANGE_TABLE.howitzers).toEqual({ rangeIn: 30, cannonRof: 1, firepower: 4, firepowerVsBuildings: 3 });
    expect(RANGE_TABLE.rockets).toEqual({ rangeIn: 30, cannonRof: 2, firepower: 6 });
  });
});

describe('BT To Hit and Save tables', () => {
  it('To Hit by the unit firing: infantry 6+, cavalry 6+, artillery 4+', () => expect(TO_HIT).toEqual({ infantry: 6, cavalry: 6, artillery: 4 }));
  it('To Save from Shooting: infantry 3+, cavalry 4+, artillery 5+', () => expect(SHOOTING_SAVE).toEqual({ infantry: 3, cavalry: 4, artillery: 5 }));
});

describe('BT Modifiers table', () => {
  it('reads back every row, in order, with what it changes', () => {
    expect(Object.values(SHOOTING_MODIFIERS).map((m) => [m.label, m.value, m.on])).toEqual([
      ['At Square Formation', 2, 'toHit'],
      ['At Column Formation', 1, 'toHit'],
      ['Rifles skill', 1, 'toHit'],
      ['With Veteran Skilled unit', 1, 'toHit'],
      ['Having not moved', 1, 'toHit'],
      ['Jaeger skill', 1, 'rof'],
      ['In Line Formation 4 wide', 1, 'rof'],
      ['In-direct (Artillery)', -1, 'toHit'],
      ['Over 16”', -1, 'toHit'],
      ['With Conscript Skilled unit', -1, 'toHit'],
      ['Through a friendly Skirmish line', -1, 'toHit'],
      ['At a Loose formation Battalion', -1, 'toHit'],
      ['Having Moved (-1 To Hit or reduced ROF)', -1, 'toHit'],
    ]);
  });
});

describe('BT Assault tables', () => {
  it('Attacks per Stand: line, light, Brigade CO, Battalion CO, artillery 1; grenadiers 2; light 2, medium 3, heavy cavalry 4', () => {
    expect(ATTACKS_PER_STAND).toEqual({ lineInfantry: 1, lightInfantry: 1, brigadeCO: 1, battalionCO: 1, artillery: 1, grenadiers: 2, lightCavalry: 2, mediumCavalry: 3, heavyCavalry: 4 });
  });
  it('Skill check table: conscript 5+, trained 4+, veteran 3+', () => expect(SKILL_CHECK).toEqual({ conscript: 5, trained: 4, veteran: 3 }));
  it('Armour Save Table: infantry none, in square 3+, Brigade CO none, artillery none, light 5+, medium 4+, heavy cavalry 3+', () => {
    expect(ARMOUR_SAVE).toEqual({ infantry: null, infantryInSquare: 3, brigadeCO: null, artillery: null, lightCavalry: 5, mediumCavalry: 4, heavyCavalry: 3 });
  });
});

describe('BT Motivation table', () => {
  it('reads back every reason and modifier', () => {
    expect(Object.values(MOTIVATION_TABLE).map((m) => m.value)).toEqual([-1, -1, -1, -1, -1, -1, 1, 1, 1, 1]);
    expect(MOTIVATION_TABLE.largerEnemy.label).toMatch(/cumulative/);
    expect(MOTIVATION_TABLE.brigadeCommanderNear.label).toMatch(/16/);
  });
});

describe('Tables and options as data', () => {
  it('the default tables pass their own schema (a house-rules file is checked against it)', () => expect(tablesSchema.safeParse(T).success).toBe(true));
  it('a broken table is refused', () => expect(tablesSchema.safeParse({ ...T, skill: { ...T.skill, trained: 9 } }).success).toBe(false));
  it('the house values the text leaves out: motivation 4+, one die per infantry stand (RULINGS.md)', () => {
    expect(optionsSchema.parse({})).toEqual({ motivationTarget: 4, infantryRofPerStand: 1, cavalryRofPerStand: 1, separationIn: 2, assaultWheelDeg: 45 });
  });
});
