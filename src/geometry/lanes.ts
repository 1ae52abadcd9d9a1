/**
 * The best place along a line (a lane across a unit's front, say) for a score that is a
 * straight-line function between known places and the least of straight lines within each
 * stretch (a head's reach limited by several stands' reaches), solved rather than stepped.
 *
 * `cuts` are the places where the score may change its form (a flank passing a corner, a stand's
 * own lane, a sideways limit); between neighbouring cuts the score is the least of a few straight
 * lines, so its best is at an end or where two of its lines cross. Each stretch is judged by its
 * middle: a middle on the chord of the ends means one straight piece (its best is an end);
 * otherwise the lines leaving either end (slopes read a micrometre in) are crossed, and the
 * crossing is the peak when the score there is on both lines, else each side is searched again.
 * A score that is refused (null) or changes its kind inside a stretch is searched by halves.
 */

export interface LaneScore {
  /** Preferred over any place without it (a column that leaves the table). */
  readonly off: boolean;
  /** Larger is better. */
  readonly advance: number;
}

/** Places closer than this are one place; scores closer than this are equal. */
const TOL = 1e-6;

/** The best lane in [lo, hi] (off first, then advance; the lowest lane on a tie), or undefined when every lane is refused. */
export function bestLane(cuts: readonly number[], lo: number, hi: number, score: (lane: number) => LaneScore | null): { lane: number; score: LaneScore } | undefined {
  const places = [...new Set(cuts.filter((c) => Number.isFinite(c)).map((c) => Math.min(hi, Math.max(lo, c))))].sort((a, b) => a - b);
  let best: { lane: number; score: LaneScore } | undefined;
  const consider = (lane: number, s: LaneScore | null) => {
    if (!s) return;
    if (!best || better(s, best.score) || (!better(best.score, s) && lane < best.lane)) best = { lane, score: s };
  };
  const at = (x: number) => { const s = score(x); consider(x, s); return s; };
  let prev = at(places[0]!);
  for (let i = 1; i < places.length; i++) {
    const a = places[i - 1]!, b = places[i]!;
    const sb = at(b);
    if (b - a > 2 * TOL) search(a, prev, b, sb, 10, at);
    prev = sb;
  }
  return best;
}

function better(x: LaneScore, y: LaneScore): boolean {
  return (x.off && !y.off) || (x.off === y.off && x.advance > y.advance + TOL);
}

function search(a: number, fa: LaneScore | null, b: number, fb: LaneScore | null, depth: number, at: (x: number) => LaneScore | null): void {
  const m = (a + b) / 2;
  const fm = at(m);
  if (depth <= 0 || b - a <= 4 * TOL || (!fa && !fb && !fm)) return;
  if (!fa || !fb || !fm || fa.off !== fm.off || fb.off !== fm.off) {
    search(a, fa, m, fm, depth - 1, at);
    search(m, fm, b, fb, depth - 1, at);
    return;
  }
  const chord = (fa.advance + fb.advance) / 2;
  if (Math.abs(fm.advance - chord) <= TOL) return; // one straight piece: its best is an end
  if (fm.advance < chord) {
    // Not the least of straight lines here (a cut was missed): search by halves.
    search(a, fa, m, fm, depth - 1, at);
    search(m, fm, b, fb, depth - 1, at);
    return;
  }
  // The lines leaving each end, read a micrometre in, and where they cross.
  const h = Math.min(TOL, (b - a) / 8);
  const ga = at(a + h), gb = at(b - h);
  if (!ga || !gb) return;
  const sa = (ga.advance - fa.advance) / h, sb = (fb.advance - gb.advance) / h;
  if (sa <= sb) {
    search(a, fa, m, fm, depth - 1, at);
    search(m, fm, b, fb, depth - 1, at);
    return;
  }
  const x = Math.min(b, Math.max(a, (fb.advance - fa.advance + sa * a - sb * b) / (sa - sb)));
  const fx = at(x);
  if (fx && Math.abs(fx.advance - (fa.advance + sa * (x - a))) <= 10 * TOL) return; // on both lines: the peak
  search(a, fa, x, fx, depth - 1, at);
  search(x, fx, b, fb, depth - 1, at);
}
