/**
 * A map's JSON checked without the compiler: `checkMap(value)` says whether a value is a map a
 * generated module's `reach` can search (docs/maps.md), and where it is not, each mistake located by
 * its JSON path (`roads[0][2]`, `terrain.hexes.Z9`) with the code `variorum reach` gives it (V1002 an
 * unknown field, V1003 a value of the wrong shape, a hex name that is not one or lies off the map, two
 * consecutive road hexes or the two hexes of a hexside that are not adjacent). Errors are values: it
 * never throws. What it cannot know without a ruleset (whether a terrain name is one the ruleset
 * has) is `reach`'s to say, in its answer's `notApplicable`. Dependency-free, no Node API.
 */
import {
  columnName,
  DIRECTIONS,
  directionBetween,
  MAX_COLUMNS,
  MAX_ROWS,
  parseHexName,
} from "./hex.js";
import type { MapJson } from "./map-json.js";

/** One mistake in a map: the code `variorum reach` gives it, where it is, and what is wrong. */
export interface MapIssue {
  code: "V1002" | "V1003";
  /** The JSON path of the value at fault: `columns`, `roads[0][2]`, `terrain.hexes.Z9`. */
  path: string;
  message: string;
}

/** A map, or every mistake found in it (at most {@link MAX_MAP_ISSUES}). */
export type MapCheck = { map: MapJson; issues: [] } | { map: null; issues: MapIssue[] };

/** The most issues one check lists: past it, the rest are left out. */
export const MAX_MAP_ISSUES = 100;

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
];

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const kindOf = (v: unknown): string =>
  v === null ? "null" : Array.isArray(v) ? "an array" : `a ${typeof v}`;
/** A JSON path's next step: `.name` for a plain key, `["odd key"]` otherwise. */
const key = (path: string, k: string): string =>
  /^[A-Za-z_$][\w$-]*$/.test(k)
    ? path === ""
      ? k
      : `${path}.${k}`
    : `${path}[${JSON.stringify(k)}]`;

/**
 * Checks a value (a map file's parsed JSON, or an object built in code) against the map format.
 * Returns the value itself, typed, when it is a map; else `map: null` and every issue found.
 *
 * @example
 * ```ts
 * const checked = checkMap(JSON.parse(text));
 * if (checked.map === null) for (const i of checked.issues) console.log(`${i.path}: ${i.message}`);
 * else reach(buildGraph(checked.map), { kind: "squad" }, "B3");
 * ```
 */
export function checkMap(value: unknown): MapCheck {
  const issues: MapIssue[] = [];
  const bad = (path: string, message: string, code: MapIssue["code"] = "V1003"): void => {
    if (issues.length < MAX_MAP_ISSUES) issues.push({ code, path, message });
  };
  if (!isObject(value)) {
    bad("", `a map is a JSON object, not ${kindOf(value)}`);
    return { map: null, issues };
  }
  const fields = (o: Obj, path: string, allowed: readonly string[]): void => {
    for (const k of Object.keys(o))
      if (!allowed.includes(k))
        bad(key(path, k), `unknown field \`${k}\`; it has: ${allowed.join(", ")}`, "V1002");
  };
  fields(value, "", TOP);
  const str = (v: unknown, path: string, required = false): v is string => {
    if (v === undefined) {
      if (required) bad(path, `\`${path}\` is required`);
      return false;
    }
    if (typeof v === "string") return true;
    bad(path, `\`${path}\` must be a string, not ${kindOf(v)}`);
    return false;
  };
  const whole = (v: unknown, path: string, min: number, max: number, required = false): boolean => {
    if (v === undefined) {
      if (required) bad(path, `\`${path}\` is required`);
      return false;
    }
    if (typeof v === "number" && Number.isInteger(v) && v >= min && v <= max) return true;
    bad(path, `\`${path}\` must be a whole number from ${min} to ${max}`);
    return false;
  };
  str(value["name"], "name", true);
  str(value["description"], "description");
  const columns = whole(value["columns"], "columns", 1, MAX_COLUMNS, true)
    ? (value["columns"] as number)
    : null;
  const rows = whole(value["rows"], "rows", 1, MAX_ROWS, true) ? (value["rows"] as number) : null;

  /** Whether `name` is a hex on the map (reported at `path` when it is not). */
  const hex = (name: unknown, path: string): name is string => {
    if (typeof name !== "string") {
      bad(path, `a hex is named by a string (e.g. "C3"), not ${kindOf(name)}`);
      return false;
    }
    const p = parseHexName(name);
    if (p === null) {
      bad(
        path,
        `\`${name.slice(0, 40)}\` is not a hex name (column letters, then a row number: "C3")`,
      );
      return false;
    }
    if (columns !== null && rows !== null && (p.col >= columns || p.row >= rows)) {
      bad(
        path,
        `${name} is off the map (columns A to ${columnName(columns - 1)}, rows 1 to ${rows})`,
      );
      return false;
    }
    return true;
  };
  /** `{ "C3": … }`: each key a hex on the map, each value checked by `each`. */
  const byHex = (v: unknown, path: string, each: (x: unknown, at: string) => void): void => {
    if (v === undefined) return;
    if (!isObject(v)) {
      bad(path, `\`${path}\` must be an object of hex names, not ${kindOf(v)}`);
      return;
    }
    for (const [h, x] of Object.entries(v)) {
      const at = key(path, h);
      hex(h, at);
      each(x, at);
    }
  };
  const adjacent = (a: string, b: string, path: string, what: string): void => {
    const pa = parseHexName(a);
    const pb = parseHexName(b);
    if (pa !== null && pb !== null && directionBetween(pa, pb) < 0)
      bad(path, `${a} and ${b} are not adjacent: ${what}`);
  };

  const terrain = value["terrain"];
  if (terrain === undefined) bad("terrain", "`terrain` is required");
  else if (!isObject(terrain))
    bad(
      "terrain",
      `\`terrain\` must be an object ({ "default": …, "hexes": … }), not ${kindOf(terrain)}`,
    );
  else {
    fields(terrain, "terrain", ["default", "hexes"]);
    str(terrain["default"], "terrain.default", true);
    byHex(terrain["hexes"], "terrain.hexes", (x, at) => str(x, at));
  }
  byHex(value["alsoTerrain"], "alsoTerrain", (x, at) => str(x, at));
  byHex(value["levels"], "levels", (x, at) => whole(x, at, -9, 99, true));
  byHex(value["enemy"], "enemy", (x, at) => str(x, at));
  byHex(value["streams"], "streams", (x, at) => str(x, at));

  const roads = value["roads"];
  if (roads !== undefined) {
    if (!Array.isArray(roads))
      bad("roads", `\`roads\` must be an array of hex chains, not ${kindOf(roads)}`);
    else
      roads.forEach((chain: unknown, i) => {
        const at = `roads[${i}]`;
        if (!Array.isArray(chain) || chain.length < 2) {
          bad(at, `a road is an array of two or more hex names`);
          return;
        }
        chain.forEach((h: unknown, k) => {
          const ok = hex(h, `${at}[${k}]`);
          const prev: unknown = chain[k - 1];
          if (ok && k > 0 && typeof prev === "string")
            adjacent(prev, h, `${at}[${k}]`, "a road runs between adjacent hexes");
        });
      });
  }

  const hexsides = value["hexsides"];
  if (hexsides !== undefined) {
    if (!Array.isArray(hexsides))
      bad("hexsides", `\`hexsides\` must be an array, not ${kindOf(hexsides)}`);
    else
      hexsides.forEach((s: unknown, i) => {
        const at = `hexsides[${i}]`;
        if (!isObject(s)) {
          bad(at, `a hexside is an object ({ "hexes": ["E3", "E4"], "feature": "wall" })`);
          return;
        }
        fields(s, at, ["hexes", "feature"]);
        str(s["feature"], `${at}.feature`, true);
        const pair = s["hexes"];
        if (!Array.isArray(pair) || pair.length !== 2) {
          bad(`${at}.hexes`, "a hexside's `hexes` are the two hexes it lies between");
          return;
        }
        const [a, b] = pair as unknown[];
        if (hex(a, `${at}.hexes[0]`) && hex(b, `${at}.hexes[1]`))
          adjacent(a, b, `${at}.hexes`, "a hexside lies between adjacent hexes");
      });
  }

  byHex(value["bypass"], "bypass", (x, at) => {
    if (!Array.isArray(x)) {
      bad(at, `a hex's bypass sides are an array of directions (${DIRECTIONS.join(", ")})`);
      return;
    }
    x.forEach((d: unknown, k) => {
      if (typeof d !== "string" || !(DIRECTIONS as readonly string[]).includes(d))
        bad(`${at}[${k}]`, `a side is one of ${DIRECTIONS.join(", ")}`);
    });
  });
  byHex(value["vehicles"], "vehicles", (x, at) => {
    if (!isObject(x)) bad(at, `a vehicle is an object ({ "kind": "halftrack", "mp": 16 })`);
    else str(x["kind"], `${at}.kind`, true);
  });
  byHex(value["units"], "units", (x, at) => {
    if (!Array.isArray(x)) {
      bad(at, `a hex's units are an array of unit objects`);
      return;
    }
    x.forEach((u: unknown, k) => {
      const ua = `${at}[${k}]`;
      if (!isObject(u)) {
        bad(ua, `a unit is an object ({ "kind": "squad", "side": "enemy" })`);
        return;
      }
      str(u["kind"], `${ua}.kind`, true);
      str(u["name"], `${ua}.name`);
      if (u["side"] !== undefined && u["side"] !== "friendly" && u["side"] !== "enemy")
        bad(`${ua}.side`, "a unit's `side` is `friendly` or `enemy`");
    });
  });
  const inches = value["hexInches"];
  if (inches !== undefined && !(typeof inches === "number" && inches > 0 && inches <= 1000))
    bad("hexInches", "`hexInches` must be a number above 0, at most 1000");

  return issues.length === 0
    ? { map: value as unknown as MapJson, issues: [] }
    : { map: null, issues };
}
