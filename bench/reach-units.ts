/**
 * `reachUnits50Ms` (issue 24): `variorum reach sl-classic MAP --all` on the 200×200 bench map with 50
 * friendly squads placed over it (a leader with every tenth), through the engine (`reachUnitsOn`: the
 * map parsed, each unit validated and searched alone, counts and SL 6.1 stacking per hex). Beside it
 * the same with 1 and 10 units, so the growth with the units shows (linear: one search per unit).
 * Run alone: `node dist/bench/reach-units.js` after the build.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { reachUnitsOn } from "../compiler/engine/index.js";
import type { RulesetIR } from "../compiler/ir/ir.js";
import { compileText } from "../compiler/engine/index.js";
import { generateMap } from "./map-gen.js";
import { bestMs } from "./timing.js";
import { hexName } from "../runtime/map.js";

export interface ReachUnitsFigures {
  reachUnits1Ms: number;
  reachUnits10Ms: number;
  reachUnits50Ms: number;
}

function mapWith(units: number): string {
  const map = generateMap(200, 200, 20261125) as unknown as Record<string, unknown>;
  const placed: Record<string, { kind: string }[]> = {};
  for (let k = 0; k < units; k++) {
    // Spread over the map: column and row from k, clear of one another.
    const col = 10 + ((k * 37) % 180);
    const row = 10 + ((k * 53) % 180);
    const name = hexName(col, row);
    (placed[name] ??= []).push({ kind: k % 10 === 9 ? "leader" : "squad" });
  }
  map["units"] = placed;
  return JSON.stringify(map);
}

export function reachUnits(root: string, repeat = 3): ReachUnitsFigures {
  const { ir } = compileText(
    readFileSync(join(root, "rulesets", "sl-classic.rules"), "utf8"),
    "sl-classic.rules",
  );
  const irs: RulesetIR[] = [ir!];
  const ms = (units: number): number => {
    const text = mapWith(units);
    return bestMs(() => {
      const out = reachUnitsOn({
        rulesets: irs,
        map: { text, file: "bench.json" },
        phase: "movement",
        side: "friendly",
      });
      if (out.value === null || out.value.report.results[0]!.units.length !== units)
        throw new Error(`reach --all on the bench map: ${JSON.stringify(out.diagnostics)}`);
    }, repeat);
  };
  const round = (x: number) => Math.round(x * 10) / 10;
  return {
    reachUnits1Ms: round(ms(1)),
    reachUnits10Ms: round(ms(10)),
    reachUnits50Ms: round(ms(50)),
  };
}

if (process.argv[1]?.endsWith("reach-units.js")) {
  const root = join(import.meta.dirname, "..", "..");
  console.log(JSON.stringify(reachUnits(root), null, 2));
}
