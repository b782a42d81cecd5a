/**
 * Differential property test: for every generated module, random units, vehicles, scenarios, paths
 * and rolls must give exactly the same MoveResult (allowance, spent, legality, per-step costs and
 * citations, violations, vehicle spending) from the generated code (integer ticks) as from the
 * interpreter (exact rationals).
 */
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as generated from "../generated/index.js";
import type { InputField, RecordName, RulesetIR, ScenarioValue, Value } from "../compiler/ir/ir.js";
import { loadRuleset } from "../compiler/engine/index.js";
import { interpreterFor, prepare } from "../compiler/interpret/interpreter.js";
import { countHexes, evaluateMove, pricePath } from "../runtime/move.js";
import { unique } from "../runtime/lists.js";
import type { Explanation } from "../runtime/explain.js";
import type { MoveContext, MoveModel, Num } from "../runtime/types.js";
import { ratNum } from "../runtime/rational.js";
import { nodeHost, rulesetFolders } from "../compiler/node/host.js";

const root = join(import.meta.dirname, "..");
const host = nodeHost(rulesetFolders(root));

type Plain = number | string | boolean | string[];
type PlainRecord = Record<string, Plain>;

function fieldArb(ir: RulesetIR, f: InputField): fc.Arbitrary<Plain> {
  const t = f.type;
  const members = (name: string) =>
    ir.enums.find((e) => e.name === name)!.members.map((m) => m.name);
  if (t.t === "bool") return fc.boolean();
  if (t.t === "enum") return fc.constantFrom(...members(t.name));
  if (t.t === "set") return fc.subarray(members(t.of));
  const halves = ir.scale % 2 === 0;
  return fc.integer({ min: 0, max: halves ? 16 : 8 }).map((x) => (halves ? x / 2 : x));
}

function recordArb(ir: RulesetIR, rec: RecordName): fc.Arbitrary<PlainRecord> {
  const fields = ir.inputs.find((i) => i.rec === rec)?.fields ?? [];
  const model: Record<string, fc.Arbitrary<Plain>> = {};
  const required: string[] = [];
  for (const f of fields) {
    model[f.json] = fieldArb(ir, f);
    if (!f.optional && f.default === null) required.push(f.json);
  }
  return fc.record(model, { requiredKeys: required });
}

function toValue(ir: RulesetIR, f: InputField, x: Plain): Value {
  const t = f.type;
  if (t.t === "bool") return { v: "bool", b: x as boolean };
  if (t.t === "enum") return { v: "member", enum: t.name, name: x as string };
  if (t.t === "set") return { v: "set", enum: t.of, members: x as string[] };
  const n = x as number;
  return { v: "num", q: Number.isInteger(n) ? String(n) : `${n * 2}/2` };
}

function toScenarioValue(
  ir: RulesetIR,
  input: {
    unit: PlainRecord;
    vehicle?: PlainRecord;
    scenario?: PlainRecord;
    path: PlainRecord[];
    roll?: number[];
  },
): ScenarioValue {
  const conv = (rec: RecordName, r: PlainRecord | undefined): Record<string, Value> => {
    const out: Record<string, Value> = {};
    for (const f of ir.inputs.find((i) => i.rec === rec)?.fields ?? []) {
      if (r && r[f.json] !== undefined) out[f.name] = toValue(ir, f, r[f.json]!);
    }
    return out;
  };
  const sv: ScenarioValue = {
    unit: conv("unit", input.unit),
    vehicle: input.vehicle ? conv("vehicle", input.vehicle) : null,
    scenario: conv("scenario", input.scenario),
    path: input.path.map((s) => conv("step", s)),
  };
  if (input.roll) sv.roll = input.roll;
  return sv;
}

// The pricing loop over each module's model (its `evaluate` adds the input checks and the answers
// of test/emit/modules.test.ts on top).
const modules = Object.entries(generated.rulesets) as unknown as [
  string,
  {
    model: MoveModel<number, MoveContext<number>>;
    num: Num<number>;
    prepare: (input: unknown) => MoveContext<number>;
    price: (ctx: MoveContext<number>) => number;
    explain: (ctx: MoveContext<number>) => Explanation;
    SCALE: number;
  },
][];

describe("generated modules agree with the interpreter", () => {
  it("has generated modules to compare", () => {
    expect(modules.length).toBeGreaterThan(0);
  });
  for (const [id, mod] of modules) {
    it(`${id}: random moves give identical results`, () => {
      const loaded = loadRuleset(id, host);
      expect(loaded.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
      const ir = loaded.ir!;
      const interp = interpreterFor(ir);
      const hasVehicle = ir.inputs.some((i) => i.rec === "vehicle");
      const rollArb =
        interp.dice > 0
          ? fc.option(
              fc.array(fc.integer({ min: 1, max: interp.sides }), {
                minLength: interp.dice,
                maxLength: interp.dice,
              }),
              { nil: undefined, freq: 4 },
            )
          : fc.constant(undefined);
      const scenarioArb = fc.record({
        unit: recordArb(ir, "unit"),
        vehicle: hasVehicle
          ? fc.option(recordArb(ir, "vehicle"), { nil: undefined })
          : fc.constant(undefined),
        scenario: recordArb(ir, "scenario"),
        path: fc.array(recordArb(ir, "step"), { maxLength: 6 }),
        roll: rollArb,
      });
      fc.assert(
        fc.property(scenarioArb, (input) => {
          const clean = JSON.parse(JSON.stringify(input));
          // `price` (the rules specialised at compile time) is `pricePath`'s sum, and `explain`
          // gives each step's cost and rules as `evaluateMove` does (with a roll fixed, if any).
          const failure = (f: () => unknown): unknown => {
            try {
              return f();
            } catch (e) {
              if (e instanceof Error) return { error: e.message };
              throw e;
            }
          };
          // `price` computes the allowance only if a rule reads it: the reference reads it lazily.
          const lazy = (): [MoveModel<number, MoveContext<number>>, MoveContext<number>] => {
            const ctx = mod.prepare(clean);
            Object.defineProperty(ctx, "allowance", {
              get: () => mod.model.allowance(ctx, null),
              set: () => {},
            });
            return [{ ...mod.model, allowance: () => 0 }, ctx];
          };
          expect(failure(() => mod.price(mod.prepare(clean)))).toEqual(
            failure(() => {
              const [model, ctx] = lazy();
              return pricePath(model, mod.num, ctx);
            }),
          );
          if (interp.dice === 0 || clean.roll !== undefined) {
            const explained = failure(() => {
              const e = mod.explain(mod.prepare(clean));
              return {
                spent: e.spent,
                steps: e.steps.map((s) => ({
                  cost: Number.isNaN(s.cost) ? null : s.cost / mod.SCALE,
                  rules: s.rules,
                })),
              };
            });
            // Each step as `evaluateMove` prices it: `ctx.hexes` set, `ctx.spent` 0, the trace kept.
            const evaluated = failure(() => {
              const [model, ctx] = lazy();
              ctx.hexes = countHexes(model, ctx);
              ctx.spent = 0;
              const steps = ctx.path.map((_, i) => {
                ctx.i = i;
                const rules: string[] = [];
                const cost = model.stepCost(ctx, rules);
                return { cost: Number.isNaN(cost) ? null : cost / mod.SCALE, rules: unique(rules) };
              });
              const spent = steps.reduce((a, s) => a + (s.cost ?? NaN) * mod.SCALE, 0);
              return { spent, steps };
            });
            expect(explained).toEqual(evaluated);
          }
          // A field a rule needs and the scenario leaves out (`need(…)`) stops both with one message.
          const attempt = (f: () => unknown): unknown => {
            try {
              return f();
            } catch (e) {
              if (e instanceof Error && /^this move needs `/.test(e.message))
                return { error: e.message };
              throw e;
            }
          };
          const fromGenerated = attempt(() =>
            evaluateMove(mod.model, mod.num, mod.prepare(clean), { trace: true }),
          );
          // The pricing loop itself (interpretScenario also refuses a roll longer than the move reads).
          const fromInterpreter = attempt(() =>
            evaluateMove(interp, ratNum, prepare(ir, toScenarioValue(ir, clean)).ctx, {
              notApplicable: [],
              trace: true,
            }),
          );
          expect(fromGenerated).toEqual(fromInterpreter);
        }),
        { numRuns: 300, seed: 20261122 },
      );
    });
  }
});
