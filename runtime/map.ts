/**
 * Hex-map geometry, as docs/maps.md fixes it: flat-topped hexes named by
 * column letters (A … Z, AA …) and row number from 1, every second column (B, D, …) half a hex lower
 * ("odd-q"). `buildGraph` turns a map into flat typed arrays: six neighbour slots per hex, and per
 * directed edge what a scenario step entering the neighbour says (its terrain, `viaRoad`,
 * `uphill`/`downhill`, a hexside feature). A map that is not one (map-check.ts `checkMap`) is an
 * `InputError` naming the field, never a `RangeError` or a hex silently left out. Dependency-free,
 * no Node API: generated modules and the browser use it.
 */
import { InputError } from "./errors.js";
import { DIRECTIONS, directionBetween, hexName, neighbourOf, parseHexName } from "./hex.js";
import { checkMap } from "./map-check.js";
import type { MapJson } from "./map-json.js";

export * from "./hex.js";
export type * from "./map-json.js";

/** What entering a neighbour says, as a scenario step would (map terrain names, not yet resolved). */
export interface MapStep {
  terrain: string;
  hexside: string | null;
  viaRoad: boolean;
  uphill: boolean;
  downhill: boolean;
  /** Who of the enemy holds the hex entered, or null. */
  enemy: string | null;
  /** The stream running through the hex entered (the map's `streams`), or null. */
  stream: string | null;
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
  /** Per hex: the stream running through it (the map's `streams`), or null. */
  stream: (string | null)[];
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

/**
 * A map → its graph. The map is checked first (`checkMap`, without its `units`, which the graph does
 * not hold): a value that is not a map throws `InputError` with the first issue's code (V1002,
 * V1003) and JSON path as its `field` — call `checkMap` first for every issue as values.
 */
export function buildGraph(map: Omit<MapJson, "units">): MapGraph {
  const checked = checkMap({ ...map, units: undefined });
  if (checked.map === null) {
    const first = checked.issues[0]!;
    throw new InputError(first.code, first.path, first.message);
  }
  const { columns, rows } = map;
  const n = columns * rows;
  const names: string[] = new Array<string>(n);
  const terrain: string[] = new Array<string>(n);
  const level = new Int32Array(n);
  const adj = new Int32Array(6 * n).fill(-1);
  const road = new Uint8Array(6 * n);
  const hexside: (string | null)[] = new Array<string | null>(6 * n).fill(null);
  const enemy: (string | null)[] = new Array<string | null>(n).fill(null);
  const stream: (string | null)[] = new Array<string | null>(n).fill(null);
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
    stream,
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
    link(s.hexes[0]!, s.hexes[1]!, (slot) => (hexside[slot] = s.feature));
  for (const [h, who] of Object.entries(map.enemy ?? {})) if (at(h) >= 0) enemy[at(h)] = who;
  for (const [h, kind] of Object.entries(map.streams ?? {})) if (at(h) >= 0) stream[at(h)] = kind;
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
    stream: g.stream[to]!,
    alsoTerrain: g.also[to]!,
    alsoImplied: g.alsoImplied[to] === 1,
  };
}
