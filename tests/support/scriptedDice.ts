/**
 * Strict scripted dice for tests that call a ruleset's procedures directly (not through
 * `applyCommand`, which checks its own scripts). `scriptedRoller(dice, faces)` rolls from the
 * queued faces only — a die wanted after the last face throws (engine dice.ts) — and every
 * roller still holding faces when a test ends fails that test (`checkScriptedRollers`, run
 * after each test by tests/support/setup.ts). A leftover face means the test never rolled a die
 * it scripted: it did not check what it meant to.
 */
import { endScript, rollDice, scriptDice, type DiceRolled, type DiceState, type DieEmulations, type RollSpec } from '../../src/engine/dice';

export interface ScriptedRoller {
  /** Roll from the script, through a ruleset's die emulations where the spec asks for them. */
  roll(spec: RollSpec, emulations?: DieEmulations): DiceRolled;
  /** Faces not rolled yet. */
  left(): number;
}

const open = new Set<{ dice: DiceState; where: string; rolled: string[] }>();

export function scriptedRoller(dice: DiceState, faces: readonly number[], where = 'a scripted roller'): ScriptedRoller {
  // The test line that made the script, so that a leftover points at it.
  const sites = (new Error().stack ?? '').split('\n').map((l) => l.match(/tests\/[^\s)]+\.test\.ts:\d+/)?.[0]).filter((x): x is string => x !== undefined);
  const entry = { dice: scriptDice(dice, faces), where: sites.length > 0 ? `${where} at ${sites.join(' < ')}` : where, rolled: [] as string[] };
  open.add(entry);
  return {
    roll(spec, emulations) {
      const [ev, next] = rollDice(entry.dice, spec, emulations);
      entry.dice = next;
      entry.rolled.push(`${ev.dice} [${ev.faces.join(', ')}] for "${ev.purpose}"`);
      return ev;
    },
    left: () => entry.dice.scripted?.length ?? 0,
  };
}

/** Throws when a roller made in this test has faces left; forgets them all either way. */
export function checkScriptedRollers(): void {
  const entries = [...open];
  open.clear();
  for (const e of entries) endScript(e.dice, `the test (${e.where}; rolled: ${e.rolled.join('; ') || 'nothing'})`);
}
