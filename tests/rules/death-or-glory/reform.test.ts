/**
 * DoG Reforming Unformed / Disordered Troops and the FORMATION CHANGES "Reform (unformed)" and
 * "Reform (disordered)" rows: full turns of inaction by the nation's drill column, disordered troops
 * unformed after the first, double time for conscripts and the tired — played through the engine's
 * command / rally phase.
 */
import { describe, expect, it } from 'vitest';
import { battle, advanceTo, apply, ofType, withUnitState, type St } from './build';
import { reformTurns } from '../../../src/rules/death-or-glory/command/rally';
import { DEFAULT_TABLES } from '../../../src/rules/death-or-glory/tables';

/** Units far from any enemy, put in the given order in turn 1's movement (after its rally phase). */
function start(): St {
  let s = advanceTo(battle([
    { id: 'fr-u', side: 'red', type: 'fusilier', x: 300, y: 1400 },
    { id: 'fr-d', side: 'red', type: 'fusilier', x: 700, y: 1400 },
    { id: 'fr-cons', side: 'red', type: 'fusilier', x: 1100, y: 1400, quality: 'conscript' },
    { id: 'pr-u', side: 'blue', type: 'musketeer', x: 300, y: 200 },
    { id: 'pr-cav-d', side: 'blue', arm: 'cavalry', type: 'dragoon', x: 700, y: 200, n: 2 },
    { id: 'ru-d', side: 'blue', type: 'musketeer', nation: 'russia', x: 1100, y: 200 },
  ]), 'moveFirst');
  for (const [id, order] of [['fr-u', 'unformed'], ['fr-d', 'disordered'], ['fr-cons', 'unformed'], ['pr-u', 'unformed'], ['pr-cav-d', 'disordered'], ['ru-d', 'disordered']] as const) s = withUnitState(s, id, { order, idleTurns: 0 });
  return s;
}

/** Play on, nobody acting, to the next turn's movement; the Reformed events of its rally phase. */
function nextTurn(s: St): { s: St; reformed: Record<string, string> } {
  const turn = s.position.turn;
  let st = s;
  const reformed: Record<string, string> = {};
  for (let i = 0; i < 60 && !(st.position.turn === turn + 1 && st.position.step === 'moveFirst'); i++) {
    const side = st.position.actors.find((a) => !st.position.done.includes(a))!;
    const r = apply(st, { type: 'endStep', side });
    for (const e of ofType(r.events, 'Reformed')) reformed[String(e['unit'])] = String(e['order']);
    st = r.state;
  }
  return { s: st, reformed };
}

describe('DoG FORMATION CHANGES, Reform rows: turns of inaction by drill', () => {
  it('reads the rows: French infantry 1 / 1, Prussian 2 / 2, Prussian horse 2 / 3, Russian infantry 1 / 2; conscripts and the tired double', () => {
    const s = start();
    const u = (id: string) => s.battle.units.find((x) => x.id === id)!;
    expect(reformTurns(DEFAULT_TABLES, u('fr-u'), 'unformed', false).turns).toBe(1);
    expect(reformTurns(DEFAULT_TABLES, u('fr-u'), 'disordered', false).turns).toBe(1);
    expect(reformTurns(DEFAULT_TABLES, u('pr-u'), 'unformed', false).turns).toBe(2);
    expect(reformTurns(DEFAULT_TABLES, u('pr-cav-d'), 'unformed', false).turns).toBe(2);
    expect(reformTurns(DEFAULT_TABLES, u('pr-cav-d'), 'disordered', false).turns).toBe(3);
    expect(reformTurns(DEFAULT_TABLES, u('ru-d'), 'unformed', false).turns).toBe(1);
    expect(reformTurns(DEFAULT_TABLES, u('ru-d'), 'disordered', false).turns).toBe(2);
    expect(reformTurns(DEFAULT_TABLES, u('fr-cons'), 'unformed', false).turns).toBe(2);
    expect(reformTurns(DEFAULT_TABLES, u('fr-u'), 'unformed', true)).toEqual({ turns: 2, why: 'France infantry, unformed, double time' });
  });

  it('standing still, each reforms when its row says', () => {
    let s = start();
    const t2 = nextTurn(s);
    // After one full turn of inaction: the French (1) reform, disordered French straight to formed (1);
    // the disordered Russians and Prussian horse are unformed; the Prussians and the conscripts wait.
    expect(t2.reformed).toEqual({ 'fr-u': 'formed', 'fr-d': 'formed', 'pr-cav-d': 'unformed', 'ru-d': 'unformed' });
    const t3 = nextTurn(t2.s);
    expect(t3.reformed).toEqual({ 'fr-cons': 'formed', 'pr-u': 'formed', 'ru-d': 'formed' });
    const t4 = nextTurn(t3.s);
    expect(t4.reformed).toEqual({ 'pr-cav-d': 'formed' });
    s = t4.s;
    expect(Object.values(s.ruleset.units).every((x) => x.order === 'formed')).toBe(true);
  });

  it('a unit that moves starts again: the Prussians moving in turn 1 are still unformed after turn 2', () => {
    let s = start();
    s = apply(s, { type: 'moveUnit', side: 'blue', unit: 'pr-u', legs: [{ kind: 'forward', mm: 20 }] }).state;
    const t2 = nextTurn(s);
    const t3 = nextTurn(t2.s);
    expect(t3.reformed['pr-u']).toBeUndefined();
    expect(nextTurn(t3.s).reformed['pr-u']).toBe('formed');
  });
});
