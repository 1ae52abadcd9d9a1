/** Hidden units moving on the map: SYW 9 Deployment pp.19-20 ("may be deployed anywhere in that terrain ... moved to an adjacent piece"). */
import { describe, expect, it } from 'vitest';
import { viewFor, eventsFor } from '../../../src/engine/view';
import { sevenYearsWar } from '../../../src/rules/seven-years-war';
import { SYW, battle, apply, rejection, advanceTo, type St, type U } from './build';

const blue: U = { id: 'blue-1', side: 'blue', type: 'medium-infantry', x: 800, y: 150, facingDeg: 90, n: 4, depth: 15, ranks: 1 };
const red = (x: number): U => ({ id: 'red-1', side: 'red', type: 'medium-infantry', x, y: 1000, facingDeg: -90, n: 4, depth: 15, ranks: 1 });
const wood = (id: string, x0: number, x1: number) => ({ id, kind: 'wood', name: id, polygon: [[x0, 20], [x1, 20], [x1, 280], [x0, 280]] });
// Two woods 1cm apart (adjacent) and a third far off.
const terrain = [wood('west-wood', 500, 900), wood('east-wood', 910, 1300), wood('far-wood', 1500, 1790)];

/** Blue hides blue-1 deep in the west wood during the secret deployment step; play reaches blue's movement step. */
function hiddenInWood(redX = 300): St {
  let s = battle([blue, red(redX)], { options: { hiddenDeployment: true }, terrain });
  s = apply(s, { type: 'deploy', side: 'blue', unit: 'blue-1', x: 800, y: 150, facingDeg: 90, hidden: true }).state;
  s = apply(apply(s, { type: 'endStep', side: 'blue' }).state, { type: 'endStep', side: 'red' }).state;
  return advanceTo(s, 'movement');
}

/** On to blue's movement step in the next turn (nothing rolls: no generals to dice, no contact). */
function nextTurn(s: St): St {
  let st = s;
  for (let i = 0; i < 30 && !(st.position.turn === 2 && st.position.step === 'movement'); i++) {
    const side = st.position.actors.find((a) => !st.position.done.includes(a))!;
    st = apply(st, { type: 'endStep', side }).state;
  }
  return st;
}

const centreX = (s: St) => { const st = s.battle.units.find((u) => u.id === 'blue-1')!.stands; return st.reduce((a, x) => a + x.centre.x, 0) / st.length; };

describe('When a unit is hidden in a wood (9 pp.19-20)', () => {
  it('it records the wood it was marked in, known only to its owner', () => {
    const s = hiddenInWood();
    expect(s.ruleset.hiddenIn).toEqual({ 'blue-1': 'west-wood' });
    expect(viewFor(SYW, s, 'red').ruleset).toMatchObject({ hiddenIn: {} });
  });

  it('its owner may re-place it anywhere in that wood unseen: it stays hidden and nothing of it reaches the enemy', () => {
    const s = hiddenInWood();
    const r = apply(s, { type: 'moveHidden', side: 'blue', unit: 'blue-1', x: 620, y: 100, facingDeg: 0 });
    expect(r.state.ruleset.hidden).toEqual({ 'blue-1': 'blue' });
    expect(centreX(r.state)).toBeCloseTo(620, 6);
    expect(eventsFor(r.events, 'blue').some((e) => e.type === 'HiddenUnitMoved')).toBe(true);
    expect(JSON.stringify(eventsFor(r.events, 'red'))).not.toContain('blue-1');
    expect(JSON.stringify(viewFor(SYW, r.state, 'red'))).not.toContain('blue-1');
  });

  it('dragging it on the table previews the map move (it stays hidden); a drag out into the open is an ordinary move that would reveal it', () => {
    const s = hiddenInWood();
    const T = sevenYearsWar.table!;
    const seen = viewFor(SYW, s, 'blue') as never;
    const p = T.previewMove!(seen, 'blue', 'blue-1', { dxMm: -150, dyMm: -40, dRad: 0 });
    expect(p.command).toMatchObject({ type: 'moveHidden', x: 650, y: 110 });
    const out = T.previewMove!(seen, 'blue', 'blue-1', { dxMm: 0, dyMm: 200, dRad: 0 });
    expect(out.command?.type ?? 'none').not.toBe('moveHidden');
  });

  it('a spot the enemy could see (here: within 5cm of the wood edge facing his table edge) is refused', () => {
    expect(rejection(hiddenInWood(), { type: 'moveHidden', side: 'blue', unit: 'blue-1', x: 700, y: 265, facingDeg: 90 })).toBe('visible');
  });

  it('it must end wholly inside concealing terrain; units no longer hidden, or not marked in a wood or town, cannot use the map', () => {
    const s = hiddenInWood();
    expect(rejection(s, { type: 'moveHidden', side: 'blue', unit: 'blue-1', x: 480, y: 150, facingDeg: 90 })).toBe('not-in-cover');
    const seen = { ...s, ruleset: { ...s.ruleset, hidden: {} } };
    expect(rejection(seen, { type: 'moveHidden', side: 'blue', unit: 'blue-1', x: 620, y: 100, facingDeg: 0 })).toBe('not-hidden');
    // Hidden behind nothing but marked hidden by other means: no wood recorded, no map freedom.
    const bare = { ...s, ruleset: { ...s.ruleset, hiddenIn: {} } };
    expect(rejection(bare, { type: 'moveHidden', side: 'blue', unit: 'blue-1', x: 620, y: 100, facingDeg: 0 })).toBe('not-in-cover');
  });

  it('to an adjacent wood only after the first move, within its move, and not to a wood that is not adjacent', () => {
    const s = hiddenInWood();
    expect(rejection(s, { type: 'moveHidden', side: 'blue', unit: 'blue-1', x: 1000, y: 150, facingDeg: 90 })).toBe('first-move');
    const t2 = nextTurn(s);
    expect(t2.ruleset.hidden).toEqual({ 'blue-1': 'blue' });
    expect(rejection(t2, { type: 'moveHidden', side: 'blue', unit: 'blue-1', x: 1600, y: 150, facingDeg: 90 })).toBe('not-adjacent');
    expect(rejection(t2, { type: 'moveHidden', side: 'blue', unit: 'blue-1', x: 1150, y: 150, facingDeg: 90 })).toBe('too-far');
    const r = apply(t2, { type: 'moveHidden', side: 'blue', unit: 'blue-1', x: 1000, y: 150, facingDeg: 90 });
    expect(r.state.ruleset.hiddenIn).toEqual({ 'blue-1': 'east-wood' });
    expect(r.state.ruleset.hidden).toEqual({ 'blue-1': 'blue' });
  });

  it('in the first turn it stays in its deployment area; afterwards anywhere in the same wood, the 45cm flank strip included (p.20)', () => {
    let s = battle([blue, red(300)], { options: { hiddenDeployment: true }, terrain: [wood('wide-wood', 200, 900)] });
    s = apply(s, { type: 'deploy', side: 'blue', unit: 'blue-1', x: 800, y: 150, facingDeg: 90, hidden: true }).state;
    s = advanceTo(apply(apply(s, { type: 'endStep', side: 'blue' }).state, { type: 'endStep', side: 'red' }).state, 'movement');
    const flank = { type: 'moveHidden', side: 'blue', unit: 'blue-1', x: 300, y: 150, facingDeg: 90 };
    expect(rejection(s, flank)).toBe('outside-zone');
    const t2 = nextTurn(s);
    expect(centreX(apply(t2, flank).state)).toBeCloseTo(300, 6);
  });

  it('a move between woods that an enemy would see on the way (looking straight up the gap) is refused', () => {
    const t2 = nextTurn(hiddenInWood(905));
    expect(t2.ruleset.hidden).toEqual({ 'blue-1': 'blue' });
    expect(rejection(t2, { type: 'moveHidden', side: 'blue', unit: 'blue-1', x: 1000, y: 150, facingDeg: 90 })).toBe('seen-on-the-way');
  });

  it('a glimpse up a gap narrower than 2cm on the way is seen too: the whole path is judged, not points along it', () => {
    // The unit slides 20cm from the west wood to the east one across a 5mm gap (x 903–908) that the
    // enemy looks straight up. Its stand centres (x 740…860) at every 2cm of the path lie on
    // multiples of 2cm (x 900, 920, …): points along the path would all miss the gap.
    const narrow = [wood('west-wood', 500, 903), wood('east-wood', 908, 1300)];
    const at = (redX: number) => {
      let s = battle([blue, red(redX)], { options: { hiddenDeployment: true }, terrain: narrow });
      s = apply(s, { type: 'deploy', side: 'blue', unit: 'blue-1', x: 800, y: 150, facingDeg: 90, hidden: true }).state;
      return nextTurn(advanceTo(apply(apply(s, { type: 'endStep', side: 'blue' }).state, { type: 'endStep', side: 'red' }).state, 'movement'));
    };
    const move = { type: 'moveHidden', side: 'blue', unit: 'blue-1', x: 1000, y: 150, facingDeg: 90 };
    const watched = at(905.5);
    expect(watched.ruleset.hidden).toEqual({ 'blue-1': 'blue' });
    expect(rejection(watched, move)).toBe('seen-on-the-way');
    // An enemy off to the side sees the gap through the east wood: the same move is unseen.
    expect(apply(at(1500), move).state.ruleset.hiddenIn).toEqual({ 'blue-1': 'east-wood' });
  });
});
