/**
 * A several-units report (units.ts, `variorum reach --all`) drawn: the SVG (over the map layer of
 * svg.ts) and the HTML page (html.ts's page and legend). Drawn from the report itself, in the words
 * of units-labels.ts that the text says too: per ruleset a panel where each hex at least one of the
 * side's units may end in is shaded by how many may and shows the number (`!` after it, and the hex
 * outlined, where the ruleset's stacking limit would not let them all end there); the hexes where the
 * side's units stand are outlined; hovering a hex names the units that may end there and what they
 * count against the limit (or that the text gives none). The page adds per ruleset its stacking
 * limit, the units with their allowance and reach, the units it cannot move, and the hexes over the
 * limit.
 */
import type { MapGraph } from "../../runtime/map.js";
import { htmlPage, mapLegend, swatch } from "./html.js";
import { Markup, x } from "./markup.js";
import { DIFFERENCE, START } from "./palette.js";
import {
  OUTLINE_ICON,
  renderMapSvg,
  START_ICON,
  type Drawing,
  type DrawnHex,
  type KeyItem,
} from "./svg.js";
import {
  blockedText,
  countCell,
  countsText,
  hexesText,
  hexStackingText,
  hexUnitsText,
  notMovedText,
  overLimitText,
  stackingText,
  unitsHeadline,
  unitText,
} from "./units-labels.js";
import { plural } from "../render/numbers.js";
import type { UnitsReport, UnitsRulesetResult } from "./units.js";

/** The most units any ruleset moves: the darkest shade (every unit may end there). */
function most(report: UnitsReport): number {
  return Math.max(1, ...report.results.map((r) => r.units.length));
}

function sample(n: number, k: number): number[] {
  if (n <= k) return Array.from({ length: n }, (_, i) => i + 1);
  return Array.from({ length: k }, (_, i) => 1 + Math.round((i * (n - 1)) / (k - 1)));
}

/** The one scale: how many of the side's units may end in a hex, 1 to the most any ruleset moves. */
function unitsScale(report: UnitsReport) {
  const max = most(report);
  return {
    key: "units",
    label: `${report.side[0]!.toUpperCase()}${report.side.slice(1)} units that can end there`,
    probability: false,
    lighter: "fewer",
    stops: sample(max, 12).map((n) => ({ t: n / max, text: String(n) })),
  };
}

const withLimit = (report: UnitsReport) => report.results.some((r) => r.stacking !== null);

function unitsHex(
  g: MapGraph,
  report: UnitsReport,
  max: number,
  r: UnitsRulesetResult,
  i: number,
  blocked: boolean,
): DrawnHex {
  const name = g.names[i]!;
  const title: string[] = [];
  const here = r.units.filter((u) => u.hex === name).map((u) => u.name);
  const notMoved = r.notPlaced.filter((u) => u.hex === name);
  if (here.length > 0)
    title.push(`${r.ruleset}: ${here.join(", ")} ${here.length === 1 ? "starts" : "start"} here`);
  for (const u of notMoved) title.push(`${r.ruleset}: ${u.name} ${notMovedText(u)}`);
  const h = r.hexes[name];
  if (h !== undefined) title.push(`${r.ruleset}: ${hexUnitsText(h)}`, hexStackingText(r, h));
  else if (blocked) title.push(`${r.ruleset}: no such terrain, cannot be entered`);
  else title.push(`${r.ruleset}: none of the ${report.side} units can end its move here`);
  return {
    title,
    ...(h !== undefined ? { value: { t: h.count / max, text: countCell(h) } } : {}),
    placed: here.length > 0 || notMoved.length > 0,
    ...(h?.withinLimit === false ? { outlined: "over-limit" } : {}),
  };
}

/** The report as a drawing over its map (svg.ts `renderMapSvg`). */
export function unitsDrawing(g: MapGraph, report: UnitsReport): Drawing {
  const max = most(report);
  const key: KeyItem[] = [{ icon: START_ICON, text: `where the ${report.side} units stand` }];
  if (withLimit(report))
    key.push({ icon: OUTLINE_ICON, text: "over the stacking limit if all end there (!)" });
  const per = report.results.map((r) => `${r.ruleset} ${Object.keys(r.hexes).length}`).join(", ");
  const over = report.results
    .filter((r) => r.stacking !== null)
    .map((r) => `${r.ruleset} ${r.overLimit.length}`)
    .join(", ");
  return {
    title: `${unitsHeadline(report)}: ${report.results.map((r) => r.ruleset).join(", ")}`,
    desc: `Hexes where at least one of the ${report.side} units may end its move: ${per}${over === "" ? "" : `; over the stacking limit if all end there: ${over}`}.`,
    scales: [unitsScale(report)],
    key,
    holder: report.side === "enemy" ? "the friendly side" : "the enemy",
    panels: report.results.map((r) => ({
      ruleset: r.ruleset,
      title: r.title,
      sub: `${r.ruleset} · ${plural(r.units.length, "unit", "units")} · ${plural(Object.keys(r.hexes).length, "hex", "hexes")} · ${r.stacking !== null ? `limit [${r.stacking.cite}]` : "no limit"}`,
      notApplicable: r.notApplicable,
      hex: (i, blocked) => unitsHex(g, report, max, r, i, blocked),
    })),
  };
}

export function renderUnitsSvg(g: MapGraph, report: UnitsReport): string {
  return renderMapSvg(g, unitsDrawing(g, report));
}

/** One ruleset: its stacking limit, its units, what it cannot move, and the hexes over the limit. */
function rulesetSection(r: UnitsRulesetResult, index: number): Markup {
  const rows = [
    ...r.units.map(
      (u) =>
        x`<tr><th scope="row">${u.name}</th><td>${u.hex}</td><td>${unitText(u, r.measure)}</td></tr>`,
    ),
    ...r.notPlaced.map(
      (u) =>
        x`<tr><th scope="row">${u.name}</th><td>${u.hex}</td><td><span class="none">${notMovedText(u)}</span></td></tr>`,
    ),
  ];
  const blocked = blockedText(r);
  const over = overLimitText(r);
  const overRows = r.overLimit.map((name) => {
    const h = r.hexes[name]!;
    return x`<tr><th scope="row">${name}</th><td class="num">${h.count}</td><td>${countsText(h.counts)}</td><td>${h.units.join(", ")}</td></tr>`;
  });
  return x`<section aria-labelledby="ruleset-${index}">
<h2 id="ruleset-${index}"><code>${r.ruleset}</code> ${r.title}</h2>
<p>${stackingText(r)}</p>
<table class="rulesets"><caption class="none">The ${r.units.length + r.notPlaced.length === 1 ? "unit" : "units"}: as given, allowance, and how many hexes each can end its move in</caption>
<thead><tr><th scope="col">Unit</th><th scope="col">Hex</th><th scope="col">Moves</th></tr></thead>
<tbody>${rows}</tbody></table>
${blocked === null ? "" : x`<p class="none">${blocked}</p>\n`}<p>${hexesText(r)}.${over === null ? "" : ` ${over[0]!.toUpperCase()}${over.slice(1)}.`}</p>
${
  overRows.length === 0
    ? ""
    : x`<table class="differences"><thead><tr><th scope="col">Hex</th><th scope="col">Units</th><th scope="col">Counted</th><th scope="col">Which</th></tr></thead>
<tbody>${overRows}</tbody></table>
`
}</section>
`;
}

export function renderUnitsHtml(g: MapGraph, report: UnitsReport): string {
  const ids = report.results.map((r) => r.ruleset).join(", ");
  const lead: Markup[] = [
    x`<li>${swatch("#ffffff", "", START)} outlined: where the ${report.side} units stand</li>`,
  ];
  if (withLimit(report))
    lead.push(
      x`<li>${swatch("#ffffff", "", DIFFERENCE)} outlined, “!”: over the stacking limit if all that may end there do</li>`,
    );
  const note = x`<p>Each hex shows its name at the top; a hex where at least one of the ${report.side} units may end its move shows how many may, with “!” where the ruleset's stacking limit would not let them all end there. Hover a hex for the units and what they count.</p>`;
  return htmlPage(
    unitsHeadline(report),
    x`<header>
<h1>${unitsHeadline(report)}</h1>
<p class="meta">${report.phase} phase · ${g.columns} × ${g.rows} hexes · rulesets ${ids}</p>
</header>
<figure>
${new Markup(renderUnitsSvg(g, report))}<figcaption>The map once per ruleset, side by side: in each hex, how many of the ${report.side} units can end their move there.</figcaption>
</figure>
<section aria-labelledby="legend-head">
<h2 id="legend-head">Legend</h2>
${mapLegend(
  g,
  [unitsScale(report)],
  lead,
  report.results.some((r) => r.notApplicable.some((n) => n.startsWith("terrain: "))),
  note,
)}
</section>
${report.results.map(rulesetSection)}`,
  );
}
