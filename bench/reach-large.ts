/**
 * `reachLargeMs` (issue 27, 23.5): how reach's time grows with the hexes it reaches. A house rule of 1 MP
 * a hex (the profile needs no path state), the unit's MP its allowance, compiled to a generated module
 * (bench/emitted.ts) and searched on an open 1,000 × 1,000 map from its centre with 40, 100, 200 and
 * 400 MP (≈ 4,900 to 480,000 hexes reached). Reports the time of each size, the hexes reached, the
 * time of a 0 MP search (the fixed cost of a million-hex map: the answer's per-hex arrays), and the
 * growth exponent k in time ∝ hexes^k (a least-squares fit on the logarithms over the sizes past the
 * first, which the fixed cost dominates): near 1 is near-linear; the per-label path walks the search
 * used to make gave ≈ 1.5.
 */
import { buildGraph, type MapGraph } from "../runtime/map.js";
import { emitted } from "./emitted.js";

export interface ReachLargeFigures {
  /** The search with 40 MP, in ms (best of the rounds). */
  reachLargeMs: number;
  /** Per allowance: MP, hexes reached, ms. */
  reachLargeSizes: { mp: number; hexes: number; ms: number }[];
  /** A 0 MP search: the fixed cost of a million-hex map (the answer's per-hex arrays). */
  reachLargeFixedMs: number;
  /** k in time ∝ hexes^k over the sizes past the first. */
  reachLargeGrowth: number;
}

export const OPEN_RULESET =
  `ruleset open "open ground, 1 MP a hex"\n  cites numbered\nmeasure MP [1.1] "movement points"\n` +
  `enum terrain [1.2] "terrain" {\n  open-ground "Open ground"\n}\n` +
  `input step [1.3] {\n  terrain: terrain\n}\n` +
  `input unit [1.5] {\n  mp: MP\n}\n` +
  `movement [1.4] MP {\n  allowance: unit.mp\n  cost: 1 MP\n}\n`;

/** k in y ∝ x^k: least squares on the logarithms. */
export function growth(xs: readonly number[], ys: readonly number[]): number {
  const lx = xs.map(Math.log);
  const ly = ys.map(Math.log);
  const mx = lx.reduce((a, b) => a + b, 0) / lx.length;
  const my = ly.reduce((a, b) => a + b, 0) / ly.length;
  let num = 0;
  let den = 0;
  for (let i = 0; i < lx.length; i++) {
    num += (lx[i]! - mx) * (ly[i]! - my);
    den += (lx[i]! - mx) ** 2;
  }
  return Math.round((num / den) * 100) / 100;
}

export async function reachLarge(
  sizes: readonly number[] = [40, 100, 200, 400],
  repeat = 7,
  side = 1000,
): Promise<ReachLargeFigures> {
  const graph: MapGraph = buildGraph({
    name: "open",
    columns: side,
    rows: side,
    terrain: { default: "open-ground", hexes: {} },
  });
  const from = graph.names[Math.floor(side / 2) * side + Math.floor(side / 2)]!;
  const open = await emitted(OPEN_RULESET);
  // Warm-up: the first search prepares the map's steps for the ruleset (once per map), and compiles.
  for (const mp of [0, sizes[0]!]) open.reach(graph, { mp }, from);
  // Rounds interleave the sizes (each round searches every size once), so a pause of the machine or
  // of the collector falls on one round of one size, and each size keeps its best round.
  const all = [0, ...sizes];
  const best = all.map(() => Infinity);
  const hexes = all.map(() => 0);
  for (let round = 0; round < repeat; round++) {
    all.forEach((mp, i) => {
      const t = performance.now();
      const a = open.reach(graph, { mp }, from);
      best[i] = Math.min(best[i]!, performance.now() - t);
      let n = 0;
      for (let h = 0; h < graph.n; h++) if (!Number.isNaN(a.cost[h])) n++;
      hexes[i] = n;
    });
  }
  const fixed = best[0]!;
  const out = sizes.map((mp, i) => ({
    mp,
    hexes: hexes[i + 1]!,
    ms: Math.round(best[i + 1]! * 10) / 10,
  }));
  return {
    reachLargeMs: out.find((s) => s.mp === 40)?.ms ?? out[out.length - 1]!.ms,
    reachLargeSizes: out,
    reachLargeFixedMs: Math.round(fixed * 10) / 10,
    // Over the sizes past the first, whose time the fixed cost does not dominate (subtracting a fixed
    // cost measured separately made the fit swing with a loaded machine's noise).
    reachLargeGrowth: growth(
      out.slice(1).map((s) => s.hexes),
      out.slice(1).map((s) => s.ms),
    ),
  };
}

// `node dist/bench/reach-large.js`: this figure alone.
if (process.argv[1]?.endsWith("reach-large.js")) console.log(JSON.stringify(await reachLarge()));
