// Runs before every unit test file (vite.config.ts setupFiles).
import { afterEach } from 'vitest';
import { checkScriptedRollers } from './scriptedDice';

// Strict scripted dice: a test whose scripted faces were not all rolled fails.
afterEach(() => {
  checkScriptedRollers();
});
