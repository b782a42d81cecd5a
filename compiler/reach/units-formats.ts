/**
 * The output formats of `variorum reach --all`, one registry like formats.ts: text (units-text.ts),
 * the JSON report, and the SVG/HTML drawing (units-drawing.ts) — each read from the same report, in
 * the same words (units-labels.ts).
 */
import type { MapGraph } from "../../runtime/map.js";
import type { TextStyle } from "./text.js";
import { renderUnitsText } from "./units-text.js";
import { renderUnitsHtml, renderUnitsSvg } from "./units-drawing.js";
import type { ReachFormat } from "./formats.js";
import type { UnitsReport } from "./units.js";

export const UNITS_RENDERERS = {
  text: (g: MapGraph, r: UnitsReport, style: TextStyle | null) =>
    renderUnitsText(g, r, style ?? undefined),
  json: (_g: MapGraph, r: UnitsReport) => JSON.stringify(r, null, 2) + "\n",
  svg: (g: MapGraph, r: UnitsReport) => renderUnitsSvg(g, r),
  html: (g: MapGraph, r: UnitsReport) => renderUnitsHtml(g, r),
} satisfies Record<ReachFormat, (g: MapGraph, r: UnitsReport, style: TextStyle | null) => string>;
