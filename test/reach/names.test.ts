/**
 * One name resolver (compiler/ir/name-resolver.ts): a name resolves in a ruleset by its own member name,
 * then by its own concept key, and never by another ruleset's — so a ruleset's answer never depends on
 * which other rulesets are asked beside it. Checked on every surface: the map's names (V1004 when no
 * ruleset asked knows one), the interpreter's reach alone and beside others, the generated module's
 * `reach`, and scenarios (which accept a ruleset's own concept keys, and no other's).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseMap } from "../../compiler/map/parse.js";
import { mapVocabulary } from "../../compiler/map/known-names.js";
import { parseScenario } from "../../compiler/scenario/index.js";
import { buildReach, type ReachBuilt } from "../../compiler/reach/build.js";
import { mapNames, type MapField } from "../../compiler/ir/name-resolver.js";
import { buildGraph, type MapJson } from "../../runtime/map.js";
import type { ReachAnswer } from "../../runtime/reach-map.js";
import { ROOT, ir, modules, reachOf } from "./helpers.js";

/** `maps/crossroads.json` with its three wheatfield hexes (B7, C7, B8) called `grain`, ASL's name. */
const crossroads = readFileSync(join(ROOT, "maps", "crossroads.json"), "utf8");
const grainText = crossroads.replaceAll('"wheatfield"', '"grain"');
const grainMap = JSON.parse(grainText) as MapJson;
const SQUAD = { kind: "squad" };

/** What an answer says: per hex its cost (null where unreachable) and its path, and what it could not apply. */
function said(a: ReachAnswer): { costs: (number | null)[]; paths: number[][]; na: string[] } {
  return {
    costs: Array.from(a.cost, (c) => (Number.isNaN(c) ? null : c)),
    paths: Array.from(a.cost, (_, h) => a.path(h)),
    na: a.notApplicable,
  };
}

describe("the grain map: sl-classic's answer alone, beside asl-a4 and generated", () => {
  it("the grain map differs from crossroads in exactly three hexes", () => {
    expect(grainText.split('"grain"').length - 1).toBe(3);
  });

  it("under sl-classic alone `grain` (another family's name) is no error, a typo of it is V1004, located", () => {
    // A map term one ruleset lacks is impassable there and listed, never fatal (issue 24): `grain` is
    // in the scenario contract's vocabulary (ASL's name), so the map is clean under SL alone.
    const alone = parseMap(grainText, "grain.json", mapVocabulary([ir("sl-classic")]));
    expect(alone.diagnostics).toEqual([]);
    const typo = grainText.replaceAll('"grain"', '"grian"');
    const bad = parseMap(typo, "grian.json", mapVocabulary([ir("sl-classic")]));
    expect(bad.diagnostics.map((d) => `${d.span!.line}:${d.span!.col} ${d.code}`)).toEqual([
      "13:13 V1004",
      "13:28 V1004",
      "13:43 V1004",
    ]);
    expect(bad.diagnostics[0]!.message).toBe("no ruleset asked knows the terrain `grian`");
    expect(bad.diagnostics[0]!.hint).toBe("did you mean `grain`?");
    const both = parseMap(grainText, "grain.json", mapVocabulary([ir("sl-classic"), ir("asl-a4")]));
    expect(both.diagnostics).toEqual([]);
  });

  it("sl-classic never borrows ASL's concept: grain is impassable and not applicable, in any company", () => {
    const alone = reachOf(["sl-classic"], grainMap, "B3", SQUAD);
    const first = reachOf(["sl-classic", "asl-a4"], grainMap, "B3", SQUAD);
    const second = reachOf(["asl-a4", "sl-classic"], grainMap, "B3", SQUAD);
    const sl = alone.report.results[0]!;
    expect(sl.notApplicable).toEqual(["downhill", "terrain: grain"]);
    for (const hex of ["B7", "C7", "B8"]) expect(sl.hexes[hex], hex).toBeUndefined();
    expect(first.report.results[0]).toEqual(sl);
    expect(second.report.results[1]).toEqual(sl);
    for (const b of [alone, first, second]) expect(b.mismatches).toEqual([]);
    // ASL's answer does not depend on SL's company either.
    expect(first.report.results[1]).toEqual(
      reachOf(["asl-a4"], grainMap, "B3", SQUAD).report.results[0],
    );
  });

  it("the generated sl-classic module's reach gives the interpreter's answer", () => {
    const g = buildGraph(grainMap);
    const interpreted = reachOf(["asl-a4", "sl-classic"], grainMap, "B3", SQUAD).answers[1]!;
    const compiled = modules["sl-classic"]!.reach(g, SQUAD, "B3", {
      scenario: { phase: "movement" },
    });
    expect(said(compiled)).toEqual(said(interpreted));
    expect(compiled.notApplicable).toEqual(["downhill", "terrain: grain"]);
    expect(Number.isNaN(compiled.allowance)).toBe(false);
  });

  it("asl-a4 reads the original wheatfield as its own grain (its own concept), alone or beside sl-classic", () => {
    const map = JSON.parse(crossroads) as MapJson;
    const alone = reachOf(["asl-a4"], map, "A7", SQUAD).report.results[0]!;
    expect(alone.notApplicable).toEqual([]);
    expect(alone.hexes["B7"]?.cost).toBe(1.5); // grain, in season (A4.13)
    expect(reachOf(["sl-classic", "asl-a4"], map, "A7", SQUAD).report.results[1]).toEqual(alone);
  });
});

/** A unit (and the generated module's roll and scenario) per bundled ruleset. */
const UNITS: Record<string, { unit: Record<string, unknown>; scenario: object }> = {
  "sl-classic": { unit: SQUAD, scenario: { phase: "movement" } },
  "sqla-31": { unit: SQUAD, scenario: { phase: "movement" } },
  "asl-a4": { unit: SQUAD, scenario: { phase: "movement" } },
  "tide-of-iron": { unit: { kind: "squad", action: "advance" }, scenario: { phase: "movement" } },
  "chain-of-command": { unit: { kind: "team", dice: [3, 5] }, scenario: {} },
};
const IDS = Object.keys(UNITS);

/** Every map name any bundled ruleset resolves, per field (terrain and hexside features). */
function everyName(field: MapField): string[] {
  return [...new Set(IDS.flatMap((id) => [...mapNames(ir(id))[field].keys()]))].sort();
}

/** Two hexes, A1 (open ground, the start) and B1: terrain `terrain`, across a `hexside` feature. */
function pair(terrain: string, hexside: string | null): MapJson {
  return {
    name: "pair",
    columns: 2,
    rows: 1,
    terrain: { default: "open-ground", hexes: { B1: terrain } },
    hexsides: hexside === null ? [] : [{ hexes: ["A1", "B1"], feature: hexside }],
    hexInches: 2,
  };
}

describe("every bundled ruleset, every map name: generated = interpreted, alone = beside the others", () => {
  const cases = [
    ...everyName("terrain").map((t) => pair(t, null)),
    ...everyName("hexside").map((h) => pair("open-ground", h)),
  ];

  it("the maps hold every name some bundled ruleset knows and some other lacks", () => {
    expect(everyName("terrain")).toEqual(expect.arrayContaining(["grain", "wheatfield", "clear"]));
    expect(everyName("hexside")).toEqual(expect.arrayContaining(["hedge", "medium", "fence"]));
  });

  for (const id of IDS) {
    it(`${id}: the same answer alone, beside every other ruleset, and generated`, () => {
      const { unit, scenario } = UNITS[id]!;
      const { dice, ...plain } = unit as { dice?: number[] };
      const others = IDS.filter((x) => x !== id);
      for (const map of cases) {
        const g = buildGraph(map);
        const where = JSON.stringify(map.terrain.hexes) + JSON.stringify(map.hexsides);
        const alone = reachOf([id], map, "A1", unit, "movement");
        // One report for all five rulesets at once, this one in the middle.
        const ids = [...others.slice(0, 2), id, ...others.slice(2)];
        const together = reachTogether(ids, map);
        expect(together.mismatches, where).toEqual([]);
        expect(together.report.results[2], where).toEqual(alone.report.results[0]);
        expect(said(together.answers[2]!), where).toEqual(said(alone.answers[0]!));
        const compiled = modules[id]!.reach(g, plain, "A1", scenario, dice);
        expect(said(compiled), `generated ${where}`).toEqual(said(alone.answers[0]!));
      }
    });
  }
});

/** A reach report for several rulesets at once, each with its own unit (UNITS), as `reachOf` parses it. */
function reachTogether(ids: string[], map: MapJson): ReachBuilt {
  return buildReach({
    map,
    from: "A1",
    phase: "movement",
    unit: {},
    rulesets: ids.map((id) => {
      const text = JSON.stringify({ phase: "movement", unit: UNITS[id]!.unit, path: [] });
      const p = parseScenario(text, "u.json", [ir(id)]);
      expect(p.diagnostics).toEqual([]);
      const { value, notApplicable } = p.perRuleset[0]!;
      return { ir: ir(id), base: value, notApplicable };
    }),
  });
}

describe("scenarios resolve names the same way", () => {
  const scenario = (terrain: string) =>
    JSON.stringify({ unit: SQUAD, path: [{ terrain }, { terrain: "open-ground" }] });

  it("a ruleset's own concept key is its member (ASL: wheatfield is grain)", () => {
    const p = parseScenario(scenario("wheatfield"), "s.json", [ir("asl-a4")]);
    expect(p.diagnostics).toEqual([]);
    expect(p.perRuleset[0]!.value.path[0]!["terrain"]).toEqual({
      v: "member",
      enum: "terrain",
      name: "grain",
    });
  });

  it("another ruleset's member is never borrowed: `grain` is unknown to sl-classic beside asl-a4", () => {
    const p = parseScenario(scenario("grain"), "s.json", [ir("sl-classic"), ir("asl-a4")]);
    expect(
      p.diagnostics.map((d) => `${d.span!.line}:${d.span!.col} ${d.code} ${d.message}`),
    ).toEqual([
      "1:45 V0903 unknown terrain `grain` in `path[0].terrain` for ruleset sl-classic; valid: open-ground, road, woods, building, shell-hole, wheatfield",
    ]);
  });
});
