/**
 * Bypass on a map (`"bypass": { "B2": ["NE", "SE"] }`: the sides of a hex its obstacle does not
 * touch). Answers derived by hand from the rule texts, before the code:
 *
 * - SL 106.1–106.3: Bypass moves "through a building hex or woods hex without entering the obstacle",
 *   along "two contiguous unblocked hex sides", paying "the other terrain in the hex (usually 1 MF for
 *   open ground)", doubled past two sides. ASL A4.3/A4.31 says the same, and A4.32: "Infantry may not
 *   voluntarily end its move using Bypass"; SL 106 has no such sentence, so an SL unit may end its
 *   Movement Phase skirting the obstacle (in the hex, out of the woods).
 * - Geometry (A4.31 EX: from 2D3 the squad Bypasses D4 along D4-C4 and D4-C5, then may enter C5 or
 *   D5): the unit enters at an end of the side it crosses, moves along sides of the hex, and leaves
 *   across a side that meets where it stops. So on the 3×3 map below (woods in B2, a squad in B1, north
 *   of it), B3 (south) is two sides round either way: NE and SE, or NW and SW.
 *
 * On that map a squad (4 MF) in B1 gets to B3 for 1 (Bypass B2, open ground, 106.2) + 1 (B3) = 2 MF;
 * without Bypass 3 (B1 → A2 → A3 → B3, or woods 2 + 1). It ends in B2 for 1 MF under SL (Bypass along
 * one side), 2 under ASL (it must enter the woods: A4.32). Tide of Iron has no Bypass: 3 MP to B3 as
 * on a map without `bypass`.
 */
import { describe, expect, it } from "vitest";
import { bypassSides } from "../../runtime/reach-steps.js";
import { evaluateMove } from "../../runtime/move.js";
import { ratNum } from "../../runtime/rational.js";
import { interpreterFor, prepare } from "../../compiler/interpret/interpreter.js";
import { parseScenario } from "../../compiler/scenario/index.js";
import type { MapJson } from "../../runtime/map.js";
import { costs, ir, reachOf } from "./helpers.js";

const woods = (sides?: string[]): MapJson => ({
  name: "Bypass",
  columns: 3,
  rows: 3,
  terrain: { default: "open-ground", hexes: { B2: "woods" } },
  ...(sides === undefined ? {} : { bypass: { B2: sides } }),
});
const ALL = ["N", "NE", "SE", "S", "SW", "NW"];
const squad = { kind: "squad" };

/** What `variorum eval` says of a path (JSON steps) for one ruleset: its cost, or null when illegal. */
function evalCost(id: string, path: unknown[], unit: unknown = squad): number | null {
  const r = ir(id);
  const p = parseScenario(JSON.stringify({ phase: "movement", unit, path }), "s.json", [r]);
  expect(p.diagnostics).toEqual([]);
  const out = evaluateMove(interpreterFor(r), ratNum, prepare(r, p.perRuleset[0]!.value).ctx);
  return out.legal ? out.spent : null;
}

describe("bypassSides: the fewest sides skirted (A4.31 EX geometry)", () => {
  const mask = (...ds: string[]) => ds.reduce((m, d) => m | (1 << ALL.indexOf(d)), 0);
  it("from N: SW is one side round (NW), S two (NW, SW), SE two (NE, SE)", () => {
    const all = mask(...ALL);
    expect(bypassSides(all, 0, 4)).toBe(1);
    expect(bypassSides(all, 0, 5)).toBe(1);
    expect(bypassSides(all, 0, 3)).toBe(2);
    expect(bypassSides(all, 0, 2)).toBe(1);
    // Leaving across the side next to the entry: along one of the two (A4.31: at least one side).
    expect(bypassSides(all, 0, 1)).toBe(1);
  });
  it("only the sides the obstacle does not touch", () => {
    expect(bypassSides(mask("NE", "SE"), 0, 3)).toBe(2);
    expect(bypassSides(mask("NE"), 0, 3)).toBe(0);
    expect(bypassSides(mask("NW", "SW"), 0, 3)).toBe(2);
    // From N to SE with NE blocked: the long way, NW, SW and S: three sides (106.3 doubles).
    expect(bypassSides(mask("NW", "SW", "S", "SE"), 0, 2)).toBe(3);
    expect(bypassSides(0, 0, 3)).toBe(0);
  });
});

describe("reach with Bypass (SL 106, ASL A4.3)", () => {
  it("SL: a squad skirts the woods to B3 for 2 MF, and may end in B2 for 1", () => {
    const b = reachOf(["sl-classic"], woods(ALL), "B1", squad);
    expect(b.mismatches).toEqual([]);
    const c = costs(b);
    expect(c.B3).toBe(2);
    expect(c.B2).toBe(1);
    const b3 = b.report.results[0]!.hexes.B3!;
    expect(b3.path).toEqual(["B1", "B2", "B3"]);
    expect(b3.bypass).toEqual([{ step: 1, hex: "B2", sides: 2 }]);
    expect(b3.rules).toContain("106.2");
    // The same path through eval: 1 + 1.
    expect(
      evalCost("sl-classic", [{ terrain: "woods", bypass: 2 }, { terrain: "open-ground" }]),
    ).toBe(2);
    // Without `bypass` on the map: 3 and 2.
    const plain = costs(reachOf(["sl-classic"], woods(), "B1", squad));
    expect([plain.B3, plain.B2]).toEqual([3, 2]);
  });

  it("ASL: 2 MF to B3 by Bypass, but B2 only by entering the woods (A4.32)", () => {
    const b = reachOf(["asl-a4"], woods(ALL), "B1", squad);
    expect(b.mismatches).toEqual([]);
    const c = costs(b);
    expect(c.B3).toBe(2);
    expect(c.B2).toBe(2);
    expect(b.report.results[0]!.hexes.B2!.bypass).toBeUndefined();
    expect(b.report.results[0]!.hexes.B3!.bypass).toEqual([{ step: 1, hex: "B2", sides: 2 }]);
    expect(evalCost("asl-a4", [{ terrain: "woods", bypass: 2 }])).toBeNull();
    expect(evalCost("asl-a4", [{ terrain: "woods", bypass: 2 }, { terrain: "open-ground" }])).toBe(
      2,
    );
  });

  it("blocked sides: B3 by Bypass only when a side chain joins N to S", () => {
    expect(costs(reachOf(["sl-classic"], woods(["NE", "SE"]), "B1", squad)).B3).toBe(2);
    expect(costs(reachOf(["sl-classic"], woods(["NW", "SW"]), "B1", squad)).B3).toBe(2);
    expect(costs(reachOf(["sl-classic"], woods(["NE", "SW"]), "B1", squad)).B3).toBe(3);
    expect(costs(reachOf(["sl-classic"], woods([]), "B1", squad)).B3).toBe(3);
  });

  it("a ruleset without Bypass never bypasses, and lists `bypass` as not applicable: Tide of Iron", () => {
    const unit = { kind: "squad", action: "advance" };
    const b = reachOf(["tide-of-iron"], woods(ALL), "B1", unit);
    const plain = reachOf(["tide-of-iron"], woods(), "B1", unit);
    const { notApplicable, ...rest } = b.report.results[0]!;
    expect(notApplicable).toContain("bypass");
    const { notApplicable: before, ...plainRest } = plain.report.results[0]!;
    expect(notApplicable.filter((x) => x !== "bypass")).toEqual(before);
    expect(rest).toEqual(plainRest);
  });

  it("A4.31 EX: from 2D3 round the building in D4 (a wall on D4-D5): C5 2 MF, D5 3, D4 2", () => {
    // D4's building touches its N and S sides (the wall on D4-D5 extends to it); it may be skirted
    // along D4-C4, D4-C5 (west) and D4-E4, D4-E5 (east).
    const map: MapJson = {
      name: "A4.31 EX",
      columns: 5,
      rows: 6,
      terrain: { default: "open-ground", hexes: { D4: "building" } },
      hexsides: [{ hexes: ["D4", "D5"], feature: "wall" }],
      bypass: { D4: ["NW", "SW", "NE", "SE"] },
    };
    const b = reachOf(["asl-a4"], map, "D3", squad);
    expect(b.mismatches).toEqual([]);
    const c = costs(b);
    // "it will cost the squad two additional MF to enter D5 because of the wall hexside" after the
    // 1 MF Bypass; "only one MF to enter C5"; occupying the building: 2 MF (A4.32: not in Bypass).
    expect(c.D5).toBe(3);
    expect(c.C5).toBe(2);
    expect(c.D4).toBe(2);
    expect(
      evalCost("asl-a4", [
        { terrain: "building", bypass: 2 },
        { terrain: "open-ground", hexside: "wall" },
      ]),
    ).toBe(3);
  });
});
