/**
 * The answers a scenario gives to a ruleset's predicates ("may this unit use Assault Movement / fire
 * its SW / Dash?"), as the rule texts ask them: every predicate without parameters that is read once
 * per move (not per step), evaluated after the move is priced (so `path.spent`, `path.hexes` and the
 * allowance are those of the scenario), each with the citations it consulted. A predicate that
 * depends on a roll the scenario does not fix answers null. Runs in a browser (no Node API).
 */
import { evaluateMove } from "../../runtime/move.js";
import { ratNum } from "../../runtime/rational.js";
import type { RulesetIR, ScenarioValue } from "../ir/ir.js";
import { InputError } from "./eval.js";
import { interpreterFor, prepare } from "./interpreter.js";

export interface PredicateAnswer {
  name: string;
  title: string;
  /** true / false, or null when the answer depends on a roll the scenario leaves open. */
  value: boolean | null;
  /** The citations the answer consulted: the predicate's own first. */
  rules: string[];
}

export function predicateAnswers(ir: RulesetIR, input: ScenarioValue): PredicateAnswer[] {
  const model = interpreterFor(ir);
  const { ctx, problems } = prepare(ir, input);
  if (problems.length > 0) return [];
  evaluateMove(model, ratNum, ctx, { trace: false });
  const out: PredicateAnswer[] = [];
  for (const r of ir.rules) {
    if (r.kind !== "predicate" || r.params.length > 0 || r.context === "step") continue;
    const trace: string[] = [];
    let value: boolean | null;
    try {
      value = model.ev.rule(r, ctx, trace) as boolean;
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      value = null;
    }
    out.push({ name: r.name, title: r.title, value, rules: [...new Set([r.cite, ...trace])] });
  }
  return out;
}
