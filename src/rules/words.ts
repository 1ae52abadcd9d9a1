/**
 * Grammar for sentences about sides (`src/engine/words.ts`): rulesets, the UI and the CLI import
 * it from here; the engine's own sentences (a concession) use it from the engine.
 */
export * from '../engine/words';
