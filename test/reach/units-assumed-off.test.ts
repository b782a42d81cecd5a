/**
 * `buildUnitsReach` with `assumed: false` (a stack example's run, compiler/reach/examples.ts) leaves
 * out only the defaults each unit's answer turns on: every other part of the report — allowances,
 * hexes reached, cases, counts, the stacking limit, the units not moved — and the diagnostics are
 * those of the full run, for every fixture map that places units, under every bundled ruleset of hexes.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mapVocabulary } from "../../compiler/map/known-names.js";
import { parseMap } from "../../compiler/map/parse.js";
import { buildUnitsReach, type UnitsReport } from "../../compiler/reach/units.js";
import { ir, ROOT } from "./helpers.js";

const MAPS = [
  "units-leader-woods.json",
  "units-lone-smc.json",
  "units-skirmish.json",
  "units-small.json",
];
// Chain of Command measures in inches: these maps (of hexes, no `hexInches`) are not its.
const IDS = ["sl-classic", "sqla-31", "asl-a4", "tide-of-iron"];

/** The report without any unit's `assumed`, and how many units had one. */
function withoutAssumed(r: UnitsReport): { report: UnitsReport; named: number } {
  let named = 0;
  const results = r.results.map((x) => ({
    ...x,
    units: x.units.map(({ assumed, ...u }) => {
      if (assumed !== undefined) named++;
      return u;
    }),
  }));
  return { report: { ...r, results }, named };
}

function both(name: string, side: "friendly" | "enemy") {
  const text = readFileSync(join(ROOT, "test", "fixtures", "maps", name), "utf8");
  const rulesets = IDS.map(ir);
  const map = parseMap(text, name, mapVocabulary(rulesets)).map!;
  const req = { map, mapText: text, mapFile: name, phase: "movement" as const, side };
  return {
    full: buildUnitsReach({ ...req, rulesets }),
    off: buildUnitsReach({ ...req, rulesets, assumed: false }),
  };
}

describe("reach --all without naming the defaults", () => {
  for (const name of MAPS)
    for (const side of ["friendly", "enemy"] as const)
      it(`${name}, ${side}: the same report but \`assumed\``, () => {
        const { full, off } = both(name, side);
        const stripped = withoutAssumed(full.report);
        expect(withoutAssumed(off.report).named).toBe(0);
        expect(off.report).toEqual(stripped.report);
        expect(off.diagnostics).toEqual(full.diagnostics);
        expect(off.graph).toEqual(full.graph);
      });

  it("the full run names a default there (so the above can fail): SL's 2nd, no leader (5.4)", () => {
    const { full } = both("units-leader-woods.json", "friendly");
    expect(withoutAssumed(full.report).named).toBeGreaterThan(0);
  });
});
