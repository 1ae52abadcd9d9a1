/**
 * Components read the zustand stores through `useStore`: the selected slice is read at render
 * time and the component re-renders only when that slice changes (`Object.is`, or `shallow`
 * for a selector that builds a fresh array or object each time).
 */
import { useLayoutEffect, useReducer, useRef } from 'preact/hooks';

export interface Subscribable<S> {
  getState(): S;
  subscribe(listener: () => void): () => void;
}

export type Equal<T> = (a: T, b: T) => boolean;

/** Equal when both are the same, or arrays/objects whose own entries are the same. */
export function shallow<T>(a: T, b: T): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && Object.is((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

export function useStore<S, T>(store: Subscribable<S>, select: (s: S) => T, equal: Equal<T> = Object.is): T {
  const [, bump] = useReducer((n: number) => n + 1, 0);
  const selected = select(store.getState());
  const last = useRef({ selected, select, equal });
  last.current = { selected, select, equal };
  useLayoutEffect(() => {
    const check = () => {
      const { selected: prev, select: sel, equal: eq } = last.current;
      if (!eq(prev, sel(store.getState()))) bump(0);
    };
    check(); // the store may have changed between render and subscribe
    return store.subscribe(check);
  }, [store]);
  return selected;
}
