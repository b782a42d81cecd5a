/**
 * `reach --all` counts a leader's load at squad usage (issue 42, SL 5.76 with 6.1). Derived by hand
 * on a 3 × 1 field of open ground: in A1 a squad with an HMG (5 PP: 4 − (5 − 3) = 2 MF, 142.33) and
 * a leader with an LMG (2 of his PP, 6 − (2 − 1) = 5 MF; 1 PP at squad usage, `squadPortage`); in B1
 * a squad with an MMG (4 PP: 3 MF), one hex (1 MF) from A1.
 * - A1: all three can end there; PP at squad usage 5 + 1 + 4 = 10, within 6.1's 10 (counted in the
 *   leader's own column it would be 11, over).
 * - A leader whose load is given only in his own column cannot be counted (his 2 PP may be an LMG, 1
 *   at squad usage, or a flamethrower, 2): he is listed as not moved, naming `squadPortage`.
 */
import { describe, expect, it } from "vitest";
import { reachUnitsOn } from "../../compiler/engine/index.js";
import { ir } from "./helpers.js";

function all(units: Record<string, unknown[]>) {
  const map = {
    name: "Squad usage",
    columns: 3,
    rows: 1,
    terrain: { default: "open-ground" },
    units,
  };
  const out = reachUnitsOn({
    rulesets: [ir("sl-classic")],
    map: { text: JSON.stringify(map), file: "squad-usage.json" },
    phase: "movement",
    side: "friendly",
  });
  expect(out.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return out.value!.report.results[0]!;
}

describe("reach --all: a leader's load at squad usage (5.76)", () => {
  it("an HMG squad, a leader with an LMG and an MMG squad make 10 PP in A1: within 6.1", () => {
    const sl = all({
      A1: [
        { kind: "squad", portage: 5, name: "HMG" },
        { kind: "leader", portage: 2, squadPortage: 1, name: "Lt" },
      ],
      B1: [{ kind: "squad", portage: 4, name: "MMG" }],
    });
    expect(sl.units.map((u) => [u.name, u.allowance])).toEqual([
      ["HMG", 2],
      ["Lt", 5],
      ["MMG", 3],
    ]);
    expect(sl.hexes["A1"]).toEqual({
      count: 3,
      units: ["HMG", "Lt", "MMG"],
      counts: { infantry: 3, mmcs: 2, pp: 10 },
      withinLimit: true,
    });
  });

  it("a leader's load without its squad usage is not counted, and says which field", () => {
    const sl = all({ A1: [{ kind: "leader", portage: 2, name: "Lt" }] });
    expect(sl.units).toEqual([]);
    expect(sl.notPlaced).toEqual([
      {
        name: "Lt",
        hex: "A1",
        reason: "its stacking counts need `squadPortage`, which the unit does not give",
      },
    ]);
  });
});
