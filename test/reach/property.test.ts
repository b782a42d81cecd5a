/**
 * Reach, checked three ways on random small maps (fast-check, seeded): the generated module's `reach`
 * (ticks), the interpreter's (rationals, through `buildReach`, which also prices every reported path
 * again with `evaluateMove`), and brute force — every simple path from the start priced as a scenario
 * by the generated module's `evaluate`, the cheapest legal one per hex. All three must agree on every
 * hex: reachable or not, and the least cost. A map may hold one vehicle (a kind the ruleset knows, with
 * its MP): the cheapest legal boarding of it must agree too (brute force: every simple path to its hex,
 * then the board step, with that vehicle). A ruleset that can get off (SQLA, Tide of Iron) also starts
 * aboard that vehicle (`reach --aboard`): brute force prices every simple path from its hex after the
 * unload or exit step, with the vehicle. The interpreter's answer is also asked beside two other
 * rulesets in one report: it must be the answer the ruleset gives alone (a map name never borrows
 * another ruleset's concept: the random maps hold SL's `wheatfield` and ASL's `grain`).
 */
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { modules, type Gen } from "./helpers.js";
import { loadRuleset } from "../../compiler/engine/index.js";
import { parseScenario } from "../../compiler/scenario/index.js";
import type { RulesetIR } from "../../compiler/ir/ir.js";
import { buildReach } from "../../compiler/reach/build.js";
import { interpretedBinding } from "../../compiler/reach/binding.js";
import {
  boardMember,
  resolveName,
  stepEnum,
  unloadMember,
} from "../../compiler/ir/name-resolver.js";
import {
  buildGraph,
  DIRECTIONS,
  directionBetween,
  hexName,
  neighbourOf,
  type MapGraph,
  type MapJson,
} from "../../runtime/map.js";
import type { ReachAnswer } from "../../runtime/reach-map.js";
import { bypassSides, pathSteps } from "../../runtime/reach-steps.js";
import { nodeHost, rulesetFolders } from "../../compiler/node/host.js";
import { runs } from "../sweep.js";

const ROOT = join(__dirname, "..", "..");
const host = nodeHost(rulesetFolders(ROOT));

const TERRAIN = [
  "open-ground",
  "open-ground",
  "open-ground",
  "woods",
  "building",
  "road",
  "shell-hole",
  "wheatfield",
  "grain",
  "brush",
  "orchard",
  "marsh",
];
const COLS = 4;
const ROWS = 3;

/**
 * A random small map: terrain, levels 0–1, one road chain, a few walls and hedges, up to two enemy-held
 * hexes, up to one vehicle (its `kind` the index of one of the ruleset's kinds, set per ruleset).
 */
const arbMap: fc.Arbitrary<MapJson> = fc
  .record({
    terrain: fc.array(fc.constantFrom(...TERRAIN), {
      minLength: COLS * ROWS,
      maxLength: COLS * ROWS,
    }),
    levels: fc.array(fc.constantFrom(0, 0, 1), { minLength: COLS * ROWS, maxLength: COLS * ROWS }),
    road: fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 6 }),
    roadStart: fc.integer({ min: 0, max: COLS * ROWS - 1 }),
    sides: fc.array(
      fc.record({
        hex: fc.integer({ min: 0, max: COLS * ROWS - 1 }),
        d: fc.integer({ min: 0, max: 5 }),
        f: fc.constantFrom("wall", "hedge"),
      }),
      { maxLength: 4 },
    ),
    enemies: fc.array(
      fc.record({
        hex: fc.integer({ min: 0, max: COLS * ROWS - 1 }),
        who: fc.constantFrom("units", "lone-smc", "afv"),
      }),
      { maxLength: 2 },
    ),
    vehicles: fc.array(
      fc.record({
        hex: fc.integer({ min: 0, max: COLS * ROWS - 1 }),
        kind: fc.integer({ min: 0, max: 5 }),
        mp: fc.integer({ min: 1, max: 16 }),
      }),
      { maxLength: 1 },
    ),
    // Per hex, the sides a Bypass may skirt (SL 106, ASL A4.3), bit d the side in direction d: given
    // for the woods and buildings (mostly: all sides) and for one other hex (no obstacle to skirt).
    bypass: fc.array(fc.constantFrom(63, 63, 0, 7, 56, 27, 1), {
      minLength: COLS * ROWS,
      maxLength: COLS * ROWS,
    }),
    notObstacle: fc.integer({ min: 0, max: COLS * ROWS - 1 }),
    // Second terrains (SL 5.54) off the road: ASL's `grain` is one SL lacks.
    also: fc.array(
      fc.record({
        hex: fc.integer({ min: 0, max: COLS * ROWS - 1 }),
        t: fc.constantFrom("shell-hole", "road", "woods", "grain"),
      }),
      { maxLength: 2 },
    ),
  })
  .map(
    ({
      terrain,
      levels,
      road,
      roadStart,
      sides,
      enemies,
      vehicles: vs,
      also,
      bypass: bp,
      notObstacle,
    }) => {
      const at = (i: number) => ({ col: Math.floor(i / ROWS), row: i % ROWS });
      const on = (p: { col: number; row: number }) =>
        p.col >= 0 && p.col < COLS && p.row >= 0 && p.row < ROWS;
      const hexes: Record<string, string> = {};
      const lv: Record<string, number> = {};
      terrain.forEach((t, i) => {
        const p = at(i);
        if (t !== "open-ground" && t !== "road") hexes[hexName(p.col, p.row)] = t;
        if (levels[i]) lv[hexName(p.col, p.row)] = 1;
      });
      const chain: string[] = [];
      let p = at(roadStart);
      chain.push(hexName(p.col, p.row));
      for (const d of road) {
        const q = neighbourOf(p.col, p.row, d);
        if (!on(q) || chain.includes(hexName(q.col, q.row))) continue;
        chain.push(hexName(q.col, q.row));
        p = q;
      }
      // A road through woods or a village keeps its woods or building (the road is its second terrain).
      for (const h of chain) if (hexes[h] !== "woods" && hexes[h] !== "building") delete hexes[h];
      const alsoTerrain: Record<string, string> = {};
      for (const a of also) {
        const h = hexName(at(a.hex).col, at(a.hex).row);
        if (!chain.includes(h)) alsoTerrain[h] = a.t;
      }
      const hexsides: { hexes: [string, string]; feature: string }[] = [];
      for (const s of sides) {
        const a = at(s.hex);
        const b = neighbourOf(a.col, a.row, s.d);
        if (!on(b) || directionBetween(a, b) < 0) continue;
        const pair: [string, string] = [hexName(a.col, a.row), hexName(b.col, b.row)];
        if (!hexsides.some((x) => x.hexes.includes(pair[0]) && x.hexes.includes(pair[1])))
          hexsides.push({ hexes: pair, feature: s.f });
      }
      const enemy: Record<string, string> = {};
      for (const e of enemies) enemy[hexName(at(e.hex).col, at(e.hex).row)] = e.who;
      const vehicles: Record<string, Record<string, unknown>> = {};
      for (const v of vs)
        vehicles[hexName(at(v.hex).col, at(v.hex).row)] = { kind: v.kind, mp: v.mp };
      const bypass: Record<string, string[]> = {};
      bp.forEach((mask, i) => {
        const h = hexName(at(i).col, at(i).row);
        if (mask !== 0 && (hexes[h] === "woods" || hexes[h] === "building" || i === notObstacle))
          bypass[h] = DIRECTIONS.filter((_, d) => mask & (1 << d));
      });
      return {
        name: "random",
        columns: COLS,
        rows: ROWS,
        bypass,
        terrain: { default: "open-ground", hexes },
        alsoTerrain,
        levels: lv,
        roads: chain.length > 1 ? [chain] : [],
        hexsides,
        enemy,
        vehicles,
        hexInches: 2,
      };
    },
  );

type Resolve = (f: "terrain" | "hexside" | "enemy" | "vehicle", n: string) => string | null;

/**
 * Brute force: the least cost of a legal move to each hex over every simple path from `from`, and in
 * `boarding` (a ruleset with the board member `board`) that of every such path to a vehicle's hex, then
 * the board step, with that vehicle.
 */
function bruteForce(
  gen: Gen,
  g: MapGraph,
  from: number,
  unit: unknown,
  scenario: unknown,
  resolve: Resolve,
  roll: number[] | undefined,
  fields: string[],
  obstacle: boolean,
  board: string | null = null,
  boarding = new Map<number, number>(),
  aboard: { action: string; vehicle: Record<string, unknown> } | null = null,
): Map<number, number> {
  const best = new Map<number, number>();
  const path = [from];
  // Per hex of `path`: entered in Bypass — the sides skirted and the side it must leave by — or null.
  const bypassed: ({ sides: number; exit: number } | null)[] = [null];
  const enterable = (a: number, d: number): boolean => {
    const b = g.adj[6 * a + d];
    if (b < 0 || path.includes(b)) return false;
    const side = g.hexside[6 * a + d];
    const also = g.also[b];
    return (
      resolve("terrain", g.terrain[b]) !== null &&
      (also === null || !fields.includes("alsoTerrain") || resolve("terrain", also) !== null) &&
      (side === null || resolve("hexside", side) !== null)
    );
  };
  const visit = (): void => {
    const steps = pathSteps(g, path, resolve, fields).map((s, i) => {
      const b = bypassed[i + 1];
      const step = b ? { ...s, bypass: b.sides } : s;
      if (b && fields.includes("bypassThrough") && s.alsoTerrain !== undefined)
        (step as { bypassThrough?: string }).bypassThrough = s.alsoTerrain;
      return obstacle ? { ...step, obstacle: s.hexside } : step;
    });
    // A unit aboard gets off first: the vehicle, the unload step, then the path.
    const r = gen.evaluate(
      aboard === null
        ? { unit, scenario, path: steps, roll }
        : {
            unit,
            scenario,
            vehicle: aboard.vehicle,
            path: [{ action: aboard.action }, ...steps],
            roll,
          },
      false,
    );
    const end = path[path.length - 1];
    if (r.legal && !(best.get(end)! <= r.spent)) best.set(end, r.spent);
    const v = g.vehicles[end];
    const kind = v === null || board === null ? null : resolve("vehicle", String(v.kind));
    if (kind !== null && aboard === null) {
      const b = gen.evaluate(
        { unit, scenario, vehicle: { ...v, kind }, path: [...steps, { action: board }], roll },
        false,
      );
      if (b.legal && !(boarding.get(end)! <= b.spent)) boarding.set(end, b.spent);
    }
    if (path.length > 9) return;
    // What reach assumes too (costs never negative, an allowance never growing): a move that spent
    // more than its allowance ends (a Minimum Move is one hex), so its extensions are not priced.
    if (typeof r.allowance === "number" && r.spent > r.allowance) return;
    const leaving = bypassed[bypassed.length - 1];
    for (let d = 0; d < 6; d++) {
      if (leaving && d !== leaving.exit) continue;
      if (!enterable(end, d)) continue;
      const next = g.adj[6 * end + d];
      path.push(next);
      bypassed.push(null);
      visit();
      // Into `next` in Bypass, to leave it across each other side with a hex beyond.
      if (fields.includes("bypass") && g.bypass[next] !== 0)
        for (let exit = 0; exit < 6; exit++) {
          const sides = bypassSides(g.bypass[next], (d + 3) % 6, exit);
          if (exit === (d + 3) % 6 || sides === 0 || g.adj[6 * next + exit] < 0) continue;
          bypassed[bypassed.length - 1] = { sides, exit };
          visit();
        }
      bypassed.pop();
      path.pop();
    }
  };
  visit();
  return best;
}

/**
 * Per ruleset, its units and how many random maps it is checked on (`runs`, test/sweep.ts: the
 * suite's size, then the long sweep's; 40 each before issue 41 sized them to the suite — ASL A4's
 * brute force, with every Bypass, costs the most per map; SQLA needs its 40 to meet a boarding).
 * Their guard against a hang is the project's (vitest.config.ts, grown for the sweep).
 */
const CASES: { id: string; units: unknown[]; runs: number }[] = [
  {
    id: "sl-classic",
    units: [{ kind: "squad" }, { kind: "squad", leader: true }, { kind: "half-squad", portage: 3 }],
    runs: runs(25, 200),
  },
  {
    id: "sqla-31",
    units: [{ kind: "squad" }, { kind: "crew", leader: true }],
    runs: runs(40, 200),
  },
  {
    id: "asl-a4",
    units: [
      { kind: "squad" },
      { kind: "squad", doubleTime: true },
      { kind: "squad", portage: 4 },
      { kind: "leader" },
    ],
    runs: runs(15, 200),
  },
  {
    id: "tide-of-iron",
    units: [
      { kind: "squad", action: "advance" },
      { kind: "squad", action: "fire-and-movement" },
    ],
    runs: runs(40, 200),
  },
  // Distances in inches (hexInches 2) with a fixed roll: plain reach; obstacles halt.
  {
    id: "chain-of-command",
    units: [
      { kind: "team", dice: [3, 5] },
      { kind: "team", rate: "tactical", dice: [4] },
      { kind: "section", shock: 1, dice: [2, 6] },
      { kind: "team", rate: "double", dice: [1, 2, 6] },
    ],
    runs: runs(25, 200),
  },
];

/** A ruleset of another case, with its first unit, as `buildReach` takes it. */
const IRS = new Map<string, RulesetIR>();
function alone(c: (typeof CASES)[number], map: MapJson) {
  const ir = IRS.get(c.id) ?? IRS.set(c.id, loadRuleset(c.id, host).ir!).get(c.id)!;
  const scenario = c.id === "chain-of-command" ? {} : { phase: "movement" };
  const p = parseScenario(JSON.stringify({ ...scenario, unit: c.units[0], path: [] }), "u.json", [
    ir,
  ]);
  expect(p.diagnostics, JSON.stringify(map)).toEqual([]);
  return { ir, base: p.perRuleset[0]!.value, notApplicable: [] };
}

describe("reach: generated = interpreted = brute force, alone = beside other rulesets", () => {
  for (const c of CASES) {
    it(`${c.id}: random 4×3 maps, every unit, both phases`, async () => {
      const ir = loadRuleset(c.id, host).ir!;
      const gen = modules[c.id]!;
      const resolve: Resolve = (f, n) => resolveName(ir, f, n);
      const kinds = stepEnum(ir, "vehicle")?.members.map((m) => m.name) ?? ["halftrack"];
      const board = c.id === "chain-of-command" ? null : boardMember(ir);
      const unload = c.id === "chain-of-command" ? null : unloadMember(ir);
      let aboardRuns = 0;
      const phases = c.id === "chain-of-command" ? ["movement"] : ["movement", "advance"];
      let checked = 0;
      let boarded = 0;
      let bypassing = 0;
      await fc.assert(
        fc.asyncProperty(
          arbMap,
          fc.integer({ min: 0, max: COLS * ROWS - 1 }),
          fc.constantFrom(...c.units),
          fc.constantFrom(...phases),
          async (random, from, unit, phase) => {
            await new Promise((r) => setImmediate(r));
            const map: MapJson = {
              ...random,
              vehicles: Object.fromEntries(
                Object.entries(random.vehicles ?? {}).map(([h, v]) => [
                  h,
                  { ...v, kind: kinds[(v.kind as number) % kinds.length] },
                ]),
              ),
            };
            const g = buildGraph(map);
            const p = parseScenario(
              JSON.stringify(
                c.id === "chain-of-command" ? { unit, path: [] } : { phase, unit, path: [] },
              ),
              "u.json",
              [ir],
            );
            expect(p.diagnostics).toEqual([]);
            const built = buildReach({
              map,
              from: g.names[from]!,
              phase,
              unit: unit as Record<string, unknown>,
              rulesets: [{ ir, base: p.perRuleset[0]!.value, notApplicable: [] }],
            });
            expect(built.mismatches).toEqual([]);
            const interpreted = built.answers[0]!;
            // Several rulesets at once: this one between the next two cases (each with its first
            // unit) gives the answer it gives alone — a name means what it means in this ruleset.
            const beside = [1, 2].map((k) => CASES[(CASES.indexOf(c) + k) % CASES.length]!);
            const together = buildReach({
              map,
              from: g.names[from]!,
              phase,
              unit: unit as Record<string, unknown>,
              rulesets: [
                alone(beside[0]!, map),
                { ir, base: p.perRuleset[0]!.value, notApplicable: [] },
                alone(beside[1]!, map),
              ],
            });
            expect(together.mismatches).toEqual([]);
            expect(together.report.results[1], `beside ${beside.map((b) => b.id)}`).toEqual(
              built.report.results[0],
            );
            const { dice, ...plainUnit } = unit as { dice?: number[] };
            const scenario = c.id === "chain-of-command" ? {} : { phase };
            const compiled = gen.reach(g, plainUnit, g.names[from]!, scenario, dice);
            // The step fields the ruleset declares (viaRoad, uphill, downhill, inches): a map's
            // flag the ruleset has no field for is not applicable, as the search treats it.
            const fields = [...interpretedBinding(ir, p.perRuleset[0]!.value, unit).stepFields];
            const boarding = new Map<number, number>();
            const brute = bruteForce(
              gen,
              g,
              from,
              plainUnit,
              scenario,
              resolve,
              dice,
              fields,
              c.id === "chain-of-command",
              board,
              boarding,
            );
            if (fields.includes("bypass") && Object.keys(map.bypass ?? {}).length > 0) bypassing++;
            for (let h = 0; h < g.n; h++) {
              const want = brute.get(h) ?? NaN;
              const where = `${g.names[h]} from ${g.names[from]} (${JSON.stringify(unit)}, ${phase}) on ${JSON.stringify(map)}`;
              expect(interpreted.cost[h], `interpreted ${where}`).toEqual(want);
              expect(compiled.cost[h], `generated ${where}`).toEqual(want);
            }
            const boards = (a: ReachAnswer) =>
              Object.fromEntries(a.boarding.map((b) => [g.names[b.hex], b.cost]));
            const wantBoarding = Object.fromEntries(
              [...boarding].map(([h, cost]) => [g.names[h], cost]),
            );
            const where = `from ${g.names[from]} (${JSON.stringify(unit)}, ${phase}) on ${JSON.stringify(map)}`;
            expect(boards(interpreted), `interpreted boarding ${where}`).toEqual(wantBoarding);
            expect(boards(compiled), `generated boarding ${where}`).toEqual(wantBoarding);
            if (board !== null && Object.keys(wantBoarding).length > 0) boarded++;
            // A unit starting aboard the map's vehicle (`reach --aboard`): it gets off first.
            const vh = g.vehicles.findIndex((v) => v !== null);
            if (unload !== null && vh >= 0) {
              const vehicle = g.vehicles[vh]!;
              const onboard = buildReach({
                map,
                from: g.names[vh]!,
                aboard: true,
                phase,
                unit: unit as Record<string, unknown>,
                rulesets: [{ ir, base: p.perRuleset[0]!.value, notApplicable: [] }],
              });
              expect(onboard.mismatches).toEqual([]);
              const genAboard = gen.reach(g, plainUnit, g.names[vh]!, scenario, dice, true);
              const bruteAboard = bruteForce(
                gen,
                g,
                vh,
                plainUnit,
                scenario,
                resolve,
                dice,
                fields,
                false,
                null,
                new Map(),
                { action: unload, vehicle },
              );
              for (let h = 0; h < g.n; h++) {
                const want = bruteAboard.get(h) ?? NaN;
                const at = `${g.names[h]} aboard in ${g.names[vh]} (${JSON.stringify(unit)}, ${phase}) on ${JSON.stringify(map)}`;
                expect(onboard.answers[0]!.cost[h], `interpreted ${at}`).toEqual(want);
                expect(genAboard.cost[h], `generated ${at}`).toEqual(want);
              }
              if (bruteAboard.size > 0) aboardRuns++;
            }
            checked++;
          },
        ),
        { numRuns: c.runs, seed: 20261125 },
      );
      expect(checked).toBe(c.runs);
      if (board !== null) expect(boarded, "runs where a boarding was found").toBeGreaterThan(0);
      if (unload !== null)
        expect(aboardRuns, "runs where a unit aboard got off").toBeGreaterThan(0);
      if (ir.inputs.some((i) => i.rec === "step" && i.fields.some((f) => f.json === "bypass")))
        expect(bypassing, "runs on a map with Bypass sides").toBeGreaterThan(0);
    });
  }
});
