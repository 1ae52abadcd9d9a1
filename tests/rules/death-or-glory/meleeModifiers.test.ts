/** DoG MELÉE Melee Modifiers: single lines of the table, each pinned by a melee fought through the engine (a Prussian charge on a French line). */
import { describe, expect, it } from 'vitest';
import { battle, advanceTo, withDice, apply, rolls, withUnitState, type St, type U } from './build';
import type { DogState } from '../../../src/rules/death-or-glory/state';

/** End `side`'s step with the dice `head` scripted first, then 5, 4, 5, … as many as the step goes on to roll (tests, initiative). */
function endStepWith(s: St, side: string, head: number[]) {
  let last = '';
  for (let k = 0; k <= 10; k++) {
    try { return apply(withDice(s, [...head, ...Array.from({ length: k }, (_, i) => (i % 2 ? 4 : 5))]), { type: 'endStep', side }); } catch (e) {
      last = String(e);
      if (!String(e).includes('left over') && !String(e).includes('ran out') && !String(e).includes('scripted')) throw e;
    }
  }
  throw new Error(`no dice script fits: ${last}`);
}

/** Blue troops (cavalry from 150 m, or from `blue.y`) charge the French line; the French stand (reaction die 3, volley die 1) or form square (reaction die 3); `patch` is the French state at the melee. */
function melee(blue: Omit<U, 'id' | 'side' | 'x' | 'y'> & { y?: number }, patch: Partial<DogState['units'][string]> = {}, red: Partial<U> = {}, terrain: unknown[] = [], reaction = 'stand', cavPatch: Partial<DogState['units'][string]> = {}) {
  let s = advanceTo(battle([
    { id: 'cav', side: 'blue', x: 1200, y: 600, n: 2, ...blue },
    { id: 'fr', side: 'red', type: 'fusilier', x: 1200, y: 750, n: 2, ...red },
    { id: 'fr2', side: 'red', type: 'fusilier', x: 1800, y: 1200 },
  ], { terrain }), 'declare');
  s = apply(s, { type: 'declareCharge', side: 'blue', unit: 'cav', target: 'fr' }).state;
  s = apply(s, { type: 'endStep', side: 'blue' }).state;
  s = apply(s, { type: 'reactToCharge', side: 'red', unit: 'fr', reaction }).state;
  s = apply(s, { type: 'endStep', side: 'red' }).state;
  // A battery's canister kills enough to call for the dragoons' 10% test: a 1 holds.
  s = endStepWith(s, 'blue', reaction === 'square' ? [3] : red.arm === 'artillery' ? [3, 1, 1] : [3, 1]).state;
  expect(s.position.step).toBe('fireFirst');
  s = apply(s, { type: 'endStep', side: 'blue' }).state;
  s = withUnitState(withUnitState(s, 'fr', patch), 'cav', cavPatch);
  const r = endStepWith(s, 'red', [7, 1]);
  const [cav, inf] = rolls(r.events).filter((x) => x.table?.column?.startsWith('head count'));
  const mods = (x: typeof cav) => x!.modifiers.map((m) => [m.label, m.value]);
  return { cav: mods(cav), inf: mods(inf), infHeads: inf!.table?.column ?? '', cavHeads: cav!.table?.column ?? '' };
}

describe('DoG Melee Modifiers: cuirassiers, lancers', () => {
  // DoG Melee Modifiers "+2 Heavy Cavalry", "+1 Cuirassiers", "+2 Lancers (first round only)"; DoG MELÉE "Lancers count as heavy cavalry only during first round".
  it('Prussian cuirassiers add heavy cavalry +2 and cuirassiers +1', () => {
    const { cav } = melee({ arm: 'cavalry', type: 'cuirassier' });
    expect(cav).toContainEqual(['heavy cavalry', 2]);
    expect(cav).toContainEqual(['cuirassiers', 1]);
  });
  it('Prussian uhlans add lancers +2 (first round only) and count as heavy in the first round', () => {
    const { cav } = melee({ arm: 'cavalry', type: 'uhlan' });
    expect(cav).toContainEqual(['lancers (first round only)', 2]);
    expect(cav).toContainEqual(['heavy cavalry', 2]);
    expect(cav).not.toContainEqual(['cuirassiers', 1]);
  });
  it('Prussian hussars add neither heavy, cuirassiers nor lancers', () => {
    const { cav } = melee({ arm: 'cavalry', type: 'hussar' });
    expect(cav.map(([l]) => l)).not.toContain('heavy cavalry');
    expect(cav.map(([l]) => l)).not.toContain('cuirassiers');
    expect(cav.map(([l]) => l)).not.toContain('lancers (first round only)');
  });
});

describe('DoG Melee Modifiers: the French line unformed, tired, exhausted, veteran', () => {
  // DoG Melee Modifiers "+3 cavalry vs unformed foot", "-1 unformed", "-2 tired", "-4 exhausted", "+1 veteran".
  it('an unformed French line: the dragoons add cavalry vs unformed foot +3; the French take unformed -1', () => {
    const { cav, inf } = melee({ arm: 'cavalry', type: 'dragoon' }, { order: 'unformed' });
    expect(cav).toContainEqual(['cavalry vs unformed foot', 3]);
    expect(cav.map(([l]) => l)).not.toContain('cavalry vs disordered foot');
    expect(inf).toContainEqual(['unformed', -1]);
  });
  it('a tired French line takes tired -2', () => {
    const { inf } = melee({ arm: 'cavalry', type: 'dragoon' }, { fatigue: 1 });
    expect(inf).toContainEqual(['tired', -2]);
    expect(inf.map(([l]) => l)).not.toContain('exhausted');
  });
  it('an exhausted French line takes exhausted -4', () => {
    const { inf } = melee({ arm: 'cavalry', type: 'dragoon' }, { fatigue: 2 });
    expect(inf).toContainEqual(['exhausted', -4]);
    expect(inf.map(([l]) => l)).not.toContain('tired');
  });
  it('a veteran French line adds veteran +1', () => {
    const { inf } = melee({ arm: 'cavalry', type: 'dragoon' }, {}, { quality: 'veteran' });
    expect(inf).toContainEqual(['veteran', 1]);
  });
});

/** Ground under the French line (x 1100-1300, y 700-800) that gives it cover of the kind named. */
const coverUnderFrench = (cover: 'hard' | 'entrenched') => [{ id: 'c', kind: 'field', name: cover, polygon: [[1100, 700], [1300, 700], [1300, 800], [1100, 800]], props: { cover } }];

describe('DoG MELÉE head count and Melee Modifiers for troops in cover: a French half-battalion (first two rows, 12 figures) charged by dragoons', () => {
  it('in the open it counts 12, with no cover modifier', () => {
    const { inf, infHeads } = melee({ arm: 'cavalry', type: 'dragoon' });
    expect(infHeads).toBe('head count 12');
    expect(inf.map(([l]) => l)).not.toContain('in buildings');
  });
  // DoG MELÉE "Troops inside buildings or behind hard cover count 50% more"; Melee Modifiers "+3 in buildings".
  it('behind hard cover it counts 50% more, 18, and adds in buildings +3', () => {
    const { inf, infHeads } = melee({ arm: 'cavalry', type: 'dragoon' }, {}, {}, coverUnderFrench('hard'));
    expect(infHeads).toMatch(/^head count 18 \(.*50% more/);
    expect(inf).toContainEqual(['in buildings', 3]);
  });
  // DoG MELÉE "Troops entrenched or in fortifications count as double their number"; Melee Modifiers "+4 in fortifications/entrenched".
  it('entrenched it counts double, 24, and adds in fortifications/entrenched +4', () => {
    const { inf, infHeads } = melee({ arm: 'cavalry', type: 'dragoon' }, {}, {}, coverUnderFrench('entrenched'));
    expect(infHeads).toMatch(/^head count 24 \(.*entrenched: double/);
    expect(inf).toContainEqual(['in fortifications/entrenched', 4]);
    expect(inf.map(([l]) => l)).not.toContain('in buildings');
  });
});

describe('DoG Melee Modifiers: dragoons charge French dragoons standing 150 m off', () => {
  const redDragoons: Partial<U> = { arm: 'cavalry', type: 'dragoon' };
  // DoG Melee Modifiers "+1 Cav vs unformed cav", "+2 Cav vs disordered cav".
  it('against unformed French dragoons the Prussians add cavalry vs unformed cavalry +1, not the foot line', () => {
    const { cav } = melee({ arm: 'cavalry', type: 'dragoon' }, { order: 'unformed' }, redDragoons);
    expect(cav).toContainEqual(['cavalry vs unformed cavalry', 1]);
    expect(cav.map(([l]) => l)).not.toContain('cavalry vs unformed foot');
  });
  it('against disordered French dragoons the Prussians add cavalry vs disordered cavalry +2', () => {
    const { cav } = melee({ arm: 'cavalry', type: 'dragoon' }, { order: 'disordered' }, redDragoons);
    expect(cav).toContainEqual(['cavalry vs disordered cavalry', 2]);
  });
  // DoG Melee Modifiers "-2 Cossacks vs formed cav".
  it('Russian Cossacks against formed French dragoons take Cossacks vs formed cavalry -2', () => {
    const { cav } = melee({ arm: 'cavalry', type: 'cossack', nation: 'russia' }, {}, redDragoons);
    expect(cav).toContainEqual(['Cossacks vs formed cavalry', -2]);
  });
});

describe('DoG Melee Modifiers: the French form square against the dragoons', () => {
  // DoG Melee Modifiers "-5 Cav vs Inf in square", "+2 Cav vs Inf in single rank (includes squares)", "+2 Inf in square vs cav".
  it('the dragoons take cavalry vs infantry in square -5 (and single rank +2); the square adds infantry in square vs cavalry +2', () => {
    const { cav, inf } = melee({ arm: 'cavalry', type: 'dragoon' }, {}, {}, [], 'square');
    expect(cav).toContainEqual(['cavalry vs infantry in square', -5]);
    expect(cav).toContainEqual(['cavalry vs infantry in single rank (includes squares)', 2]);
    expect(inf).toContainEqual(['infantry in square vs cavalry', 2]);
  });
});

describe('DoG Melee Modifiers: Prussian dragoons charge a line of landwehr', () => {
  // DoG Melee Modifiers "-2 conscript/militia"; DoG Nationality Tables (landwehr).
  it('the landwehr take conscript/militia -2; French fusiliers in the same place do not', () => {
    expect(melee({ arm: 'cavalry', type: 'dragoon' }, {}, { nation: 'prussia', type: 'landwehr' }).inf).toContainEqual(['conscript/militia', -2]);
    expect(melee({ arm: 'cavalry', type: 'dragoon' }).inf.map(([l]) => l)).not.toContain('conscript/militia');
  });
});

describe('DoG Melee Modifiers: the French line against dragoons already unformed or disordered', () => {
  // DoG Melee Modifiers "+1 Inf vs unformed", "+2 Inf vs disordered", "-1 unformed", "-2 disordered".
  it('against unformed dragoons the French add infantry vs unformed +1; the dragoons take unformed -1', () => {
    const { cav, inf } = melee({ arm: 'cavalry', type: 'dragoon' }, {}, {}, [], 'stand', { order: 'unformed' });
    expect(inf).toContainEqual(['infantry vs unformed', 1]);
    expect(cav).toContainEqual(['unformed', -1]);
  });
  it('against disordered dragoons the French add infantry vs disordered +2; the dragoons take disordered -2', () => {
    const { cav, inf } = melee({ arm: 'cavalry', type: 'dragoon' }, {}, {}, [], 'stand', { order: 'disordered' });
    expect(inf).toContainEqual(['infantry vs disordered', 2]);
    expect(cav).toContainEqual(['disordered', -2]);
  });
});

describe('DoG Melee Modifiers: outnumbering by head count', () => {
  // DoG Melee Modifiers "+3 Outnumber enemy by 3:1", "+4 Outnumber enemy by 4:1 or more".
  it('one stand of dragoons (2 figures, counting 4 against foot) against a half-battalion (12): the French outnumber 3:1', () => {
    const { inf, infHeads, cavHeads } = melee({ arm: 'cavalry', type: 'dragoon', n: 1 });
    expect([infHeads, cavHeads]).toEqual(['head count 12', 'head count 4 (cavalry figures count 2 against foot)']);
    expect(inf).toContainEqual(['outnumber enemy by 3:1', 3]);
    expect(inf.map(([l]) => l)).not.toContain('outnumber enemy by 4:1 or more');
  });
  it('one stand of dragoons against a battalion of four stands: the French outnumber 4:1', () => {
    const { inf, infHeads, cavHeads } = melee({ arm: 'cavalry', type: 'dragoon', n: 1 }, {}, { n: 4 });
    // The battalion's two rows overlap the one stand by one figure each flank: 16 of its 24 front figures.
    expect([infHeads, cavHeads]).toEqual(['head count 16 (overlap limited to one figure each flank)', 'head count 4 (cavalry figures count 2 against foot)']);
    expect(inf).toContainEqual(['outnumber enemy by 4:1 or more', 4]);
  });
});

describe('DoG Melee Modifiers: two stands of dragoons (8) against three French stands (18)', () => {
  // DoG Melee Modifiers "+2 Outnumber enemy by 2:1".
  it('the French outnumber 2:1', () => {
    const { inf, infHeads } = melee({ arm: 'cavalry', type: 'dragoon' }, {}, { n: 3 });
    expect(infHeads).toBe('head count 18');
    expect(inf).toContainEqual(['outnumber enemy by 2:1', 2]);
  });
});

describe('DoG Melee Modifiers: dragoons charge from a hill onto a French line below it', () => {
  // DoG Melee Modifiers "+1 uphill": the side on the higher ground.
  const hill = { id: 'knoll', kind: 'hill', name: 'Knoll', polygon: [[1000, 500], [1400, 500], [1400, 738], [1000, 738]], heightLevel: 1, props: {} };
  it('the dragoons on the hill add uphill +1; the French below do not', () => {
    const { cav, inf } = melee({ arm: 'cavalry', type: 'dragoon' }, {}, {}, [hill]);
    expect(cav).toContainEqual(['uphill', 1]);
    expect(inf.map(([l]) => l)).not.toContain('uphill');
  });
});

describe('DoG Melee Modifiers: dragoons charge a French 2nd line battalion', () => {
  // DoG Melee Modifiers "-1 2nd line".
  it('the 2nd line takes 2nd line -1', () => {
    const { inf } = melee({ arm: 'cavalry', type: 'dragoon' }, {}, { quality: '2nd-line' });
    expect(inf).toContainEqual(['2nd line', -1]);
  });
});

describe('DoG Melee Modifiers: a Prussian musketeer column charges a French line 100 m off', () => {
  // DoG Melee Modifiers "+2 Inf in column vs Inf in single rank line".
  it('the column adds infantry in column vs infantry in single rank line +2; the line does not', () => {
    const { cav: col, inf: line } = melee({ type: 'musketeer', formation: 'column', y: 650 });
    expect(col).toContainEqual(['infantry in column vs infantry in single rank line', 2]);
    expect(line.map(([l]) => l)).not.toContain('infantry in column vs infantry in single rank line');
  });
});

describe('DoG Melee Modifiers: dragoons charge a French foot battery that stands', () => {
  // DoG Melee Modifiers "+6 Cavalry vs skirmishers and arty".
  it('the dragoons add cavalry vs skirmishers and artillery +6, and not the single rank line', () => {
    const { cav } = melee({ arm: 'cavalry', type: 'dragoon' }, {}, { arm: 'artillery', type: 'line-foot' });
    expect(cav).toContainEqual(['cavalry vs skirmishers and artillery', 6]);
    expect(cav.map(([l]) => l)).not.toContain('cavalry vs infantry in single rank (includes squares)');
  });
});
