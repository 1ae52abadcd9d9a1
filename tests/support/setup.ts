// Runs before every unit test file (vite.config.ts setupFiles).
import { afterEach } from 'vitest';
import fc from 'fast-check';
import { checkScriptedRollers } from './scriptedDice';

// Strict scripted dice: a test whose scripted faces were not all rolled fails.
afterEach(() => {
  checkScriptedRollers();
});

// Property tests draw from one fixed seed, so a run of the suite is reproducible and CI is a
// gate, not a lottery. To explore new inputs, run with FC_SEED=random (fast-check prints the
// seed and path of any counterexample) or FC_SEED=<number> to replay one.
const fcSeed = process.env.FC_SEED;
if (fcSeed !== 'random') fc.configureGlobal({ seed: fcSeed === undefined ? 20261124 : Number(fcSeed) });
