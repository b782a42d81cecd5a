/**
 * The terminal rendering of a several-units report (units.ts): per ruleset its stacking limit (or
 * "no stacking limit in the bundled text"), the side's units with what each reaches, a grid of the map
 * with, in every hex where at least one unit can end its move, how many can (`!` after the number
 * where the limit does not let them all), then the hexes over the limit with what they count.
 */
import type { MapGraph } from "../../runtime/map.js";
import { allowanceText } from "../render/numbers.js";
import { hexGrid, type TextStyle } from "./text.js";
import type { UnitsReport, UnitsRulesetResult } from "./units.js";

const PLAIN: TextStyle = { bold: (s) => s, dim: (s) => s };

function cell(r: UnitsRulesetResult, name: string): string {
  const h = r.hexes[name];
  if (h === undefined) return "·";
  return `${h.count}${h.withinLimit === false ? "!" : ""}`;
}

/** The map as a grid: two text lines per row, odd columns a line lower (as text.ts draws reach). */
function grid(g: MapGraph, r: UnitsRulesetResult): string[] {
  return hexGrid(g, 4, (name) => cell(r, name));
}

function countsText(counts: Record<string, number> | undefined): string {
  return Object.entries(counts ?? {})
    .map(([k, v]) => `${k} ${v}`)
    .join(", ");
}

export function renderUnitsText(
  g: MapGraph,
  report: UnitsReport,
  style: TextStyle = PLAIN,
): string {
  const out: string[] = [
    style.bold(`${report.map}: where the ${report.side} units can end their move`) +
      style.dim(`  (${report.phase} phase)`),
  ];
  for (const r of report.results) {
    const n = Object.keys(r.hexes).length;
    out.push("", `${style.bold(r.ruleset)}  ${style.dim(r.title)}`);
    out.push(
      r.stacking !== null
        ? `  stacking limit: ${r.stacking.rule} [${r.stacking.cite}] ${style.dim(r.stacking.title)}`
        : `  ${r.stackingNote ?? "no stacking limit in the bundled text"}`,
    );
    for (const u of r.units)
      out.push(
        `  ${u.name.padEnd(8)} ${u.hex.padEnd(4)} ${JSON.stringify(u.unit)}: ${allowanceText(u.allowance, r.measure)}, ${u.reaches} ${u.reaches === 1 ? "hex" : "hexes"}`,
      );
    for (const u of r.notPlaced)
      out.push(style.dim(`  ${u.name.padEnd(8)} ${u.hex.padEnd(4)} not moved: ${u.reason}`));
    const blocked = r.notApplicable.filter((x) => x.includes(": ") && !x.startsWith("enemy: "));
    if (blocked.length > 0)
      out.push(
        style.dim(`  not in this ruleset, so not entered or crossed: ${blocked.join(", ")}`),
      );
    out.push(
      `  ${n} ${n === 1 ? "hex" : "hexes"} where at least one unit may end its move; the number of units that may:`,
    );
    for (const line of grid(g, r)) out.push(line);
    if (r.stacking !== null)
      out.push(
        r.overLimit.length === 0
          ? "  every hex holds all the units that may end there"
          : `  over the limit if all end there (!): ${r.overLimit.length} ${r.overLimit.length === 1 ? "hex" : "hexes"}`,
      );
    for (const name of r.overLimit) {
      const h = r.hexes[name]!;
      out.push(
        `    ${name.padEnd(5)} ${h.count} units (${countsText(h.counts)}): ${h.units.join(", ")}`,
      );
    }
  }
  return out.join("\n") + "\n";
}
