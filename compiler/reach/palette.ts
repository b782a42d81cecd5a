/**
 * Colours of the reach map: a muted fill (and an optional texture) per terrain of the shared
 * vocabulary, a stroke per hexside feature, and the sequential scale that shades reachable hexes by
 * cost (or by probability). Terrain a palette does not know gets a neutral grey, so any map renders.
 */

export interface TerrainStyle {
  fill: string;
  /** Id suffix of a texture pattern drawn over the fill (see svg.ts), or null. */
  pattern: string | null;
}

const TERRAIN: Record<string, TerrainStyle> = {
  "open-ground": { fill: "#eef0e0", pattern: null },
  clear: { fill: "#eef0e0", pattern: null },
  open: { fill: "#eef0e0", pattern: null },
  road: { fill: "#ebe3d0", pattern: null },
  woods: { fill: "#a7c496", pattern: "trees" },
  building: { fill: "#c9a99a", pattern: "walls" },
  "shell-hole": { fill: "#d6cbb3", pattern: "craters" },
  wheatfield: { fill: "#ecdfa2", pattern: "stalks" },
  grain: { fill: "#e7d995", pattern: "stalks" },
  marsh: { fill: "#bcd5d0", pattern: "reeds" },
  brush: { fill: "#cdd9a8", pattern: "dots" },
  orchard: { fill: "#c0d9ac", pattern: "rows" },
  hill: { fill: "#dccfae", pattern: null },
  entrenchment: { fill: "#cbbfa2", pattern: "craters" },
  broken: { fill: "#d8d3b8", pattern: "dots" },
  rough: { fill: "#cbcaa7", pattern: "craters" },
  "heavy-going": { fill: "#bfcfae", pattern: "reeds" },
};
const UNKNOWN: TerrainStyle = { fill: "#dedede", pattern: null };

export function terrainStyle(name: string): TerrainStyle {
  return Object.prototype.hasOwnProperty.call(TERRAIN, name) ? TERRAIN[name]! : UNKNOWN;
}

const HEXSIDE: Record<string, { stroke: string; dash: string | null }> = {
  wall: { stroke: "#55565a", dash: null },
  hedge: { stroke: "#2f6b2c", dash: null },
  cliff: { stroke: "#8a3a17", dash: "5 3" },
};

export function hexsideStyle(name: string): { stroke: string; dash: string | null } {
  return Object.prototype.hasOwnProperty.call(HEXSIDE, name)
    ? HEXSIDE[name]!
    : { stroke: "#3a3a3a", dash: "2 2" };
}

export const ROAD = "#8c6a3f";
export const CONTOUR = "#7a5230";
export const DIFFERENCE = "#d1006f";
export const START = "#111111";
/** A hex whose answer turns on a field given as unknown (its dashed ring). */
export const DEPENDS = "#4b2a8c";
/** An enemy-held hex's counter (the map's `enemy`). */
export const ENEMY = "#b3261e";
/** A stream through a hex (the map's `streams`). */
export const STREAM = "#2b6cb0";
/** A vehicle to board (the map's `vehicles`). */
export const VEHICLE = "#2f3b52";

/** Light to dark (a yellow–green–blue sequential ramp). */
const RAMP: [number, number, number][] = [
  [255, 255, 204],
  [199, 233, 180],
  [127, 205, 187],
  [65, 182, 196],
  [29, 145, 192],
  [34, 94, 168],
  [12, 44, 132],
];

function hex2(n: number): string {
  return Math.round(n).toString(16).padStart(2, "0");
}

/** t in [0, 1] → a colour of the ramp (0 lightest). */
export function rampColour(t: number): string {
  const u = Math.min(1, Math.max(0, Number.isFinite(t) ? t : 0)) * (RAMP.length - 1);
  const i = Math.min(RAMP.length - 2, Math.floor(u));
  const f = u - i;
  const a = RAMP[i]!;
  const b = RAMP[i + 1]!;
  return `#${hex2(a[0] + (b[0] - a[0]) * f)}${hex2(a[1] + (b[1] - a[1]) * f)}${hex2(a[2] + (b[2] - a[2]) * f)}`;
}

/** Text colour readable on a fill: near-black on light colours, white on dark ones (WCAG luminance). */
export function inkOn(fill: string): string {
  const c = [1, 3, 5]
    .map((k) => parseInt(fill.slice(k, k + 2), 16) / 255)
    .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  const lum = 0.2126 * c[0]! + 0.7152 * c[1]! + 0.0722 * c[2]!;
  return lum > 0.18 ? "#111111" : "#ffffff";
}
