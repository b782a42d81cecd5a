/**
 * A reach report drawn on its map, as one self-contained SVG: one panel per ruleset side by side
 * (three to a row), each the whole map — flat-topped hexes at their odd-q places, terrain fills and
 * textures, level tints with contour lines where the level changes, roads through the hex centres,
 * walls, hedges and cliffs on their hexsides, hex names — with every hex where the unit may end its
 * move shaded by its least cost (or by its probability for a dice ruleset without a fixed roll) and
 * the value printed, the start marked, and the hexes where the rulesets disagree outlined in every
 * panel. Each hex carries a `<title>` (name, terrain, cost, path, citations) shown on hover. Below the
 * panels a legend: the shading scale(s) and the map key.
 *
 * The map layer (terrain, levels, roads, hexsides, counters, the legend's map key) is drawn by
 * `renderMapSvg` under what a `Drawing` says per panel and per hex (its shade and printed value, its
 * marks, its hover text): `reachDrawing` says it for one unit's reach, units-svg.ts for several units
 * (`reach --all`).
 *
 * Pure and browser-safe; byte-identical for the same input; every text from the map or the report is
 * escaped by `x` (markup.ts).
 */
import type { MapGraph } from "../../runtime/map.js";
import { costText } from "../render/numbers.js";
import {
  assumedLines,
  hexCasesText,
  hexValueText,
  pathText,
  rulesetAllowanceText,
  scaleKey,
  scales,
  shade,
  type Scale,
} from "./labels.js";
import { lines, Markup, num, x } from "./markup.js";
import {
  CONTOUR,
  DIFFERENCE,
  ENEMY,
  hexsideStyle,
  inkOn,
  rampColour,
  ROAD,
  START,
  terrainStyle,
  VEHICLE,
  DEPENDS,
  STREAM,
} from "./palette.js";
import {
  hexesReached,
  type ReachDifference,
  type ReachReport,
  type ReachRulesetResult,
} from "./report.js";

/** Hex radius (centre to corner) and height, in SVG units. */
const S = 28;
const H = S * Math.sqrt(3);
const PAD = 10;
const TITLE = 40;
const GAP = 20;
const PER_ROW = 3;
const MARGIN = 8;
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

interface Layout {
  panelW: number;
  panelH: number;
  width: number;
  panelsH: number;
}

function layout(g: MapGraph, panels: number): Layout {
  const mapW = 2 * S + (g.columns - 1) * 1.5 * S;
  const mapH = g.rows * H + (g.columns > 1 ? H / 2 : 0);
  const panelW = mapW + 2 * PAD;
  const panelH = TITLE + mapH + 2 * PAD;
  const across = Math.max(1, Math.min(PER_ROW, panels));
  const down = Math.max(1, Math.ceil(panels / PER_ROW));
  return {
    panelW,
    panelH,
    width: Math.max(across * panelW + (across - 1) * GAP, 560),
    panelsH: down * panelH + (down - 1) * GAP,
  };
}

/** Centre of hex `i` inside its panel. */
function centre(g: MapGraph, i: number): [number, number] {
  const col = Math.floor(i / g.rows);
  const row = i % g.rows;
  return [PAD + S + col * 1.5 * S, PAD + TITLE + H / 2 + row * H + (col % 2 === 1 ? H / 2 : 0)];
}

/** Corner k (0 = east, then clockwise: 60° steps, y grows downwards) of a hex scaled by f. */
function corner(cx: number, cy: number, k: number, f = 1): [number, number] {
  const a = (Math.PI / 3) * k;
  return [cx + f * S * Math.cos(a), cy + f * S * Math.sin(a)];
}

function points(cx: number, cy: number, f = 1): string {
  return [0, 1, 2, 3, 4, 5].map((k) => corner(cx, cy, k, f).map(num).join(",")).join(" ");
}

/** The hexside in direction d (DIRECTIONS order: N, NE, SE, S, SW, NW) of the hex centred at (cx, cy). */
function edge(cx: number, cy: number, d: number): [number, number, number, number] {
  const [x1, y1] = corner(cx, cy, (4 + d) % 6);
  const [x2, y2] = corner(cx, cy, (5 + d) % 6);
  return [x1, y1, x2, y2];
}

function line(e: [number, number, number, number], attrs: Markup): Markup {
  return x`<line x1="${num(e[0])}" y1="${num(e[1])}" x2="${num(e[2])}" y2="${num(e[3])}" ${attrs}/>`;
}

/** Textures over terrain fills, and the hatching of hexes a ruleset cannot enter. */
const PATTERNS = x`<defs>
<pattern id="vr-trees" width="11" height="11" patternUnits="userSpaceOnUse"><circle cx="3" cy="3" r="2.4" fill="#5f8a4f" fill-opacity="0.55"/><circle cx="8.5" cy="8.5" r="2.1" fill="#5f8a4f" fill-opacity="0.45"/></pattern>
<pattern id="vr-walls" width="9" height="9" patternUnits="userSpaceOnUse"><rect x="1.5" y="1.5" width="5" height="5" fill="#8e6a5c" fill-opacity="0.45"/></pattern>
<pattern id="vr-craters" width="12" height="12" patternUnits="userSpaceOnUse"><circle cx="4" cy="4" r="2.6" fill="none" stroke="#7d6b48" stroke-width="1"/><circle cx="10" cy="10" r="1.6" fill="none" stroke="#7d6b48" stroke-width="0.8"/></pattern>
<pattern id="vr-stalks" width="6" height="8" patternUnits="userSpaceOnUse"><line x1="3" y1="1" x2="3" y2="6" stroke="#b39a3c" stroke-width="1"/></pattern>
<pattern id="vr-reeds" width="10" height="7" patternUnits="userSpaceOnUse"><line x1="1" y1="3.5" x2="7" y2="3.5" stroke="#4f7f86" stroke-width="1"/></pattern>
<pattern id="vr-dots" width="7" height="7" patternUnits="userSpaceOnUse"><circle cx="3.5" cy="3.5" r="1.3" fill="#6f8a3f" fill-opacity="0.6"/></pattern>
<pattern id="vr-rows" width="9" height="9" patternUnits="userSpaceOnUse"><circle cx="4.5" cy="4.5" r="1.9" fill="#5d8c50" fill-opacity="0.6"/></pattern>
<pattern id="vr-blocked" width="7" height="7" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="7" stroke="#4a4a4a" stroke-width="1.6"/></pattern>
</defs>`;

/** Terrain names a ruleset lacks ("terrain: grain" in its notApplicable): impassable there. */
function blockedTerrain(r: { notApplicable: readonly string[] }): Set<string> {
  return new Set(
    r.notApplicable
      .filter((s) => s.startsWith("terrain: "))
      .map((s) => s.slice("terrain: ".length)),
  );
}

function truncate(s: string, max: number): string {
  return s.length <= max ? s : `${s.slice(0, Math.max(1, max - 1))}…`;
}

/** A panel's line under its title: cut to fit, the whole line then its hover title. */
function subText(s: string, max: number): Markup {
  const cut = truncate(s, max);
  return cut === s ? x`${s}` : x`<title>${s}</title>${cut}`;
}

/** What a panel draws in one hex over the map. */
export interface DrawnHex {
  /** The hover text's lines after the hex's own (name, terrain, level, who holds it). */
  title: string[];
  /** Shaded at this ramp position (0 lightest) with this text printed; absent: not shaded. */
  value?: { t: number; text: string };
  /** The start of one unit's move: a white centre, "start", and the start outline. */
  start?: boolean;
  /** The start outline alone (where units of a side stand, their value still printed). */
  placed?: boolean;
  /** Outlined in the difference colour, with this class (`differs`: rulesets differ; `over-limit`). */
  outlined?: string;
  /** The answer turns on a field given as unknown: a dashed ring inside the hex (its value ends in `?`). */
  depends?: boolean;
}

/** One panel: a ruleset's answer over the whole map. */
export interface DrawnPanel {
  ruleset: string;
  title: string;
  /** The line under the title (truncated to the panel's width). */
  sub: string;
  /** Map names the ruleset lacks (`terrain: grain`): those hexes are hatched. */
  notApplicable: readonly string[];
  hex(i: number, blocked: boolean): DrawnHex;
}

/** A legend entry: an icon (drawn in a 22 × 18 box) and its text. */
export interface KeyItem {
  icon: Markup;
  text: string;
}

/** What `renderMapSvg` draws over the map: the panels, their shading scales, and the legend's own keys. */
export interface Drawing {
  /** The SVG's `<title>` and `<desc>`. */
  title: string;
  desc: string;
  panels: DrawnPanel[];
  scales: Pick<Scale, "key" | "label" | "stops">[];
  /** Legend entries before the map's own (road, hexsides, counters, levels, terrain). */
  key: KeyItem[];
  /** Who holds a hex the map marks held, as the legend and hover text say it: "the enemy". */
  holder: string;
}

function hexTitle(g: MapGraph, d: Drawing, i: number, own: readonly string[]): Markup {
  const name = g.names[i]!;
  const level = g.level[i]!;
  const enemy = g.enemy[i];
  const stream = g.stream[i];
  return lines([
    `${name}: ${g.terrain[i]}${level !== 0 ? `, level ${level}` : ""}${stream !== null && stream !== undefined ? `, a ${stream} stream` : ""}${enemy !== null && enemy !== undefined ? `, held by ${d.holder} (${enemy})` : ""}`,
    ...own,
  ]);
}

/** One unit's reach in a hex: its cost (or chance), path and citations, boarding, differences. */
function reachHex(
  g: MapGraph,
  report: ReachReport,
  differing: Map<string, ReachDifference>,
  scale: Scale,
  r: ReachRulesetResult,
  i: number,
  blocked: boolean,
): DrawnHex {
  const name = g.names[i]!;
  const out: string[] = [];
  const h = r.hexes[name];
  if (name === report.from) out.push(`${r.ruleset}: the start hex`);
  else if (h !== undefined) {
    const value =
      h.probability !== undefined
        ? `${hexValueText(h)} chance (least cost ${costText(h)} ${r.measure})`
        : `${costText(h)} ${r.measure}`;
    out.push(`${r.ruleset}: ${value}`, `path ${pathText(h.path, h.bypass)}`);
    if (h.rules.length > 0) out.push(`rules ${h.rules.join(", ")}`);
    if (h.dependsOn !== undefined)
      out.push(`depends on ${h.dependsOn.join(", ")}: ${hexCasesText(h, r.measure)}`);
  } else if (blocked) out.push(`${r.ruleset}: no such terrain, cannot be entered`);
  else out.push(`${r.ruleset}: the unit cannot end its move here`);
  const vehicle = g.vehicles[i];
  if (vehicle !== null && vehicle !== undefined) {
    const b = r.boarding?.[name];
    out.push(
      b !== undefined
        ? `board the ${String(vehicle.kind)} here: ${costText(b)} ${r.measure}, path ${pathText(b.path, b.bypass)}`
        : `${r.ruleset}: cannot board the ${String(vehicle.kind)} here`,
    );
  }
  if (differing.has(name)) {
    const d = differing.get(name)!;
    out.push(
      `rulesets differ: ${report.results.map((o) => `${o.ruleset} ${d.cost[o.ruleset] === null || d.cost[o.ruleset] === undefined ? "—" : o.hexes[name] ? costText(o.hexes[name]) : String(d.cost[o.ruleset])}`).join(", ")}`,
    );
  }
  const reached = h !== undefined && name !== report.from;
  return {
    title: out,
    ...(reached ? { value: { t: shade(scale, h), text: hexValueText(h) } } : {}),
    start: name === report.from,
    ...(differing.has(name) ? { outlined: "differs" } : {}),
    ...(reached && h.dependsOn !== undefined ? { depends: true } : {}),
  };
}

function panel(g: MapGraph, d: Drawing, L: Layout, r: DrawnPanel, index: number): Markup {
  const px = (index % PER_ROW) * (L.panelW + GAP);
  const py = Math.floor(index / PER_ROW) * (L.panelH + GAP);
  const blocked = blockedTerrain(r);
  // Bold 13 px text averages under 8 px a character; the clip path guards the estimate.
  const maxChars = Math.floor((L.panelW - 2 * PAD) / 8);

  const hexes: Markup[] = [];
  const overlays: Markup[] = [];
  const texts: Markup[] = [];
  const marks: Markup[] = [];
  for (let i = 0; i < g.n; i++) {
    const [cx, cy] = centre(g, i);
    const name = g.names[i]!;
    const t = terrainStyle(g.terrain[i]!);
    const isBlocked = blocked.has(g.terrain[i]!);
    const h = r.hex(i, isBlocked);
    const level = g.level[i]!;
    const parts: Markup[] = [
      x`<polygon class="terrain" points="${points(cx, cy)}" fill="${t.fill}" stroke="#9b9d8c" stroke-width="0.75"/>`,
    ];
    if (t.pattern !== null)
      parts.push(x`<polygon points="${points(cx, cy)}" fill="url(#vr-${t.pattern})"/>`);
    if (level !== 0)
      parts.push(
        x`<polygon points="${points(cx, cy)}" fill="${level > 0 ? CONTOUR : "#2a4a7a"}" fill-opacity="${num(Math.min(0.4, 0.1 * Math.abs(level)))}"/>`,
      );
    if (isBlocked)
      parts.push(x`<polygon class="blocked" points="${points(cx, cy)}" fill="url(#vr-blocked)"/>`);
    const fill = h.value !== undefined ? rampColour(h.value.t) : "#ffffff";
    if (h.value !== undefined)
      parts.push(
        x`<polygon class="reach" points="${points(cx, cy, 0.6)}" fill="${fill}" stroke="#ffffff" stroke-width="0.8"/>`,
      );
    if (h.start === true) parts.push(x`<polygon points="${points(cx, cy, 0.6)}" fill="#ffffff"/>`);
    hexes.push(
      x`<g class="hex" data-hex="${name}"><title>${hexTitle(g, d, i, h.title)}</title>${parts}</g>`,
    );

    texts.push(x`<text x="${num(cx)}" y="${num(cy - H / 2 + 9)}" class="name">${name}</text>`);
    if (level !== 0)
      texts.push(
        x`<text x="${num(cx)}" y="${num(cy + H / 2 - 3.5)}" class="level">L${level}</text>`,
      );
    if (h.value !== undefined)
      texts.push(
        x`<text x="${num(cx)}" y="${num(cy + 4.5)}" class="cost" fill="${inkOn(fill)}" stroke="${fill}">${h.value.text}</text>`,
      );
    if (h.start === true || h.placed === true)
      marks.push(
        x`<polygon class="${h.start === true ? "start" : "placed"}" points="${points(cx, cy, 0.72)}" fill="none" stroke="${START}" stroke-width="2.5"/>`,
      );
    if (h.start === true)
      texts.push(x`<text x="${num(cx)}" y="${num(cy + 3.5)}" class="start-label">start</text>`);
    const enemy = g.enemy[i];
    if (enemy !== null && enemy !== undefined)
      marks.push(enemyMark(cx + S * 0.45, cy - H * 0.2, enemy));
    const vehicle = g.vehicles[i];
    if (vehicle !== null && vehicle !== undefined)
      marks.push(vehicleMark(cx - S * 0.45, cy - H * 0.2, String(vehicle.kind)));
    const stream = g.stream[i];
    if (stream !== null && stream !== undefined)
      overlays.push(streamMark(cx, cy + H * 0.22, stream));
    if (h.depends === true)
      marks.push(
        x`<polygon class="depends" data-hex="${name}" points="${points(cx, cy, 0.74)}" fill="none" stroke="${DEPENDS}" stroke-width="1.6" stroke-dasharray="3 2"/>`,
      );
    if (h.outlined !== undefined)
      marks.push(
        x`<polygon class="${h.outlined}" data-hex="${name}" points="${points(cx, cy, 0.92)}" fill="none" stroke="${DIFFERENCE}" stroke-width="3"/>`,
      );

    // Each hexside once: from the lower-numbered hex.
    for (let d = 0; d < 6; d++) {
      const j = g.adj[6 * i + d]!;
      if (j < 0 || j < i) continue;
      if (g.level[j] !== level)
        overlays.push(
          line(edge(cx, cy, d), x`class="contour" stroke="${CONTOUR}" stroke-width="1.6"`),
        );
    }
  }
  for (let i = 0; i < g.n; i++) {
    const [cx, cy] = centre(g, i);
    for (let d = 0; d < 6; d++) {
      const j = g.adj[6 * i + d]!;
      if (j < 0 || j < i || g.road[6 * i + d] !== 1) continue;
      const [qx, qy] = centre(g, j);
      overlays.push(
        x`<line class="road" x1="${num(cx)}" y1="${num(cy)}" x2="${num(qx)}" y2="${num(qy)}" stroke="${ROAD}" stroke-width="4" stroke-opacity="0.8" stroke-linecap="round"/>`,
      );
    }
  }
  for (let i = 0; i < g.n; i++) {
    const [cx, cy] = centre(g, i);
    for (let d = 0; d < 6; d++) {
      const j = g.adj[6 * i + d]!;
      const f = g.hexside[6 * i + d];
      if (j < 0 || j < i || f === null || f === undefined) continue;
      const st = hexsideStyle(f);
      overlays.push(
        line(
          edge(cx, cy, d),
          x`class="hexside" data-feature="${f}" stroke="${st.stroke}" stroke-width="5" stroke-linecap="round"${st.dash ? x` stroke-dasharray="${st.dash}"` : ""}`,
        ),
      );
    }
  }

  return x`<g class="panel" data-ruleset="${r.ruleset}" transform="translate(${num(px)},${num(py)})">
<rect width="${num(L.panelW)}" height="${num(L.panelH)}" fill="#ffffff" stroke="#c8c8c8"/>
<clipPath id="vr-clip-${index}"><rect x="${PAD}" y="0" width="${num(L.panelW - 2 * PAD)}" height="${PAD + TITLE - 2}"/></clipPath>
<g clip-path="url(#vr-clip-${index})">
<text x="${PAD}" y="${PAD + 14}" class="panel-title"><title>${r.title}</title>${truncate(r.title, maxChars)}</text>
<text x="${PAD}" y="${PAD + 31}" class="panel-sub">${subText(r.sub, Math.floor(maxChars * 1.3))}</text>
</g>
<g class="hexes">${hexes}</g>
<g class="overlays" pointer-events="none">${overlays}</g>
<g class="labels" pointer-events="none">${texts}</g>
<g class="marks" pointer-events="none">${marks}</g>
</g>
`;
}

/** An enemy counter: a small red square with a white cross, top right of the hex. */
function enemyMark(x0: number, y0: number, who: string): Markup {
  const s = 9;
  return x`<g class="enemy" data-enemy="${who}"><rect x="${num(x0 - s / 2)}" y="${num(y0 - s / 2)}" width="${s}" height="${s}" fill="${ENEMY}" stroke="#ffffff" stroke-width="1"/><path d="M${num(x0 - 2.5)} ${num(y0 - 2.5)}L${num(x0 + 2.5)} ${num(y0 + 2.5)}M${num(x0 + 2.5)} ${num(y0 - 2.5)}L${num(x0 - 2.5)} ${num(y0 + 2.5)}" stroke="#ffffff" stroke-width="1.4"/></g>`;
}

/** A vehicle counter: a small dark rectangle on two wheels, top left of the hex. */
function vehicleMark(x0: number, y0: number, kind: string): Markup {
  return x`<g class="vehicle" data-vehicle="${kind}"><rect x="${num(x0 - 5.5)}" y="${num(y0 - 4)}" width="11" height="6" rx="1" fill="${VEHICLE}" stroke="#ffffff" stroke-width="1"/><circle cx="${num(x0 - 3)}" cy="${num(y0 + 3)}" r="1.8" fill="${VEHICLE}" stroke="#ffffff" stroke-width="0.8"/><circle cx="${num(x0 + 3)}" cy="${num(y0 + 3)}" r="1.8" fill="${VEHICLE}" stroke="#ffffff" stroke-width="0.8"/></g>`;
}

/** The legend's icon of the start outline (a unit's start; where units of a side stand). */
export const START_ICON = x`<polygon points="${points(11, 9, 0.42)}" fill="#ffffff" stroke="${START}" stroke-width="2.5"/>`;
/** A stream through a hex (the map's `streams`): a wavy blue line across its lower half. */
function streamMark(cx: number, cy: number, kind: string): Markup {
  const w = S * 0.7;
  const a = 2.5;
  return x`<path class="stream" data-stream="${kind}" d="M ${num(cx - w / 2)} ${num(cy)} q ${num(w / 8)} ${num(-a)} ${num(w / 4)} 0 t ${num(w / 4)} 0 t ${num(w / 4)} 0 t ${num(w / 4)} 0" fill="none" stroke="${STREAM}" stroke-width="${kind === "narrow" ? 1.5 : 3}" stroke-linecap="round"/>`;
}

/** The legend's icon of a hex whose answer turns on a field given as unknown. */
const DEPENDS_ICON = x`<polygon points="${points(11, 9, 0.42)}" fill="none" stroke="${DEPENDS}" stroke-width="1.6" stroke-dasharray="3 2"/>`;
/** The legend's icon of the difference outline (rulesets differ; over a stacking limit). */
export const OUTLINE_ICON = x`<polygon points="${points(11, 9, 0.42)}" fill="none" stroke="${DIFFERENCE}" stroke-width="3"/>`;

/** The drawing's own keys, then the map's: roads, hexsides, counters, levels, hatching, terrain. */
function keyItems(g: MapGraph, d: Drawing): KeyItem[] {
  const items: KeyItem[] = [...d.key];
  const hex = (fill: Markup | string, extra: Markup | string = "") =>
    x`<polygon points="${points(11, 9, 0.42)}" fill="${fill}" stroke="#9b9d8c" stroke-width="0.75"/>${extra}`;
  if (g.road.some((v) => v === 1))
    items.push({
      icon: x`<line x1="1" y1="9" x2="21" y2="9" stroke="${ROAD}" stroke-width="4" stroke-linecap="round"/>`,
      text: "road",
    });
  const features = [...new Set(g.hexside.filter((f): f is string => f !== null))].sort();
  for (const f of features) {
    const st = hexsideStyle(f);
    items.push({
      icon: x`<line x1="2" y1="9" x2="20" y2="9" stroke="${st.stroke}" stroke-width="5" stroke-linecap="round"${st.dash ? x` stroke-dasharray="${st.dash}"` : ""}/>`,
      text: f,
    });
  }
  for (const kind of [...new Set(g.stream.filter((s): s is string => s !== null))].sort())
    items.push({ icon: streamMark(11, 9, kind), text: `stream (${kind})` });
  if (g.enemy.some((e) => e !== null))
    items.push({ icon: enemyMark(11, 9, "key"), text: `held by ${d.holder}` });
  if (g.vehicles.some((v) => v !== null))
    items.push({ icon: vehicleMark(11, 9, "key"), text: "a vehicle to board" });
  if (g.level.some((l) => l !== 0))
    items.push({
      icon: x`<rect x="1" y="2" width="20" height="14" fill="${CONTOUR}" fill-opacity="0.25"/><line x1="1" y1="16" x2="21" y2="2" stroke="${CONTOUR}" stroke-width="1.6"/>`,
      text: "level (L1, L2 …), contour",
    });
  if (d.panels.some((r) => blockedTerrain(r).size > 0))
    items.push({ icon: hex("url(#vr-blocked)"), text: "terrain the ruleset lacks" });
  for (const t of [...new Set(g.terrain)].sort()) {
    const st = terrainStyle(t);
    items.push({
      icon: hex(
        st.fill,
        st.pattern === null
          ? ""
          : x`<polygon points="${points(11, 9, 0.42)}" fill="url(#vr-${st.pattern})"/>`,
      ),
      text: t,
    });
  }
  return items;
}

/** The legend: one row of swatches per scale, then the map key, wrapped to the drawing's width. */
function legend(
  g: MapGraph,
  d: Drawing,
  width: number,
  top: number,
): { markup: Markup; height: number } {
  const rows: Markup[] = [];
  let y = top + 8;
  rows.push(x`<text x="0" y="${num(y + 12)}" class="legend-head">Legend</text>`);
  y += 22;
  for (const s of d.scales) {
    const sw: Markup[] = [x`<text x="0" y="${num(y + 14)}" class="legend-text">${s.label}:</text>`];
    let sx = Math.min(260, 7 * s.label.length + 14);
    for (const stop of s.stops) {
      const fill = rampColour(stop.t);
      const w = Math.max(30, 8 * stop.text.length + 10);
      sw.push(
        x`<g class="swatch"><rect x="${num(sx)}" y="${num(y)}" width="${num(w)}" height="20" fill="${fill}" stroke="#9b9d8c"/><text x="${num(sx + w / 2)}" y="${num(y + 14)}" class="swatch-text" fill="${inkOn(fill)}">${stop.text}</text></g>`,
      );
      sx += w + 2;
    }
    rows.push(x`<g class="scale" data-scale="${s.key}">${sw}</g>`);
    y += 28;
  }
  let kx = 0;
  for (const item of keyItems(g, d)) {
    const w = 30 + 6.4 * item.text.length + 14;
    if (kx > 0 && kx + w > width) {
      kx = 0;
      y += 24;
    }
    rows.push(
      x`<g class="key" transform="translate(${num(kx)},${num(y)})">${item.icon}<text x="28" y="13" class="legend-text">${item.text}</text></g>`,
    );
    kx += w;
  }
  y += 24;
  return { markup: x`<g class="legend">${rows}</g>`, height: y - top };
}

function summary(report: ReachReport): string {
  const per = report.results.map((r) => `${r.ruleset} ${hexesReached(r, report.from)}`).join(", ");
  const diff =
    report.results.length > 1
      ? `; ${report.differences.length} ${report.differences.length === 1 ? "hex differs" : "hexes differ"}`
      : "";
  return `Hexes the unit can reach from ${report.from}: ${per}${diff}.`;
}

/** One unit's reach as a drawing: per ruleset its least cost (or chance) per hex, the start marked. */
export function reachDrawing(graph: MapGraph, report: ReachReport): Drawing {
  const all = scales(report);
  const byKey = new Map(all.map((s) => [s.key, s]));
  const differing = new Map(report.differences.map((d) => [d.hex, d]));
  const key: KeyItem[] = [{ icon: START_ICON, text: `start (${report.from})` }];
  if (report.results.length > 1)
    key.push({ icon: OUTLINE_ICON, text: `rulesets differ (${report.differences.length})` });
  const unknown = [...new Set(report.results.flatMap((r) => r.dependsOn ?? []))];
  if (report.results.some((r) => Object.values(r.hexes).some((h) => h.dependsOn !== undefined)))
    key.push({
      icon: DEPENDS_ICON,
      text: `depends on ${unknown.join(", ")} (given as unknown): the best case, with ?`,
    });
  return {
    title: `Reach on ${report.map} from ${report.from}: ${report.results.map((r) => r.ruleset).join(", ")}`,
    desc: summary(report),
    scales: all,
    key,
    holder: "the enemy",
    panels: report.results.map((r) => {
      const scale = byKey.get(scaleKey(r))!;
      const reachable = hexesReached(r, report.from);
      const count = `${reachable} ${reachable === 1 ? "hex" : "hexes"}`;
      return {
        ruleset: r.ruleset,
        title: r.title,
        // The defaults the reach assumed follow (the studio's reach pane shows this drawing).
        sub: [
          `${r.ruleset} · allowance ${rulesetAllowanceText(r)} · ${count} reachable`,
          ...assumedLines(r.assumed).map((t) => t.trim()),
        ].join(" · "),
        notApplicable: r.notApplicable,
        hex: (i, blocked) => reachHex(graph, report, differing, scale, r, i, blocked),
      };
    }),
  };
}

export function renderReachSvg(graph: MapGraph, report: ReachReport): string {
  return renderMapSvg(graph, reachDrawing(graph, report));
}

/**
 * A drawing as a `data:` URI (percent-encoded, so it runs in a browser too), for an `<img>` or a
 * Markdown image: the picture keeps its own styles (its `<style>` cannot reach the page holding it)
 * and, as an image, runs nothing. Parentheses are encoded too, so it stands in a Markdown link.
 */
export function svgDataUri(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg).replace(/\(/g, "%28").replace(/\)/g, "%29")}`;
}

/** The whole drawing: a panel per ruleset (in the drawing's order), then the legend. */
export function renderMapSvg(graph: MapGraph, d: Drawing): string {
  const L = layout(graph, d.panels.length);
  const panels = d.panels.map((r, i) => panel(graph, d, L, r, i));
  const leg = legend(graph, d, L.width, L.panelsH);
  const width = L.width + 2 * MARGIN;
  const height = L.panelsH + leg.height + 2 * MARGIN;
  return x`<svg xmlns="http://www.w3.org/2000/svg" class="reach-map" width="${num(width)}" height="${num(height)}" viewBox="0 0 ${num(width)} ${num(height)}" role="img" aria-labelledby="vr-title vr-desc" font-family="${FONT}">
<title id="vr-title">${d.title}</title>
<desc id="vr-desc">${d.desc}</desc>
<style>
.name{font-size:8px;fill:#333333;text-anchor:middle;stroke:#ffffff;stroke-opacity:0.75;stroke-width:2px;paint-order:stroke}
.level{font-size:8px;fill:#5a3515;text-anchor:middle;font-weight:600;stroke:#ffffff;stroke-opacity:0.75;stroke-width:2px;paint-order:stroke}
.cost{font-size:12px;font-weight:700;text-anchor:middle;stroke-width:2.5px;paint-order:stroke}
.start-label{font-size:10px;font-weight:700;text-anchor:middle;fill:#111111}
.panel-title{font-size:13px;font-weight:700;fill:#111111}
.panel-sub{font-size:11px;fill:#333333}
.legend-head{font-size:13px;font-weight:700;fill:#111111}
.legend-text{font-size:11px;fill:#222222}
.swatch-text{font-size:11px;font-weight:700;text-anchor:middle}
</style>
${PATTERNS}
<g transform="translate(${MARGIN},${MARGIN})">
${panels}${leg.markup}
</g>
</svg>
`.html;
}
