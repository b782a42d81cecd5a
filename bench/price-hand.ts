/**
 * `generatedVsHandWritten` (issue 27 items 1 and 4): the generated SL Classic module's `price` (the
 * path's cost through the rules specialised at compile time) against hand-written TypeScript of the
 * same costs (bench/handwritten/sl.ts `slPathTicks`: typed arrays, integer ticks), over the same
 * prepared paths. The totals are asserted equal path by path before anything is timed; then the two
 * are timed interleaved in this process, five runs (each the best of three passes), and the ratio of
 * each run is reported with its spread.
 */
import * as sl from "../generated/sl-classic.js";
import { pricePath } from "../runtime/move.js";
import { slPathTicks } from "./handwritten/sl.js";
import { alternating, bestMs } from "./timing.js";

export interface PriceHandFigures {
  /** Per pass over every path, ms: the median run's. */
  generatedPriceMs: number;
  handWrittenPriceMs: number;
  /** The median of the five runs' ratios, and their least and greatest. */
  generatedVsHandWritten: number;
  generatedVsHandWrittenSpread: [number, number];
  /** The sum over every path (NaN paths skipped), the same from both. */
  priceTotal: number;
}

const same = (a: number, b: number): boolean => a === b || (Number.isNaN(a) && Number.isNaN(b));

export function priceVsHand(ctxs: readonly sl.Ctx[], runs = 5): PriceHandFigures {
  let total = 0;
  for (const c of ctxs) {
    const hand = slPathTicks(c.path);
    const gen = sl.price(c);
    if (!same(hand, gen) || !same(gen, pricePath(sl.model, sl.num, c)))
      throw new Error(`hand-written SL pricing disagrees: ${hand} vs ${gen}`);
    if (gen === gen) total += gen;
  }
  let genSink = 0;
  let handSink = 0;
  const genRun = () => {
    genSink = 0;
    for (const c of ctxs) genSink += sl.price(c);
  };
  const handRun = () => {
    handSink = 0;
    for (const c of ctxs) handSink += slPathTicks(c.path);
  };
  genRun();
  handRun(); // warm both
  const rows = alternating(
    runs,
    () => bestMs(genRun),
    () => bestMs(handRun),
  ).map(([gen, hand]) => ({ gen, hand, ratio: gen / hand }));
  if (!same(genSink, handSink)) throw new Error(`timed sums disagree: ${genSink} vs ${handSink}`);
  const byRatio = [...rows].sort((a, b) => a.ratio - b.ratio);
  const median = byRatio[Math.floor(runs / 2)]!;
  const r2 = (x: number) => Math.round(x * 100) / 100;
  return {
    generatedPriceMs: Math.round(median.gen * 10) / 10,
    handWrittenPriceMs: Math.round(median.hand * 10) / 10,
    generatedVsHandWritten: r2(median.ratio),
    generatedVsHandWrittenSpread: [r2(byRatio[0]!.ratio), r2(byRatio[runs - 1]!.ratio)],
    priceTotal: total,
  };
}
