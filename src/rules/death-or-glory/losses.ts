/**
 * Casualties (DoG Basing and Scale: a figure is 30 men). The charts give men; a unit keeps its men
 * lost and has a figure taken off for every whole 30, from its rearmost stand; a stand left with
 * no figures is removed (RULINGS.md). A unit with no figures left is destroyed.
 */
import { unitIn, setStands, dropUnit } from '../../engine/workingState';
import { unitFrame, toLocal } from '../../geometry/frame';
import type { W } from './state';
import { us, setUs, MEN_PER_FIGURE, figuresOf } from './state';
import { withId } from '../../engine/ids';

/** Take `men` casualties off `unitId`; returns figures removed. */
export function takeCasualties(w: W, unitId: string, men: number, rule: string): number {
  const u = unitIn(w, unitId);
  if (!u || men <= 0) return 0;
  const st = us(w.rs, unitId);
  const before = Math.floor(st.menLost / MEN_PER_FIGURE);
  const menLost = st.menLost + men;
  setUs(w, unitId, { menLost, lostThisTurn: st.lostThisTurn + men });
  let figs = Math.min(figuresOf(u), Math.floor(menLost / MEN_PER_FIGURE) - before);
  const removed = figs;
  if (figs > 0) {
    const fr = unitFrame(u.stands);
    const rearFirst = [...u.stands].sort((a, b) => toLocal(fr, a.centre).along - toLocal(fr, b.centre).along || (a.id === u.commandStandId ? 1 : 0) - (b.id === u.commandStandId ? 1 : 0));
    const left = new Map(u.stands.map((s) => [s.id, s.figures ?? 0]));
    for (const s of rearFirst) {
      if (figs <= 0) break;
      const take = Math.min(figs, left.get(s.id)!);
      left.set(s.id, left.get(s.id)! - take);
      figs -= take;
    }
    const stands = u.stands.filter((s) => left.get(s.id)! > 0).map((s) => ({ ...s, figures: left.get(s.id)! }));
    w.ctx.emit({ type: 'FiguresLost', unit: unitId, men, figures: removed, left: stands.reduce((a, s) => a + (s.figures ?? 0), 0), rule });
    if (stands.length === 0) {
      destroyUnit(w, unitId, 'destroyed');
      return removed;
    }
    const cmd = stands.some((s) => s.id === u.commandStandId) ? u.commandStandId : stands[0]!.id;
    setStands(w, unitId, stands);
    if (cmd !== u.commandStandId) w.battle = { ...w.battle, units: w.battle.units.map((x) => (x.id === unitId ? { ...x, commandStandId: cmd } : x)) };
  } else {
    w.ctx.emit({ type: 'FiguresLost', unit: unitId, men, figures: 0, left: figuresOf(u), rule });
  }
  return removed;
}

export function destroyUnit(w: W, unitId: string, how: 'routed off' | 'destroyed'): void {
  const u = unitIn(w, unitId);
  if (!u) return;
  w.rs = {
    ...w.rs,
    gone: withId(w.rs.gone, unitId, { side: u.side, troopType: u.troopType, figures: figuresOf(u), how }),
    melees: w.rs.melees.filter((m) => m.a !== unitId && m.b !== unitId),
    charges: w.rs.charges.filter((c) => c.unit !== unitId && c.target !== unitId),
  };
  dropUnit(w, unitId);
  w.ctx.emit({ type: 'UnitLeftField', unit: unitId, how, rule: how === 'routed off' ? 'DoG Routing troops attempt to rally ("or they go off the table (whereupon they are lost for game purposes)")' : 'DoG Basing and Scale' });
}
