/**
 * Enemy-held hexes on a map (`"enemy": { "B1": "units" }`), through the command line (in-process): each ruleset
 * reads them as a step's `enemy` would say. The fixture is a 3×2 field whose B1 the enemy holds; the
 * way round from A1 to C1 is A2, B2, C2 (4 hexes) where B1 itself is 2. Answers derived from the texts:
 * SL 5.6 (only the Advance Phase enters an enemy hex), ASL A4.14/A4.15 (no entering, but an MMC may
 * overrun a lone SMC at double cost), Tide of Iron (never into or through), Chain of Command (no
 * such concept: listed as not applicable, the hex stays open).
 */
import { writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, variorum } from "../cli/run.js";
import type { ReachReport } from "../../compiler/reach/report.js";

const MAP = join(ROOT, "test", "fixtures", "maps", "ok-enemy.json");
const tmp = mkdtempSync(join(tmpdir(), "variorum-enemy-"));

async function reach(
  rulesets: string,
  unit: unknown,
  extra: string[] = [],
  map = MAP,
): Promise<ReachReport> {
  const r = await variorum([
    "reach",
    rulesets,
    map,
    "--from",
    "A1",
    "--unit",
    JSON.stringify(unit),
    "--format",
    "json",
    ...extra,
  ]);
  expect(r.stderr).toBe("");
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as ReachReport;
}
const costs = (r: ReachReport, i = 0): Record<string, number> =>
  Object.fromEntries(Object.entries(r.results[i]!.hexes).map(([h, x]) => [h, x.cost]));

describe("enemy-held hexes on a map", () => {
  it("SL: not entered in the Movement Phase, so C1 is reached the long way round (5.6)", async () => {
    const r = await reach("sl-classic", { kind: "squad" });
    expect(costs(r)).toEqual({ A1: 0, A2: 1, B2: 2, C2: 3, C1: 4 });
    expect(r.results[0]!.hexes["C1"]!.path).toEqual(["A1", "A2", "B2", "C2", "C1"]);
  });

  it("SL: the Advance Phase enters it", async () => {
    const r = await reach("sl-classic", { kind: "squad" }, ["--phase", "advance"]);
    expect(Object.keys(costs(r)).sort()).toEqual(["A1", "A2", "B1"]);
  });

  it("ASL: an enemy unit bars the Location; a lone SMC is overrun at double cost (A4.14, A4.15)", async () => {
    expect(costs(await reach("asl-a4", { kind: "squad" }))["B1"]).toBeUndefined();
    const lone = join(tmp, "lone.json");
    writeFileSync(
      lone,
      JSON.stringify({
        name: "Lone SMC",
        columns: 3,
        rows: 2,
        terrain: { default: "open-ground" },
        enemy: { B1: "lone-smc" },
      }),
    );
    const r = await reach("asl-a4", { kind: "squad" }, [], lone);
    expect(costs(r)["B1"]).toBe(2);
    expect(r.results[0]!.hexes["B1"]!.rules).toContain("A4.15");
  });

  it("Tide of Iron: never into or through it", async () => {
    const r = await reach("tide-of-iron", { kind: "squad", action: "advance" });
    expect(costs(r)["B1"]).toBeUndefined();
    expect(r.results[0]!.hexes["C1"]!.path).toEqual(["A1", "A2", "B2", "C2", "C1"]);
  });

  it("Chain of Command has no such concept: the hex stays open, and the answer says so", async () => {
    const r = await reach("chain-of-command", { kind: "team", dice: [3, 5] });
    expect(r.results[0]!.notApplicable).toContain("enemy: units");
    expect(costs(r)["B1"]).toBeDefined();
  });

  it("the drawing marks the enemy-held hex, in its title and in the legend", async () => {
    const r = await variorum([
      "reach",
      "sl-classic,asl-a4",
      MAP,
      "--from",
      "A1",
      "--format",
      "svg",
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('data-enemy="units"');
    expect(r.stdout).toContain("held by the enemy (units)");
    expect(r.stdout).toContain("held by the enemy</text>");
  });
});

describe("a map for a ruleset measured in inches", () => {
  it("without hexInches is a located error naming the field (exit 1), not a crash", async () => {
    const file = join(tmp, "no-inches.json");
    writeFileSync(
      file,
      JSON.stringify({
        name: "No inches",
        columns: 2,
        rows: 2,
        terrain: { default: "open-ground" },
      }),
    );
    const r = await variorum(["reach", "sl-classic,chain-of-command", file, "--from", "A1"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      "no-inches.json:1:1: error V1003: chain-of-command measures moves in inches: the map needs `hexInches`",
    );
    expect((await variorum(["reach", "sl-classic", file, "--from", "A1"])).code).toBe(0);
  });
});
