/**
 * The answers a scenario gives to a ruleset's predicates ("may this unit use Assault Movement / fire
 * its SW / Dash?"), as the rule texts ask them: every predicate without parameters that is read once
 * per move (not per step), asked after the move is priced (so `path.spent`, `path.hexes` and the
 * allowance are those of the scenario), each with the citations it consulted. A predicate that
 * depends on a roll the scenario does not fix answers null. Here are the questions and how an answer
 * reads; runtime/answers.ts `answerMove` prices the move once and asks them (as it does for a
 * generated module). Runs in a browser (no Node API).
 */
import type { Asked, Question } from "../../runtime/answers.js";
import type { RuleDef, RulesetIR } from "../ir/ir.js";
import type { EvalContext } from "./eval.js";
import { interpreterFor } from "./interpreter.js";

export interface PredicateAnswer {
  name: string;
  title: string;
  /** true / false, or null when the answer depends on a roll the scenario leaves open. */
  value: boolean | null;
  /** The citations the answer consulted: the predicate's own first. */
  rules: string[];
}

/** The predicates a scenario answers: without parameters, read once per move, in declaration order. */
export function movePredicates(ir: RulesetIR): RuleDef[] {
  return ir.rules.filter(
    (r) => r.kind === "predicate" && r.params.length === 0 && r.context !== "step",
  );
}

/**
 * `rules` as questions the runtime asks of a priced move (`answerMove`): each asked of the context
 * the pricing left, its value the evaluator's (predicates.ts and step-answers.ts say how it reads).
 */
export function ruleQuestions(ir: RulesetIR, rules: readonly RuleDef[]): Question<EvalContext>[] {
  const ev = interpreterFor(ir).ev;
  return rules.map((r) => ({
    name: r.name,
    cite: r.cite,
    type: r.type.t === "dist" ? "num" : r.type.t,
    ask: (ctx, trace) => ev.rule(r, ctx, trace),
  }));
}

/** A predicate's answer as `eval` reports it. */
export function predicateAnswer(r: RuleDef, a: Asked): PredicateAnswer {
  return { name: r.name, title: r.title, value: a.value as boolean | null, rules: a.rules };
}
