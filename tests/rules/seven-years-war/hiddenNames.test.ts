/**
 * Seven Years War, hidden troops (9 p.19, (3) Visibility p.7): a refusal never names or places a
 * unit hidden from the side that sent the command. Reserve's "may not voluntarily move closer to
 * enemy within 20cms" (p.8) does not count an enemy still hidden (RULINGS), and whatever else is
 * refused, the hidden unit's name and id stay out of the sentence (engine unseen.ts); a command aimed
 * at it is refused as one aimed at an id that exists nowhere, so guessing ids confirms nothing.
 */
import { describe, expect, it } from 'vitest';
import { applyCommand } from '../../../src/engine/game';
import { isRejection } from '../../../src/engine/command';
import { viewFor } from '../../../src/engine/view';
import { withoutUnseen } from '../../../src/engine/unseen';
import { battle, advanceTo, setOrder, SYW, type St, type U } from './build';

const blue: U = { id: 'blue-1', side: 'blue', type: 'medium-infantry', x: 900, y: 250, facingDeg: 90, n: 4, depth: 15, ranks: 1 };
const hiddenRed: U = { id: 'red-secret', side: 'red', type: 'medium-infantry', x: 900, y: 600, facingDeg: -90, n: 4, depth: 15, ranks: 1 };
const seenRed: U = { id: 'red-1', side: 'red', type: 'medium-infantry', x: 200, y: 1000, facingDeg: -90, n: 4, depth: 15, ranks: 1 };
const wood = { id: 'wood', kind: 'wood', name: 'Wood', polygon: [[700, 450], [1100, 450], [1100, 760], [700, 760]] };

/** Blue's movement step, blue-1 on `order`, red-secret hidden deep in a wood 33cm ahead of it. */
function position(order: 'reserve' | 'advance'): St {
  const s0 = battle([blue, hiddenRed, seenRed], { terrain: [wood] });
  const s = { ...s0, ruleset: { ...s0.ruleset, hidden: { 'red-secret': 'red' } } };
  const at = setOrder(advanceTo(s, 'movement'), 'blue-1', order);
  expect(at.ruleset.hidden).toEqual({ 'red-secret': 'red' });
  expect(viewFor(SYW, at, 'blue').battle.units.map((u) => u.id)).not.toContain('red-secret');
  return at;
}

/** mulberry32, for the random commands. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('Reserve (p.8) and an enemy hidden from the mover (9 p.19)', () => {
  it('a Reserve group may move closer than 20cm to an enemy it cannot see: not "voluntarily" closer (RULINGS)', () => {
    const r = applyCommand(SYW, position('reserve'), { type: 'moveGroup', side: 'blue', group: 'blue-1', legs: [{ kind: 'forward', mm: 180 }] });
    expect(isRejection(r) ? r.code : 'accepted').not.toBe('reserve-approach');
  });
  it('a Reserve group still may not move closer than 20cm to an enemy it sees', () => {
    const s0 = position('reserve');
    const seen = { ...s0, ruleset: { ...s0.ruleset, hidden: {} } };
    const r = applyCommand(SYW, seen, { type: 'moveGroup', side: 'blue', group: 'blue-1', legs: [{ kind: 'forward', mm: 180 }] });
    expect(isRejection(r) && r.code, JSON.stringify(isRejection(r) ? r : r.state.battle.units.map((u) => [u.id, u.stands[0]!.centre]))).toBe('reserve-approach');
    expect(isRejection(r) && r.message).toContain('red-secret');
  });
});

describe('No refusal names a unit its author cannot see', () => {
  it('the engine writes "an unseen enemy" for a hidden unit in any refusal, and leaves a seen one named', () => {
    const s = position('reserve');
    const r = withoutUnseen(SYW, s, { type: 'moveGroup', side: 'blue' }, { rejected: true, code: 'x', message: 'On Reserve a group may not move closer to red-secret inside 20cm; red-1 is seen.', rule: 'SYW' });
    expect(r.message).toBe('On Reserve a group may not move closer to an unseen enemy inside 20cm; red-1 is seen.');
    // The owner sees its own hidden unit: named for red.
    expect(withoutUnseen(SYW, s, { type: 'moveGroup', side: 'red' }, { rejected: true, code: 'x', message: 'red-secret cannot.', rule: 'SYW' }).message).toBe('red-secret cannot.');
  });

  it.each(['reserve', 'advance'] as const)('300 random commands by blue (on %s) — moves, shots, charges, at the hidden unit and past it — never name it', (order) => {
    const s = position(order);
    const next = rng(order === 'reserve' ? 7 : 8);
    const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
    const targets = ['red-secret', 'red-1'];
    let refused = 0;
    for (let i = 0; i < 300; i++) {
      const leg = pick([
        () => ({ kind: 'forward', mm: 10 + Math.round(next() * 400) }),
        () => ({ kind: 'backward', mm: 10 + Math.round(next() * 100) }),
        () => ({ kind: 'incline', dir: pick(['left', 'right']), mm: 10 + Math.round(next() * 300) }),
        () => ({ kind: 'wheel', dir: pick(['left', 'right']), deg: 5 + Math.round(next() * 90) }),
      ])();
      const cmd = pick([
        () => ({ type: 'moveGroup', side: 'blue', group: 'blue-1', legs: [leg, ...(next() < 0.5 ? [{ kind: 'forward', mm: 10 + Math.round(next() * 300) }] : [])] }),
        () => ({ type: 'charge', side: 'blue', unit: 'blue-1', target: pick(targets) }),
        () => ({ type: 'shoot', side: 'blue', unit: 'blue-1', target: pick(targets) }),
        () => ({ type: 'moveGroup', side: 'blue', group: pick(['blue-1', 'red-secret']), legs: [leg] }),
      ])();
      const r = applyCommand(SYW, s, cmd);
      if (!isRejection(r)) continue;
      refused++;
      // Aimed at the hidden unit, the refusal is the one an id that exists nowhere gets, in the
      // author's own words; else it does not name the hidden unit at all.
      const aimed = JSON.stringify(cmd).includes('red-secret');
      if (!aimed) expect(r.message, JSON.stringify(cmd)).not.toContain('red-secret');
      else {
        const nobody = applyCommand(SYW, s, JSON.parse(JSON.stringify(cmd).replaceAll('"red-secret"', '"red-nobody"')) as object);
        expect(isRejection(nobody), JSON.stringify(cmd)).toBe(true);
        if (isRejection(nobody)) expect({ code: r.code, message: r.message }, JSON.stringify(cmd)).toEqual({ code: nobody.code, message: nobody.message.replaceAll('red-nobody', 'red-secret') });
      }
    }
    expect(refused).toBeGreaterThan(30);
  });
});
