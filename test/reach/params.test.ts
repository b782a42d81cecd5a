/**
 * Path aggregates inside rules with parameters (test/fixtures/reach/param-aggregates.rules): the
 * reach key holds each aggregate per argument the ruleset can pass (compiler/reach/profile.ts) — a
 * constant or a unit field substituted, each member of an enum read from a step — or, where an
 * aggregate reads what no key of values holds (`base`, a number read from the path), the path's steps
 * are the state (`pathKey`). Either way the generated module's `reach`, the interpreter's and brute
 * force (every simple path priced by the generated `evaluate`) agree on random small maps, and the
 * engine answers without a throw.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { compileText, reachOn } from "../../compiler/engine/index.js";
import type { Expr, RulesetIR } from "../../compiler/ir/ir.js";
import { walk } from "../../compiler/ir/walk.js";
import { interpretedBinding } from "../../compiler/reach/binding.js";
import { reachProfile } from "../../compiler/reach/profile.js";
import { parseScenario } from "../../compiler/scenario/index.js";
import type { MapGraph } from "../../runtime/map.js";
import { reachOnMap, type ReachAnswer } from "../../runtime/reach-map.js";
import { pathSteps } from "../../runtime/reach-steps.js";
import type { MoveResult } from "../../runtime/types.js";
import { bruteReach, expectAsBrute, gridGraph, ROOT } from "./helpers.js";
import { artifacts, importEmitted } from "../artifacts.js";

const FIXTURE = join(ROOT, "test/fixtures/reach/param-aggregates.rules");
const TEXT = readFileSync(FIXTURE, "utf8");
/** The fixture without `base` in its aggregate: every aggregate has a key of values. */
const KEYED = TEXT.replace("sum step (base + n if", "sum step (n if");
/** A number read from the path passed to a rule whose aggregate reads it: the path is the state. */
const BY_PATH = KEYED.replace("toll(1 MP)", "toll(1 MP if path.hexes > 2 else 0 MP)");

const ARTIFACTS = artifacts("reach-params");

interface Gen {
  evaluate(input: unknown, trace?: boolean): MoveResult;
  reach(map: MapGraph, unit: unknown, from: string): ReachAnswer;
}

function compiled(text: string, id: string): RulesetIR {
  const { ir, diagnostics } = compileText(text.replace("param-aggregates", id), `${id}.rules`);
  expect(diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return ir!;
}

const CASES = [
  { id: "param-aggregates", text: TEXT, pathKey: true },
  { id: "param-aggregates-keyed", text: KEYED, pathKey: false },
  { id: "param-aggregates-by-path", text: BY_PATH, pathKey: true },
];
const irs = new Map<string, RulesetIR>();
const gens = new Map<string, Gen>();

beforeAll(async () => {
  for (const c of CASES) {
    const ir = compiled(c.text, c.id);
    irs.set(c.id, ir);
    gens.set(c.id, await importEmitted<Gen>(ARTIFACTS, ir));
  }
}, 120_000);

/** Whether `e` reads a rule's parameter or `base` anywhere. */
function free(e: Expr): boolean {
  let found = false;
  walk(e, (x) => {
    if (x.k === "param" || x.k === "base") found = true;
  });
  return found;
}

describe("reach profile: aggregates that read a rule's parameters", () => {
  it("are keyed per argument: constants and unit fields substituted, each terrain a step passes", () => {
    const p = reachProfile(irs.get("param-aggregates-keyed")!);
    expect(p.pathKey).toBe(false);
    expect(p.aggregates.filter(free)).toEqual([]);
    const counted = p.aggregates
      .map((a) => (a.k === "agg" && a.op === "count" && a.body.k === "bin" ? a.body.b : null))
      .map((b) => (b === null ? null : b.k === "member" ? b.name : b.k === "field" ? b.name : "?"));
    // seen(woods) in the allowance, seen(brush) and seen(unit.avoid) in constraints, and seen of
    // every terrain inside the `every step` of no-second.
    expect(counted.filter((x) => x !== null).sort()).toEqual([
      "avoid",
      "brush",
      "marsh",
      "open-ground",
      "rubble",
      "woods",
    ]);
    expect(counted.filter((x) => x === null)).toHaveLength(2); // toll's sum, no-second's every
  });

  it("`base` or a number read from the path in an aggregate: the path is the state", () => {
    for (const id of ["param-aggregates", "param-aggregates-by-path"]) {
      const p = reachProfile(irs.get(id)!);
      expect(p.pathKey, id).toBe(true);
      expect(p.aggregates, id).toEqual([]);
      expect(p.localKey, id).toBe(false);
    }
  });
});

const TERRAIN = ["open-ground", "open-ground", "woods", "marsh", "brush", "rubble", "rubble"];
const COLS = 4;
const ROWS = 3;

describe("reach with parameters in aggregates: generated = interpreted = brute force", () => {
  for (const c of CASES)
    it(`${c.id}: random 4×3 maps`, async () => {
      const ir = irs.get(c.id)!;
      const gen = gens.get(c.id)!;
      expect(reachProfile(ir).pathKey).toBe(c.pathKey);
      let reachedFar = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.constantFrom(...TERRAIN), { minLength: COLS * ROWS, maxLength: COLS * ROWS }),
          fc.integer({ min: 0, max: COLS * ROWS - 1 }),
          fc.record({
            mp: fc.integer({ min: 0, max: 6 }),
            avoid: fc.constantFrom("woods", "marsh", "brush", "open-ground"),
            tired: fc.boolean(),
          }),
          async (terrain, from, unit) => {
            await new Promise((r) => setImmediate(r));
            const g = gridGraph("params", COLS, ROWS, terrain);
            const p = parseScenario(JSON.stringify({ unit, path: [] }), "u.json", [ir]);
            expect(p.diagnostics).toEqual([]);
            const b = interpretedBinding(ir, p.perRuleset[0]!.value, unit);
            const interpreted = reachOnMap(b, g, from);
            const generated = gen.reach(g, unit, g.names[from]!);

            const best = bruteReach(g, from, unit.mp + 2, (path) => {
              const r = gen.evaluate(
                { unit, path: pathSteps(g, path, b.resolve, b.stepFields) },
                false,
              );
              const over = typeof r.allowance === "number" && r.spent > r.allowance;
              return { legal: r.legal, spent: r.spent, goOn: !over };
            });
            const where = JSON.stringify({ terrain, from: g.names[from], unit });
            expectAsBrute(g, best, { interpreted, generated }, where);
            if (best.size > 7) reachedFar++;
          },
        ),
        { seed: 20261127, numRuns: 120 },
      );
      expect(reachedFar, "runs reaching more than 7 hexes").toBeGreaterThan(10);
    }, 120_000);
});

describe("the engine's reach on the fixture", () => {
  it("answers on a bundled map with its diagnostics, no throw", () => {
    const map = readFileSync(join(ROOT, "maps/crossroads.json"), "utf8");
    for (const c of CASES) {
      const ir = irs.get(c.id)!;
      const { value, diagnostics } = reachOn({
        rulesets: [ir],
        map: { text: map, file: "maps/crossroads.json" },
        from: { text: "A4", file: "from" },
        unit: { text: '{"mp":4,"tired":true}', file: "unit" },
        phase: "movement",
      });
      expect(
        diagnostics.filter((d) => d.severity === "error"),
        c.id,
      ).toEqual([]);
      expect(value, c.id).not.toBeNull();
      expect(value!.mismatches, c.id).toEqual([]);
      expect(Object.keys(value!.report.results[0]!.hexes).length, c.id).toBeGreaterThan(5);
    }
  });
});
