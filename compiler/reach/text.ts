/**
 * The terminal rendering of a reach report: per ruleset a grid of the map (one cell per hex: its
 * cost, `*` for the start, `·` where the unit cannot end its move; odd columns print half a row lower
 * as on the map, by shifting them a line down in a doubled-row grid), then the hexes where rulesets
 * disagree with their costs and the rules that price them. On a map with vehicles, a line per vehicle a
 * ruleset boards (the cheapest legal move ending aboard it). Plain text; colours come from the caller.
 */
import { indexOf, type MapGraph } from "../../runtime/map.js";
import { costText } from "../render/numbers.js";
import { startText } from "../render/start.js";
import {
  assumedLines,
  hexCasesText,
  hexValueText,
  pathText,
  rulesetAllowanceText,
} from "./labels.js";
import { hexesReached, type ReachReport, type ReachRulesetResult } from "./report.js";

export interface TextStyle {
  bold(s: string): string;
  dim(s: string): string;
}
const PLAIN: TextStyle = { bold: (s) => s, dim: (s) => s };

/** 1.5 → "1½"; a probability → "83%". */
function cell(r: ReachRulesetResult, name: string, from: string): string {
  if (name === from) return "*";
  const h = r.hexes[name];
  return h === undefined ? "·" : hexValueText(h);
}

/** The map as a grid of cells: two text lines per row, odd columns shifted down by one line. */
function grid(g: MapGraph, r: ReachRulesetResult, from: string): string[] {
  // A loop, not Math.max(...cells): a map has up to 702 × 999 hexes, beyond the arguments a call takes.
  let w = 4;
  for (const n of g.names) w = Math.max(w, cell(r, n, from).length + 1);
  return hexGrid(g, w, (name) => cell(r, name, from));
}

/**
 * A hex map as text, `w` characters a column: a header of column letters, then two lines per row
 * with odd columns a line lower, each hex showing `cellOf(name)` (one reach or several units).
 */
export function hexGrid(g: MapGraph, w: number, cellOf: (name: string) => string): string[] {
  const head =
    "     " +
    Array.from({ length: g.columns }, (_, c) =>
      g.names[c * g.rows]!.replace(/\d+$/, "").padStart(w),
    ).join("");
  const lines = [head];
  for (let line = 0; line < 2 * g.rows + 1; line++) {
    let s = line % 2 === 0 && line / 2 < g.rows ? String(line / 2 + 1).padStart(4) + " " : "     ";
    for (let c = 0; c < g.columns; c++) {
      const row = c % 2 === 1 ? (line - 1) / 2 : line / 2;
      s +=
        Number.isInteger(row) && row >= 0 && row < g.rows
          ? cellOf(g.names[c * g.rows + row]!).padStart(w)
          : " ".repeat(w);
    }
    lines.push(s.trimEnd());
  }
  while (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  return lines;
}

export function renderReachText(
  g: MapGraph,
  report: ReachReport,
  style: TextStyle = PLAIN,
): string {
  const out: string[] = [
    style.bold(`${report.map}: reach from ${startText(report.from, report.aboard)}`) +
      style.dim(
        `  (${report.phase} phase, ${report.results.length > 0 && report.results.every((r) => r.unit !== undefined) ? "a unit per ruleset" : `unit ${JSON.stringify(report.unit)}`})`,
      ),
  ];
  for (const r of report.results) {
    const n = hexesReached(r, report.from);
    out.push(
      "",
      `${style.bold(r.ruleset)}  ${style.dim(r.title)}`,
      ...(r.unit !== undefined ? [`  unit ${JSON.stringify(r.unit)}`] : []),
      `  allowance ${rulesetAllowanceText(r)}; ${n} ${n === 1 ? "hex" : "hexes"} reachable from ${report.from}`,
      ...assumedLines(r.assumed),
    );
    const unboarded = r.notApplicable
      .filter((x) => x.startsWith("vehicle: "))
      .map((x) => x.slice("vehicle: ".length));
    const blocked = r.notApplicable.filter(
      (x) => x.includes(": ") && !x.startsWith("vehicle: ") && !x.startsWith("enemy: "),
    );
    // Step fields it does not read, and enemy occupants it has no concept of: both are ignored.
    const ignored = r.notApplicable.filter((x) => !x.includes(": ") || x.startsWith("enemy: "));
    if (blocked.length > 0)
      out.push(
        style.dim(`  not in this ruleset, so not entered or crossed: ${blocked.join(", ")}`),
      );
    if (ignored.length > 0)
      out.push(style.dim(`  not read by this ruleset: ${ignored.join(", ")}`));
    if (unboarded.length > 0)
      out.push(style.dim(`  cannot board the vehicle in ${unboarded.join(", ")}`));
    for (const line of grid(g, r, report.from)) out.push(line);
    // A unit with fields given as unknown: each hex whose answer turns on them, case by case.
    const depends = Object.entries(r.hexes).filter(([, h]) => h.dependsOn !== undefined);
    if (depends.length > 0) {
      out.push(
        `  ? depends on ${r.dependsOn!.join(", ")} (the grid shows the best case: the least cost, or the greatest chance):`,
      );
      for (const [hex, h] of depends) out.push(`  ${hex.padEnd(5)} ${hexCasesText(h, r.measure)}`);
    } else if (r.notNeeded !== undefined)
      out.push(style.dim(`  the same for every ${r.notNeeded.join(", ")} (given as unknown)`));
    for (const [hex, b] of Object.entries(r.boarding ?? {})) {
      const kind = String(g.vehicles[indexOf(g, hex)]?.kind ?? "vehicle");
      const uses =
        b.vehicleSpent !== undefined
          ? `; the vehicle uses ${costText({ cost: b.vehicleSpent })} MP`
          : "";
      out.push(
        `  board the ${kind} in ${hex}: ${costText(b)} ${r.measure} (${pathText(b.path, b.bypass)})${uses}${b.rules.length > 0 ? style.dim(` [${b.rules.join(", ")}]`) : ""}`,
      );
    }
  }
  if (report.results.length > 1) {
    out.push(
      "",
      style.bold(
        report.differences.length === 0
          ? "The rulesets agree on every hex."
          : `${report.differences.length} hexes differ:`,
      ),
    );
    for (const d of report.differences) {
      const parts = report.results.map((r) => {
        const c = d.cost[r.ruleset];
        const rules = d.rules[r.ruleset];
        return `${r.ruleset} ${c === null ? "cannot end here" : `${costText({ cost: c, exact: r.hexes[d.hex]?.exact })} ${r.measure}`}${rules ? style.dim(` [${rules.join(", ")}]`) : ""}`;
      });
      out.push(`  ${d.hex.padEnd(5)} ${parts.join("  |  ")}`);
    }
  }
  return out.join("\n") + "\n";
}
