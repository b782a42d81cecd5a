/**
 * Hex-map geometry, as docs/maps.md fixes it: flat-topped hexes named by
 * column letters (A … Z, AA …) and row number from 1, every second column (B, D, …) half a hex lower
 * ("odd-q"). `buildGraph` turns a map (already validated by compiler/map/) into flat typed arrays:
 * six neighbour slots per hex, and per directed edge what a scenario step entering the neighbour
 * says (its terrain, `viaRoad`, `uphill`/`downhill`, a hexside feature). Dependency-free, no Node API:
 * generated modules and the browser use it.
 */

/** A map file (the JSON contract). `compiler/map/parse.ts` validates one into this shape. */
export interface MapJson {
  name: string;
  columns: number;
  rows: number;
  terrain: { default: string; hexes?: Record<string, string> };
  /** A second terrain in a hex (SL 5.54): hex name → terrain. A road hex's second terrain is its road. */
  alsoTerrain?: Record<string, string>;
  levels?: Record<string, number>;
  roads?: string[][];
  hexsides?: { hexes: [string, string]; feature: string }[];
  /**
   * The sides of an obstacle hex (woods, a building) that its obstacle does not touch, so a Bypass
   * (SL 106, ASL A4.3) may skirt the obstacle along them: hex name → directions (`N`, `NE`, … `NW`).
   */
  bypass?: Record<string, string[]>;
  /** Who of the enemy holds a hex: hex name → occupant (`units`, `lone-smc`, `afv`). */
  enemy?: Record<string, string>;
  /** A vehicle standing in a hex, for a unit to board: hex name → a scenario's `vehicle` record (`kind`, `mp`, …). */
  vehicles?: Record<string, Record<string, unknown>>;
  /** Width of a hex in inches, for rulesets measured in inches. */
  hexInches?: number;
  /** Units placed on the map: hex name → its units, each with its side (`variorum reach --all`). */
  units?: Record<string, PlacedUnit[]>;
  /** Free text shown under the map's name. */
  description?: string;
}

/** A unit a map places in a hex (`units`): a scenario's `unit` record, its side and its name. */
export interface PlacedUnit {
  /** How reports call it: the map's `name`, else the hex and its place in the hex's list (`C3.1`). */
  name: string;
  side: "friendly" | "enemy";
  /** The scenario `unit` record (`kind`, `portage`, …), without `side`, `name` and `with`. */
  unit: Record<string, unknown>;
  /** The name of the leader in its hex it moves with, as one stack (SL 5.44, ASL A4.12), if any. */
  with?: string;
  /** Where the unit's object lies in the map's text (for located diagnostics). */
  offset: number;
  length: number;
}

/** The directions of the six neighbour slots, in this order. */
export const DIRECTIONS = ["N", "NE", "SE", "S", "SW", "NW"] as const;

/** Column index (0-based) → letters: 0 → A, 25 → Z, 26 → AA. */
export function columnName(col: number): string {
  let s = "";
  let c = col + 1;
  while (c > 0) {
    const r = (c - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    c = Math.floor((c - 1) / 26);
  }
  return s;
}

export function hexName(col: number, row: number): string {
  return `${columnName(col)}${row + 1}`;
}

/** "C5" → { col: 2, row: 4 } (0-based), or null when it is not a hex name (case-sensitive). */
export function parseHexName(name: string): { col: number; row: number } | null {
  const m = /^([A-Z]{1,3})([1-9][0-9]{0,3})$/.exec(name);
  if (m === null) return null;
  let col = 0;
  for (const ch of m[1]!) col = col * 26 + (ch.charCodeAt(0) - 64);
  return { col: col - 1, row: Number(m[2]) - 1 };
}

/**
 * The neighbour of (col, row) in direction `d` (index into DIRECTIONS), unbounded. Odd columns
 * (B, D, …: index 1, 3, …) sit half a hex lower.
 */
export function neighbourOf(col: number, row: number, d: number): { col: number; row: number } {
  const low = (col & 1) === 1;
  switch (d) {
    case 0:
      return { col, row: row - 1 };
    case 1:
      return { col: col + 1, row: low ? row : row - 1 };
    case 2:
      return { col: col + 1, row: low ? row + 1 : row };
    case 3:
      return { col, row: row + 1 };
    case 4:
      return { col: col - 1, row: low ? row + 1 : row };
    default:
      return { col: col - 1, row: low ? row : row - 1 };
  }
}

/** The direction from hex a to hex b, or -1 when they are not adjacent. */
export function directionBetween(
  a: { col: number; row: number },
  b: { col: number; row: number },
): number {
  for (let d = 0; d < 6; d++) {
    const n = neighbourOf(a.col, a.row, d);
    if (n.col === b.col && n.row === b.row) return d;
  }
  return -1;
}

/** What entering a neighbour says, as a scenario step would (map terrain names, not yet resolved). */
export interface MapStep {
  terrain: string;
  hexside: string | null;
  viaRoad: boolean;
  uphill: boolean;
  downhill: boolean;
  /** Who of the enemy holds the hex entered, or null. */
  enemy: string | null;
  /**
   * A second terrain in the hex entered (a step's `alsoTerrain`), or null: the map's `alsoTerrain`, or
   * `road` for a hex of a road chain whose terrain is given as another (a road through woods).
   */
  alsoTerrain: string | null;
  /** True when `alsoTerrain` is only the road a road chain implies (not named in `alsoTerrain`). */
  alsoImplied: boolean;
}

/** A map as flat arrays. Hex index = col * rows + row (column-major, so names sort naturally). */
export interface MapGraph {
  name: string;
  columns: number;
  rows: number;
  n: number;
  names: string[];
  /** Terrain name of each hex (`road` for an unlabelled hex of a road chain, else the default). */
  terrain: string[];
  level: Int32Array;
  /** 6 slots per hex: the neighbour's index, or -1 off the map. */
  adj: Int32Array;
  /** 6 slots per hex: 1 when the road runs from this hex to that neighbour. */
  road: Uint8Array;
  /** 6 slots per hex: the hexside feature crossed, or null. */
  hexside: (string | null)[];
  /** Per hex: who of the enemy holds it, or null. */
  enemy: (string | null)[];
  /** Per hex: its second terrain (the map's `alsoTerrain`, or an implied `road`), or null. */
  also: (string | null)[];
  /** Per hex: 1 when `also` is the road a road chain implies, not one the map names. */
  alsoImplied: Uint8Array;
  /** Per hex: the vehicle standing there (a scenario's `vehicle` record), or null. */
  vehicles: (Record<string, unknown> | null)[];
  /** Per hex: bit d set when a Bypass may skirt its obstacle along its side in direction d (DIRECTIONS). */
  bypass: Uint8Array;
  hexInches: number | null;
}

export function hexIndex(g: { rows: number }, col: number, row: number): number {
  return col * g.rows + row;
}

/** Index of a hex name, or -1 when it is not on the map. */
export function indexOf(g: MapGraph, name: string): number {
  const p = parseHexName(name);
  if (p === null || p.col >= g.columns || p.row >= g.rows) return -1;
  return hexIndex(g, p.col, p.row);
}

/** A validated map → its graph. Names the map uses must be on it (compiler/map/ checks that). */
export function buildGraph(map: MapJson): MapGraph {
  const { columns, rows } = map;
  const n = columns * rows;
  const names: string[] = new Array<string>(n);
  const terrain: string[] = new Array<string>(n);
  const level = new Int32Array(n);
  const adj = new Int32Array(6 * n).fill(-1);
  const road = new Uint8Array(6 * n);
  const hexside: (string | null)[] = new Array<string | null>(6 * n).fill(null);
  const enemy: (string | null)[] = new Array<string | null>(n).fill(null);
  const also: (string | null)[] = new Array<string | null>(n).fill(null);
  const alsoImplied = new Uint8Array(n);
  const vehicles: (Record<string, unknown> | null)[] = new Array<Record<string, unknown> | null>(
    n,
  ).fill(null);
  const g: MapGraph = {
    name: map.name,
    columns,
    rows,
    n,
    names,
    terrain,
    level,
    adj,
    road,
    hexside,
    enemy,
    also,
    alsoImplied,
    vehicles,
    bypass: new Uint8Array(n),
    hexInches: map.hexInches ?? null,
  };
  for (let c = 0; c < columns; c++) {
    for (let r = 0; r < rows; r++) {
      const i = hexIndex(g, c, r);
      names[i] = hexName(c, r);
      terrain[i] = map.terrain.default;
      for (let d = 0; d < 6; d++) {
        const m = neighbourOf(c, r, d);
        if (m.col >= 0 && m.col < columns && m.row >= 0 && m.row < rows)
          adj[6 * i + d] = hexIndex(g, m.col, m.row);
      }
    }
  }
  const at = (name: string): number => indexOf(g, name);
  const link = (a: string, b: string, set: (slot: number) => void): void => {
    const pa = parseHexName(a);
    const pb = parseHexName(b);
    if (pa === null || pb === null) return;
    const d = directionBetween(pa, pb);
    if (d < 0) return;
    set(6 * at(a) + d);
    set(6 * at(b) + ((d + 3) % 6));
  };
  for (const chain of map.roads ?? []) {
    for (const h of chain) if (at(h) >= 0) terrain[at(h)] = "road";
    for (let k = 1; k < chain.length; k++) link(chain[k - 1]!, chain[k]!, (s) => (road[s] = 1));
  }
  for (const [h, t] of Object.entries(map.terrain.hexes ?? {})) {
    if (at(h) < 0) continue;
    // A road hex whose terrain is given as another (woods, a building) holds the road too.
    if (terrain[at(h)] === "road" && t !== "road") {
      also[at(h)] = "road";
      alsoImplied[at(h)] = 1;
    }
    terrain[at(h)] = t;
  }
  for (const [h, t] of Object.entries(map.alsoTerrain ?? {}))
    if (at(h) >= 0) {
      also[at(h)] = t;
      alsoImplied[at(h)] = 0;
    }
  for (const [h, v] of Object.entries(map.levels ?? {})) if (at(h) >= 0) level[at(h)] = v;
  for (const s of map.hexsides ?? [])
    link(s.hexes[0], s.hexes[1], (slot) => (hexside[slot] = s.feature));
  for (const [h, who] of Object.entries(map.enemy ?? {})) if (at(h) >= 0) enemy[at(h)] = who;
  for (const [h, v] of Object.entries(map.vehicles ?? {})) if (at(h) >= 0) vehicles[at(h)] = v;
  for (const [h, sides] of Object.entries(map.bypass ?? {}))
    if (at(h) >= 0)
      for (const side of sides) {
        const d = (DIRECTIONS as readonly string[]).indexOf(side);
        if (d >= 0) g.bypass[at(h)]! |= 1 << d;
      }
  return g;
}

/** The step that enters the neighbour in slot `slot` (= 6 × from + direction). */
export function stepOf(g: MapGraph, slot: number): MapStep {
  const from = (slot / 6) | 0;
  const to = g.adj[slot]!;
  return {
    terrain: g.terrain[to]!,
    hexside: g.hexside[slot]!,
    viaRoad: g.road[slot] === 1,
    uphill: g.level[to]! > g.level[from]!,
    downhill: g.level[to]! < g.level[from]!,
    enemy: g.enemy[to]!,
    alsoTerrain: g.also[to]!,
    alsoImplied: g.alsoImplied[to] === 1,
  };
}
