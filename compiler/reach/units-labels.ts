/**
 * The words of a several-units report (units.ts, `variorum reach --all`), shared by its text
 * (units-text.ts) and its drawing (units-drawing.ts: SVG and HTML), so every format says the same
 * thing of the same report: the headline, a ruleset's stacking limit (or that its text gives none),
 * each unit's allowance and reach, the units it cannot move, and per hex how many units may end there
 * and whether the limit lets them all.
 */
import { allowanceText, plural } from "../render/numbers.js";
import { assumedLines, whenText } from "./labels.js";
import type { UnitsHex, UnitsReport, UnitsRulesetResult, UnitsUnit } from "./units.js";

export function unitsHeadline(report: UnitsReport): string {
  return `${report.map}: where the ${report.side} units can end their move`;
}

/** `stacking limit: within-stacking [6.3] …`, or the note that the bundled text gives none. */
export function stackingText(r: UnitsRulesetResult, dim: (s: string) => string = (s) => s): string {
  return r.stacking !== null
    ? `stacking limit: ${r.stacking.rule} [${r.stacking.cite}] ${dim(r.stacking.title)}`
    : (r.stackingNote ?? "no stacking limit in the bundled text");
}

/**
 * What a unit is given and what it reaches, and the defaults that answer turns on:
 * `{"kind":"squad"}: 4 MF, 25 hexes; assuming no unit.leader (the default)`.
 */
export function unitText(u: UnitsUnit, measure: string): string {
  const cases = u.cases ?? [];
  const allowance =
    u.allowance === null && cases.length > 0
      ? cases
          .map((c) => `${allowanceText(c.allowance, measure)} when ${whenText(c.given)}`)
          .join(", ")
      : allowanceText(u.allowance, measure);
  const depends =
    u.dependsOn !== undefined
      ? ` (under some value of ${u.dependsOn.join(", ")}, given as unknown)`
      : "";
  // The defaults its answer turns on, in the single-unit reach's words (labels.ts `assumedLines`).
  const assumed = assumedLines(u.assumed).map((t) => `; ${t.trim()}`);
  return `${JSON.stringify(u.unit)}: ${allowance}, ${plural(u.reaches, "hex", "hexes")}${depends}${assumed.join("")}`;
}

/** Units that end in a hex only under some values of fields given as unknown: `C3.1 when unit.leader yes`. */
export function hexDependsText(h: UnitsHex): string | null {
  const entries = Object.entries(h.depends ?? {});
  if (entries.length === 0) return null;
  return entries
    .map(([name, givens]) => `${name} when ${givens.map(whenText).join(", or ")}`)
    .join("; ");
}

export function notMovedText(u: UnitsRulesetResult["notPlaced"][number]): string {
  return `not moved: ${u.reason}`;
}

/** Map names the ruleset lacks (terrain, hexsides), which its units neither enter nor cross. */
export function blockedText(r: UnitsRulesetResult): string | null {
  const blocked = r.notApplicable.filter((x) => x.includes(": ") && !x.startsWith("enemy: "));
  return blocked.length === 0
    ? null
    : `not in this ruleset, so not entered or crossed: ${blocked.join(", ")}`;
}

/** `37 hexes where at least one unit may end its move`. */
export function hexesText(r: UnitsRulesetResult): string {
  return `${plural(Object.keys(r.hexes).length, "hex", "hexes")} where at least one unit may end its move`;
}

/** What a hex shows: how many units may end there, `!` where the limit does not let them all. */
export function countCell(h: UnitsHex): string {
  return `${h.count}${h.withinLimit === false ? "!" : ""}`;
}

export function countsText(counts: Record<string, number> | undefined): string {
  return Object.entries(counts ?? {})
    .map(([k, v]) => `${k} ${v}`)
    .join(", ");
}

/** The verdict over every hex, for a ruleset with a limit (null without one). */
export function overLimitText(r: UnitsRulesetResult): string | null {
  if (r.stacking === null) return null;
  return r.overLimit.length === 0
    ? "every hex holds all the units that may end there"
    : `over the limit if all end there (!): ${plural(r.overLimit.length, "hex", "hexes")}`;
}

/** A hex over the limit: `5 units (infantry 5, mmcs 4, pp 7): 1st, 2nd, Lt, HS, MG`. */
export function overLimitHexText(h: UnitsHex): string {
  return `${h.count} units (${countsText(h.counts)}): ${h.units.join(", ")}`;
}

/** Who may end in a hex: `4 units can end here: 1st, 2nd, Lt, HS`. */
export function hexUnitsText(h: UnitsHex): string {
  const depends = hexDependsText(h);
  return `${plural(h.count, "unit", "units")} can end here: ${h.units.join(", ")}${depends === null ? "" : ` (${depends})`}`;
}

/** What a hex's units count and whether the limit lets them all end there. */
export function hexStackingText(r: UnitsRulesetResult, h: UnitsHex): string {
  const counted = h.counts === undefined ? "" : `${countsText(h.counts)}: `;
  if (r.stacking === null) return `${counted}no stacking limit in the bundled text`;
  return h.withinLimit === false
    ? `${counted}over the stacking limit [${r.stacking.cite}] if all end here`
    : `${counted}within the stacking limit [${r.stacking.cite}]`;
}
