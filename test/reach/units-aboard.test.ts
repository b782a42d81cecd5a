/**
 * `reach --all` with a unit placed aboard the map's vehicle (issue 42: "SQLA: `reach --all` moves a
 * unit placed `aboard` as if on foot"). A placed unit that says it rides (`aboard: true`) starts aboard
 * the vehicle in its hex and gets off first, as `reach --aboard` does. Derived by hand from SQLA on a
 * 3 × 3 map of open ground, woods in C2, a half-track (16 MP) in B2, whose neighbours are A2, A3, B1,
 * B3, C2 and C3: "Infantry may disembark with no penalties … during their own MPh" (31.4), then "may
 * move only to the same or an adjacent … hex … regardless of the MF expenditure" (31.5). So the rider
 * in B2 ends in B2 or any neighbour (the woods too), never A1 or C1, two hexes away; a squad on foot in
 * A1 with 4 MF (SL 4.1) reaches every hex (C2's woods cost 2, SL 5.5). In the Advance Phase nobody
 * gets off (31.3): the rider stays aboard and ends its move in no hex, as under `reach --aboard`.
 */
import { describe, expect, it } from "vitest";
import { reachUnitsOn } from "../../compiler/engine/index.js";
import { ir } from "./helpers.js";

const MAP = {
  name: "Riders",
  columns: 3,
  rows: 3,
  terrain: { default: "open-ground", hexes: { C2: "woods" } },
  vehicles: { B2: { kind: "halftrack", mp: 16 } },
  units: {
    A1: [{ kind: "squad", name: "foot" }],
    B2: [{ kind: "squad", aboard: true, name: "rider" }],
  },
};

function all(phase: "movement" | "advance") {
  const out = reachUnitsOn({
    rulesets: [ir("sqla-31")],
    map: { text: JSON.stringify(MAP), file: "riders.json" },
    phase,
    side: "friendly",
  });
  expect(out.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return out.value!.report.results[0]!;
}

const where = (r: ReturnType<typeof all>, name: string) =>
  Object.keys(r.hexes)
    .filter((h) => r.hexes[h]!.units.includes(name))
    .sort();

describe("reach --all: a unit placed aboard the vehicle in its hex", () => {
  it("SQLA: the rider gets off first and ends in its hex or a neighbour (31.4, 31.5)", () => {
    const r = all("movement");
    expect(where(r, "rider")).toEqual(["A2", "A3", "B1", "B2", "B3", "C2", "C3"]);
    expect(where(r, "foot")).toEqual(["A1", "A2", "A3", "B1", "B2", "B3", "C1", "C2", "C3"]);
  });

  it("SQLA: no getting off in the Advance Phase (31.3): the rider ends in no hex", () => {
    const r = all("advance");
    expect(where(r, "rider")).toEqual([]);
    expect(r.units.find((u) => u.name === "rider")!.reaches).toBe(0);
    expect(where(r, "foot")).toEqual(["A1", "A2", "B1"]);
  });
});
