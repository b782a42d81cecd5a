/**
 * Issue 23's map and reach defects (items 3, 4, 5, 8, 9, 10), each as a user meets it: a map file
 * through the map reader, a reach report through the renderers, a large map through the search.
 * Each asserts the located error or the right answer, never a crash.
 */
import { describe, expect, it } from "vitest";
import { renderReachText } from "../../compiler/reach/text.js";
import { buildGraph, type MapJson } from "../../runtime/map.js";
import { reachOf } from "../reach/helpers.js";

/** An open map of `columns` × `rows` hexes. */
function openMap(columns: number, rows: number): MapJson {
  return { name: "open", columns, rows, terrain: { default: "open-ground", hexes: {} } };
}

describe("3. reach text on a large map", () => {
  it("renders a 702 × 999 map (its cell width is not found by spreading 701,298 cells into a call)", () => {
    const map = openMap(702, 999);
    const built = reachOf(["sl-classic"], map, "B2", { kind: "squad" });
    const text = renderReachText(buildGraph(map), built.report);
    const lines = text.split("\n");
    expect(lines[0]).toBe(`open: reach from B2  (movement phase, unit {"kind":"squad"})`);
    expect(lines.some((l) => l.startsWith(" 999 "))).toBe(true);
  });
});
