/**
 * Deterministic maths bench (src/geometry/math.ts): the time of one call of each function, and
 * of the engine's own `Math` function beside it (which rounds differently in each engine and is
 * banned below the store). Inputs: angles of a few turns, table offsets in millimetres.
 * Figures are medians per call, in µs (1,000 calls per batch).
 */
import * as D from '../../geometry/math';
import type { BenchSection, Figure } from './harness';
import { fmt, seeded, timeOp } from './harness';

const N = 4096;

export const mathBench: BenchSection = {
  name: 'math',
  describe: 'one call of each deterministic function (src/geometry/math.ts) against Math\'s own',
  run(log) {
    const rnd = seeded(7);
    const angle = Float64Array.from({ length: N }, () => (rnd() - 0.5) * 4 * Math.PI);
    const mm = Float64Array.from({ length: N }, () => (rnd() - 0.5) * 3600);
    const unit = Float64Array.from({ length: N }, () => rnd() * 2 - 1);
    const at = (a: Float64Array, i: number) => a[i & (N - 1)]!;
    const pairs: [string, (i: number) => number, (i: number) => number][] = [
      ['sin', (i) => D.sin(at(angle, i)), (i) => Math.sin(at(angle, i))],
      ['cos', (i) => D.cos(at(angle, i)), (i) => Math.cos(at(angle, i))],
      ['tan', (i) => D.tan(at(unit, i)), (i) => Math.tan(at(unit, i))],
      ['atan2', (i) => D.atan2(at(mm, i), at(mm, i + 1)), (i) => Math.atan2(at(mm, i), at(mm, i + 1))],
      ['asin', (i) => D.asin(at(unit, i)), (i) => Math.asin(at(unit, i))],
      ['exp', (i) => D.exp(at(unit, i) * 20), (i) => Math.exp(at(unit, i) * 20)],
      ['log', (i) => D.log(Math.abs(at(mm, i))), (i) => Math.log(Math.abs(at(mm, i)))],
      ['pow', (i) => D.pow(Math.abs(at(mm, i)), at(unit, i) * 3), (i) => Math.pow(Math.abs(at(mm, i)), at(unit, i) * 3)],
      ['cbrt', (i) => D.cbrt(at(mm, i)), (i) => Math.cbrt(at(mm, i))],
    ];
    const figures: Figure[] = [];
    const extra: Record<string, number> = {};
    let sink = 0;
    for (const [name, ours, native] of pairs) {
      const a = timeOp(ours, { batches: 31, perBatch: 1000, warmup: 20_000 });
      const b = timeOp(native, { batches: 31, perBatch: 1000, warmup: 20_000 });
      sink += a.sink + b.sink;
      const f: Figure = { key: `${name}Us`, label: `${name}, src/geometry/math.ts (Math.${name}: ${b.medianUs.toFixed(3)} µs)`, unit: 'us', median: a.medianUs };
      figures.push(f);
      log(fmt(f).replace(/(\d+\.\d\d) µs$/, `${a.medianUs.toFixed(3)} µs`));
      log(`    the same in CPU time: ${a.cpuMedianUs.toFixed(3)} µs, Math.${name} ${b.cpuMedianUs.toFixed(3)} µs`);
      extra[`${name}NativeUs`] = Number(b.medianUs.toPrecision(4));
      extra[`${name}CpuUs`] = Number(a.cpuMedianUs.toPrecision(4));
      extra[`${name}NativeCpuUs`] = Number(b.cpuMedianUs.toPrecision(4));
    }
    return { figures, extra: { ...extra, sink: Number.isFinite(sink) ? 1 : 0 } };
  },
};
