/**
 * Chain of Command's building openings on a map (issue 42): a hexside `door` is passed as a house door
 * (10.1.4: "the lower dice rolled discarded", a minor obstacle), a `window` as a large window (the
 * higher discarded, a medium obstacle). Derived by hand on a 3 × 1 strip of open ground, 4" a hex,
 * the opening on the A1–B1 side, a Team moving from A1:
 * - door, 2 and 6: the 2 dropped, 6" ≥ 4": B1 reached (4"); C1 (8") not.
 * - window, 2 and 6: the 6 dropped, 2" < 4": it moves up to the window and halts; B1 not reached.
 * - window, 5 and 6: 5" ≥ 4": B1 reached.
 * The same step through eval (`opening` on the stretch) gives the same answer.
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

function evalCost(unit: Record<string, unknown>, path: unknown[]): number | null {
  const r = ir("chain-of-command");
  const p = parseScenario(JSON.stringify({ unit, path }), "s.json", [r]);
  expect(p.diagnostics).toEqual([]);
  const out = evaluateMove(interpreterFor(r), ratNum, prepare(r, p.perRuleset[0]!.value).ctx);
  return out.legal ? out.spent : null;
}

describe("Chain of Command: a door or window on a hexside (10.1.4)", () => {
  const cases: [string, number[], number | null][] = [
    ["door", [2, 6], 4],
    ["window", [2, 6], null],
    ["window", [5, 6], 4],
  ];
  for (const [opening, dice, b1] of cases)
    it(`${opening}, ${dice.join(" and ")}: B1 ${b1 === null ? "not reached" : `${b1}"`}`, () => {
      const unit = { kind: "team", dice };
      const b = reachOf(["chain-of-command"], strip(opening), "A1", unit);
      expect(b.mismatches).toEqual([]);
      const c = costs(b);
      expect(c.B1 ?? null).toBe(b1);
      expect(c.C1).toBeUndefined();
      expect(evalCost(unit, [{ terrain: "open", inches: 4, opening }])).toBe(b1);
    });
});
