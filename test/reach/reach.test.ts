/**
 * Reach on hand-made maps whose answers are derived from the rules by hand: the path-dependent rules
 * (SL's one-hex advance, ASL's road bonus and Minimum Move), terrain a ruleset lacks, units that may
 * not move, and the generated modules' `reach` giving the same costs as the interpreter's.
 */
import { describe, expect, it } from "vitest";
import { buildGraph, type MapJson } from "../../runtime/map.js";
import { InputError } from "../../runtime/errors.js";
import { costs, modules, reachOf, type Gen } from "./helpers.js";

// A1 → A2 crosses a wall (1 + 1 MF); the detour A1 → B1 → A2 ends along the road (1 + ½ MF).
const detour: MapJson = {
  name: "detour",
  columns: 2,
  rows: 2,
  terrain: { default: "open-ground" },
  roads: [["B1", "A2"]],
  hexsides: [{ hexes: ["A1", "A2"], feature: "wall" }],
};

describe("path-dependent rules", () => {
  it("SL advance phase: one hex only, so A2 is reached over the wall (2 MF), not by the cheaper detour [142.2]", () => {
    expect(costs(reachOf(["sl-classic"], detour, "A1", { kind: "squad" }))["A2"]).toBe(1.5); // 5.5 + 5.52
    const adv = reachOf(["sl-classic"], detour, "A1", { kind: "squad" }, "advance");
    expect(costs(adv)).toEqual({ A1: 0, A2: 2, B1: 1 });
    expect(adv.report.results[0]!.hexes["A2"]!.path).toEqual(["A1", "A2"]);
  });

  it("ASL: 4 MF squad goes five road hexes (+1 MF for a move entirely along a road) [A4.132]", () => {
    const road: MapJson = {
      name: "road",
      columns: 6,
      rows: 1,
      terrain: { default: "open-ground" },
      roads: [["A1", "B1", "C1", "D1", "E1", "F1"]],
    };
    const asl = costs(reachOf(["asl-a4"], road, "A1", { kind: "squad" }));
    expect(asl["F1"]).toBe(5);
    expect(asl["E1"]).toBe(4);
    // SL: road rate ½ MF a hex (5.52): all six hexes within 2½ MF.
    const sl = costs(reachOf(["sl-classic"], road, "A1", { kind: "squad" }));
    expect(sl["F1"]).toBe(2.5);
  });

  it("ASL: a squad with 2 MF left (5 PP: 3 IPC, 2 over) enters one woods hex, not two [A4.42, A4.134]", () => {
    const m: MapJson = { name: "mm", columns: 2, rows: 2, terrain: { default: "woods" } };
    const asl = costs(reachOf(["asl-a4"], m, "A1", { kind: "squad", portage: 5 }));
    expect(asl["A2"]).toBe(2);
    expect(asl["B1"]).toBe(2);
    expect(asl["B2"]).toBeUndefined();
  });

  it("a terrain a ruleset lacks cannot be entered there, and is listed in notApplicable", () => {
    const m: MapJson = {
      name: "town",
      columns: 3,
      rows: 1,
      terrain: { default: "open-ground", hexes: { B1: "building" } },
    };
    const b = reachOf(["sl-classic", "tide-of-iron"], m, "A1", {
      kind: "squad",
      action: "advance",
    });
    expect(Object.keys(b.report.results[0]!.hexes)).toContain("C1");
    expect(b.report.results[1]!.notApplicable).toContain("terrain: building");
    // ToI: clear is open-ground's concept, so A1 → (B1 is closed) … C1 is not adjacent to A1: unreachable.
    expect(Object.keys(b.report.results[1]!.hexes)).toEqual(["A1"]);
    expect(b.report.differences.map((d) => d.hex)).toEqual(["B1", "C1"]);
  });

  it("a unit that may not move reaches only its own hex (ToI squad without an action; SL TI)", () => {
    const m: MapJson = { name: "open", columns: 2, rows: 2, terrain: { default: "open-ground" } };
    expect(
      Object.keys(reachOf(["tide-of-iron"], m, "A1", { kind: "squad" }).report.results[0]!.hexes),
    ).toEqual(["A1"]);
    expect(
      Object.keys(
        reachOf(["sl-classic"], m, "A1", { kind: "squad", status: ["ti"] }).report.results[0]!
          .hexes,
      ),
    ).toEqual(["A1"]);
  });

  it("a unit over a load limit may still move none: its start at cost 0 (SL 5.1, 142.22; ASL A4.1, A4.42)", () => {
    const m: MapJson = { name: "open", columns: 2, rows: 2, terrain: { default: "open-ground" } };
    const sl = reachOf(
      ["sl-classic", "sqla-31"],
      m,
      "A1",
      { kind: "squad", portage: 5 },
      "advance",
    );
    for (const r of sl.report.results)
      expect(r.hexes).toEqual({ A1: { cost: 0, path: ["A1"], rules: [] } });
    const leader = reachOf(["asl-a4"], m, "A1", { kind: "leader", portage: 3 });
    expect(leader.report.results[0]!.hexes).toEqual({ A1: { cost: 0, path: ["A1"], rules: [] } });
    // SL's leader may carry 3 PP (5.71): he moves; with 4 he stays put.
    expect(
      Object.keys(costs(reachOf(["sl-classic"], m, "A1", { kind: "leader", portage: 3 }))),
    ).toHaveLength(4);
    expect(costs(reachOf(["sl-classic"], m, "A1", { kind: "leader", portage: 4 }))).toEqual({
      A1: 0,
    });
  });

  it("a unit whose every move breaks a constraint may still move none: its start at cost 0 (SL 5.1, 6.1; ASL A4.1, A4.5)", () => {
    // Derived by hand. SL 6.1: a squad with 11 PP breaks "a unit may not end its move carrying more
    // than one hex may hold" (10 PP) whatever it does; its allowance is max(0, 4 − (11 − 3)) = 0 MF,
    // so no hex beyond its own (no Minimum Move in the Movement Phase). Moving none is still a move
    // (5.1): A1 at 0.
    const m: MapJson = { name: "open", columns: 2, rows: 2, terrain: { default: "open-ground" } };
    const sl = reachOf(["sl-classic"], m, "A1", { kind: "squad", portage: 11 });
    expect(sl.report.results[0]!.hexes).toEqual({ A1: { cost: 0, path: ["A1"], rules: [] } });
    // ASL A4.5: a CX squad may not Double Time; asked with Double Time, no move with it is legal —
    // but moving none is (A4.1): A1 at 0. Without Double Time the same squad moves (4 MF).
    const cx = reachOf(["asl-a4"], m, "A1", { kind: "squad", status: ["cx"], doubleTime: true });
    expect(cx.report.results[0]!.hexes).toEqual({ A1: { cost: 0, path: ["A1"], rules: [] } });
    expect(
      Object.keys(costs(reachOf(["asl-a4"], m, "A1", { kind: "squad", status: ["cx"] }))),
    ).toHaveLength(4);
    // eval agrees: the empty path is legal with no violation; one hex is not.
    const none = modules["sl-classic"]!.evaluate({
      unit: { kind: "squad", portage: 11 },
      path: [],
    });
    expect([none.legal, none.violations]).toEqual([true, []]);
    const one = modules["asl-a4"]!.evaluate({
      unit: { kind: "squad", status: ["cx"], doubleTime: true },
      path: [{ terrain: "open-ground" }],
    });
    expect(one.legal).toBe(false);
    expect(one.violations.map((v) => v.rule)).toContain("A4.5");
  });

  it("SL and SQLA: a road through woods or a village keeps its road (2½ MF along it, 5.52 + 5.54); ASL pays the road rate (A4.132)", () => {
    const m: MapJson = {
      name: "woods road",
      columns: 4,
      rows: 1,
      terrain: { default: "open-ground", hexes: { B1: "woods", C1: "building" } },
      roads: [["A1", "B1", "C1", "D1"]],
    };
    // Hand-derived: A1 → B1 woods + road ½ = 2½; → C1 building + road ½ = 2½ (5); D1 road ½ (5½).
    for (const id of ["sl-classic", "sqla-31"]) {
      const b = reachOf([id], m, "A1", { kind: "squad", leader: true });
      expect(costs(b)).toEqual({ A1: 0, B1: 2.5, C1: 5, D1: 5.5 });
      expect(b.mismatches).toEqual([]);
    }
    // A4.132: along the road each costs the 1 MF road rate, +1 MF for a move wholly on the road.
    expect(costs(reachOf(["asl-a4"], m, "A1", { kind: "squad" }))).toEqual({
      A1: 0,
      B1: 1,
      C1: 2,
      D1: 3,
    });
  });

  it("every reported path costs what eval says and is legal (no mismatches), with citations", () => {
    const m: MapJson = {
      name: "mixed",
      columns: 5,
      rows: 4,
      terrain: { default: "open-ground", hexes: { C2: "woods", D3: "building" } },
      levels: { E1: 1 },
      roads: [["A2", "B2", "C3", "D3", "E3"]],
      hexsides: [{ hexes: ["B1", "B2"], feature: "wall" }],
    };
    for (const id of ["sl-classic", "sqla-31", "asl-a4"]) {
      const b = reachOf([id], m, "A2", { kind: "squad", leader: true });
      expect(b.mismatches).toEqual([]);
      const hexes = Object.values(b.report.results[0]!.hexes);
      expect(hexes.length).toBeGreaterThan(10);
      for (const h of hexes) if (h.path.length > 1) expect(h.rules.length).toBeGreaterThan(0);
    }
  });
});

describe("Chain of Command: probabilities per hex (hexInches 3)", () => {
  const open: MapJson = {
    name: "open",
    columns: 4,
    rows: 1,
    terrain: { default: "open-ground", hexes: { D1: "woods" } },
    hexsides: [{ hexes: ["B1", "C1"], feature: "hedge" }],
    hexInches: 3,
  };
  it('one hex is 3": 2D6 ≥ 3 is 35/36; over a hedge at 3" the lower die must beat 3: (3/6)² = 9/36; into woods the move is rough', () => {
    const b = reachOf(["chain-of-command"], open, "A1", { kind: "team" });
    const h = b.report.results[0]!.hexes;
    expect(h["B1"]!.probability).toBeCloseTo(35 / 36, 12);
    // B1 → C1 crosses the hedge (medium: lower die) 3" from the start and ends 6" away: lower die ≥ 6 … but it
    // must also pass 3 strictly and cover 6: lower die = 6 → 1/36.
    expect(h["C1"]!.probability).toBeCloseTo(1 / 36, 12);
    expect(h["D1"]).toBeUndefined(); // 9" with the lower die, less a pip each in rough ground: never
    expect(b.mismatches).toEqual([]);
    const a = modules["chain-of-command"]!.reach(buildGraph(open), { kind: "team" }, "A1");
    expect([...a.probability!].map((p) => Math.round(p * 1296))).toEqual(
      b.answers[0]!.probability
        ? [...b.answers[0]!.probability].map((p) => Math.round(p * 1296))
        : [],
    );
  });
});

describe("generated modules export reach", () => {
  it("same costs as the interpreter on a mixed map, for every bundled ruleset without dice", () => {
    const m: MapJson = {
      name: "mixed",
      columns: 6,
      rows: 5,
      terrain: {
        default: "open-ground",
        hexes: { C2: "woods", D3: "building", E4: "shell-hole", B4: "wheatfield" },
      },
      levels: { E1: 1, F1: 1, F2: 1 },
      roads: [["A2", "B2", "C3", "D3", "E4", "F4"]],
      hexsides: [
        { hexes: ["B1", "B2"], feature: "wall" },
        { hexes: ["C4", "D4"], feature: "hedge" },
      ],
    };
    const g = buildGraph(m);
    for (const [id, unit] of [
      ["sl-classic", { kind: "squad" }],
      ["sqla-31", { kind: "squad" }],
      ["asl-a4", { kind: "squad", doubleTime: true }],
      ["tide-of-iron", { kind: "squad", action: "advance" }],
      ["asl-officer-bonus", { kind: "squad", leader: true }],
    ] as const) {
      // A house rule is named by its id like any ruleset (found under rulesets/house/).
      const b = reachOf([id], m, "A2", unit);
      const mod = modules[id]!;
      const a = mod.reach(g, unit, "A2");
      expect(
        Object.fromEntries(
          [...a.cost].map((c, h) => [g.names[h], c]).filter(([, c]) => !Number.isNaN(c)),
        ),
        id,
      ).toEqual(costs(b));
    }
  });
  it("an answer stays as it was after later searches (a search reuses its arrays, and builds best lazily)", () => {
    const m: MapJson = {
      name: "open",
      columns: 7,
      rows: 6,
      terrain: { default: "open-ground", hexes: { C3: "woods", E2: "building" } },
      roads: [["A1", "B1", "C2", "D2", "E3", "F3", "G4"]],
      hexsides: [{ hexes: ["D4", "D5"], feature: "wall" }],
    };
    const g = buildGraph(m);
    // SL Classic takes the plain loop, ASL A4 the general one.
    for (const [id, unit] of [
      ["sl-classic", { kind: "squad" }],
      ["asl-a4", { kind: "squad", doubleTime: true }],
    ] as const) {
      const mod = modules[id]!;
      const view = (a: ReturnType<Gen["reach"]>) =>
        g.names.map((name, h) => [name, a.cost[h], a.exact(h), a.path(h), a.steps(h)]);
      const kept = mod.reach(g, unit, "C3");
      const fresh = view(mod.reach(g, unit, "C3"));
      expect(fresh.filter(([, c]) => !Number.isNaN(c)).length, id).toBeGreaterThan(10);
      for (const other of ["sl-classic", "asl-a4", "sqla-31", "tide-of-iron"])
        for (const from of g.names)
          modules[other]!.reach(g, { kind: "squad", action: "advance" }, from);
      expect(view(kept), id).toEqual(fresh);
    }
  });
  it("an unknown start hex is an InputError (V1101, `from`) naming it", () => {
    const g = buildGraph({
      name: "tiny",
      columns: 1,
      rows: 1,
      terrain: { default: "open-ground" },
    });
    let thrown: unknown;
    try {
      modules["sl-classic"]!.reach(g, { kind: "squad" }, "Q9");
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(InputError);
    expect(thrown).toMatchObject({ code: "V1101", field: "from" });
    expect((thrown as Error).message).toMatch(/"Q9" is not a hex of tiny/);
  });
});
