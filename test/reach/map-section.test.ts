/**
 * The diff's "reach on the map" section against `reach` on the same input: the same hex counts (the
 * start, reached by not moving, is not counted by either: reach/report.ts `hexesReached`), the same
 * picture (the drawing of `reach --format svg`, as a data: URI image in HTML and Markdown), and costs
 * printed as the rulebooks print them (1½, not 1.5).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { renderHtml, renderJson, renderMarkdown, renderText } from "../../compiler/diff/index.js";
import { diffReport, reachOn, type ReachRequest } from "../../compiler/engine/index.js";
import { renderReachHtml } from "../../compiler/reach/html.js";
import { hexesReached } from "../../compiler/reach/report.js";
import { renderReachSvg } from "../../compiler/reach/svg.js";
import { renderReachText } from "../../compiler/reach/text.js";
import { load, ROOT, templates } from "../diff/helpers.js";

const MAP = join(ROOT, "maps", "crossroads.json");
const irs = [load("sl-classic"), load("asl-a4")];
const request: Omit<ReachRequest, "rulesets"> = {
  map: { text: readFileSync(MAP, "utf8"), file: MAP },
  from: { text: "B3", file: "--from" },
  unit: null,
  phase: "movement",
};

const reach = reachOn({ ...request, rulesets: irs }).value!;
const report = diffReport({ rulesets: irs, options: { situations: 0 }, reach: request }).value!;
const section = report.reach!;

describe('the diff\'s "reach on the map" section', () => {
  it("counts the hexes as reach counts them, in every format of both", () => {
    const counts = reach.report.results.map((r) => hexesReached(r, reach.report.from));
    // The start hex is in reach's answer (cost 0) but is not a hex the unit moves to.
    for (const r of reach.report.results) expect(r.hexes["B3"]?.cost).toBe(0);
    expect(section.counts.map((c) => c.hexes)).toEqual(counts);
    const text = renderReachText(reach.graph, reach.report);
    const html = renderReachHtml(reach.graph, reach.report);
    const svg = renderReachSvg(reach.graph, reach.report);
    reach.report.results.forEach((r, i) => {
      const n = counts[i]!;
      expect(text).toContain(`${n} hexes reachable from B3`);
      expect(html).toContain(`<td class="num">${n}</td>`);
      expect(svg).toContain(`${n} hexes reachable`);
      expect(renderText(report)).toMatch(new RegExp(`${r.ruleset} +${n} hexes reachable`));
      expect(renderMarkdown(report)).toContain(`${r.ruleset}: ${n} hexes reachable`);
      expect(renderHtml(report, templates())).toContain(`${r.ruleset}: ${n} hexes reachable`);
    });
  });

  it("shows reach's picture, as an image of a data: URI, in HTML and Markdown", () => {
    const svg = renderReachSvg(reach.graph, reach.report);
    expect(section.picture).not.toBeNull();
    const uri = section.picture!;
    expect(uri.startsWith("data:image/svg+xml;charset=utf-8,")).toBe(true);
    expect(decodeURIComponent(uri.slice(uri.indexOf(",") + 1))).toBe(svg);
    expect(uri).not.toMatch(/[()<>\s"]/);
    const md = renderMarkdown(report);
    expect(md).toContain(`](<${uri}>)`);
    expect(md).toMatch(/!\[Hexes the unit can reach from B3: sl-classic \d+, asl-a4 \d+/);
    const html = renderHtml(report, templates());
    expect(html).toMatch(/<figure class="reach-picture"><img src="data:image\/svg\+xml;/);
    // The drawing stays an image: no inline SVG (nor its styles) in the report's own markup.
    expect(html).not.toContain("<svg");
    // JSON keeps counts and costs, not the picture.
    expect(renderJson(report)).not.toContain("data:image");
  });

  it("prints costs as book fractions, from the exact cost", () => {
    const halves = section.differences.filter((d) =>
      Object.values(d.cost).some((c) => c !== null && !Number.isInteger(c)),
    );
    expect(halves.length).toBeGreaterThan(0);
    for (const d of halves)
      for (const [id, c] of Object.entries(d.cost)) {
        if (c === null) continue;
        expect(section.differences.find((x) => x.hex === d.hex)!.costText[id]).toMatch(
          /^\d*[½⅓⅔¼¾]?$/,
        );
      }
    // No cost as a decimal (a citation such as 5.54 is not a cost).
    expect(renderMarkdown(report)).not.toMatch(/\| \d+\.\d+ <sub>/);
    expect(renderText(report)).not.toMatch(/^ +(sl-classic|asl-a4) +\d+\.\d+( |$)/m);
    expect(renderText(report)).toMatch(/^ +sl-classic +1½ /m);
    expect(renderMarkdown(report)).toMatch(/\| C5 \| 1½ <sub>/);
  });
});

describe('the diff\'s "reach on the map" section with a unit field given as unknown', () => {
  it("gives each ruleset's allowance per value and marks a cost that turns on it with ?", () => {
    const unknown = {
      ...request,
      unit: { text: '{"kind":"squad","leader":null}', file: "--unit" },
    };
    const reached = reachOn({ ...unknown, rulesets: irs }).value!;
    const s = diffReport({ rulesets: irs, options: { situations: 0 }, reach: unknown }).value!
      .reach!;
    // SL 5.4/5.44 and ASL A4.11/A4.12: 4 MF, 6 with a leader.
    expect(s.counts.map((c) => c.allowance)).toEqual([
      "6 (unit.leader yes) or 4 (unit.leader no)",
      "6 (unit.leader yes) or 4 (unit.leader no)",
    ]);
    expect(s.differences.length).toBe(reached.report.differences.length);
    for (const d of s.differences)
      for (const r of reached.report.results) {
        const h = r.hexes[d.hex];
        const text = d.costText[r.ruleset];
        expect(text === null ? null : text.endsWith("?"), `${d.hex} ${r.ruleset}`).toBe(
          h === undefined ? null : h.dependsOn !== undefined,
        );
      }
    expect(s.differences.some((d) => d.dependsOn !== undefined)).toBe(true);
  });
});
