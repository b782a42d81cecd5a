/**
 * Vehicles on a map (`"vehicles": { "C1": { "kind": "halftrack", "mp": 16 } }`), through the real
 * binary: a ruleset that can board prices the cheapest legal move that walks to the vehicle and boards
 * it. The fixture is a 3×2 open field with a half-track (16 MP) in C1 and a truck (12 MP) in C2, each
 * two hexes from A1 (A1 → B1 → C1, A1 → B1 → C2). Answers derived by hand from the rule texts:
 *
 * - SQLA (over SL): a squad has 4 MF (SL 4.1); open ground costs 1 MF a hex (SL 5.5), so the walk is
 *   2 MF; boarding costs "1 MF, and 1 MF more for each PP taken aboard beyond the IPC" (31.3): 1 MF,
 *   so the move costs 3 MF ≤ 4. The vehicle uses "¼ (FRU) of its MP for each MF" the boarder spends
 *   this phase (31.3): fru(16 × 3 / 4) = 12 MP of the half-track, fru(12 × 3 / 4) = 9 of the truck.
 *   Starting in C1 itself, boarding alone is 1 MF and uses fru(16 × 1 / 4) = 4 MP.
 *   In the Advance Phase there is no boarding (31.3: "no boarding or getting off in the Advance Phase").
 * - Tide of Iron: a squad activated with Advance has 4 MP (Movement); clear ground is 1 MP a hex
 *   (Movement EXAMPLES/3) and "getting into a vehicle in the same hex takes 2 MP" (Entering and Exiting
 *   Transport Vehicles): 2 + 2 = 4 MP ≤ 4; the truck's Transport (2) has room. With Fire and Movement
 *   (3 MP) the walk of two hexes and the 2 MP leave it 1 MP short, so it cannot board from A1; from B1
 *   (one hex away) it can: 1 + 2 = 3 MP.
 * - SL, ASL and Chain of Command: SL and ASL have no boarding action; Chain of Command does, but its
 *   moves are dice rolls: all three list each vehicle as not applicable.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as generated from "../../generated/index.js";
import { buildGraph, type MapJson } from "../../runtime/map.js";
import { describe, expect, it } from "vitest";
import { ROOT, variorum } from "../cli/run.js";
import type { ReachReport } from "../../compiler/reach/report.js";

const MAP = join(ROOT, "test", "fixtures", "maps", "ok-vehicles.json");

async function reach(
  rulesets: string,
  unit: unknown,
  extra: string[] = [],
  from = "A1",
): Promise<ReachReport> {
  const r = await variorum([
    "reach",
    rulesets,
    MAP,
    "--from",
    from,
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

describe("boarding a vehicle on a map", () => {
  it("SQLA: a squad two open-ground hexes from the half-track boards it for 3 MF; the half-track loses 12 MP (31.3)", async () => {
    const r = (await reach("sqla-31", { kind: "squad" })).results[0]!;
    expect(r.boarding).toEqual({
      C1: {
        cost: 3,
        path: ["A1", "B1", "C1"],
        rules: expect.arrayContaining(["31.3"]) as unknown as string[],
        vehicleSpent: 12,
      },
      C2: {
        cost: 3,
        path: ["A1", "B1", "C2"],
        rules: expect.arrayContaining(["31.3"]) as unknown as string[],
        vehicleSpent: 9,
      },
    });
    expect(r.notApplicable).toEqual([]);
  });

  it("SQLA: boarding in the start hex is the board step alone", async () => {
    const r = (await reach("sqla-31", { kind: "squad" }, [], "C1")).results[0]!;
    expect(r.boarding?.["C1"]).toMatchObject({ cost: 1, path: ["C1"], vehicleSpent: 4 });
  });

  it("SQLA: no boarding in the Advance Phase (31.3)", async () => {
    const r = (await reach("sqla-31", { kind: "squad" }, ["--phase", "advance"])).results[0]!;
    expect(r.boarding).toEqual({});
    expect(r.notApplicable).toEqual([]);
  });

  it("Tide of Iron: a squad walks two clear hexes and enters the truck for 4 MP", async () => {
    const r = (await reach("tide-of-iron", { kind: "squad", action: "advance" })).results[0]!;
    expect(r.boarding?.["C2"]).toMatchObject({ cost: 4, path: ["A1", "B1", "C2"] });
    expect(r.boarding?.["C2"]!.rules).toContain("Movement/Entering and Exiting Transport Vehicles");
  });

  it("Tide of Iron: with Fire and Movement (3 MP) not from two hexes away, but from the next hex", async () => {
    expect(
      (await reach("tide-of-iron", { kind: "squad", action: "fire-and-movement" })).results[0]!
        .boarding,
    ).toEqual({});
    const r = (
      await reach("tide-of-iron", { kind: "squad", action: "fire-and-movement" }, [], "B1")
    ).results[0]!;
    expect(r.boarding?.["C2"]).toMatchObject({ cost: 3, path: ["B1", "C2"] });
  });

  it("SL, ASL and Chain of Command list the vehicles as not applicable", async () => {
    const report = await reach("sqla-31,sl-classic,asl-a4", { kind: "squad" });
    for (const r of report.results.slice(1)) {
      expect(r.notApplicable, r.ruleset).toEqual(
        expect.arrayContaining(["vehicle: C1", "vehicle: C2"]),
      );
      expect(r.boarding, r.ruleset).toEqual({});
    }
    const coc = (await reach("chain-of-command", { kind: "team", dice: [3, 5] })).results[0]!;
    expect(coc.notApplicable).toEqual(expect.arrayContaining(["vehicle: C1", "vehicle: C2"]));
  });

  it("a map without vehicles has no boarding in its report", async () => {
    const r = await variorum([
      "reach",
      "sqla-31",
      join(ROOT, "test", "fixtures", "maps", "ok-enemy.json"),
      "--from",
      "A1",
      "--format",
      "json",
    ]);
    expect((JSON.parse(r.stdout) as ReachReport).results[0]!.boarding).toBeUndefined();
  });

  it("the text lists each boarding; the drawing marks the vehicles, in titles and in the legend; the page tabulates them", async () => {
    const text = await variorum(["reach", "sqla-31,sl-classic", MAP, "--from", "A1"]);
    expect(text.stdout).toContain(
      "board the halftrack in C1: 3 MF (A1 → B1 → C1); the vehicle uses 12 MP",
    );
    expect(text.stdout).toContain("cannot board the vehicle in C1, C2");
    const svg = await variorum([
      "reach",
      "sqla-31,sl-classic",
      MAP,
      "--from",
      "A1",
      "--format",
      "svg",
    ]);
    expect(svg.code).toBe(0);
    expect(svg.stdout).toContain('data-vehicle="halftrack"');
    expect(svg.stdout).toContain("board the halftrack here: 3 MF");
    expect(svg.stdout).toContain("a vehicle to board</text>");
    // The HTML page adds a table: per vehicle and ruleset, the boarding move or why there is none.
    const html = await variorum([
      "reach",
      "sqla-31,sl-classic",
      MAP,
      "--from",
      "A1",
      "--format",
      "html",
    ]);
    expect(html.code).toBe(0);
    const table = html.stdout.slice(html.stdout.indexOf('id="boarding-head"'));
    expect(table.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ")).toContain(
      "C1 halftrack 3 MF; the vehicle uses 12 MP A1 → B1 → C1",
    );
    expect(table).toContain("cannot board it");
  });
});

describe("a vehicle the ruleset cannot price boarding", () => {
  // 31.3 prices the vehicle's share from its MP: a half-track without `mp` cannot be boarded in SQLA
  // (the move needs `vehicle.mp`), which is an answer — "not applicable" — in the generated module and
  // through the interpreter alike, not an internal error.
  const map: MapJson = {
    name: "No MP",
    columns: 3,
    rows: 2,
    terrain: { default: "open-ground" },
    vehicles: { C1: { kind: "halftrack" } },
  };

  it("the generated module lists it as not applicable", () => {
    const sqla = (
      generated as unknown as {
        rulesets: Record<
          string,
          {
            reach(
              g: unknown,
              unit: unknown,
              from: string,
            ): { notApplicable: string[]; boarding: unknown[] };
          }
        >;
      }
    ).rulesets["sqla-31"]!;
    const r = sqla.reach(buildGraph(map), { kind: "squad" }, "A1");
    expect(r.notApplicable).toContain("vehicle: C1");
    expect(r.boarding).toEqual([]);
  });

  it("so does the command, through the interpreter", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "variorum-vehicles-")), "no-mp.json");
    writeFileSync(file, JSON.stringify(map));
    const r = await variorum(["reach", "sqla-31", file, "--from", "A1", "--format", "json"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const res = (JSON.parse(r.stdout) as ReachReport).results[0]!;
    expect(res.notApplicable).toContain("vehicle: C1");
    expect(res.boarding ?? {}).toEqual({});
  });
});
