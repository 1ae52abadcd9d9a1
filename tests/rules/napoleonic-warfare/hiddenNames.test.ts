// NW §3 Known Enemy (ambushers): a unit lying in ambush is not on the other side's table, so no
// refusal that side gets, and no event in its log, may name it while it lies hidden (engine
// unseen.ts; view.ts). Random play from a battle with an ambusher in a gully: at every position
// where it still lies hidden, the French (who cannot see it) try their legal commands and the
// same commands turned on the ambusher (its id put in each unit field, distances stretched);
// every refusal and every event the French may see must leave it out, and a command aimed at it is
// refused exactly as one aimed at an id that exists nowhere (so guessing ids confirms nothing).
import { describe, expect, it } from 'vitest';
import { applyCommand } from '../../../src/engine/game';
import { isRejection, type AnyEvent } from '../../../src/engine/command';
import { eventsFor } from '../../../src/engine/view';
import { startHistory } from '../../../src/engine/history';
import { playRandom } from '../../../src/ai/randomPlayer';
import { makeSampler } from '../../../src/ai/sampler';
import { registerable } from '../../../src/engine/ruleset';
import { napoleonicWarfare } from '../../../src/rules/napoleonic-warfare';
import type { NwGameState } from '../../../src/rules/napoleonic-warfare/types';
import { battle, IN, legalCommands } from './harness';

const M = registerable(napoleonicWarfare);
const gully = { id: 'gully', kind: 'obstacle', name: 'Gully', polygon: [[28 * IN, 20 * IN], [44 * IN, 20 * IN], [44 * IN, 23 * IN], [28 * IN, 23 * IN]], props: { obstacle: 'gully' } };
const ambushBattle = () =>
  battle(
    [
      { id: 'fr1', side: 'fr', x: 36, y: 14, facingDeg: 90 },
      { id: 'fr2', side: 'fr', x: 20, y: 12, facingDeg: 90 },
      { id: 'au-amb', side: 'au', arm: 'cavalry', troopType: 'hussar', quality: 'veteran', x: 36, y: 21, facingDeg: -90, stands: 3 },
      { id: 'au1', side: 'au', x: 60, y: 30, facingDeg: -90 },
    ],
    { terrain: [gully], fields: { ambush: ['au-amb'] } },
  );

const hidden = (s: NwGameState) => s.ruleset.units['au-amb']?.ambush === true && !s.result;
const names = (e: unknown) => JSON.stringify(e).includes('au-amb');

/** A command turned on the ambusher: every unit-like field pointed at it, numbers stretched. */
function aimed(cmd: Record<string, unknown>, k: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(cmd)) {
    if (typeof v === 'string' && /^(au|fr)\d/.test(v) && key !== 'side') out[key] = 'au-amb';
    else if (typeof v === 'number' && key !== 'turn') out[key] = v * k;
    else out[key] = v;
  }
  return out;
}

describe('NW §3 Known Enemy: nothing the French are told names the ambusher while it lies hidden', () => {
  it('random play: refusals of the French and the events they see', () => {
    const s0 = ambushBattle();
    expect(hidden(s0)).toBe(true);
    const positions: NwGameState[] = [];
    const leaks: string[] = [];
    for (let seed = 1; seed <= 4; seed++) {
      let before = s0;
      playRandom(M, startHistory(s0, []), makeSampler(seed), {
        maxCommands: 120,
        onApplied: (_c, applied) => {
          const after = applied.state as NwGameState;
          // An event the French see, made while the ambusher was hidden before and after it: it must not name it.
          if (hidden(before) && hidden(after)) for (const e of eventsFor(applied.events as AnyEvent[], 'fr')) if (names(e)) leaks.push(`event ${JSON.stringify(e)}`);
          positions.push(after);
          before = after;
        },
      });
    }
    let tried = 0, refused = 0;
    for (const s of positions.filter(hidden)) {
      const cmds = legalCommands(s, 'fr', makeSampler(tried + 1)).slice(0, 12) as unknown as Record<string, unknown>[];
      for (const c of cmds)
        for (const variant of [c, aimed(c, 1), aimed(c, 2.5), aimed(c, 0.3)]) {
          tried++;
          const r = applyCommand(M, s, variant);
          if (!isRejection(r)) {
            if (hidden(r.state as NwGameState)) for (const e of eventsFor(r.events, 'fr')) if (names(e)) leaks.push(`event after ${JSON.stringify(variant)}: ${JSON.stringify(e)}`);
            continue;
          }
          refused++;
          // Aimed at the ambusher, the refusal is the one an id that exists nowhere gets (the
          // author's own words given back); else it does not name the ambusher at all.
          if (!JSON.stringify(variant).includes('au-amb')) {
            if (r.message.includes('au-amb')) leaks.push(`${JSON.stringify(variant)}: ${r.message}`);
            continue;
          }
          const nobody = applyCommand(M, s, JSON.parse(JSON.stringify(variant).replaceAll('"au-amb"', '"au-nobody"')) as object);
          const asNobody = isRejection(nobody) ? `${nobody.code}: ${nobody.message.replaceAll('au-nobody', 'au-amb')}` : 'accepted';
          if (asNobody !== `${r.code}: ${r.message}`) leaks.push(`${JSON.stringify(variant)}: "${r.code}: ${r.message}" where no such unit gets "${asNobody}"`);
        }
    }
    expect(tried).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(10);
    expect(leaks).toEqual([]);
  }, 120_000);
});
