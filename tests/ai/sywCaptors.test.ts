/**
 * Seven Years War player program: troops that took a surrender keep it. 7 p.15: surrendered troops
 * "are removed as though killed after the enemies next combat phase if the enemy are still in
 * contact with them", and "rally at Reserve if the enemy in contact with them do anything but Stand
 * and shoot" (src/rules/seven-years-war/ai/scripts.ts).
 */
import { describe, expect, it } from 'vitest';
import { viewFor } from '../../src/engine/view';
import { sywScripts } from '../../src/rules/seven-years-war/ai/scripts';
import type { SywState, Options } from '../../src/rules/seven-years-war/state';
import type { Tables } from '../../src/rules/seven-years-war/tablesSchema';
import type { SeenGame } from '../../src/engine/ruleset';
import { SYW, battle, setOrder, type St, type U } from '../rules/seven-years-war/build';

const blueCav: U = { id: 'blue-cav', side: 'blue', type: 'heavy-cavalry', x: 900, y: 300, facingDeg: 90, n: 3, depth: 30 };
const red: U = { id: 'red-1', side: 'red', type: 'medium-infantry', x: 900, y: 300, facingDeg: -90, n: 4, depth: 15 };

/** Blue horse on Advance, its front touching red foot that routs: surrendered or not. */
function contact(surrendered: boolean): St {
  const s0 = setOrder(setOrder(battle([blueCav, red]), 'blue-cav', 'advance'), 'red-1', 'rout');
  return { ...s0, ruleset: { ...s0.ruleset, units: { ...s0.ruleset.units, 'red-1': { ...s0.ruleset.units['red-1']!, surrendered } } } };
}

const choice = (s: St) => sywScripts.choose(viewFor(SYW, s, 'blue') as unknown as SeenGame<SywState, Options, Tables>, 'blue', 'blue-cav');

describe('The scripted SYW player holds troops that have surrendered to it (7 p.15)', () => {
  it('horse on Advance in contact with surrendered foot holds (its order goes to Stand, so they are removed)', () => {
    expect(choice(contact(true))).toBe('hold');
  });

  it('the same horse against routers that have not surrendered does not simply hold', () => {
    expect(choice(contact(false))).not.toBe('hold');
  });
});
