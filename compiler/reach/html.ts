/**
 * A reach report as one self-contained HTML page (inline CSS, no script, no external asset): a header
 * (map, start hex, unit, phase), the SVG of svg.ts, the legend again as real text, a table of the
 * rulesets (allowance, hexes reachable, map names they lack) and a table of the hexes where the
 * rulesets differ, with each ruleset's cost and citations. Pure and browser-safe; every value from the
 * map or the report is escaped by `x` (markup.ts); byte-identical for the same input.
 */
import type { MapGraph } from "../../runtime/map.js";
import { allowanceText, costText } from "../render/numbers.js";
import {
  assumedLines,
  hexCasesText,
  hexValueText,
  pathText,
  rulesetAllowanceText,
  scales,
  type Scale,
} from "./labels.js";
import { Markup, x } from "./markup.js";
import {
  DEPENDS,
  DIFFERENCE,
  hexsideStyle,
  inkOn,
  rampColour,
  ROAD,
  START,
  STREAM,
  terrainStyle,
} from "./palette.js";
import { hexesReached, type ReachReport, type ReachRulesetResult } from "./report.js";
import { renderReachSvg } from "./svg.js";

const STYLE = `
:root{color-scheme:light}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#fafaf7;line-height:1.45}
main{max-width:1200px;margin:0 auto;padding:1.2rem 1.5rem 3rem}
h1{font-size:1.5rem;margin:0 0 .3rem}
h2{font-size:1.15rem;margin:1.6rem 0 .5rem}
.meta{margin:0;color:#333}
code{white-space:nowrap;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.92em;background:#eeeee8;padding:0 .25em;border-radius:3px}
figure{margin:1rem 0;overflow-x:auto}
figure svg{max-width:100%;height:auto;display:block}
caption{text-align:left}
figcaption{color:#333;font-size:.95rem;margin-top:.4rem}
table{border-collapse:collapse;margin:.4rem 0;background:#ffffff}
th,td{border:1px solid #c9c9c0;padding:.3rem .6rem;text-align:left;vertical-align:top}
thead th{background:#ecece4}
td.num{text-align:right;white-space:nowrap}
.rules{display:block;font-size:.85em;color:#3d3d3d}
.none{color:#555}
ul.legend{list-style:none;padding:0;margin:.3rem 0;display:flex;flex-wrap:wrap;gap:.35rem 1.2rem}
ul.legend li{display:flex;align-items:center;gap:.4rem}
.sw{display:inline-block;min-width:1.6rem;height:1.2rem;border:1px solid #9b9d8c;border-radius:2px;text-align:center;font-size:.8rem;font-weight:700;line-height:1.2rem;padding:0 .2rem}
.scale{margin:.3rem 0}
.scale .sw{margin-right:2px}
`;

export function swatch(fill: string, text = "", border?: string): Markup {
  return x`<span class="sw" aria-hidden="true" style="background:${fill};color:${inkOn(fill.startsWith("#") ? fill : "#ffffff")}${border ? x`;border:3px solid ${border}` : ""}">${text}</span>`;
}

/**
 * The legend as text: a row of swatches per scale, the drawing's own entries (`lead`), then the map's
 * (roads, hexsides, levels, hatching, terrain), and a closing note.
 */
export function mapLegend(
  graph: MapGraph,
  all: readonly (Pick<Scale, "label" | "stops" | "probability"> & { lighter?: string })[],
  lead: readonly Markup[],
  hatched: boolean,
  note: Markup,
): Markup {
  const scaleRows = all.map(
    (s) =>
      x`<p class="scale">${s.label}: ${s.stops.map((st) => swatch(rampColour(st.t), st.text))} <span class="none">(lighter is ${s.lighter ?? (s.probability ? "more likely" : "cheaper")})</span></p>`,
  );
  const items: Markup[] = [...lead];
  if (graph.road.some((v) => v === 1))
    items.push(x`<li>${swatch(ROAD)} road (a line through the hex centres)</li>`);
  for (const f of [...new Set(graph.hexside.filter((v): v is string => v !== null))].sort())
    items.push(x`<li>${swatch(hexsideStyle(f).stroke)} ${f} (a thick line on the hexside)</li>`);
  for (const k of [...new Set(graph.stream.filter((v): v is string => v !== null))].sort())
    items.push(x`<li>${swatch(STREAM)} stream (${k}): a wavy line across the hex</li>`);
  if (graph.level.some((l) => l !== 0))
    items.push(
      x`<li>${swatch("#d9c9b8")} level: brown tint, “L1”, “L2” … and a contour where it changes</li>`,
    );
  if (hatched)
    items.push(
      x`<li>${swatch("#bbbbbb")} hatched: terrain the ruleset lacks (cannot be entered)</li>`,
    );
  for (const t of [...new Set(graph.terrain)].sort())
    items.push(x`<li>${swatch(terrainStyle(t).fill)} ${t}</li>`);
  return x`${scaleRows}<ul class="legend">${items}</ul>
${note}`;
}

function legendText(graph: MapGraph, report: ReachReport): Markup {
  const lead: Markup[] = [
    x`<li>${swatch("#ffffff", "", START)} start hex ${report.from}, marked “start”</li>`,
  ];
  if (report.results.length > 1)
    lead.push(
      x`<li>${swatch("#ffffff", "", DIFFERENCE)} outlined: a hex where the rulesets differ</li>`,
    );
  if (report.results.some((r) => Object.values(r.hexes).some((h) => h.dependsOn !== undefined)))
    lead.push(
      x`<li>${swatch("#ffffff", "", DEPENDS)} dashed ring, the value followed by ?: a hex that turns on a field given as unknown, its best case shown (the least cost, or the greatest chance; each value in the table below)</li>`,
    );
  return mapLegend(
    graph,
    scales(report),
    lead,
    report.results.some((r) => r.notApplicable.some((n) => n.startsWith("terrain: "))),
    x`<p>Each hex shows its name at the top; a reachable hex shows ${report.results.some((r) => Object.values(r.hexes).some((h) => h.probability !== undefined)) ? "its least cost, or for a dice ruleset the chance that the roll reaches it," : "its least cost"} in the middle. Hover a hex for its path and the rules that price it.</p>`,
  );
}

function rulesetRow(report: ReachReport, r: ReachRulesetResult): Markup {
  const n = hexesReached(r, report.from);
  return x`<tr><th scope="row"><code>${r.ruleset}</code></th><td>${r.title}</td><td class="num">${rulesetAllowanceText(r)}${assumedLines(r.assumed).map((t) => x`<br><span class="none">${t.trim()}</span>`)}</td><td class="num">${n}</td><td>${r.notApplicable.length === 0 ? x`<span class="none">—</span>` : r.notApplicable.join(", ")}</td></tr>`;
}

function differencesTable(graph: MapGraph, report: ReachReport): Markup {
  if (report.results.length < 2) return x`<p>Only one ruleset: nothing to compare.</p>`;
  if (report.differences.length === 0) return x`<p>The rulesets agree on every hex.</p>`;
  const index = new Map(graph.names.map((n, i) => [n, i]));
  const terrainOf = (hex: string) => {
    const i = index.get(hex);
    return i === undefined ? "" : graph.terrain[i]!;
  };
  const rows = report.differences.map((d) => {
    const cells = report.results.map((r) => {
      const h = r.hexes[d.hex];
      if (h === undefined) return x`<td><span class="none">cannot end here</span></td>`;
      const value =
        h.probability !== undefined
          ? `${hexValueText(h)} (cost ${costText(h)} ${r.measure})`
          : `${costText(h)} ${r.measure}`;
      const rules = d.rules[r.ruleset] ?? h.rules;
      const cases =
        h.dependsOn !== undefined
          ? x`<span class="rules">${hexCasesText(h, r.measure)}</span>`
          : "";
      return x`<td>${value}${h.dependsOn !== undefined && h.probability === undefined ? "?" : ""}${rules.length > 0 ? x`<span class="rules">${rules.join(", ")}</span>` : ""}${cases}</td>`;
    });
    return x`<tr><th scope="row">${d.hex}</th><td>${terrainOf(d.hex)}</td>${cells}</tr>`;
  });
  return x`<table class="differences"><caption class="none">${report.differences.length} ${report.differences.length === 1 ? "hex" : "hexes"}: cost per ruleset, with the rules of its cheapest path</caption>
<thead><tr><th scope="col">Hex</th><th scope="col">Terrain</th>${report.results.map((r) => x`<th scope="col"><code>${r.ruleset}</code></th>`)}</tr></thead>
<tbody>${rows}</tbody></table>`;
}

/**
 * A unit with fields given as unknown: per ruleset, each hex whose answer turns on them, case by case
 * (nothing when no hex does).
 */
function dependsTable(report: ReachReport): Markup {
  const rows = report.results.flatMap((r) =>
    Object.entries(r.hexes)
      .filter(([, h]) => h.dependsOn !== undefined)
      .map(
        ([hex, h]) =>
          x`<tr><th scope="row">${hex}</th><td><code>${r.ruleset}</code></td><td>${h.dependsOn!.join(", ")}</td><td>${hexCasesText(h, r.measure)}</td></tr>`,
      ),
  );
  if (rows.length === 0) return x``;
  return x`<section aria-labelledby="depends-head">
<h2 id="depends-head">Hexes that depend on a field given as unknown</h2>
<table class="differences"><caption class="none">Searched once per value of the unit's unknown fields: each hex reached under some values only, or at a cost that differs</caption>
<thead><tr><th scope="col">Hex</th><th scope="col">Ruleset</th><th scope="col">Depends on</th><th scope="col">Per value</th></tr></thead>
<tbody>${rows}</tbody></table>
</section>
`;
}

/** Per vehicle on the map, per ruleset: the cheapest legal move that ends by boarding it (or why not). */
function boardingTable(graph: MapGraph, report: ReachReport): Markup {
  const hexes = graph.names.filter(
    (_, i) => graph.vehicles[i] !== null && graph.vehicles[i] !== undefined,
  );
  if (hexes.length === 0) return x``;
  const index = new Map(graph.names.map((n, i) => [n, i]));
  const rows = hexes.map((hex) => {
    const kind = String(graph.vehicles[index.get(hex)!]?.kind ?? "");
    const cells = report.results.map((r) => {
      const b = r.boarding?.[hex];
      if (b === undefined) {
        const na = r.notApplicable.includes(`vehicle: ${hex}`);
        return x`<td><span class="none">${na ? "cannot board it" : "out of reach"}</span></td>`;
      }
      const spent =
        b.vehicleSpent !== undefined
          ? `; the vehicle uses ${costText({ cost: b.vehicleSpent })} MP`
          : "";
      return x`<td>${costText(b)} ${r.measure}${spent}<span class="rules">${pathText(b.path, b.bypass)}${b.rules.length > 0 ? ` · ${b.rules.join(", ")}` : ""}</span></td>`;
    });
    return x`<tr><th scope="row">${hex}</th><td>${kind}</td>${cells}</tr>`;
  });
  return x`<section aria-labelledby="boarding-head">
<h2 id="boarding-head">Boarding the vehicles</h2>
<table class="differences"><caption class="none">The cheapest legal move that walks to each vehicle and boards it, per ruleset</caption>
<thead><tr><th scope="col">Hex</th><th scope="col">Vehicle</th>${report.results.map((r) => x`<th scope="col"><code>${r.ruleset}</code></th>`)}</tr></thead>
<tbody>${rows}</tbody></table>
</section>`;
}

export function renderReachHtml(graph: MapGraph, report: ReachReport): string {
  const ids = report.results.map((r) => r.ruleset).join(", ");
  // Rulesets given their own unit (`--unit ID=JSON`), after the default one.
  const own = report.results
    .filter((r) => r.unit !== undefined)
    .map((r) => `; ${r.ruleset}: ${JSON.stringify(r.unit)}`)
    .join("");
  return htmlPage(
    `Reach on ${report.map} from ${report.from}`,
    x`<header>
<h1>Reach on ${report.map} from ${report.from}</h1>
<p class="meta">Unit <code>${JSON.stringify(report.unit)}</code>${own} · ${report.phase} phase · ${graph.columns} × ${graph.rows} hexes · rulesets ${ids}</p>
</header>
<figure>
${new Markup(renderReachSvg(graph, report))}<figcaption>The map once per ruleset, side by side: where the unit may end its move from ${report.from}, shaded by what it costs.</figcaption>
</figure>
<section aria-labelledby="legend-head">
<h2 id="legend-head">Legend</h2>
${legendText(graph, report)}
</section>
<section aria-labelledby="rulesets-head">
<h2 id="rulesets-head">Rulesets</h2>
<table class="rulesets"><thead><tr><th scope="col">Ruleset</th><th scope="col">Title</th><th scope="col">Allowance</th><th scope="col">Hexes reachable</th><th scope="col">Map names it lacks</th></tr></thead>
<tbody>${report.results.map((r) => rulesetRow(report, r))}</tbody></table>
</section>
<section aria-labelledby="differences-head">
<h2 id="differences-head">Hexes where the rulesets differ</h2>
${differencesTable(graph, report)}
</section>
${dependsTable(report)}${boardingTable(graph, report)}
`,
  );
}

/** A self-contained page: the reach drawings' style, `title`, and `main` as its body's main. */
export function htmlPage(title: string, main: Markup): string {
  return x`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>${new Markup(STYLE)}</style>
</head>
<body>
<main>
${main}</main>
</body>
</html>
`.html;
}
