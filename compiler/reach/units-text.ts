/**
 * The terminal rendering of a several-units report (units.ts): per ruleset its stacking limit (or
 * "no stacking limit in the bundled text"), the side's units with what each reaches, a grid of the map
 * with, in every hex where at least one unit can end its move, how many can (`!` after the number
 * where the limit does not let them all), then the hexes over the limit with what they count. The
 * words are units-labels.ts's, which the drawing (units-drawing.ts) says too.
 */
import type { MapGraph } from "../../runtime/map.js";
import { hexGrid, type TextStyle } from "./text.js";
import {
  blockedText,
  countCell,
  hexesText,
  notMovedText,
  overLimitHexText,
  overLimitText,
  stackingText,
  unitsHeadline,
  unitText,
  hexDependsText,
} from "./units-labels.js";
import type { UnitsReport, UnitsRulesetResult } from "./units.js";

const PLAIN: TextStyle = { bold: (s) => s, dim: (s) => s };

/** The map as a grid: two text lines per row, odd columns a line lower (as text.ts draws reach). */
function grid(g: MapGraph, r: UnitsRulesetResult): string[] {
  return hexGrid(g, 4, (name) => {
    const h = r.hexes[name];
    return h === undefined ? "·" : countCell(h);
  });
}

export function renderUnitsText(
  g: MapGraph,
  report: UnitsReport,
  style: TextStyle = PLAIN,
): string {
  const out: string[] = [
    style.bold(unitsHeadline(report)) + style.dim(`  (${report.phase} phase)`),
  ];
  for (const r of report.results) {
    out.push("", `${style.bold(r.ruleset)}  ${style.dim(r.title)}`);
    out.push(`  ${stackingText(r, style.dim)}`);
    for (const u of r.units)
      out.push(`  ${u.name.padEnd(8)} ${u.hex.padEnd(4)} ${unitText(u, r.measure)}`);
    for (const u of r.notPlaced)
      out.push(style.dim(`  ${u.name.padEnd(8)} ${u.hex.padEnd(4)} ${notMovedText(u)}`));
    const blocked = blockedText(r);
    if (blocked !== null) out.push(style.dim(`  ${blocked}`));
    out.push(`  ${hexesText(r)}; the number of units that may:`);
    for (const line of grid(g, r)) out.push(line);
    const over = overLimitText(r);
    if (over !== null) out.push(`  ${over}`);
    for (const name of r.overLimit)
      out.push(`    ${name.padEnd(5)} ${overLimitHexText(r.hexes[name]!)}`);
    // Units with fields given as unknown: the hexes they end in only under some values.
    const depends = Object.entries(r.hexes).filter(([, h]) => hexDependsText(h) !== null);
    if (depends.length > 0)
      out.push("  hexes a unit ends in only under some values of its unknown fields:");
    for (const [name, h] of depends) out.push(`    ${name.padEnd(5)} ${hexDependsText(h)}`);
  }
  return out.join("\n") + "\n";
}
