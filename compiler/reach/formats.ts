/**
 * The output formats of `variorum reach`, one registry: format → renderer of (map graph, report).
 * `style` colours the terminal text (null: plain).
 */
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
