/**
 * The output formats of `variorum reach --all`, one registry like formats.ts: text (units-text.ts),
 * the JSON report, and SVG/HTML drawn by the single-unit drawing (svg.ts, html.ts) from the report
 * seen as a reach report whose value per hex is the number of units that may end there
 * (units-drawing.ts).
 */
import type { MapGraph } from "../../runtime/map.js";
import { renderReachHtml } from "./html.js";
import { renderReachSvg } from "./svg.js";
import type { TextStyle } from "./text.js";
import { renderUnitsText } from "./units-text.js";
import { unitsAsReach } from "./units-drawing.js";
import type { ReachFormat } from "./formats.js";
import type { UnitsReport } from "./units.js";

export const UNITS_RENDERERS = {
  text: (g: MapGraph, r: UnitsReport, style: TextStyle | null) =>
    renderUnitsText(g, r, style ?? undefined),
  json: (_g: MapGraph, r: UnitsReport) => JSON.stringify(r, null, 2) + "\n",
  svg: (g: MapGraph, r: UnitsReport) => renderReachSvg(g, unitsAsReach(g, r)),
  html: (g: MapGraph, r: UnitsReport) => renderReachHtml(g, unitsAsReach(g, r)),
} satisfies Record<ReachFormat, (g: MapGraph, r: UnitsReport, style: TextStyle | null) => string>;
