/**
 * Chain of Command obstacles on a map's hexsides (issue 24): a hedge or wall on a hexside is its
 * medium obstacle, a fence its minor one (the ruleset's `concept hedge | wall`, `concept fence`), met
 * where the unit crosses that side. Answers derived by hand from the text (10.1.2.1), on a 3 × 1 strip
 * of open ground, 4" a hex, an obstacle on the A1–B1 side, a Team moving from A1:
 *
 * - Medium obstacle: "discard the higher of the dice rolled when the obstacle is crossed". A roll of
 *   5 and 6 gives 5": B1 (4") is reached, C1 (8") is not (without the hedge 11" would reach it). A
 *   roll of 2 and 6 gives 2": "the Unit will move towards it with both dice and halt when it is
 *   reached" — it stops at the hedge, never in B1.
 * - Minor obstacle (a fence): "discard the lower": 2 and 6 give 6", so B1 is reached.
 * - Moving Tactically a unit "cannot … cross obstacles" (10.1.2.1): one die of 6 still stops at it.
 *
 * Where on the step the obstacle stands (the hexside, half a hex in, or the step's start) changes no
 * answer of reach: a move ends legally only when its whole length is within the roll, so every point
 * before its end — the obstacle too — is strictly within it, and the obstacle is crossed wherever it
 * stands; where a unit short of it halts is `eval`'s answer (its `halt`), not a hex it can end in.
 */
import { describe, expect, it } from "vitest";
import { evaluateMove } from "../../runtime/move.js";
import { ratNum } from "../../runtime/rational.js";
import { interpreterFor, prepare } from "../../compiler/interpret/interpreter.js";
import { parseScenario } from "../../compiler/scenario/index.js";
import type { MapJson } from "../../runtime/map.js";
import { costs, ir, reachOf } from "./helpers.js";

const strip = (feature: string): MapJson => ({
  name: "strip",
  columns: 3,
  rows: 1,
  hexInches: 4,
  terrain: { default: "open-ground" },
  hexsides: [{ hexes: ["A1", "B1"], feature }],
});

/** `eval chain-of-command` of a path with a fixed roll: its cost, or null when not legal. */
function evalCost(unit: Record<string, unknown>, path: unknown[]): number | null {
  const r = ir("chain-of-command");
  const p = parseScenario(JSON.stringify({ unit, path }), "s.json", [r]);
  expect(p.diagnostics).toEqual([]);
  const out = evaluateMove(interpreterFor(r), ratNum, prepare(r, p.perRuleset[0]!.value).ctx);
  return out.legal ? out.spent : null;
}

describe("Chain of Command: an obstacle on a hexside is crossed as its obstacle (10.1.2.1)", () => {
  const cases: [string, Record<string, unknown>, string, number | null][] = [
    ["hedge", { kind: "team", dice: [5, 6] }, "medium", 4],
    ["hedge", { kind: "team", dice: [2, 6] }, "medium", null],
    ["fence", { kind: "team", dice: [2, 6] }, "minor", 4],
    ["fence", { kind: "team", rate: "tactical", dice: [6] }, "minor", null],
  ];
  for (const [feature, unit, obstacle, b1] of cases)
    it(`${feature}, ${JSON.stringify(unit)}: B1 ${b1 === null ? "not reached" : `${b1}"`}`, () => {
      const b = reachOf(["chain-of-command"], strip(feature), "A1", unit);
      expect(b.mismatches).toEqual([]);
      const c = costs(b);
      expect(c.B1 ?? null).toBe(b1);
      expect(c.C1).toBeUndefined();
      // The same step through eval: the hex's ground and width, the obstacle crossed on the way.
      expect(evalCost(unit, [{ terrain: "open", inches: 4, obstacle }])).toBe(b1);
    });

  it("without the obstacle the same roll reaches C1", () => {
    const open: MapJson = { ...strip("hedge"), hexsides: [] };
    expect(
      costs(reachOf(["chain-of-command"], open, "A1", { kind: "team", dice: [5, 6] })).C1,
    ).toBe(8);
  });
});
