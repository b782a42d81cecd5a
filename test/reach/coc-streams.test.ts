/**
 * Chain of Command's streams on a map (issue 42): a map's `streams` puts a stream through a hex, and the
 * step entering it crosses it as a scenario step's `stream` says (10.1.2.1): a knee-deep stream is waded
 * as Broken Ground, a waist-deep one as Rough Ground, a chest-deep one as Heavy Going, and a narrow one
 * (up to 1" wide) is jumped as a Minor Obstacle. 10.1.2.2: a move that crosses more than one kind of
 * ground goes at the slowest rate for the whole phase. Derived by hand on a 4 × 1 strip of open ground,
 * 3" a hex, the stream in B1, a Team moving from A1 (B1 is 3" away, C1 6", D1 9"):
 * - Normal, 2 and 4 (10.1.1: 2D6, 6"): no stream, knee-deep (Broken: no penalty) → A1, B1, C1;
 *   waist-deep (Rough: a pip off each die, 1 + 3 = 4"), chest-deep (Heavy Going: the lower die dropped,
 *   4"), narrow (Minor Obstacle: the lower die dropped, 4") → A1, B1.
 * - Tactical, 4 (1D6, 4"): no stream, knee-deep → A1, B1; waist-deep (a pip off: 3") → A1, B1;
 *   chest-deep (Heavy Going: only Normal movement) and narrow (Tactical cannot cross obstacles) → A1.
 * The generated module's `reach` gives the same, and so does `eval` for each step.
 */
import { describe, expect, it } from "vitest";
import { evaluateMove } from "../../runtime/move.js";
import { buildGraph, type MapJson } from "../../runtime/map.js";
import { ratNum } from "../../runtime/rational.js";
import { interpreterFor, prepare } from "../../compiler/interpret/interpreter.js";
import { parseScenario } from "../../compiler/scenario/index.js";
import { reachOn } from "../../compiler/engine/index.js";
import { renderReachSvg } from "../../compiler/reach/svg.js";
import { renderReachHtml } from "../../compiler/reach/html.js";
import { costs, ir, modules, reachOf } from "./helpers.js";

const strip = (stream: string | null): MapJson => ({
  name: "strip",
  columns: 4,
  rows: 1,
  hexInches: 3,
  terrain: { default: "open-ground" },
  ...(stream === null ? {} : { streams: { B1: stream } }),
});

function evalLegal(unit: Record<string, unknown>, path: unknown[]): boolean {
  const r = ir("chain-of-command");
  const p = parseScenario(JSON.stringify({ unit, path }), "s.json", [r]);
  expect(p.diagnostics).toEqual([]);
  return evaluateMove(interpreterFor(r), ratNum, prepare(r, p.perRuleset[0]!.value).ctx).legal;
}

describe("Chain of Command: a stream through a hex (10.1.2.1, 10.1.2.2)", () => {
  const cases: [string, number[], string | null, string[]][] = [
    ["normal", [2, 4], null, ["A1", "B1", "C1"]],
    ["normal", [2, 4], "knee-deep", ["A1", "B1", "C1"]],
    ["normal", [2, 4], "waist-deep", ["A1", "B1"]],
    ["normal", [2, 4], "chest-deep", ["A1", "B1"]],
    ["normal", [2, 4], "narrow", ["A1", "B1"]],
    ["tactical", [4], null, ["A1", "B1"]],
    ["tactical", [4], "knee-deep", ["A1", "B1"]],
    ["tactical", [4], "waist-deep", ["A1", "B1"]],
    ["tactical", [4], "chest-deep", ["A1"]],
    ["tactical", [4], "narrow", ["A1"]],
  ];
  for (const [rate, dice, stream, reached] of cases)
    it(`${rate}, ${dice.join(" and ")}, ${stream ?? "no stream"}: ${reached.join(", ")}`, () => {
      const unit = { kind: "team", rate, dice };
      const b = reachOf(["chain-of-command"], strip(stream), "A1", unit);
      expect(b.mismatches).toEqual([]);
      expect(Object.keys(costs(b))).toEqual(reached);
      const generated = modules["chain-of-command"]!.reach(buildGraph(strip(stream)), unit, "A1");
      expect(
        [...generated.cost].flatMap((c, h) =>
          Number.isNaN(c) ? [] : [["A1", "B1", "C1", "D1"][h]],
        ),
      ).toEqual(reached);
      // The step into B1 as a scenario gives it: eval agrees on B1.
      const step = { terrain: "open", inches: 3, ...(stream === null ? {} : { stream }) };
      expect(evalLegal(unit, [step])).toBe(reached.includes("B1"));
    });

  it("a stream is checked as the map's other names: V1004 for a kind no ruleset asked has", () => {
    const ask = (ids: string[], streams: Record<string, string>) =>
      reachOn({
        rulesets: ids.map(ir),
        map: { text: JSON.stringify({ ...strip(null), streams }), file: "m.json" },
        from: { text: "A1", file: "--from" },
        unit: { text: '{"kind":"team","dice":[2,4]}', file: "--unit" },
        phase: "movement",
      });
    const typo = ask(["chain-of-command"], { B1: "waist-dep" });
    expect(typo.diagnostics.map((d) => [d.code, d.hint])).toEqual([
      ["V1004", "did you mean `waist-deep`?"],
    ]);
    const off = ask(["chain-of-command"], { Z9: "narrow" });
    expect(off.diagnostics.map((d) => d.code)).toEqual(["V1003"]);
    // A ruleset without streams enters the hex and lists the stream as not read.
    const sl = reachOn({
      rulesets: [ir("sl-classic")],
      map: { text: JSON.stringify({ ...strip(null), streams: { B1: "narrow" } }), file: "m.json" },
      from: { text: "A1", file: "--from" },
      unit: null,
      phase: "movement",
    });
    expect(sl.diagnostics).toEqual([]);
    const r = sl.value!.report.results[0]!;
    expect(r.notApplicable).toContain("stream");
    expect(Object.keys(r.hexes)).toEqual(["A1", "B1", "C1", "D1"]);
  });

  it("the drawing marks each stream and keys it in the legend", () => {
    const out = reachOn({
      rulesets: [ir("chain-of-command")],
      map: { text: JSON.stringify(strip("waist-deep")), file: "m.json" },
      from: { text: "A1", file: "--from" },
      unit: { text: '{"kind":"team","dice":[2,4]}', file: "--unit" },
      phase: "movement",
      drawing: true,
    });
    const svg = renderReachSvg(out.value!.graph, out.value!.report);
    // One in the panel, one in the legend; the hex's title names it.
    expect(svg.match(/class="stream" data-stream="waist-deep"/g)?.length).toBe(2);
    expect(svg).toContain("stream (waist-deep)");
    expect(svg).toContain("B1: open-ground, a waist-deep stream");
    expect(renderReachHtml(out.value!.graph, out.value!.report)).toContain(
      "stream (waist-deep): a wavy line across the hex",
    );
  });
});
