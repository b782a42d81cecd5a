/**
 * A unit that starts aboard a vehicle (`reach --aboard`, docs/maps.md): every move gets off first,
 * in place, then walks the map; each answer equals `evaluate` of the same move as a scenario (the
 * vehicle, the unload or exit step, then the map's steps). The map is 3 × 3 open ground with woods in
 * C2 and a half-track (16 MP) in B2, where the unit starts; B2's neighbours are A2, A3, B1, B3, C2,
 * C3. Answers derived by hand from the rule texts first:
 *
 * - SQLA: "Infantry may disembark with no penalties … during their own MPh" (31.4): getting off costs
 *   the squad nothing, and it "may move only to the same or an adjacent … hex … regardless of the MF
 *   expenditure such a move would cost a unit on foot" (31.5). So B2 costs 0, each open neighbour 1 MF
 *   (SL 5.5), the woods 2 MF, and nothing two hexes away. A squad with 6 PP has 4 − 3 = 1 MF (SL 4.1,
 *   142.33) and still gets into the woods (2 MF, "regardless of the MF expenditure"). "Loading (or
 *   unloading) may never occur during the APh" (31.3): in the Advance Phase it reaches nothing.
 *   The half-track pays 2 MP (31.6), which it has.
 * - Tide of Iron: "To exit a vehicle, an active squad must spend 2 movement points (regardless of the
 *   terrain …)", then "spends its remaining 2 movement points to move" (Transporting Squads/4). A squad
 *   with Advance has 4 MP: B2 costs 2, its open neighbours 3, the woods (2 MP, Movement EXAMPLES/3) 4,
 *   the hexes two away (A1, C1) 4; with Fire and Movement (3 MP) the neighbours at 3 and no woods.
 */
import { describe, expect, it } from "vitest";
import { parseScenario } from "../../compiler/scenario/index.js";
import { buildReach, type ReachBuilt } from "../../compiler/reach/build.js";
import { buildGraph, type MapJson } from "../../runtime/map.js";
import { costs, ir, modules } from "./helpers.js";
import { join } from "node:path";
import { ROOT, variorum } from "../cli/run.js";
import type { ReachReport } from "../../compiler/reach/report.js";

const MAP: MapJson = {
  name: "Aboard",
  columns: 3,
  rows: 3,
  terrain: { default: "open-ground", hexes: { C2: "woods" } },
  vehicles: { B2: { kind: "halftrack", mp: 16 } },
} as unknown as MapJson;

function aboard(id: string, unit: Record<string, unknown>, phase = "movement"): ReachBuilt {
  const irs = [ir(id)];
  const p = parseScenario(JSON.stringify({ phase, unit, path: [] }), "u.json", irs);
  if (p.diagnostics.length > 0) throw new Error(JSON.stringify(p.diagnostics));
  return buildReach({
    map: MAP,
    from: "B2",
    aboard: true,
    phase,
    unit,
    rulesets: [{ ir: irs[0]!, base: p.perRuleset[0]!.value, notApplicable: [] }],
  });
}

/**
 * Every reported hex priced again by the generated module's `evaluate` (the unload step, then the
 * path), and the generated module's own `reach … aboard` giving the interpreter's costs hex for hex.
 */
function evalAgrees(
  b: ReachBuilt,
  id: string,
  unit: Record<string, unknown>,
  action: string,
  phase = "movement",
): void {
  const a = b.answers[0]!;
  const scenario = id === "sqla-31" ? { phase } : {};
  const g = modules[id]!.reach(buildGraph(MAP), unit, "B2", { scenario, aboard: true });
  expect([...g.cost]).toEqual([...a.cost]);
  // The deprecated positional form asks the same (`scenario, roll, aboard`), and without `aboard`
  // it is another question.
  const positional = modules[id]!.reach(buildGraph(MAP), unit, "B2", scenario, undefined, true);
  expect([...positional.cost]).toEqual([...a.cost]);
  const walking = modules[id]!.reach(buildGraph(MAP), unit, "B2", { scenario });
  expect([...walking.cost]).not.toEqual([...a.cost]);
  expect(g.aboard?.action).toBe(action);
  for (let h = 0; h < b.graph.n; h++) {
    if (Number.isNaN(a.cost[h])) continue;
    const r = modules[id]!.evaluate({
      scenario,
      unit,
      vehicle: { kind: "halftrack", mp: 16 },
      path: [{ action }, ...a.steps(h)],
    });
    expect(r.legal, b.graph.names[h]).toBe(true);
    expect(r.spent, b.graph.names[h]).toBe(a.cost[h]);
  }
}

describe("a unit starting aboard a vehicle", () => {
  it("SQLA: gets off for nothing (31.4), then one hex at most (31.5)", () => {
    const unit = { kind: "squad" };
    const b = aboard("sqla-31", unit);
    expect(b.mismatches).toEqual([]);
    expect(costs(b)).toEqual({ A2: 1, A3: 1, B1: 1, B2: 0, B3: 1, C2: 2, C3: 1 });
    expect(b.report.aboard).toBe(true);
    expect(b.report.results[0]!.getsOff).toBe("unload");
    expect(b.report.results[0]!.hexes.C2!.path).toEqual(["B2", "C2"]);
    expect(b.report.results[0]!.hexes.C2!.rules).toContain("31.4");
    expect(b.report.results[0]!.boarding).toBeUndefined();
    evalAgrees(b, "sqla-31", unit, "unload");
  });

  it("SQLA: with 1 MF left the squad still gets off into the woods, whatever it costs (31.5)", () => {
    const unit = { kind: "squad", portage: 6 };
    const b = aboard("sqla-31", unit);
    expect(b.mismatches).toEqual([]);
    expect(b.report.results[0]!.allowance).toBe(1);
    expect(costs(b)).toEqual({ A2: 1, A3: 1, B1: 1, B2: 0, B3: 1, C2: 2, C3: 1 });
    evalAgrees(b, "sqla-31", unit, "unload");
  });

  it("SQLA: no getting off in the Advance Phase (31.3): nothing reached", () => {
    const b = aboard("sqla-31", { kind: "squad" }, "advance");
    expect(b.mismatches).toEqual([]);
    expect(costs(b)).toEqual({});
    evalAgrees(b, "sqla-31", { kind: "squad" }, "unload", "advance");
  });

  it("Tide of Iron: exits for 2 MP, then spends the rest (Transporting Squads/4)", () => {
    const unit = { kind: "squad", action: "advance" };
    const b = aboard("tide-of-iron", unit);
    expect(b.mismatches).toEqual([]);
    expect(costs(b)).toEqual({
      A1: 4,
      A2: 3,
      A3: 3,
      B1: 3,
      B2: 2,
      B3: 3,
      C1: 4,
      C2: 4,
      C3: 3,
    });
    expect(b.report.results[0]!.getsOff).toBe("exit-transport");
    evalAgrees(b, "tide-of-iron", unit, "exit-transport");
  });

  it("Tide of Iron: with Fire and Movement (3 MP) the exit leaves 1 MP: the open neighbours only", () => {
    const unit = { kind: "squad", action: "fire-and-movement" };
    const b = aboard("tide-of-iron", unit);
    expect(b.mismatches).toEqual([]);
    expect(costs(b)).toEqual({ A2: 3, A3: 3, B1: 3, B2: 2, B3: 3, C3: 3 });
    evalAgrees(b, "tide-of-iron", unit, "exit-transport");
  });

  it("a ruleset that cannot get off, or a start without a vehicle: `aboard` not applicable, nothing reached", () => {
    const b = aboard("sl-classic", { kind: "squad" });
    expect(costs(b)).toEqual({});
    expect(b.report.results[0]!.notApplicable).toContain("aboard");
  });

  it("through the binary: `--aboard` (exit 0), and V1113 from a hex without a vehicle (exit 1)", async () => {
    const map = join(ROOT, "test", "fixtures", "maps", "ok-vehicles.json");
    const r = await variorum([
      "reach",
      "sqla-31",
      map,
      "--from",
      "C1",
      "--aboard",
      "--format",
      "json",
    ]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as ReachReport;
    expect(report.aboard).toBe(true);
    // Motor pool: C1's neighbours on the 3 × 2 open field are B1 and C2, each 1 MF after getting off.
    expect(
      Object.fromEntries(Object.entries(report.results[0]!.hexes).map(([k, v]) => [k, v.cost])),
    ).toEqual({ B1: 1, C1: 0, C2: 1 });
    const bad = await variorum(["reach", "sqla-31", map, "--from", "A1", "--aboard"]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("error V1113: A1 holds no vehicle to start aboard");
  });
});
