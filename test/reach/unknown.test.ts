/**
 * `reach` with a unit field given as unknown (`null`, issue 42): the map is searched once per value and
 * each hex says what holds there. Derived by hand from SL Classic on test/fixtures/maps/ok-leader-woods.json
 * (A1 open ground, B1 and C1 woods, D1–F1 open ground, one row):
 * - 5.4: a squad has 4 MF; 5.44: an MMC moving the whole phase with a leader gets 2 more, 6 MF.
 * - 5.5: woods cost 2 MF, open ground 1. So B1 costs 2, C1 4, D1 5, E1 6, F1 7.
 * - Without a leader (4 MF): A1–C1. With one (6 MF): A1–E1. F1 never.
 * So with `"leader": null`: B1 and C1 whatever the leader; D1 (5 MF) and E1 (6 MF) only with a leader.
 */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { reachOn, reachUnitsOn } from "../../compiler/engine/index.js";
import { renderReachText } from "../../compiler/reach/text.js";
import { renderReachSvg } from "../../compiler/reach/svg.js";
import { renderReachHtml } from "../../compiler/reach/html.js";
import { renderUnitsText } from "../../compiler/reach/units-text.js";
import { renderSummaryText } from "../../compiler/reach/summary.js";
import { ir, modules, ROOT } from "./helpers.js";
import { buildGraph, type MapJson } from "../../runtime/map.js";
import { InputError } from "../../runtime/errors.js";

const MAP = readFileSync(join(ROOT, "test/fixtures/maps/ok-leader-woods.json"), "utf8");
const UNITS_MAP = readFileSync(join(ROOT, "test/fixtures/maps/units-leader-woods.json"), "utf8");

function reach(unit: string, ids = ["sl-classic"], summary = false) {
  return reachOn({
    rulesets: ids.map(ir),
    map: { text: MAP, file: "ok-leader-woods.json" },
    from: { text: "A1", file: "--from" },
    unit: { text: unit, file: "--unit" },
    phase: "movement",
    summary,
  });
}

function costs(hexes: Record<string, { cost: number }>): Record<string, number> {
  return Object.fromEntries(Object.entries(hexes).map(([h, x]) => [h, x.cost]));
}

describe("reach with a unit field given as unknown", () => {
  it("answers per hex: reachable whatever the leader, only with one, or not at all (SL 5.4, 5.44, 5.5)", () => {
    const out = reach('{"kind":"squad","leader":null}');
    expect(out.diagnostics).toEqual([]);
    const r = out.value!.report.results[0]!;
    expect(r.dependsOn).toEqual(["unit.leader"]);
    expect(r.allowance).toBeNull();
    expect(r.cases).toEqual([
      { given: { "unit.leader": [true] }, allowance: 6, reaches: 4 },
      { given: { "unit.leader": [false] }, allowance: 4, reaches: 2 },
    ]);
    expect(costs(r.hexes)).toEqual({ A1: 0, B1: 2, C1: 4, D1: 5, E1: 6 });
    for (const h of ["A1", "B1", "C1"]) expect(r.hexes[h]!.dependsOn, h).toBeUndefined();
    for (const [h, cost] of [
      ["D1", 5],
      ["E1", 6],
    ] as const) {
      expect(r.hexes[h]!.dependsOn, h).toEqual(["unit.leader"]);
      expect(
        r.hexes[h]!.cases!.map((c) => [c.given, c.cost]),
        h,
      ).toEqual([
        [{ "unit.leader": [true] }, cost],
        [{ "unit.leader": [false] }, null],
      ]);
    }
    expect(out.value!.mismatches).toEqual([]);
  });

  it("each case is the reach of the unit with that value given", () => {
    const unknown = reach('{"kind":"squad","leader":null}').value!.report.results[0]!;
    for (const leader of [true, false]) {
      const known = reach(`{"kind":"squad","leader":${leader}}`).value!.report.results[0]!;
      const under = Object.entries(unknown.hexes).flatMap(([h, x]) => {
        const c = x.cases?.find((k) => k.given["unit.leader"]!.includes(leader));
        const cost = x.cases === undefined ? x.cost : (c?.cost ?? null);
        return cost === null ? [] : [[h, cost] as const];
      });
      expect(Object.fromEntries(under), `leader ${leader}`).toEqual(costs(known.hexes));
    }
  });

  it("a field whose every value gives the same reach is named not needed, with no case", () => {
    // SL's `aboard` says where a passenger counts for stacking (6.1 & 29.2 Q&A), not how it walks.
    const r = reach('{"kind":"squad","aboard":null}').value!.report.results[0]!;
    expect(r.notNeeded).toEqual(["unit.aboard"]);
    expect(r.dependsOn).toBeUndefined();
    expect(r.allowance).toBe(4);
    expect(costs(r.hexes)).toEqual({ A1: 0, B1: 2, C1: 4 });
  });

  it("rulesets side by side each answer per value; a hex differs where their cases do", () => {
    const out = reach('{"kind":"squad","leader":null}', ["sl-classic", "asl-a4"]);
    const [sl, asl] = out.value!.report.results;
    // ASL A4.11/A4.12: 4 MF, +2 with a leader; woods 2 MF (A4.13): the same answer as SL here.
    expect(costs(asl!.hexes)).toEqual(costs(sl!.hexes));
    expect(asl!.hexes["E1"]!.dependsOn).toEqual(["unit.leader"]);
    expect(out.value!.report.differences).toEqual([]);
  });

  it("--summary counts each case: with a leader 4 hexes up to 6 MF, without 2 up to 4 MF", () => {
    const out = reach('{"kind":"squad","leader":null}', ["sl-classic"], true);
    expect(out.diagnostics).toEqual([]);
    const s = out.value!.summary!.summary;
    expect(s.map((x) => [x.given, x.allowance, x.reached, x.furthest[0]!.hex])).toEqual([
      [{ "unit.leader": [true] }, 6, 4, "E1"],
      [{ "unit.leader": [false] }, 4, 2, "C1"],
    ]);
    expect(renderSummaryText(out.value!.summary!)).toContain(
      "sl-classic  Squad Leader Classic: infantry movement — when unit.leader yes",
    );
  });

  it("text and drawing mark the hexes that depend on the value", () => {
    const built = reach('{"kind":"squad","leader":null}').value!;
    const text = renderReachText(built.graph, built.report);
    expect(text).toContain("allowance 6 MF when unit.leader yes, 4 MF when unit.leader no");
    expect(text).toContain("5?");
    expect(text).toContain("D1    5 MF when unit.leader yes; cannot end here when unit.leader no");
    const html = renderReachHtml(built.graph, built.report);
    expect(html).toContain("dashed ring, the value followed by ?");
    expect(html).toContain(
      '<tr><th scope="row">E1</th><td><code>sl-classic</code></td><td>unit.leader</td><td>6 MF when unit.leader yes; cannot end here when unit.leader no</td></tr>',
    );
    const svg = renderReachSvg(built.graph, built.report);
    expect(svg.match(/class="depends" data-hex="(\w+)"/g)).toEqual([
      'class="depends" data-hex="D1"',
      'class="depends" data-hex="E1"',
    ]);
  });

  it("refuses what it cannot search per value, located at the null: a number, past 64 searches", () => {
    const number = reach('{"kind":"squad","portage":null}');
    expect(number.value).toBeNull();
    expect(number.diagnostics.map((d) => [d.code, d.span?.start])).toEqual([["V1102", 16]]);
    expect(number.diagnostics[0]!.message).toContain("`unit.portage`");
    // ASL: 5 kinds × 2 × 2 × 2 × 2 × 2 = 160 combinations, past the 64 searched.
    const many = reach(
      '{"kind":null,"leader":null,"doubleTime":null,"lateDoubleTime":null,"assaultMovement":null,"startUnseen":null}',
      ["asl-a4"],
    );
    expect(many.value).toBeNull();
    expect(many.diagnostics.map((d) => [d.code, d.span?.start])).toEqual([["V1102", 1]]);
    expect(many.diagnostics[0]!.message).toContain("160 combinations");
    // Four of them, 40 combinations, are answered.
    const forty = reach('{"kind":null,"leader":null,"doubleTime":null,"lateDoubleTime":null}', [
      "asl-a4",
    ]);
    expect(forty.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });
});

describe("reach with a dice ruleset's rate given as unknown (Chain of Command)", () => {
  /**
   * test/fixtures/maps/ok-coc-stream.json, 3" a hex, a waist-deep stream down column C; a Team in B2
   * without a fixed roll (10.1.1: Normal 2D6, Tactical 1D6, At the Double 3D6; 10.1.2.1: a waist-deep
   * stream is Rough Ground, a pip off each die, and no move At the Double):
   * - A1, 6" of open ground: Normal 26/36, Tactical 1/6, At the Double 1 − 10/216 = 206/216.
   * - C2, 3" into the stream: Normal (a − 1) + (b − 1) ≥ 3, 30/36; Tactical 3/6; At the Double never.
   */
  const COC = readFileSync(join(ROOT, "test/fixtures/maps/ok-coc-stream.json"), "utf8");
  it("gives each rate's chance, and the likeliest stands for the hex", () => {
    const out = reachOn({
      rulesets: [ir("chain-of-command")],
      map: { text: COC, file: "ok-coc-stream.json" },
      from: { text: "B2", file: "--from" },
      unit: { text: '{"kind":"team","rate":null}', file: "--unit" },
      phase: "movement",
    });
    expect(out.diagnostics).toEqual([]);
    const r = out.value!.report.results[0]!;
    const chances = (hex: string) =>
      r.hexes[hex]!.cases!.map((c) => [
        c.given["unit.rate"],
        c.probability === undefined ? null : Math.round(c.probability * 216),
      ]);
    expect(chances("A1")).toEqual([
      [["normal"], 156],
      [["tactical", "move-and-fire"], 36],
      [["double"], 206],
    ]);
    expect(Math.round(r.hexes["A1"]!.probability! * 216)).toBe(206);
    expect(chances("C2")).toEqual([
      [["normal"], 180],
      [["tactical", "move-and-fire"], 108],
      [["double"], null],
    ]);
    expect(Math.round(r.hexes["C2"]!.probability! * 216)).toBe(180);
  });
});

describe("reach --all with a placed unit's field given as unknown", () => {
  it("searches it per value and names it in the hexes it reaches only with a leader", () => {
    const out = reachUnitsOn({
      rulesets: [ir("sl-classic")],
      map: { text: UNITS_MAP, file: "units-leader-woods.json" },
      phase: "movement",
      side: "friendly",
    });
    expect(out.diagnostics).toEqual([]);
    const r = out.value!.report.results[0]!;
    const first = r.units.find((u) => u.name === "1st")!;
    expect(first.dependsOn).toEqual(["unit.leader"]);
    expect(first.cases!.map((c) => [c.given, c.allowance, c.reaches])).toEqual([
      [{ "unit.leader": [true] }, 6, 5],
      [{ "unit.leader": [false] }, 4, 3],
    ]);
    // 2nd, without a leader, ends in A1–C1; 1st there whatever the leader, and in D1, E1 with one.
    expect(
      Object.fromEntries(
        Object.entries(r.hexes).map(([h, x]) => [h, [x.units, x.depends ?? null]]),
      ),
    ).toEqual({
      A1: [["1st", "2nd"], null],
      B1: [["1st", "2nd"], null],
      C1: [["1st", "2nd"], null],
      D1: [["1st"], { "1st": [{ "unit.leader": [true] }] }],
      E1: [["1st"], { "1st": [{ "unit.leader": [true] }] }],
    });
    expect(renderUnitsText(out.value!.graph, out.value!.report)).toContain(
      "D1    1st when unit.leader yes",
    );
  });
});

describe("reach --all with a placed unit's kind given as unknown", () => {
  const map = {
    name: "k",
    columns: 3,
    rows: 1,
    terrain: { default: "open-ground" },
    units: { A1: [{ kind: null, name: "x" }] },
  };
  const all = (id: string) =>
    reachUnitsOn({
      rulesets: [ir(id)],
      map: { text: JSON.stringify(map), file: "k.json" },
      phase: "movement",
      side: "friendly",
    }).value!.report.results[0]!;

  it("ASL A4.11: 4 MF for an MMC, 6 for an SMC — two cases though both reach every hex", () => {
    const x = all("asl-a4").units[0]!;
    expect(x.dependsOn).toEqual(["unit.kind"]);
    expect(x.allowance).toBeNull();
    expect(x.cases!.map((c) => [c.allowance, c.reaches])).toEqual([
      [4, 3],
      [6, 3],
    ]);
  });

  it("SL 6.1's stacking counts read the kind: not moved, saying so", () => {
    expect(all("sl-classic").notPlaced).toEqual([
      {
        name: "x",
        hex: "A1",
        reason: "its stacking counts need `kind`, which the unit gives as unknown",
      },
    ]);
  });
});

describe("a generated module's reach with a unit field given as unknown", () => {
  it("refuses it, naming the field and its values, rather than searching its default", () => {
    const graph = buildGraph(JSON.parse(MAP) as MapJson);
    const ask = () =>
      modules["sl-classic"]!.reach(graph, { kind: "squad", leader: null }, "A1", {});
    expect(ask).toThrow(InputError);
    try {
      ask();
    } catch (e) {
      expect((e as InputError).field).toBe("unit.leader");
      expect((e as InputError).message).toContain("(true, false)");
    }
    // Known, it answers: 4 MF without a leader (A1–C1), 6 with one (A1–E1).
    const cost = (leader: boolean) =>
      [...modules["sl-classic"]!.reach(graph, { kind: "squad", leader }, "A1", {}).cost].map((c) =>
        Number.isNaN(c) ? null : c,
      );
    expect(cost(false)).toEqual([0, 2, 4, null, null, null]);
    expect(cost(true)).toEqual([0, 2, 4, 5, 6, null]);
  });
});
