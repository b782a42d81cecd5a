/**
 * Large reaches (issue 23 item 5): a listing hex by hex is bounded (MAX_LISTED_HEXES, a located
 * V1003 that points at --summary), and `--summary` answers in counts, cost bands and the furthest
 * hexes, agreeing with the full report where both answer.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compileText, reachOn } from "../../compiler/engine/index.js";
import { hexesReached } from "../../compiler/reach/report.js";
import { MAX_LISTED_HEXES } from "../../compiler/reach/build.js";
import { SUMMARY_FURTHEST } from "../../compiler/reach/summary.js";
import { ir, ROOT } from "./helpers.js";

const CROSSROADS = readFileSync(join(ROOT, "maps", "crossroads.json"), "utf8");

/** A house rule of 1 MP a hex whose allowance is the unit's MP. */
const OPEN = compileText(
  `ruleset open "open ground, 1 MP a hex"\n  cites numbered\nmeasure MP [1.1] "movement points"\n` +
    `enum terrain [1.2] "terrain" {\n  open-ground "Open ground"\n}\n` +
    `input step [1.3] {\n  terrain: terrain\n}\ninput unit [1.5] {\n  mp: MP\n}\n` +
    `movement [1.4] MP {\n  allowance: unit.mp\n  cost: 1 MP\n}\n`,
  "open.rules",
).ir!;
const BIG = JSON.stringify({
  name: "Open",
  columns: 300,
  rows: 300,
  terrain: { default: "open-ground" },
});

describe("reach --summary and the listing bound", () => {
  it("the summary agrees with the full report: counts, bands, furthest hexes", () => {
    const ask = (summary: boolean) =>
      reachOn({
        rulesets: [ir("sl-classic"), ir("asl-a4")],
        map: { text: CROSSROADS, file: "maps/crossroads.json" },
        from: { text: "B3", file: "--from" },
        unit: null,
        phase: "movement",
        summary,
      }).value!;
    const full = ask(false).report;
    const s = ask(true).summary!;
    expect(s.summary.map((r) => r.ruleset)).toEqual(["sl-classic", "asl-a4"]);
    s.summary.forEach((r, i) => {
      const hexes = full.results[i]!.hexes;
      // Every hex but the start, as `reach` counts them (report.ts's hexesReached).
      const costs = Object.entries(hexes)
        .filter(([h]) => h !== "B3")
        .map(([, h]) => h.cost);
      expect(r.reached).toBe(hexesReached(full.results[i]!, "B3"));
      expect(r.reached).toBe(costs.length);
      expect(r.bands.reduce((a, b) => a + b.hexes, 0)).toBe(costs.length);
      expect(r.furthest).toHaveLength(SUMMARY_FURTHEST);
      const top = [...costs].sort((a, b) => b - a).slice(0, SUMMARY_FURTHEST);
      expect(r.furthest.map((f) => f.cost)).toEqual(top);
      for (const f of r.furthest) expect(f.path).toEqual(hexes[f.hex]!.path);
      expect(r.allowance).toEqual(full.results[i]!.allowance);
    });
  });

  it("beyond the bound a listing is a located V1003 that names --summary; the summary answers", () => {
    // 130 MP on open ground from the centre of 300 × 300: 3·130·131 = 51,090 hexes besides the start.
    const ask = (summary: boolean) =>
      reachOn({
        rulesets: [OPEN],
        map: { text: BIG, file: "big.json" },
        from: { text: "EU150", file: "--from" },
        unit: { text: '{ "mp": 130 }', file: "--unit" },
        phase: "movement",
        summary,
      });
    const listed = ask(false);
    expect(listed.value).toBeNull();
    expect(listed.diagnostics.map((d) => [d.code, d.span?.file, d.span?.line])).toEqual([
      ["V1003", "big.json", 1],
    ]);
    expect(listed.diagnostics[0]!.message).toContain(
      `51,090 hexes reached; a listing holds at most ${MAX_LISTED_HEXES.toLocaleString("en")}`,
    );
    expect(listed.diagnostics[0]!.hint).toContain("--summary");
    const s = ask(true);
    expect(s.diagnostics).toEqual([]);
    const r = s.value!.summary!.summary[0]!;
    expect(r.reached).toBe(51_090);
    expect(r.bands.map((b) => b.upTo)).toEqual([32.5, 65, 97.5, 130]);
    expect(r.furthest.every((f) => f.cost === 130 && f.path.length === 131)).toBe(true);
  });
});
