/**
 * Reach enumerates a dice move's rolls by the ruleset's blocks of dice (runtime/rolls.ts
 * `forEachBlockRoll`, as `eval` does), never as one sorted multiset of every die the move reads: a
 * move reading `1d6` (the first face) and `2d6` (the first two) must see the first face as rolled,
 * not as the lower of the two. Derived by hand: an allowance of `1d6` MF, or 6 MF on a double of the
 * two dice. P(allowance = 1) = P(first face 1, second not 1) = 5/36; P(allowance ≥ 6) = P(double) +
 * P(first face 6, no double) = 6/36 + 5/36 = 11/36. One MF a hex along a row of open ground: a unit
 * ends in C1 (2 MF) unless the allowance is 1 — 31/36 — and in G1 (6 MF) with 11/36. Sorted as one
 * multiset, the first face would be the lower die: P(allowance = 1) = 10/36 and C1 26/36.
 */
import { describe, expect, it } from "vitest";
import { compileText } from "../../compiler/engine/index.js";
import { buildReach } from "../../compiler/reach/build.js";
import { parseScenario } from "../../compiler/scenario/index.js";
import { interpretScenario } from "../../compiler/engine/index.js";
import type { MapJson } from "../../runtime/map.js";

const RULES = `ruleset one-and-two-dice "A die, or 6 MF on a double of two"
measure MF [1.1] "movement factors"
enum kind [1.2] "counters" { team "Team" }
enum terrain [1.3] "terrain" { open-ground "Open ground" }
input unit [1.4] { kind: kind }
input step [1.5] { terrain: terrain }
rule allowance [1.6] "one die of MF, or 6 MF on a double of the two movement dice" : MF = 1d6 {
  exception [1.7] "a double moves 6 MF" when (2d6 keep highest 1) == (2d6 keep lowest 1): 6
}
movement [1.8] MF { allowance: allowance  cost: 1 MF }
`;
const ir = compileText(RULES, "one-and-two-dice.rules").ir!;
const ROW: MapJson = { name: "row", columns: 7, rows: 1, terrain: { default: "open-ground" } };

describe("reach reads a move's dice by block, as eval does", () => {
  it("a move reading 1d6 and 2d6: the first face is the first die rolled, not the lower", () => {
    const unit = { kind: "team" };
    const p = parseScenario(JSON.stringify({ unit, path: [] }), "u.json", [ir]);
    const built = buildReach({
      map: ROW,
      from: "A1",
      phase: "movement",
      unit,
      rulesets: [{ ir, base: p.perRuleset[0]!.value, notApplicable: [] }],
    });
    const h = built.report.results[0]!.hexes;
    const in36 = (hex: string) => Math.round(h[hex]!.probability! * 36);
    expect(in36("B1")).toBe(36);
    expect(in36("C1")).toBe(31);
    expect(in36("G1")).toBe(11);
    const d = built.answers[0]!.distribution!.distribution;
    expect(Math.round(d["1"]! * 36)).toBe(5);
    expect(Math.round(d["6"]! * 36)).toBe(11);
    // eval answers the same allowance for a move of no step.
    const e = interpretScenario(ir, p.perRuleset[0]!.value, []);
    const a = e.allowance as { distribution: Record<string, number> };
    expect(Math.round(a.distribution["1"]! * 36)).toBe(5);
  });
});
