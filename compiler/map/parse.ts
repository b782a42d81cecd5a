/**
 * Map files (docs/maps.md): JSON text → a validated `MapJson` plus located
 * diagnostics. Pure: the caller reads the file. Malformed JSON is V1001, a field the format does not
 * know V1002 (with the closest name), a value of the wrong shape, a hex name that is not one or lies
 * off the map, two consecutive road hexes or a hexside pair that are not adjacent, no `hexInches` when a
 * ruleset asked measures in inches V1003, and a terrain,
 * hexside feature, enemy occupant or vehicle kind that none of the rulesets asked knows V1004. The
 * `vehicles` records are checked in vehicles.ts. A map with errors yields no map.
 */
import type { Node } from "jsonc-parser";
import { hasErrors, SourceFile, type Diagnostic, type Span } from "../../diagnostics/index.js";
import { report, type MessageArgs, type MessageName } from "../../diagnostics/messages.js";
import { readJson } from "../scenario/read.js";
import { objectProperties } from "../scenario/tree.js";
import { closest } from "../util/suggest.js";
import { safeLine } from "../../diagnostics/safe-text.js";
import {
  columnName,
  DIRECTIONS,
  directionBetween,
  MAX_COLUMNS,
  MAX_ROWS,
  parseHexName,
  type MapJson,
} from "../../runtime/map.js";
import type { MapVocabulary } from "./known-names.js";
import { parseVehicles } from "./vehicles.js";
import { parseUnits, type PlacedAt } from "./units.js";

export { MAX_COLUMNS, MAX_ROWS } from "../../runtime/map.js";

/**
 * A map as read from its text: the file's fields, each checked, with its placed units read (their
 * side and name apart, and where each lies in the text).
 */
export type ValidMap = Omit<MapJson, "units"> & { units?: Record<string, PlacedAt[]> };

export interface ParsedMap {
  map: ValidMap | null;
  diagnostics: Diagnostic[];
}

const TOP = [
  "name",
  "description",
  "columns",
  "rows",
  "terrain",
  "alsoTerrain",
  "levels",
  "roads",
  "hexsides",
  "bypass",
  "streams",
  "enemy",
  "vehicles",
  "hexInches",
  "units",
] as const;

export function parseMap(
  text: string,
  file: string,
  vocabulary: MapVocabulary | null = null,
): ParsedMap {
  // A leading byte-order mark is ignored (readJson reads past it; SourceFile counts no column for it).
  const src = new SourceFile(file, text);
  const out: Diagnostic[] = [];
  const read = readJson(src.text, src, "map", "V1001");
  if ("error" in read) return { map: null, diagnostics: [read.error] };
  const root = read.root;
  /** An object's properties; a key given twice (a hex, a field) is V1001 at the second, as in scenarios. */
  const entries = (obj: Node, prefix: string): [Node, Node][] =>
    objectProperties(obj, prefix, src, out, "V1001").map((p) => [p.key, p.value]);
  const span = (n: Node): Span => src.span(n.offset, n.offset + n.length);
  const bad = <M extends MessageName<"V1003">>(
    n: Node,
    message: M,
    args: MessageArgs<"V1003", M>,
    hint?: string,
  ) => out.push(report("V1003", message, span(n), args, hint));
  if (root.type !== "object") {
    bad(root, "notObject", {});
    return { map: null, diagnostics: out };
  }

  const fields = objectFields(entries(root, ""), TOP, "map", span, out);
  const str = (n: Node | undefined, what: string): string | null => {
    if (n === undefined) return null;
    if (n.type !== "string") {
      bad(n, "notString", { what });
      return null;
    }
    return n.value as string;
  };
  const int = (n: Node | undefined, what: string, min: number, max: number): number | null => {
    if (n === undefined) return null;
    if (n.type !== "number" || !Number.isInteger(n.value) || n.value < min || n.value > max) {
      bad(n, "notWhole", { what, min, max });
      return null;
    }
    return n.value as number;
  };

  const name = str(fields.get("name"), "`name`");
  const description = str(fields.get("description"), "`description`");
  const columns = int(fields.get("columns"), "`columns`", 1, MAX_COLUMNS);
  const rows = int(fields.get("rows"), "`rows`", 1, MAX_ROWS);
  for (const required of ["name", "columns", "rows", "terrain"] as const) {
    if (!fields.has(required)) bad(root, "needs", { field: required });
  }

  /** A hex name on the map, or null (reported). */
  const hex = (n: Node): string | null => {
    if (n.type !== "string") {
      bad(n, "hexNotString", {});
      return null;
    }
    const p = parseHexName(n.value as string);
    if (p === null) {
      bad(n, "notHexName", { name: safeLine(String(n.value)) });
      return null;
    }
    if (columns !== null && rows !== null && (p.col >= columns || p.row >= rows)) {
      bad(n, "offMap", { name: String(n.value), lastColumn: columnName(columns - 1), rows });
      return null;
    }
    return n.value as string;
  };
  const known = (kind: "terrain" | "hexside" | "enemy" | "stream", n: Node, value: string) => {
    if (vocabulary === null) return;
    const set = vocabulary[kind];
    // Rulesets without enemy-held hexes (Chain of Command) or streams (SL, ASL, Tide of Iron) list
    // them as not applicable instead.
    if (set.has(value) || ((kind === "enemy" || kind === "stream") && set.size === 0)) return;
    const near = closest(value, [...set]);
    const what =
      kind === "terrain"
        ? "terrain"
        : kind === "hexside"
          ? "hexside feature"
          : kind === "stream"
            ? "stream"
            : "enemy occupant";
    out.push(
      report(
        "V1004",
        "unknownName",
        span(n),
        { what, name: safeLine(value) },
        near ? `did you mean \`${near}\`?` : undefined,
      ),
    );
  };

  /** `{ "C3": "woods" }`: hex names to names a vocabulary must know (terrain, enemy occupants). */
  const namesByHex = (
    n: Node,
    kind: "terrain" | "enemy" | "stream",
    prefix: string,
    shape: "terrainHexesShape" | "enemyShape" | "streamsShape",
    what: (hex: string) => string,
  ): Record<string, string> => {
    const out: Record<string, string> = {};
    if (n.type !== "object") {
      bad(n, shape, {});
      return out;
    }
    for (const [k, v] of entries(n, prefix)) {
      const h = hex(k);
      const value = str(v, what(safeLine(String(k.value))));
      if (value !== null) known(kind, v, value);
      if (h !== null && value !== null) out[h] = value;
    }
    return out;
  };

  // terrain: { default, hexes }
  let terrain: MapJson["terrain"] | null = null;
  const t = fields.get("terrain");
  if (t !== undefined) {
    if (t.type !== "object") bad(t, "terrainShape", {});
    else {
      const tf = objectFields(entries(t, "terrain."), ["default", "hexes"], "terrain", span, out);
      const def = str(tf.get("default"), "`terrain.default`");
      if (!tf.has("default")) bad(t, "terrainDefault", {});
      else if (def !== null) known("terrain", tf.get("default")!, def);
      const hn = tf.get("hexes");
      const hexes =
        hn === undefined
          ? {}
          : namesByHex(
              hn,
              "terrain",
              "terrain.hexes.",
              "terrainHexesShape",
              (h) => `the terrain of ${h}`,
            );
      if (def !== null) terrain = { default: def, hexes };
    }
  }

  const levels: Record<string, number> = {};
  const ln = fields.get("levels");
  if (ln !== undefined) {
    if (ln.type !== "object") bad(ln, "levelsShape", {});
    else
      for (const [k, v] of entries(ln, "levels.")) {
        const h = hex(k);
        const lv = int(v, `the level of ${safeLine(String(k.value))}`, -9, 99);
        if (h !== null && lv !== null) levels[h] = lv;
      }
  }

  const adjacent = (a: Node, b: Node, what: "roadNotAdjacent" | "hexsideNotAdjacent"): boolean => {
    const pa = parseHexName(a.value as string)!;
    const pb = parseHexName(b.value as string)!;
    if (directionBetween(pa, pb) >= 0) return true;
    bad(b, what, { a: String(a.value), b: String(b.value) });
    return false;
  };

  const roads: string[][] = [];
  const rn = fields.get("roads");
  if (rn !== undefined) {
    if (rn.type !== "array") bad(rn, "roadsShape", {});
    else
      for (const chain of rn.children ?? []) {
        if (chain.type !== "array" || (chain.children ?? []).length < 2) {
          bad(chain, "roadTooShort", {});
          continue;
        }
        const names: string[] = [];
        let prev: Node | null = null;
        let ok = true;
        for (const h of chain.children ?? []) {
          const v = hex(h);
          if (v === null) {
            ok = false;
            prev = null;
            continue;
          }
          if (prev !== null && !adjacent(prev, h, "roadNotAdjacent")) ok = false;
          names.push(v);
          prev = h;
        }
        if (ok) roads.push(names);
      }
  }

  // alsoTerrain: { "C3": "shell-hole" } — a second terrain in a hex (SL 5.54). A hex of a road chain
  // already holds the road as its second terrain, unless its terrain is the road (or not given).
  const alsoTerrain: Record<string, string> = {};
  const an = fields.get("alsoTerrain");
  if (an !== undefined) {
    if (an.type !== "object") bad(an, "alsoTerrainShape", {});
    else {
      const onRoad = new Set(roads.flat());
      for (const [k, v] of entries(an, "alsoTerrain.")) {
        const h = hex(k);
        const value = str(v, `the second terrain of ${safeLine(String(k.value))}`);
        if (value !== null) known("terrain", v, value);
        if (h === null || value === null) continue;
        const first = terrain?.hexes?.[h];
        if (onRoad.has(h) && first !== undefined && first !== "road") {
          bad(
            v,
            "roadAlsoTerrain",
            { hex: h, terrain: safeLine(first) },
            `leave ${h} out of \`alsoTerrain\`, or give its terrain as "road"`,
          );
          continue;
        }
        alsoTerrain[h] = value;
      }
    }
  }

  const hexsides: NonNullable<MapJson["hexsides"]> = [];
  /** The feature already on each hexside (by its two hexes, in either order): one feature a side. */
  const sides = new Map<string, string>();
  const sn = fields.get("hexsides");
  if (sn !== undefined) {
    if (sn.type !== "array") bad(sn, "hexsidesShape", {});
    else
      for (const s of sn.children ?? []) {
        if (s.type !== "object") {
          bad(s, "hexsideShape", {});
          continue;
        }
        const sf = objectFields(entries(s, "hexside."), ["hexes", "feature"], "hexside", span, out);
        const feature = str(sf.get("feature"), "`feature`");
        if (!sf.has("feature")) bad(s, "hexsideFeature", {});
        else if (feature !== null) known("hexside", sf.get("feature")!, feature);
        const pair = sf.get("hexes");
        if (pair === undefined) {
          bad(s, "hexsideHexes", {});
          continue;
        }
        if (pair.type !== "array" || (pair.children ?? []).length !== 2) {
          bad(pair, "hexsideTwoHexes", {});
          continue;
        }
        const [a, b] = pair.children!;
        const ha = hex(a!);
        const hb = hex(b!);
        if (
          ha === null ||
          hb === null ||
          !adjacent(a!, b!, "hexsideNotAdjacent") ||
          feature === null
        )
          continue;
        const side = ha < hb ? `${ha} ${hb}` : `${hb} ${ha}`;
        const before = sides.get(side);
        if (before !== undefined) {
          bad(
            pair,
            "hexsideTwice",
            { a: ha, b: hb, before: safeLine(before), feature: safeLine(feature) },
            "a hexside has one feature: keep one of them",
          );
          continue;
        }
        sides.set(side, feature);
        hexsides.push({ hexes: [ha, hb], feature });
      }
  }

  // bypass: { "D4": ["NW", "SW"] } — the sides of a hex its obstacle does not touch, along which a
  // Bypass may skirt it (SL 106, ASL A4.3). Which hexes hold an obstacle is each ruleset's to say.
  const bypass: Record<string, string[]> = {};
  const bn = fields.get("bypass");
  if (bn !== undefined) {
    if (bn.type !== "object") bad(bn, "bypassShape", {});
    else
      for (const [k, v] of entries(bn, "bypass.")) {
        const h = hex(k);
        if (v.type !== "array") {
          bad(v, "bypassShape", {});
          continue;
        }
        const list: string[] = [];
        for (const d of v.children ?? []) {
          const side = d.type === "string" ? (d.value as string) : null;
          if (side === null || !(DIRECTIONS as readonly string[]).includes(side)) {
            const near = side === null ? null : closest(side.toUpperCase(), [...DIRECTIONS]);
            bad(
              d,
              side === null ? "sideNotString" : "notSide",
              { side: safeLine(side ?? ""), directions: DIRECTIONS.join(", ") },
              near ? `did you mean \`${near}\`?` : undefined,
            );
            continue;
          }
          if (list.includes(side)) {
            bad(d, "sideTwice", { side, hex: safeLine(String(k.value)) });
            continue;
          }
          list.push(side);
        }
        if (h !== null) bypass[h] = list;
      }
  }

  // enemy: { "F3": "units" } — who of the enemy holds a hex (a step's `enemy` when it is entered).
  const en = fields.get("enemy");
  const enemy =
    en === undefined
      ? {}
      : namesByHex(en, "enemy", "enemy.", "enemyShape", (h) => `the enemy in ${h}`);

  // streams: { "C3": "waist-deep" } — a stream through a hex (Chain of Command 10.1.2.1: a step's
  // `stream` when it is entered).
  const stn = fields.get("streams");
  const streams =
    stn === undefined
      ? {}
      : namesByHex(stn, "stream", "streams.", "streamsShape", (h) => `the stream in ${h}`);

  // vehicles: { "D4": { "kind": "halftrack", "mp": 16 } } — a vehicle a unit may board (vehicles.ts).
  const vn = fields.get("vehicles");
  const vehicles = vn === undefined ? {} : parseVehicles(vn, src, entries, hex, vocabulary, out);

  // units: { "C3": [{ "kind": "squad", "side": "friendly" }] } — units placed (units.ts).
  const un = fields.get("units");
  const units = un === undefined ? {} : parseUnits(un, src, entries, hex, vocabulary, out);

  let hexInches: number | undefined;
  const ih = fields.get("hexInches");
  if (ih !== undefined) {
    if (ih.type !== "number" || !(ih.value > 0) || ih.value > 1000) bad(ih, "hexInches", {});
    else hexInches = ih.value as number;
  } else if (vocabulary !== null && vocabulary.inInches.length > 0) {
    const who = vocabulary.inInches;
    bad(
      root,
      who.length === 1 ? "needsHexInchesOne" : "needsHexInchesMany",
      { rulesets: who.join(", ") },
      'add e.g. "hexInches": 3',
    );
  }

  if (hasErrors(out) || name === null || columns === null || rows === null || terrain === null)
    return { map: null, diagnostics: out };
  const map: ValidMap = { name: safeLine(name), columns, rows, terrain, levels, roads, hexsides };
  if (description !== null) map.description = safeLine(description);
  if (Object.keys(alsoTerrain).length > 0) map.alsoTerrain = alsoTerrain;
  if (Object.keys(bypass).length > 0) map.bypass = bypass;
  if (Object.keys(enemy).length > 0) map.enemy = enemy;
  if (Object.keys(streams).length > 0) map.streams = streams;
  if (Object.keys(vehicles).length > 0) map.vehicles = vehicles;
  if (hexInches !== undefined) map.hexInches = hexInches;
  if (Object.keys(units).length > 0) map.units = units;
  return { map, diagnostics: out };
}

/** The fields of an object node by name (its properties, each once); unknown ones are reported. */
function objectFields(
  props: readonly [Node, Node][],
  allowed: readonly string[],
  where: string,
  span: (n: Node) => Span,
  out: Diagnostic[],
): Map<string, Node> {
  const m = new Map<string, Node>();
  for (const [k, v] of props) {
    const name = k.value as string;
    if (!allowed.includes(name)) {
      const near = closest(name, allowed);
      out.push(
        report(
          "V1002",
          "unknownField",
          span(k),
          { where, name: safeLine(name) },
          near ? `did you mean \`${near}\`?` : `${where} fields: ${allowed.join(", ")}`,
        ),
      );
    } else m.set(name, v);
  }
  return m;
}
