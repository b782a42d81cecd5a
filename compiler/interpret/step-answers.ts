/**
 * Per-step answers of a scenario: the values a ruleset gathers step by step. A rule or predicate that
 * reads the current step, takes no parameters and is the whole body of an aggregate somewhere in the
 * ruleset (`min step (location-drm)`, `any step (difficult-terrain)`) is a quantity the ruleset asks of
 * every step: ASL's First Fire DRM where the unit stands, whether a hex is Difficult Terrain. `eval`
 * reports each step's value with the citations consulted, after the move is priced (so `path.spent`,
 * `path.hexes` and the allowance are the scenario's): runtime/answers.ts `answerMove` asks them, as
 * the questions of predicates.ts `ruleQuestions`. Here are which rules and how a value reads. Runs in
 * a browser (no Node API).
 */
import type { Asked } from "../../runtime/answers.js";
import { Rat } from "../../runtime/rational.js";
import type { RuleDef, RulesetIR } from "../ir/ir.js";
import { rulesetExprs, walk } from "../ir/walk.js";
import type { RunValue } from "./eval.js";

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

/** A step rule's answer at one step, as `eval` reports it. */
export function stepAnswer(r: RuleDef, a: Asked): StepAnswer {
  return { name: r.name, title: r.title, ...shown(a.value as RunValue | null), rules: a.rules };
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
