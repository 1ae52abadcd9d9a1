/**
 * Answers remembered by the identity of their inputs. The battle's units and their stand arrays
 * are values: a move, a turn or a loss makes new ones and never changes the old in place (engine
 * README: applyCommand leaves its input state untouched), so a pure function of two of them gives the same answer for the
 * same two objects for as long as they live. The memo holds its inputs weakly: it keeps nothing
 * alive, and a state that is dropped takes its answers with it.
 *
 * Only for functions whose answer depends on nothing but the two arguments (no table, no
 * ruleset state), and for arguments that are never changed after they are first asked about.
 */
export function pairMemo<A extends object, B extends object, R>(f: (a: A, b: B) => R): (a: A, b: B) => R {
  const memo = new WeakMap<A, WeakMap<B, { readonly r: R }>>();
  return (a, b) => {
    let inner = memo.get(a);
    const hit = inner?.get(b);
    if (hit) return hit.r;
    const r = f(a, b);
    if (!inner) memo.set(a, (inner = new WeakMap()));
    inner.set(b, { r });
    return r;
  };
}
