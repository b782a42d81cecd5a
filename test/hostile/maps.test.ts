/**
 * Issue 23's map and reach defects (items 3, 4, 5, 8, 9, 10), each as a user meets it: a map file
 * through the map reader, a reach report through the renderers, a large map through the search.
 * Each asserts the located error or the right answer, never a crash.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { variorum } from "../cli/run.js";
import { renderReachText } from "../../compiler/reach/text.js";
import { buildGraph, type MapJson } from "../../runtime/map.js";
import { reachOf } from "../reach/helpers.js";

/** An open map of `columns` × `rows` hexes. */
function openMap(columns: number, rows: number): MapJson {
  return { name: "open", columns, rows, terrain: { default: "open-ground", hexes: {} } };
}

describe("3. reach text on a large map", () => {
  it("renders a 420 × 420 map (its cell width is not found by spreading 176,400 cells into a call)", () => {
    const map = openMap(420, 420);
    const built = reachOf(["sl-classic"], map, "B2", { kind: "squad" });
    const text = renderReachText(buildGraph(map), built.report);
    const lines = text.split("\n");
    expect(lines[0]).toBe(`open: reach from B2  (movement phase, unit {"kind":"squad"})`);
    expect(lines.some((l) => l.startsWith(" 420 "))).toBe(true);
  });
});

describe("4. the drawing is bounded", () => {
  it("an SVG of a 702 × 999 map is a located V1003, not 475 MB of SVG", async () => {
    const dir = mkdtempSync(join(tmpdir(), "variorum-maps-"));
    try {
      const f = join(dir, "big.json");
      writeFileSync(f, JSON.stringify(openMap(702, 999)));
      const r = await variorum([
        "reach",
        "sl-classic,asl-a4",
        f,
        "--from",
        "B2",
        "-o",
        join(dir, "r.svg"),
      ]);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(
        /big\.json:1:1: error V1003: the map is too large to draw: 702 × 999 hexes × 2 rulesets = 1,402,596 hexes; a drawing holds at most 100,000/,
      );
      expect(existsSync(join(dir, "r.svg"))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
