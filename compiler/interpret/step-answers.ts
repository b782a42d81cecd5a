/**
 * Per-step answers of a scenario: the values a ruleset gathers step by step. A rule or predicate that
 * reads the current step, takes no parameters and is the whole body of an aggregate somewhere in the
 * ruleset (`min step (location-drm)`, `any step (difficult-terrain)`) is a quantity the ruleset asks of
 * every step: ASL's First Fire DRM where the unit stands, whether a hex is Difficult Terrain. `eval`
 * reports each step's value with the citations consulted, after the move is priced (so `path.spent`,
 * `path.hexes` and the allowance are the scenario's). Runs in a browser (no Node API).
 */
import { evaluateMove } from "../../runtime/move.js";
import { ratNum, Rat } from "../../runtime/rational.js";
import type { RuleDef, RulesetIR, ScenarioValue } from "../ir/ir.js";
import { rulesetExprs, walk } from "../ir/walk.js";
import { InputError, type RunValue } from "./eval.js";
import { interpreterFor, prepare } from "./interpreter.js";

export interface StepAnswer {
  name: string;
  title: string;
  /** A number (in the rule's measure), a boolean, a member name; null when NA or decided by a roll. */
  value: number | boolean | string | null;
  /** How a reader sees the value: "-2", "1/2", "NA", "yes". */
  display: string;
  /** The citations the answer consulted: the rule's own first. */
  rules: string[];
}

/** The step rules a ruleset aggregates over the path, in declaration order. */
export function aggregatedStepRules(ir: RulesetIR): RuleDef[] {
  const names = new Set<string>();
  for (const e of rulesetExprs(ir)) {
    walk(e, (x) => {
      if (x.k === "agg" && x.body.k === "rule" && x.body.args.length === 0) names.add(x.body.name);
    });
  }
  return ir.rules.filter((r) => names.has(r.name) && r.context === "step" && r.params.length === 0);
}

/** For each step of the scenario, the answers of the aggregated step rules (empty when it has none). */
export function stepAnswers(ir: RulesetIR, input: ScenarioValue): StepAnswer[][] {
  const rules = aggregatedStepRules(ir);
  if (rules.length === 0) return input.path.map(() => []);
  const model = interpreterFor(ir);
  const { ctx, problems } = prepare(ir, input);
  if (problems.length > 0) return input.path.map(() => []);
  evaluateMove(model, ratNum, ctx, { trace: false });
  return ctx.path.map((_, i) => {
    ctx.i = i;
    return rules.map((r) => {
      const trace: string[] = [];
      let v: RunValue | null;
      try {
        v = model.ev.rule(r, ctx, trace);
      } catch (e) {
        if (!(e instanceof InputError)) throw e;
        v = null;
      }
      return { name: r.name, title: r.title, ...shown(v), rules: [...new Set([r.cite, ...trace])] };
    });
  });
}

function shown(v: RunValue | null): Pick<StepAnswer, "value" | "display"> {
  if (v === null) return { value: null, display: "by the dice" };
  if (v instanceof Rat)
    return v.isNA()
      ? { value: null, display: "NA" }
      : { value: v.toNumber(), display: v.toString() };
  if (typeof v === "boolean") return { value: v, display: v ? "yes" : "no" };
  if (typeof v === "string") return { value: v, display: v };
  return { value: [...v].join("+"), display: [...v].join("+") };
}
