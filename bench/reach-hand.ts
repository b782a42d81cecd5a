/**
 * `reachVsHandWritten` (issue 27 items 2 and 4): the generated module's reach against a hand-written
 * typed-array Dijkstra of the same costs (bench/handwritten/sl.ts), on searches large enough to time:
 * SL Classic's costs with a 40 MF allowance (a house rule over rulesets/sl-classic.rules, compiled to
 * a generated module in this process, bench/emitted.ts) on a generated 200 × 200 map, from 16 starts.
 * Both answers are asserted equal, hex by hex, before anything is timed; then the two are timed
 * interleaved in this process, five runs, and the ratio of each run is reported with its spread.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildGraph } from "../runtime/map.js";
import { generateMap } from "./map-gen.js";
import { slAllowanceTicks, slMap, slReach } from "./handwritten/sl.js";
import { emitted } from "./emitted.js";
import { alternating, meanMs } from "./timing.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

export const SL_40 =
  `ruleset sl-40 "SL Classic with 40 MF"\n  cites numbered\n  extends sl-classic\n\n` +
  `override rule allowance [H1] "every unit has 40 MF (a bench's house rule)"\n` +
  `  section allowances: MF = 40 MF\n`;

export interface ReachHandFigures {
  reachMapHexes: number;
  reachStarts: number;
  reachedHexesPerSearch: number;
  /** Per search, ms: the median run's. */
  generatedReachMs: number;
  handWrittenReachMs: number;
  /** The median of the five runs' ratios, and their least and greatest. */
  reachVsHandWritten: number;
  reachVsHandWrittenSpread: [number, number];
}

export async function reachVsHand(runs = 5, repeat = 6): Promise<ReachHandFigures> {
  const sl = readFileSync(join(root, "rulesets", "sl-classic.rules"), "utf8");
  const mod = await emitted(SL_40, { "sl-classic": sl });
  const g = buildGraph(generateMap(200, 200, 20261125));
  const hand = slMap(g);
  const STARTS = 16;
  const starts = Array.from({ length: STARTS }, (_, k) => Math.floor(((k + 0.5) / STARTS) * g.n));
  const unit = { kind: "squad" };
  const ticks = 80;
  if (slAllowanceTicks("squad", false, 0) * 10 !== ticks) throw new Error("40 MF is 80 ticks");
  let reached = 0;
  for (const s of starts) {
    const want = mod.reach(g, unit, g.names[s]!).cost;
    const got = slReach(hand, s, ticks);
    for (let h = 0; h < g.n; h++) {
      if (!Object.is(want[h], got[h]))
        throw new Error(
          `hand-written reach disagrees at ${g.names[h]} from ${g.names[s]}: ${got[h]} vs ${want[h]}`,
        );
      if (!Number.isNaN(want[h]!)) reached++;
    }
  }
  // Per search: `repeat` passes over the starts, timed together.
  const time = (fn: () => void): number => meanMs(fn, repeat) / STARTS;
  const genRun = () => {
    for (const s of starts) mod.reach(g, unit, g.names[s]!);
  };
  const handRun = () => {
    for (const s of starts) slReach(hand, s, ticks);
  };
  genRun();
  handRun(); // warm both
  const rows = alternating(
    runs,
    () => time(genRun),
    () => time(handRun),
  ).map(([gen, hand]) => ({ gen, hand, ratio: gen / hand }));
  const byRatio = [...rows].sort((a, b) => a.ratio - b.ratio);
  const median = byRatio[Math.floor(runs / 2)]!;
  const r2 = (x: number) => Math.round(x * 100) / 100;
  return {
    reachMapHexes: g.n,
    reachStarts: STARTS,
    reachedHexesPerSearch: Math.round(reached / STARTS),
    generatedReachMs: Math.round(median.gen * 1000) / 1000,
    handWrittenReachMs: Math.round(median.hand * 1000) / 1000,
    reachVsHandWritten: r2(median.ratio),
    reachVsHandWrittenSpread: [r2(byRatio[0]!.ratio), r2(byRatio[runs - 1]!.ratio)],
  };
}

// `node dist/bench/reach-hand.js`: this figure alone.
if (process.argv[1]?.endsWith("reach-hand.js")) console.log(JSON.stringify(await reachVsHand()));
