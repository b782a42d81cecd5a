/**
 * `reach --all` keeps who holds an enemy hex (issue 42, ASL A4.15): the other side's units hold their
 * hexes as the ruleset says one unit alone holds a hex (its `holds-as` rule), and several as `units`.
 * Derived by hand from the texts, on test/fixtures/maps/units-lone-smc.json (open ground; a friendly
 * squad in A1, an enemy leader alone in B1, an enemy leader with a squad in B2):
 * - ASL: an MMC may enter a Location whose only enemy is one Known SMC in the MPh, by Infantry OVR,
 *   at double the entry cost (A4.14, A4.15): B1 costs 2 × 1 = 2 MF of the squad's 4. B2 holds a squad
 *   too: no OVR, and no entry in the MPh (A4.14).
 * - SL: no enemy-held hex is entered in the Movement Phase, whoever holds it (5.6): B1 and B2 barred.
 * - The single-unit search with the map's `enemy: { B1: lone-smc, B2: units }` gives the same hexes
 *   and costs as the squad's part of `--all`.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { reachOn, reachUnitsOn } from "../../compiler/engine/index.js";
import { ROOT, ir } from "./helpers.js";

const FILE = join(ROOT, "test", "fixtures", "maps", "units-lone-smc.json");
const text = readFileSync(FILE, "utf8");

function all(id: string) {
  const out = reachUnitsOn({
    rulesets: [ir(id)],
    map: { text, file: "units-lone-smc.json" },
    phase: "movement",
    side: "friendly",
  });
  expect(out.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return out.value!.report.results[0]!;
}

function single(id: string) {
  const map = JSON.parse(text) as Record<string, unknown>;
  delete map["units"];
  map["enemy"] = { B1: "lone-smc", B2: "units" };
  const out = reachOn({
    rulesets: [ir(id)],
    map: { text: JSON.stringify(map), file: "held.json" },
    from: { text: "A1", file: "--from" },
    unit: { text: '{"kind":"squad"}', file: "--unit" },
    phase: "movement",
  });
  expect(out.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return out.value!.report.results[0]!;
}

describe("reach --all: a lone enemy SMC (A4.15)", () => {
  it("ASL: the squad overruns the lone leader in B1 (2 MF), and stays out of B2", () => {
    const asl = all("asl-a4");
    expect(asl.hexes["B1"]?.units).toEqual(["1st"]);
    expect(asl.hexes["B2"]).toBeUndefined();
    const one = single("asl-a4");
    expect(one.hexes["B1"]?.cost).toBe(2);
    expect(Object.keys(asl.hexes)).toEqual(Object.keys(one.hexes));
  });

  it("SL: neither enemy hex is entered in the Movement Phase (5.6)", () => {
    const sl = all("sl-classic");
    expect(sl.hexes["B1"]).toBeUndefined();
    expect(sl.hexes["B2"]).toBeUndefined();
    expect(Object.keys(sl.hexes)).toEqual(Object.keys(single("sl-classic").hexes));
  });
});
