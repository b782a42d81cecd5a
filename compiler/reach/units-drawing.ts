/**
 * A several-units report (units.ts) as a reach report (report.ts), so the single-unit drawing
 * (svg.ts, html.ts) draws it unchanged: per ruleset a panel where each hex at least one unit of the
 * side may end in is shaded by how many may (the measure `units`), its title naming the hex and, where
 * the stacking limit would not let them all end there, the limit's citation; the hexes over the limit
 * are marked as the drawing marks hexes that differ. "from" names the side.
 */
import type { MapGraph } from "../../runtime/map.js";
import type { ReachDifference, ReachReport } from "./report.js";
import type { UnitsReport } from "./units.js";

export function unitsAsReach(_g: MapGraph, r: UnitsReport): ReachReport {
  const differences: ReachDifference[] = [];
  const over = new Set(r.results.flatMap((x) => x.overLimit));
  for (const hex of [...over].sort())
    differences.push({
      hex,
      reachable: Object.fromEntries(r.results.map((x) => [x.ruleset, x.hexes[hex] !== undefined])),
      cost: Object.fromEntries(r.results.map((x) => [x.ruleset, x.hexes[hex]?.count ?? null])),
      rules: Object.fromEntries(
        r.results
          .filter((x) => x.overLimit.includes(hex) && x.stacking !== null)
          .map((x) => [x.ruleset, [`over the stacking limit ${x.stacking!.cite}`]]),
      ),
    });
  return {
    map: r.map,
    from: `the ${r.side} units`,
    phase: r.phase,
    unit: { side: r.side },
    results: r.results.map((x) => ({
      ruleset: x.ruleset,
      title: x.title,
      measure: "units",
      allowance: null,
      notApplicable: x.notApplicable,
      hexes: Object.fromEntries(
        Object.entries(x.hexes).map(([hex, h]) => [
          hex,
          {
            cost: h.count,
            path: h.units,
            rules:
              h.withinLimit === false && x.stacking !== null
                ? [`over the stacking limit ${x.stacking.cite}`]
                : [],
          },
        ]),
      ),
    })),
    differences,
  };
}
