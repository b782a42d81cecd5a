/**
 * `reachLargeMs` (issue 27, 23.5): how reach's time grows with the hexes it reaches. A house rule of 1 MP
 * a hex (the profile needs no path state) searched on an open 1,000 × 1,000 map from its centre, with
 * allowances of 40, 100, 200 and 400 MP (≈ 4,900 to 480,000 hexes reached), through the interpreter
 * (the `variorum reach` path). Reports the time of each size, the hexes reached, and the growth
 * exponent k in time ∝ hexes^k (a least-squares fit on the logarithms, of the time beyond a 0 MP search's, which
 * is the fixed cost of preparing a million hexes): near 1 is near-linear, the
 * per-label path walks the search used to make gave ≈ 1.5.
 */
import { compileText } from "../compiler/engine/index.js";
import { interpretedBinding } from "../compiler/reach/binding.js";
import { parseScenario } from "../compiler/scenario/index.js";
import { buildGraph, type MapGraph } from "../runtime/map.js";
import { reachOnMap } from "../runtime/reach-map.js";

export interface ReachLargeFigures {
  /** The search with 40 MP, in ms (best of the runs). */
  reachLargeMs: number;
  /** Per allowance: MP, hexes reached, ms. */
  reachLargeSizes: { mp: number; hexes: number; ms: number }[];
  /** k in time ∝ hexes^k over the sizes. */
  reachLargeGrowth: number;
}

function ruleset(mp: number): string {
  return (
    `ruleset open "open ground, ${mp} MP"\n  cites numbered\nmeasure MP [1.1] "movement points"\n` +
    `enum terrain [1.2] "terrain" {\n  open-ground "Open ground"\n}\n` +
    `input step [1.3] {\n  terrain: terrain\n}\n` +
    `movement [1.4] MP {\n  allowance: ${mp} MP\n  cost: 1 MP\n}\n`
  );
}

function best(fn: () => void, repeat: number): number {
  let b = Infinity;
  for (let r = 0; r < repeat; r++) {
    const t0 = process.hrtime.bigint();
    fn();
    b = Math.min(b, Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return b;
}

export function reachLarge(
  sizes: readonly number[] = [40, 100, 200, 400],
  repeat = 3,
  side = 1000,
): ReachLargeFigures {
  const graph: MapGraph = buildGraph({
    name: "open",
    columns: side,
    rows: side,
    terrain: { default: "open-ground", hexes: {} },
  });
  const from = Math.floor(side / 2) * side + Math.floor(side / 2);
  const out: { mp: number; hexes: number; ms: number }[] = [];
  let fixed = 0;
  for (const mp of [0, ...sizes]) {
    const { ir, diagnostics } = compileText(ruleset(mp), "open.rules");
    if (ir === null) throw new Error(JSON.stringify(diagnostics));
    const p = parseScenario(JSON.stringify({ unit: {}, path: [] }), "unit.json", [ir]);
    const binding = interpretedBinding(ir, p.perRuleset[0]!.value, {});
    let hexes = 0;
    const ms = best(() => {
      const a = reachOnMap(binding, graph, from);
      hexes = 0;
      for (let h = 0; h < graph.n; h++) if (!Number.isNaN(a.cost[h])) hexes++;
    }, repeat);
    if (mp === 0) fixed = ms;
    else out.push({ mp, hexes, ms: Math.round(ms * 10) / 10 });
  }
  // Least squares on (log hexes, log ms).
  const xs = out.map((s) => Math.log(s.hexes));
  const ys = out.map((s) => Math.log(Math.max(s.ms - fixed, 0.1)));
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let num = 0;
  let den = 0;
  for (let i = 0; i < xs.length; i++) {
    num += (xs[i]! - mx) * (ys[i]! - my);
    den += (xs[i]! - mx) ** 2;
  }
  return {
    reachLargeMs: out.find((s) => s.mp === 40)?.ms ?? out[out.length - 1]!.ms,
    reachLargeSizes: out,
    reachLargeGrowth: Math.round((num / den) * 100) / 100,
  };
}
