/**
 * The output formats of `variorum reach`, one registry: format → renderer of (map graph, report).
 * `style` colours the terminal text (null: plain).
 */
import { SourceFile, type Diagnostic } from "../../diagnostics/index.js";
import { report } from "../../diagnostics/messages.js";
import type { MapGraph } from "../../runtime/map.js";
import type { ReachReport } from "./report.js";
import { renderReachHtml } from "./html.js";
import { renderReachSvg } from "./svg.js";
import { renderReachText, type TextStyle } from "./text.js";

export const REACH_RENDERERS = {
  text: (g: MapGraph, r: ReachReport, style: TextStyle | null) =>
    renderReachText(g, r, style ?? undefined),
  json: (_g: MapGraph, r: ReachReport) => JSON.stringify(r, null, 2) + "\n",
  svg: (g: MapGraph, r: ReachReport) => renderReachSvg(g, r),
  html: (g: MapGraph, r: ReachReport) => renderReachHtml(g, r),
} satisfies Record<string, (g: MapGraph, r: ReachReport, style: TextStyle | null) => string>;

export type ReachFormat = keyof typeof REACH_RENDERERS;

/** The most hexes a drawing (SVG, HTML) holds: the map's hexes once per ruleset (≈ 40 MB of SVG). */
export const MAX_DRAWN_HEXES = 100_000;

/**
 * A drawing beyond `MAX_DRAWN_HEXES` as a V1003 located at the map file's start (its size is the
 * map's), or null: text and JSON have no such bound (text is a grid, JSON lists the reached hexes).
 */
export function drawingTooLarge(
  g: { columns: number; rows: number },
  rulesets: number,
  file: string,
  text: string,
): Diagnostic | null {
  const drawn = g.columns * g.rows * rulesets;
  if (drawn <= MAX_DRAWN_HEXES) return null;
  return report(
    "V1003",
    rulesets === 1 ? "tooLargeToDraw" : "tooLargeToDrawPanels",
    new SourceFile(file, text).span(0, 0),
    {
      columns: g.columns,
      rows: g.rows,
      rulesets,
      drawn: drawn.toLocaleString("en"),
      max: MAX_DRAWN_HEXES.toLocaleString("en"),
    },
    "use --format text or json, a smaller map, or fewer rulesets",
  );
}
