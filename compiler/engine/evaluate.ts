/**
 * Evaluating a scenario under one or more rulesets: parse and validate the scenario's JSON against
 * them, then per ruleset its move, its predicates' answers and the values it gathers step by step. A
 * scenario that validates but cannot be evaluated (an evaluation fault: an `InputError` or an
 * overflow) is a located diagnostic, not a throw.
 */
import { hasErrors, type Diagnostic } from "../../diagnostics/index.js";
import type { RulesetIR, ScenarioValue } from "../ir/ir.js";
import { isEvaluationFault } from "../interpret/eval.js";
import { answerScenario, type CaseAnswer, type ScenarioReply } from "../interpret/answers.js";
import type { PredicateAnswer } from "../interpret/predicates.js";
import type { StepAnswer } from "../interpret/step-answers.js";
import { evaluationDiagnostic, parseScenario } from "../scenario/index.js";
import type { MoveResult } from "../../runtime/types.js";
import {
  naVerdict,
  replyVerdict,
  suiteRow,
  type ScenarioFile,
  type ScenarioSuite,
  type Verdict,
} from "../diff/scenarios.js";
import type { Outcome } from "./outcome.js";

export interface ScenarioRequest {
  rulesets: readonly RulesetIR[];
  /** The scenario's JSON text, and the name its diagnostics' spans give it. */
  text: string;
  file: string;
  /**
   * Only the move is asked (the diff's scenario suite): no predicate answers and no per-step values
   * (their lists are empty).
   */
  moveOnly?: boolean;
}

/**
 * One ruleset's answer to a scenario: `reply` has one case per group of equal answers over the values
 * of the fields the scenario leaves out (one case, with `dependsOn` empty, when all agree). `result`,
 * `predicates` and `perStep` are that one case's, when it is the whole answer (`result` null when the
 * answer depends on a field or needs a number the scenario leaves out).
 */
export interface ScenarioAnswer {
  ir: RulesetIR;
  input: ScenarioValue;
  /** The scenario's fields this ruleset has no use for. */
  notApplicable: string[];
  reply: ScenarioReply;
  result: MoveResult | null;
  predicates: PredicateAnswer[];
  /** Per step, the values the ruleset gathers there (empty when it gathers none). */
  perStep: StepAnswer[][];
}

export type { CaseAnswer, ScenarioReply };

export interface Evaluation {
  /** The scenario's name (its `name`, else the file's name without `.json`). */
  name: string;
  answers: ScenarioAnswer[];
}

/** An evaluation's outcome, with the scenario's name even when it cannot be evaluated. */
export interface ScenarioOutcome extends Outcome<Evaluation> {
  /** The scenario's `name`, else the file's name without `.json`. */
  name: string;
}

export function evaluateScenario(req: ScenarioRequest): ScenarioOutcome {
  const irs = [...req.rulesets];
  const parsed = parseScenario(req.text, req.file, irs);
  const name = parsed.name;
  const diagnostics: Diagnostic[] = [...parsed.diagnostics];
  if (hasErrors(diagnostics)) return { value: null, diagnostics, name };
  const answers: ScenarioAnswer[] = [];
  for (const [i, p] of parsed.perRuleset.entries()) {
    const ir = irs[i]!;
    try {
      const reply = answerScenario(ir, p.value, p.notApplicable);
      const plain = reply.dependsOn.length === 0 ? reply.cases[0]! : null;
      answers.push({
        ir,
        input: p.value,
        notApplicable: p.notApplicable,
        reply,
        result: plain?.result ?? null,
        predicates: req.moveOnly ? [] : (plain?.predicates ?? []),
        perStep: req.moveOnly ? [] : (plain?.perStep ?? p.value.path.map(() => [])),
      });
    } catch (e) {
      // The scenario passed validation but cannot be evaluated (a fixed roll with too few dice for
      // this move, a value beyond the exact range): a mistake in the scenario, reported as one.
      // Anything else is a bug.
      if (!isEvaluationFault(e)) throw e;
      diagnostics.push(evaluationDiagnostic(ir.id, e, req.text, req.file));
      return { value: null, diagnostics, name };
    }
  }
  return { value: { name, answers }, diagnostics, name };
}

/**
 * The scenario suite of a diff report: every scenario file evaluated under each ruleset on its own,
 * as `evaluateScenario` (so `eval`) answers it, as a verdict table. One ruleset's unknown terrain,
 * or a scenario it cannot evaluate, makes only that ruleset's cell "n/a" (with the reason).
 */
export function runSuite(irs: readonly RulesetIR[], files: readonly ScenarioFile[]): ScenarioSuite {
  return {
    scenarios: files.map((f) => {
      let name = f.file.replace(/^.*\//, "").replace(/\.json$/i, "");
      const outcomes = irs.map((ir) =>
        evaluateScenario({ rulesets: [ir], text: f.text, file: f.file, moveOnly: true }),
      );
      // Whose scenario it is, for the rulesets that cannot read it: those that can.
      const readers = irs.filter((_, i) => outcomes[i]!.value !== null);
      const results: Record<string, Verdict> = {};
      for (const [i, ir] of irs.entries()) {
        const e = outcomes[i]!;
        if (e.name) name = e.name;
        const answer = e.value?.answers[0];
        results[ir.id] = answer
          ? replyVerdict(ir, answer.reply, answer.notApplicable)
          : naVerdict(
              e.diagnostics.filter((d) => d.severity === "error"),
              readers,
            );
      }
      return suiteRow(f.file, name, results);
    }),
  };
}
