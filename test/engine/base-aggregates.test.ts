/**
 * `base` read inside a path aggregate (test/fixtures/reach/base-aggregates.rules): every surface gives
 * the documented meaning (docs/language.md, "Rules"): `base` is the value the overridden definition
 * gives for the step being priced, one value wherever the exception reads it, inside an aggregate
 * too. The interpreter (the engine's `eval`), the generated module and reach (interpreted, generated,
 * brute force) give the same per-step costs and citations, for exceptions, exceptions of exceptions
 * and a rule with a parameter; the base's citation comes once per question, where the module puts it.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { compileText, evaluateScenario } from "../../compiler/engine/index.js";
import type { RulesetIR } from "../../compiler/ir/ir.js";
import { Evaluator } from "../../compiler/interpret/eval.js";
import { prepare } from "../../compiler/interpret/interpreter.js";
import { interpretedBinding } from "../../compiler/reach/binding.js";
import { parseScenario } from "../../compiler/scenario/index.js";
import type { MapGraph } from "../../runtime/map.js";
import { reachOnMap, type ReachAnswer } from "../../runtime/reach-map.js";
import { pathSteps } from "../../runtime/reach-steps.js";
import type { MoveContext, MoveResult } from "../../runtime/types.js";
import { bruteReach, expectAsBrute, gridGraph, ROOT } from "../reach/helpers.js";
import { artifacts, importEmitted } from "../artifacts.js";

const ID = "base-aggregates";
const TEXT = readFileSync(join(ROOT, "test/fixtures/reach", `${ID}.rules`), "utf8");
const ARTIFACTS = artifacts(ID);

interface Gen {
  evaluate(input: unknown, trace?: boolean): MoveResult;
  reach(map: MapGraph, unit: unknown, from: string): ReachAnswer;
  prepare(input: unknown): MoveContext<number>;
  r_cot(ctx: MoveContext<number>, trace: string[] | null): number;
  SCALE: number;
}

/** The fixture with `base` read in one branch of a choice only, outside any aggregate. */
const BRANCH_ID = `${ID}-branch`;
const BRANCH = TEXT.replace(
  "sum step (base if step.terrain != open-ground else 0 MP)",
  "0 MP if step.terrain == woods else base",
).replace(ID, BRANCH_ID);

let ir: RulesetIR;
let gen: Gen;
let branchIr: RulesetIR;
let branchGen: Gen;

/** A ruleset's text → its IR and its generated module, compiled and imported. */
async function build(text: string, id: string): Promise<[RulesetIR, Gen]> {
  const { ir: compiled, diagnostics } = compileText(text, `${id}.rules`);
  expect(diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return [compiled!, await importEmitted<Gen>(ARTIFACTS, compiled!, id)];
}

beforeAll(async () => {
  [ir, gen] = await build(TEXT, ID);
  [branchIr, branchGen] = await build(BRANCH, BRANCH_ID);
}, 120_000);

type Unit = { mp: number; tired?: boolean; exhausted?: boolean; laden?: boolean };
const PATH = ["open-ground", "woods", "marsh", "woods"];

/** The engine's `eval` answer (the interpreter) to a unit on a path of terrains. */
function evaluated(unit: Unit, path: readonly string[], of: RulesetIR = ir): MoveResult {
  const text = JSON.stringify({ unit, path: path.map((terrain) => ({ terrain })) });
  const out = evaluateScenario({ rulesets: [of], text, file: "s.json" });
  expect(out.diagnostics).toEqual([]);
  return out.value!.answers[0]!.result!;
}

/** What a move's answer says of the move: allowance, spent, legality, each step's cost and rules. */
function move(
  r: MoveResult,
): Pick<MoveResult, "allowance" | "spent" | "legal" | "steps" | "exact"> {
  const { allowance, spent, legal, steps, exact } = r;
  return JSON.parse(JSON.stringify({ allowance, spent, legal, steps, exact }));
}

function generated(unit: Unit, path: readonly string[], of: Gen = gen): MoveResult {
  return of.evaluate({ unit, path: path.map((terrain) => ({ terrain })) }, true);
}

// Each step's cost by the documented meaning, worked by hand over open ground, woods, marsh, woods
// (terrain 1, 2, 3, 2 MP; the surcharge 1 MP on marsh; 1 MP off woods).
const CASES: { unit: Unit; costs: number[]; why: string }[] = [
  { unit: { mp: 40 }, costs: [1, 1, 4, 1], why: "no exception" },
  {
    unit: { mp: 40, tired: true },
    // count of dearer hexes: 3 for open ground, 1 for woods, 0 for marsh.
    costs: [1 + 3, 2 + 1 - 1, 3 + 0 + 1, 2 + 1 - 1],
    why: "`count step (… > base)`: base is this hex's terrain cost",
  },
  {
    unit: { mp: 60, tired: true, exhausted: true },
    // the tired cost (4, 3, 3, 3) twice, for the two woods hexes.
    costs: [8, 6 - 1, 6 + 1, 6 - 1],
    why: "exception of an exception: `sum step (base …)`, base the tired cost of this hex",
  },
  {
    unit: { mp: 40, laden: true },
    // the surcharge of the marsh hex (1 MP) once per hex that is not open ground (3).
    costs: [1, 1, 3 + 3, 1],
    why: "a rule with a parameter: `sum step (base …)`, base this hex's `n`-or-nothing",
  },
  {
    unit: { mp: 40, laden: true, tired: true },
    // relief: woods' own 1 MP allows woods' 1; open ground's and marsh's 0 allow only 0.
    costs: [4, 3 - 1, 3 + 3, 3 - 1],
    why: "`max step (… <= base)`: base this hex's relief",
  },
  {
    unit: { mp: 60, laden: true, tired: true, exhausted: true },
    costs: [8, 6 - 1, 6 + 3, 6 - 1],
    why: "all three",
  },
];

describe("`base` inside an aggregate: eval and the generated module agree", () => {
  for (const c of CASES)
    it(`${JSON.stringify(c.unit)}: ${c.why}`, () => {
      const e = evaluated(c.unit, PATH);
      expect(e.steps.map((s) => s.cost)).toEqual(c.costs);
      expect(e.spent).toBe(c.costs.reduce((a, b) => a + b, 0));
      // Costs, citations, spent and legality: the module's `evaluate` is `eval --json`.
      expect(move(generated(c.unit, PATH))).toEqual(move(e));
    });

  it("cites the base once per question, first, as the module does", () => {
    const unit = { mp: 40, tired: true, exhausted: true };
    const input = { unit, path: PATH.map((terrain) => ({ terrain })) };
    const ev = new Evaluator(ir);
    const { ctx } = prepare(
      ir,
      parseScenario(JSON.stringify(input), "s.json", [ir]).perRuleset[0]!.value,
    );
    const cot = ir.rules.find((r) => r.name === "cot")!;
    const gctx = gen.prepare(input);
    for (let i = 0; i < PATH.length; i++) {
      ctx.i = i;
      gctx.i = i;
      const mine: string[] = [];
      const theirs: string[] = [];
      const v = ev.rule(cot, ctx, mine);
      expect(gen.r_cot(gctx, theirs) / gen.SCALE).toBe(Number(v.toString()));
      expect(mine, `step ${i}`).toEqual(theirs);
      // 2.3 and 2.4 chosen, then the rule's base value cited once, before the aggregates' rows.
      expect(mine.slice(0, 4)).toEqual(["2.3", "2.4", "2.2", "2.1"]);
      expect(mine.filter((x) => x === "2.2")).toHaveLength(1);
    }
  });

  it("`base` in one branch of a choice: worked out (and cited) before the value, on both", () => {
    // The surcharge's exception reads `base` only off woods; both engines work it out first, so a
    // woods step cites the surcharge's base value (2.5) though its branch is not taken.
    const unit = { mp: 40, laden: true };
    const e = evaluated(unit, PATH, branchIr);
    expect(e.steps.map((s) => s.cost)).toEqual([1, 1, 4, 1]);
    expect(move(generated(unit, PATH, branchGen))).toEqual(move(e));
    expect(e.steps[1]!.rules).toContain("2.5");
  });

  it("a rule called inside an aggregate prices its base for the aggregate's step", () => {
    // `sum step (cot)` asks cot of each step: there `base` is that step's (the question asked).
    const sum = TEXT.replace("allowance: unit.mp", "allowance: unit.mp - sum step (cot) + 12 MP");
    const { ir: other } = compileText(sum, "sum.rules");
    const text = JSON.stringify({
      unit: { mp: 40, tired: true },
      path: PATH.map((terrain) => ({ terrain })),
    });
    const out = evaluateScenario({ rulesets: [other!], text, file: "s.json" });
    // cot, tired: 4 + 3 + 3 + 3 = 13.
    expect(out.value!.answers[0]!.result!.allowance).toBe(40 - 13 + 12);
  });
});

const TERRAIN = ["open-ground", "open-ground", "woods", "marsh", "woods"];
const COLS = 4;
const ROWS = 3;

/**
 * Reach's price of a path: each step as the search prices it, over the path so far (its last step's
 * cost when the module evaluates the path up to it), summed.
 */
function prefixPricer(unit: Unit, g: MapGraph, b: ReturnType<typeof interpretedBinding>) {
  const spent = new Map<string, number>();
  return (path: readonly number[]) => {
    const key = path.join(",");
    let s = spent.get(key);
    if (s === undefined) {
      const steps = pathSteps(g, path, b.resolve, b.stepFields);
      const r = gen.evaluate({ unit, path: steps }, false);
      s = path.length === 1 ? 0 : spent.get(path.slice(0, -1).join(","))! + r.steps.at(-1)!.cost!;
      spent.set(key, s);
    }
    return { legal: s <= unit.mp, spent: s, goOn: s <= unit.mp };
  };
}

describe("`base` inside an aggregate: reach generated = interpreted = brute force", () => {
  it("random 4×3 maps", async () => {
    let reachedFar = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...TERRAIN), { minLength: COLS * ROWS, maxLength: COLS * ROWS }),
        fc.integer({ min: 0, max: COLS * ROWS - 1 }),
        fc.record({
          mp: fc.integer({ min: 0, max: 7 }),
          tired: fc.boolean(),
          exhausted: fc.boolean(),
          laden: fc.boolean(),
        }),
        async (terrain, from, unit) => {
          await new Promise((r) => setImmediate(r));
          const g = gridGraph("base", COLS, ROWS, terrain);
          const p = parseScenario(JSON.stringify({ unit, path: [] }), "u.json", [ir]);
          expect(p.diagnostics).toEqual([]);
          const b = interpretedBinding(ir, p.perRuleset[0]!.value, unit);
          const interpreted = reachOnMap(b, g, from);
          const generatedReach = gen.reach(g, unit, g.names[from]!);
          const best = bruteReach(g, from, unit.mp + 2, prefixPricer(unit, g, b));
          const where = JSON.stringify({ terrain, from: g.names[from], unit });
          expectAsBrute(g, best, { interpreted, generated: generatedReach }, where);
          if (best.size > 5) reachedFar++;
        },
      ),
      { seed: 20261127, numRuns: 80 },
    );
    expect(reachedFar, "runs reaching more than 5 hexes").toBeGreaterThan(10);
  }, 120_000);
});
