/**
 * The runtime's map check (runtime/map-check.ts), as a browser game aid meets it without the
 * compiler: a bundled map's JSON fits `MapJson` as it is (a compile-time check here), `checkMap`
 * returns every mistake located by its JSON path, and `buildGraph` on a value that is not a map throws
 * `InputError` naming the field, never a `RangeError`, and never drops an off-map hex silently. The
 * check never contradicts the compiler's: each map fixture it faults, `parseMap` faults too.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseMap } from "../../compiler/map/parse.js";
import crossroads from "../../maps/crossroads.json" with { type: "json" };
import skirmish from "../../maps/skirmish.json" with { type: "json" };
import { buildGraph, checkMap, InputError, type MapJson } from "../../runtime/index.js";
import { ROOT } from "../cli/run.js";

// Plain JSON fits the type as it is: no cast (this file does not compile otherwise).
const typed: MapJson[] = [crossroads, skirmish];

const SMALL = { name: "small", columns: 3, rows: 2, terrain: { default: "open-ground" } };

/** Bad maps and the issues (`code path`) the check gives, in order. */
const BAD: [string, unknown, string[]][] = [
  ["not an object", [1, 2], ["V1003 "]],
  ["only a name", { name: "bad" }, ["V1003 columns", "V1003 rows", "V1003 terrain"]],
  [
    "a field of another format, columns of the wrong kind",
    { ...SMALL, colums: 3, columns: "3" },
    ["V1002 colums", "V1003 columns"],
  ],
  [
    "off-map and misnamed hexes",
    { ...SMALL, terrain: { default: "open-ground", hexes: { D1: "woods", c1: "woods", A1: 3 } } },
    ["V1003 terrain.hexes.D1", "V1003 terrain.hexes.c1", "V1003 terrain.hexes.A1"],
  ],
  [
    "a road between hexes that are not adjacent, a one-hex road",
    { ...SMALL, roads: [["A1", "C1"], ["A2"]] },
    ["V1003 roads[0][1]", "V1003 roads[1]"],
  ],
  [
    "a hexside's three hexes, a hexside off the map, an unknown field in one",
    {
      ...SMALL,
      hexsides: [
        { hexes: ["A1", "A2", "B1"], feature: "wall" },
        { hexes: ["A1", "A9"], feature: "wall" },
        { hexes: ["A1", "A2"], feature: "wall", height: 2 },
      ],
    },
    ["V1003 hexsides[0].hexes", "V1003 hexsides[1].hexes[1]", "V1002 hexsides[2].height"],
  ],
  [
    "levels, bypass sides, units and hexInches of the wrong shape",
    {
      ...SMALL,
      levels: { A1: 1.5 },
      bypass: { B1: ["UP"] },
      units: { A1: [{ kind: "squad", side: "neutral" }, { side: "enemy" }] },
      hexInches: 0,
    },
    [
      "V1003 levels.A1",
      "V1003 bypass.B1[0]",
      "V1003 units.A1[0].side",
      "V1003 units.A1[1].kind",
      "V1003 hexInches",
    ],
  ],
  [
    "a stream of the wrong kind, a stream off the map",
    { ...SMALL, streams: { A1: 3, D1: "narrow" } },
    ["V1003 streams.A1", "V1003 streams.D1"],
  ],
  ["a key that is not a plain name", { ...SMALL, "__proto__ x": 1 }, ['V1002 ["__proto__ x"]']],
];

describe("checkMap", () => {
  it("accepts every bundled map as its JSON stands, and returns the value itself", () => {
    for (const f of readdirSync(join(ROOT, "maps")).filter((x) => x.endsWith(".json"))) {
      const value: unknown = JSON.parse(readFileSync(join(ROOT, "maps", f), "utf8"));
      const checked = checkMap(value);
      expect(checked.issues, f).toEqual([]);
      expect(checked.map).toBe(value);
    }
    expect(typed.map((m) => buildGraph(m).n)).toEqual(typed.map((m) => m.columns * m.rows));
  });

  for (const [name, value, want] of BAD)
    it(`locates each mistake: ${name}`, () => {
      const checked = checkMap(value);
      expect(checked.map).toBeNull();
      expect(checked.issues.map((i) => `${i.code} ${i.path}`)).toEqual(want);
      for (const i of checked.issues) expect(i.message).not.toBe("");
    });

  it("buildGraph throws InputError naming the field, not a RangeError, and drops no off-map hex", () => {
    const thrown = (v: unknown): unknown => {
      try {
        buildGraph(v as MapJson);
        return null;
      } catch (e) {
        return e;
      }
    };
    const e1 = thrown({ name: "bad" });
    expect(e1).toBeInstanceOf(InputError);
    expect([(e1 as InputError).code, (e1 as InputError).field]).toEqual(["V1003", "columns"]);
    const e2 = thrown({ ...SMALL, levels: { Z9: 1 } });
    expect(e2).toBeInstanceOf(InputError);
    expect((e2 as InputError).field).toBe("levels.Z9");
    expect(thrown(SMALL)).toBeNull();
  });

  it("never faults a map the compiler accepts: each fixture it faults, parseMap faults too", () => {
    const dir = join(ROOT, "test", "fixtures", "maps");
    let faulted = 0;
    for (const f of readdirSync(dir).filter((x) => x.endsWith(".json"))) {
      const text = readFileSync(join(dir, f), "utf8");
      let value: unknown;
      try {
        value = JSON.parse(text.replace(/^\uFEFF/, ""));
      } catch {
        continue; // malformed JSON: the compiler's V1001, before any check of this kind
      }
      if (checkMap(value).map !== null) continue;
      faulted++;
      expect(parseMap(text, f).map, f).toBeNull();
    }
    expect(faulted).toBeGreaterThan(3);
  });
});
