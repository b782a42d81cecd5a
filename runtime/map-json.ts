/** The map file's shape (docs/maps.md): types only. */

/**
 * A map file (the JSON contract, docs/maps.md), as plain JSON fits it: a bundled map's JSON, imported
 * or parsed, is one. `checkMap` (map-check.ts) checks a value against it; `compiler/map/parse.ts`
 * checks a file's text, located by line and column, and each name against the rulesets.
 */
export interface MapJson {
  name: string;
  columns: number;
  rows: number;
  terrain: { default: string; hexes?: Record<string, string> };
  /** A second terrain in a hex (SL 5.54): hex name → terrain. A road hex's second terrain is its road. */
  alsoTerrain?: Record<string, string>;
  levels?: Record<string, number>;
  roads?: string[][];
  /** Features on hexsides: `hexes` are the two (adjacent) hexes the side lies between. */
  hexsides?: { hexes: string[]; feature: string }[];
  /**
   * The sides of an obstacle hex (woods, a building) that its obstacle does not touch, so a Bypass
   * (SL 106, ASL A4.3) may skirt the obstacle along them: hex name → directions (`N`, `NE`, … `NW`).
   */
  bypass?: Record<string, string[]>;
  /**
   * A stream running through a hex: hex name → its kind (Chain of Command 10.1.2.1: `knee-deep`,
   * `waist-deep`, `chest-deep` waded, `narrow` jumped); a step entering the hex crosses it (its `stream`).
   */
  streams?: Record<string, string>;
  /** Who of the enemy holds a hex: hex name → occupant (`units`, `lone-smc`, `afv`). */
  enemy?: Record<string, string>;
  /** A vehicle standing in a hex, for a unit to board: hex name → a scenario's `vehicle` record (`kind`, `mp`, …). */
  vehicles?: Record<string, Record<string, unknown>>;
  /** Width of a hex in inches, for rulesets measured in inches. */
  hexInches?: number;
  /** Units placed on the map: hex name → its units, each with its side (`variorum reach --all`). */
  units?: Record<string, MapUnit[]>;
  /** Free text shown under the map's name. */
  description?: string;
}

/**
 * A unit as a map file places it in a hex (`units`): a scenario's `unit` record (`kind`,
 * `portage`, …) with two more fields, `side` (`friendly`, the default, or `enemy`) and `name`.
 */
export interface MapUnit {
  kind: string;
  /** `friendly` (the default) or `enemy` (map-check.ts checks it). */
  side?: string;
  /** How reports call it (default: the hex and its place in the hex's list, `C3.1`). */
  name?: string;
  [field: string]: unknown;
}

/** A unit a map places in a hex, as read: its name, its side and its scenario `unit` record. */
export interface PlacedUnit {
  /** How reports call it: the map's `name`, else the hex and its place in the hex's list (`C3.1`). */
  name: string;
  side: "friendly" | "enemy";
  /** The scenario `unit` record (`kind`, `portage`, …), without `side`, `name` and `with`. */
  unit: Record<string, unknown>;
  /** The name of the leader in its hex it moves with, as one stack (SL 5.44, ASL A4.12), if any. */
  with?: string;
}
