/**
 * The bundled maps in maps/: each parses without a diagnostic against the bundled rulesets'
 * vocabulary, every name it uses is a hex on it, consecutive road hexes and hexside pairs are
 * adjacent (checked here with the runtime's own geometry, independently of the validator), no
 * hexside is listed twice, and each is small enough to read on one screen. And reach on each, from
 * a hex in its middle, for SL, SQLA and ASL squads (with a leader, so 6 MF), in both phases: every
 * reported path runs through adjacent hexes and costs what `evaluateMove` says (no mismatches).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseMap } from "../../compiler/map/parse.js";
import { mapVocabulary } from "../../compiler/map/known-names.js";
import { loadRuleset } from "../../compiler/engine/index.js";
import { reachOf } from "./helpers.js";
import {
  buildGraph,
  directionBetween,
  DIRECTIONS,
  indexOf,
  neighbourOf,
  parseHexName,
  type MapJson,
} from "../../runtime/map.js";
import { nodeHost, rulesetFolders } from "../../compiler/node/host.js";

const ROOT = join(import.meta.dirname, "..", "..");
const MAPS = join(ROOT, "maps");
const host = nodeHost(rulesetFolders(ROOT));
const FILES = readdirSync(MAPS)
  .filter((f) => f.endsWith(".json"))
  .sort();
const TERRAIN = [
  "open-ground",
  "road",
  "woods",
  "building",
  "shell-hole",
  "wheatfield",
  "marsh",
  "brush",
  "grain",
  "orchard",
];
const HEXSIDES = ["wall", "hedge", "cliff"];

function load(file: string): MapJson {
  return JSON.parse(readFileSync(join(MAPS, file), "utf8")) as MapJson;
}

/** Every hex name a map mentions, with where it is mentioned. */
function mentioned(m: MapJson): [string, string][] {
  return [
    ...Object.keys(m.terrain.hexes ?? {}).map((h): [string, string] => [h, "terrain"]),
    ...Object.keys(m.alsoTerrain ?? {}).map((h): [string, string] => [h, "alsoTerrain"]),
    ...Object.keys(m.levels ?? {}).map((h): [string, string] => [h, "levels"]),
    ...(m.roads ?? []).flat().map((h): [string, string] => [h, "roads"]),
    ...(m.hexsides ?? []).flatMap((s) => s.hexes.map((h): [string, string] => [h, "hexsides"])),
  ];
}

function adjacent(a: string, b: string): boolean {
  const pa = parseHexName(a);
  const pb = parseHexName(b);
  return pa !== null && pb !== null && directionBetween(pa, pb) >= 0;
}

describe("bundled maps", () => {
  it("are the five of maps/", () => {
    expect(FILES).toEqual([
      "crossroads.json",
      "hedgerows.json",
      "ridge.json",
      "shell-holes.json",
      "skirmish.json",
    ]);
  });

  it("the adjacency used below is the odd-q one (B sits half a hex lower than A and C)", () => {
    // The docs/maps.md example road A4 B4 C5 D5 E5 is a chain of neighbours; A4–B5 and A4–C4 are not.
    expect(
      ["A4", "B4", "C5", "D5", "E5"].every((h, i, a) => i === 0 || adjacent(a[i - 1]!, h)),
    ).toBe(true);
    expect(adjacent("A4", "B5")).toBe(false);
    expect(adjacent("A4", "C4")).toBe(false);
    expect(DIRECTIONS[directionBetween({ col: 1, row: 3 }, neighbourOf(1, 3, 2))]).toBe("SE");
  });

  const irs = ["sl-classic", "asl-a4"].map((id) => loadRuleset(id, host).ir!);

  for (const file of FILES) {
    describe(file, () => {
      const m = load(file);

      it("parses without a diagnostic (sl-classic and asl-a4 vocabulary)", () => {
        const parsed = parseMap(readFileSync(join(MAPS, file), "utf8"), file, mapVocabulary(irs));
        expect(parsed.diagnostics).toEqual([]);
        expect(parsed.map).not.toBeNull();
      });

      it("has a name, a one-sentence description, hexInches, and fits on one screen", () => {
        expect(m.name.length).toBeGreaterThan(0);
        expect(m.description).toMatch(/^[A-Z].*\.$/);
        expect(m.description!.split(/\.\s/).length).toBe(1);
        expect(m.hexInches).toBeGreaterThan(0);
        expect(m.columns).toBeGreaterThanOrEqual(9);
        expect(m.columns).toBeLessThanOrEqual(12);
        expect(m.rows).toBeGreaterThanOrEqual(7);
        expect(m.rows).toBeLessThanOrEqual(9);
      });

      it("names only hexes on the map", () => {
        const g = buildGraph(m);
        const off = mentioned(m)
          .filter(([h]) => indexOf(g, h) < 0)
          .map(([h, where]) => `${where}: ${h}`);
        expect(off).toEqual([]);
      });

      it("chains roads through adjacent hexes", () => {
        expect((m.roads ?? []).length).toBeGreaterThan(0);
        const bad = (m.roads ?? []).flatMap((chain) =>
          chain.slice(1).flatMap((h, i) => (adjacent(chain[i]!, h) ? [] : [`${chain[i]} → ${h}`])),
        );
        expect(bad).toEqual([]);
      });

      it("puts hexside features between adjacent hexes, each hexside once", () => {
        const bad = (m.hexsides ?? [])
          .filter((s) => !adjacent(s.hexes[0], s.hexes[1]))
          .map((s) => s.hexes.join("|"));
        expect(bad).toEqual([]);
        const keys = (m.hexsides ?? []).map((s) => [...s.hexes].sort().join("|"));
        expect(new Set(keys).size).toBe(keys.length);
      });

      it("uses only the terrain and hexside names of the SL/ASL vocabulary", () => {
        const used = new Set([
          m.terrain.default,
          ...Object.values(m.terrain.hexes ?? {}),
          ...Object.values(m.alsoTerrain ?? {}),
        ]);
        for (const t of used) expect(TERRAIN).toContain(t);
        for (const s of m.hexsides ?? []) expect(HEXSIDES).toContain(s.feature);
      });

      it("the graph carries every road and hexside in both directions", () => {
        const g = buildGraph(m);
        const roadPairs = (m.roads ?? []).reduce((n, c) => n + c.length - 1, 0);
        expect(g.road.reduce((n, x) => n + x, 0)).toBe(2 * roadPairs);
        expect(g.hexside.filter((x) => x !== null).length).toBe(2 * (m.hexsides ?? []).length);
      });
    });
  }

  it("between them show what the brief asks of them", () => {
    const terrains = (f: string) =>
      new Set([load(f).terrain.default, ...Object.values(load(f).terrain.hexes ?? {})]);
    const features = (f: string) => new Set((load(f).hexsides ?? []).map((s) => s.feature));
    const levels = (f: string) => new Set(Object.values(load(f).levels ?? {}));
    expect([...terrains("crossroads.json")]).toEqual(expect.arrayContaining(["woods", "building"]));
    expect([...features("crossroads.json")]).toEqual(expect.arrayContaining(["wall", "hedge"]));
    expect([...levels("crossroads.json")]).toEqual(expect.arrayContaining([1, 2]));
    expect([...levels("ridge.json")]).toEqual(expect.arrayContaining([1, 2, 3]));
    expect([...terrains("ridge.json")]).toContain("woods");
    // A road through woods (ridge H4) and shell holes on a road (shell-holes J6, J7): SL 5.54.
    expect(load("ridge.json").roads!.flat()).toContain("H4");
    expect(load("ridge.json").terrain.hexes!["H4"]).toBe("woods");
    expect(Object.values(load("shell-holes.json").alsoTerrain ?? {})).toContain("shell-hole");
    expect([...terrains("shell-holes.json")]).toEqual(
      expect.arrayContaining(["shell-hole", "wheatfield", "grain", "brush", "orchard", "marsh"]),
    );
    expect([...features("hedgerows.json")]).toEqual(expect.arrayContaining(["wall", "hedge"]));
    expect((load("hedgerows.json").hexsides ?? []).length).toBeGreaterThanOrEqual(20);
    expect([...terrains("hedgerows.json")]).toContain("orchard");
    // Skirmish places five friendly units and three enemy ones (`reach --all`, the studio's "all units").
    const placed = Object.values(load("skirmish.json").units ?? {}).flat();
    expect(placed.filter((u) => u.side !== "enemy").length).toBe(5);
    expect(placed.filter((u) => u.side === "enemy").length).toBe(3);
    // The crossroads road bends: its first chain does not keep one direction.
    const chain = load("crossroads.json").roads![0]!;
    const dirs = new Set(
      chain.slice(1).map((h, i) => directionBetween(parseHexName(chain[i]!)!, parseHexName(h)!)),
    );
    expect(dirs.size).toBeGreaterThan(1);
  });

  for (const file of FILES) {
    it(`${file}: reach agrees with eval on every reported path (sl-classic, sqla-31, asl-a4; movement and advance)`, () => {
      const m = load(file);
      const from = `${String.fromCharCode(65 + Math.floor(m.columns / 2))}${Math.ceil(m.rows / 2)}`;
      for (const phase of ["movement", "advance"]) {
        const b = reachOf(
          ["sl-classic", "sqla-31", "asl-a4"],
          m,
          from,
          { kind: "squad", leader: true },
          phase,
        );
        expect(b.mismatches).toEqual([]);
        for (const r of b.report.results) {
          const hexes = Object.entries(r.hexes);
          expect(hexes.length, `${r.ruleset} ${phase}`).toBeGreaterThan(
            phase === "movement" ? 6 : 1,
          );
          for (const [name, h] of hexes) {
            expect(h.path[0]).toBe(from);
            expect(h.path[h.path.length - 1]).toBe(name);
            expect(h.path.slice(1).every((x, i) => adjacent(h.path[i]!, x))).toBe(true);
          }
        }
      }
    });
  }
});
