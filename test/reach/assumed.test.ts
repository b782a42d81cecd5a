/**
 * `reach` names the defaults its answer turns on, as `eval` does ("assuming no unit.leader (the
 * default)", issue 42), and only those. Derived by hand from SL Classic on
 * test/fixtures/maps/ok-leader-woods.json (A1 open ground, B1 and C1 woods, D1–F1 open ground): a
 * squad has 4 MF (5.4), 6 MF moving with a leader (5.44); woods cost 2 MF, open ground 1 (5.5). With
 * the leader left out (default: none) it reaches A1–C1, with one A1–E1: the reach turns on the
 * default, which is named. Whether it rides a vehicle (`aboard`, read only by the stacking counts,
 * 6.1 & 29.2 Q&A) changes no hex: never named. With the leader given, or given as unknown (then the
 * answer is per value, `dependsOn`), nothing is assumed about it.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { reachOn } from "../../compiler/engine/index.js";
import { renderReachText } from "../../compiler/reach/text.js";
import { renderSummaryText } from "../../compiler/reach/summary.js";
import { renderReachHtml } from "../../compiler/reach/html.js";
import { renderReachSvg } from "../../compiler/reach/svg.js";
import { ir, ROOT } from "./helpers.js";

const MAP = readFileSync(join(ROOT, "test/fixtures/maps/ok-leader-woods.json"), "utf8");

function reach(unit: string, summary = false) {
  const out = reachOn({
    rulesets: [ir("sl-classic")],
    map: { text: MAP, file: "ok-leader-woods.json" },
    from: { text: "A1", file: "--from" },
    unit: { text: unit, file: "--unit" },
    phase: "movement",
    summary,
  });
  expect(out.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return out.value!;
}

describe("reach names the defaults it assumed", () => {
  it("SL: a squad's leader left out is named, with the hexes it reaches without one (5.44)", () => {
    const v = reach('{"kind":"squad"}');
    const r = v.report.results[0]!;
    expect(Object.keys(r.hexes)).toEqual(["A1", "B1", "C1"]);
    expect(r.assumed).toEqual({ "unit.leader": false });
    expect(renderReachText(v.graph, v.report)).toContain(
      "  allowance 4 MF; 2 hexes reachable from A1\n  assuming no unit.leader (the default)\n",
    );
  });

  it("SL: the HTML page says it beside the allowance", () => {
    const v = reach('{"kind":"squad"}');
    expect(renderReachHtml(v.graph, v.report)).toContain(
      '4 MF<br><span class="none">assuming no unit.leader (the default)</span>',
    );
  });

  it("SL: the drawing (the studio's reach pane) says it under the ruleset's name, whole on hover", () => {
    const v = reach('{"kind":"squad"}');
    expect(renderReachSvg(v.graph, v.report)).toContain(
      "<title>sl-classic · allowance 4 MF · 2 hexes reachable · assuming no unit.leader (the default)</title>",
    );
  });

  it("SL: the summary says it too", () => {
    const v = reach('{"kind":"squad"}', true);
    expect(v.summary!.summary[0]!.assumed).toEqual({ "unit.leader": false });
    expect(renderSummaryText(v.summary!)).toContain("assuming no unit.leader (the default)");
  });

  it("SL: a leader given, or given as unknown, is not assumed; `aboard` never is", () => {
    expect(reach('{"kind":"squad","leader":true}').report.results[0]!.assumed).toBeUndefined();
    const r = reach('{"kind":"squad","leader":null}').report.results[0]!;
    expect(r.dependsOn).toEqual(["unit.leader"]);
    expect(r.assumed).toBeUndefined();
  });
});
