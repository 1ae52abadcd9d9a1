/**
 * BT Summery of Shooting Phase, steps 8-11 (and the same for hits in an assault): the opponent
 * assigns the hits to stands of the battalion (a choice: `assignHit`), rolls the saves, the stands
 * that fail are taken off, and the unit takes its motivation check and any fall back.
 */
import type { Stand, Unit } from '../../../engine/model';
import { loseStands, unitIn } from '../../../engine/workingState';
import type { Pending, W } from '../state';
import { armOf, us, setUs, setCommander } from '../state';
import { SAVE_RULE, ARMOUR_RULE, SHOOTING_RULE, FALLBACK_RULE, LANCE_ARMOUR_LOSS } from '../tables';
import { attachedTo, killCommander, OFFICERS_RULE } from '../special/commanders';
import { motivationCheck } from '../motivation/checks';
import { failedMotivation, leaveField, commanderDiedChecks } from '../motivation/outcomes';
import { centreOf, standPlace } from '../geo';
import { unitDistance } from '../../../geometry/measure';
import { afterAssaultHits, react } from '../assault/assault';

export type HitsPending = Extract<Pending, { kind: 'hits' }>;

/** What a hit may be assigned to: the battalion's stands and the commanders attached to it. */
export function hitCandidates(w: { battle: W['battle']; rs: W['rs'] }, unitId: string): string[] {
  const u = w.battle.units.find((x) => x.id === unitId);
  if (!u) return [];
  return [...u.stands.map((s) => s.id), ...attachedTo(w, unitId).map((g) => g.id)];
}

/**
 * The default assignment (a side that has finished its step, or a test): the stands nearest the
 * cause first, the officer's stand and commanders last (RULINGS.md).
 */
export function defaultAssignment(w: { battle: W['battle']; rs: W['rs'] }, p: HitsPending): string[] {
  const u = w.battle.units.find((x) => x.id === p.target);
  const cause = w.battle.units.find((x) => x.id === p.cause);
  if (!u) return [];
  const free = u.stands.filter((s) => !p.assigned.includes(s.id));
  const d = (s: Stand) => (cause ? unitDistance([s], cause.stands) : 0);
  const order = [...free].sort((a, b) => Number(a.id === u.commandStandId) - Number(b.id === u.commandStandId) || d(a) - d(b) || (a.id < b.id ? -1 : 1)).map((s) => s.id);
  const gens = attachedTo(w, u.id).map((g) => g.id).filter((id) => !p.assigned.includes(id));
  return [...order, ...gens].slice(0, p.hits - p.assigned.length);
}

/** A choice whose side has finished the step is settled by default (RULINGS.md): hits on the nearest stands, a counter attack. */
export function settleAbandoned(w: W): void {
  for (let i = 0; i < 20 && w.rs.pending && w.done.includes(w.rs.pending.owner); i++) {
    const p = w.rs.pending;
    if (p.kind === 'hits') resolvePending(w, defaultAssignment(w, p));
    else react(w, 'counter');
  }
}

/** Open a choice of where `hits` fall on `target`, or resolve at once when its owner has finished the step. */
export function offerHits(w: W, p: Omit<HitsPending, 'kind' | 'assigned'>, ownerDone: boolean): void {
  const cap = hitCandidates(w, p.target).length;
  const hits = Math.min(p.hits, cap);
  const pending: HitsPending = { kind: 'hits', ...p, hits, assigned: [] };
  if (hits <= 0) { w.rs = { ...w.rs, pending: undefined }; continueAfter(w, pending, 0); return; }
  w.rs = { ...w.rs, pending };
  w.ctx.emit({ type: 'HitsToAssign', side: p.owner, unit: p.target, hits, rule: `${SHOOTING_RULE} 8` });
  if (ownerDone) resolvePending(w, defaultAssignment(w, pending));
}

/** Save needed by what a hit fell on (BT Save table for shooting, Armour Save Table in an assault); undefined = no save. */
export function saveFor(w: Pick<W, 'tables'>, u: Unit, onCommander: boolean, p: Pick<HitsPending, 'save' | 'lances'>): { need?: number; label: string; rule: string } {
  const arm = armOf(u);
  if (p.save === 'shooting') {
    if (onCommander) return { need: w.tables.shootingSave.cavalry, label: 'mounted commander saves as cavalry (RULINGS.md)', rule: SAVE_RULE };
    return { need: w.tables.shootingSave[arm], label: `${arm} ${w.tables.shootingSave[arm]}+`, rule: SAVE_RULE };
  }
  const a = w.tables.armour;
  if (onCommander) return a.brigadeCO === null ? { label: 'Brigade CO: none', rule: ARMOUR_RULE } : { need: a.brigadeCO, label: `Brigade CO ${a.brigadeCO}+`, rule: ARMOUR_RULE };
  let need: number | null;
  let label: string;
  if (arm === 'infantry') { need = u.formation === 'square' ? a.infantryInSquare : a.infantry; label = u.formation === 'square' ? 'Infantry In Square' : 'Infantry'; }
  else if (arm === 'artillery') { need = a.artillery; label = 'Artillery'; }
  else { const k = u.troopType === 'light-cavalry' ? 'lightCavalry' : u.troopType === 'heavy-cavalry' ? 'heavyCavalry' : 'mediumCavalry'; need = a[k]; label = k.replace('Cavalry', ' Cavalry'); }
  if (p.lances === 'noSaveInSquare' && u.formation === 'square') return { label: 'no save: lancers against a square (BT Lances)', rule: 'BT Lances' };
  if (need !== null && p.lances === 'armourReduced') { need += LANCE_ARMOUR_LOSS; label += ', lancers charged: armour reduced by 1 (BT Lances)'; }
  if (need === null || need > 6) return { label: `${label}: none`, rule: ARMOUR_RULE };
  return { need, label: `${label} ${need}+`, rule: ARMOUR_RULE };
}

/** BT Shooting 9-10: saves for each assigned hit; failed stands removed (an officer's loss noted), commanders killed. */
export function resolvePending(w: W, extra: readonly string[] = []): void {
  const p0 = w.rs.pending;
  if (!p0 || p0.kind !== 'hits') return;
  const p: HitsPending = { ...p0, assigned: [...p0.assigned, ...extra] };
  w.rs = { ...w.rs, pending: undefined };
  const u = unitIn(w, p.target);
  if (!u) return;
  const placeOf = (id: string) => (u.stands.some((s) => s.id === id) ? standPlace(u, id) : (w.battle.generals.find((g) => g.id === id)?.name ?? 'a commander'));
  w.ctx.emit({ type: 'HitsAssigned', side: p.owner, unit: u.id, stands: p.assigned, places: p.assigned.map(placeOf), rule: `${SHOOTING_RULE} 8` });
  const lost: string[] = [];
  for (const id of p.assigned) {
    const commander = !u.stands.some((s) => s.id === id);
    const s = saveFor(w, u, commander, p);
    const what = placeOf(id);
    if (s.need === undefined) {
      w.ctx.emit({ type: 'NoSave', unit: u.id, stand: id, place: what, why: s.label, rule: s.rule });
      lost.push(id);
      continue;
    }
    const r = w.ctx.roll({ dice: 'd6', purpose: `${u.name}: save for ${what}`, rule: `${p.save === 'shooting' ? `${SHOOTING_RULE} 9` : 'BT Assault Phase Summery'}; ${s.rule}`, target: { value: s.need, pass: 'atLeast', label: s.label }, subjects: [u.id], outcome: (v) => (v.passed ? 'saved' : 'lost') });
    if (!r.passed) lost.push(id);
  }
  const stands = lost.filter((id) => u.stands.some((s) => s.id === id));
  const killed = lost.filter((id) => !stands.includes(id));
  for (const id of killed) killCommander(w, id, `${p.rule}; ${OFFICERS_RULE}`);
  const officer = stands.includes(u.commandStandId);
  if (stands.length > 0) {
    loseStands(w, u.id, stands);
    w.ctx.emit({ type: 'StandsRemoved', unit: u.id, stands, rule: `${SHOOTING_RULE} 10` });
  }
  if (officer) {
    setUs(w, u.id, { officerDead: true });
    w.ctx.emit({ type: 'OfficerFell', unit: u.id, rule: OFFICERS_RULE });
    // An adjutant attached replaces him (BT Army Commanders).
    const adj = Object.entries(w.rs.commanders).find(([, c]) => c.kind === 'adjutant' && c.attachedTo === u.id && !c.dead);
    if (adj) { setUs(w, u.id, { officerDead: false }); setCommander(w, adj[0], { attachedTo: undefined, dead: { x: 0, y: 0, turn: w.turn } }); w.ctx.emit({ type: 'AdjutantReplacedOfficer', unit: u.id, rule: 'BT Army Commanders' }); }
  }
  const after = unitIn(w, u.id);
  if (after && after.stands.length === 0) leaveField(w, u.id, 'destroyed', p.rule);
  for (const id of killed) commanderDiedChecks(w, id);
  continueAfter(w, p, stands.length);
}

/** Step 11 and what follows an assault's hits. */
function continueAfter(w: W, p: HitsPending, casualties: number): void {
  if (p.then.kind === 'shot') {
    const u = unitIn(w, p.target);
    if (u) setUs(w, u.id, { hitsThisPhase: us(w.rs, u.id).hitsThisPhase + p.hits });
    if (u && casualties > 0) afterShootingCasualties(w, u.id, casualties, p.then.shooter);
    return;
  }
  afterAssaultHits(w, p, casualties);
}

/**
 * BT Fallbacks: "When a unit suffers a casualty from shooting it must take a motivation roll once
 * that enemy unit finishes shooting at that unit ... If they fail the motivation test they fall
 * back D3 times the number of casualties taken".
 */
export function afterShootingCasualties(w: W, unitId: string, casualties: number, shooterId: string): void {
  const u = unitIn(w, unitId);
  if (!u) return;
  const from = unitIn(w, shooterId);
  markHalf(w, u);
  if (!motivationCheck(w, u, { reason: `lost ${casualties} compan${casualties === 1 ? 'y' : 'ies'} to shooting`, rule: FALLBACK_RULE, companiesLostToShooting: casualties }))
    failedMotivation(w, u, { kind: 'shooting', casualties, from: from ? centreOf(from) : u.stands[0]!.centre });
}

/** BT Motivation: the check at 50% casualties is taken with this one; from then on, every turn. */
export function markHalf(w: W, u: Unit): void {
  const st = us(w.rs, u.id);
  if (!st.halfLost && u.stands.length * 2 <= st.start) setUs(w, u.id, { halfLost: true });
}
