/**
 * A scenario's answer as a rules expert gives it, under the interpreter: the enumeration of the values
 * of a field the scenario leaves out, the grouping of equal answers and what can be answered without a
 * number are runtime/cases.ts's (the one implementation a generated module's `evaluate()` calls too);
 * here are the interpreter's answer to one case (the move, its chance, its predicates and step
 * answers), its fields' values (from the IR) and how equal answers merge.
 *
 * A dice move without a fixed roll is also told roll by roll: how many rolls reach the end, and the
 * per-roll shortfalls folded into one violation each. Runs in a browser (no Node API).
 */
import {
  answerCases,
  fieldAt,
  partialAllowance,
  type Answering,
  type GivenValue,
  type PartialAnswer,
} from "../../runtime/cases.js";
import { chanceOfMove, legalByChance, moveWork, type Chance } from "../../runtime/chance.js";
import { known } from "../../runtime/unknown.js";
import { Rat, ratNum } from "../../runtime/rational.js";
import type { MoveResult } from "../../runtime/types.js";
import type { Question } from "../../runtime/answers.js";
import type { InputField, RecordName, RuleDef, RulesetIR, ScenarioValue, Value } from "../ir/ir.js";
import type { EvalContext } from "./eval.js";
import { interpretAnswers, interpreterFor, prepare } from "./interpreter.js";
import {
  movePredicates,
  predicateAnswer,
  ruleQuestions,
  type PredicateAnswer,
} from "./predicates.js";
import { aggregatedStepRules, stepAnswer, type StepAnswer } from "./step-answers.js";

/** A value a left-out field is given to price one case: an enum member's name, or a boolean. */
export type { GivenValue };

/** A dice move without a fixed roll, told roll by roll (runtime/chance.ts). */
export type { Chance };

/** What can be answered without a number the scenario leaves out (`needs`, runtime/cases.ts). */
export type Partial = PartialAnswer;

/** One answer: for every scenario (`given` empty), or for the values of the fields in `given`. */
export interface CaseAnswer {
  /** Field (scenario path) → the values this answer holds for. */
  given: Record<string, GivenValue[]>;
  /** The scenario with the first of those values filled in (the one priced for this answer). */
  input: ScenarioValue;
  /** The whole answer, or null when a number the scenario leaves out is needed (`partial`, `needs`). */
  result: MoveResult | null;
  partial: Partial | null;
  /** Number fields the answer needs and the scenario leaves out (scenario paths). */
  needs: string[];
  chance: Chance | null;
  predicates: PredicateAnswer[];
  perStep: StepAnswer[][];
}

export interface ScenarioReply {
  /** Fields the answer depends on (empty: one answer, `cases[0]`). */
  dependsOn: string[];
  /** Fields left out whose every value gives the same answer. */
  notNeeded: string[];
  cases: CaseAnswer[];
  /** Fields left to their default whose value changes the answer, with the default assumed. */
  assumed: { field: string; value: GivenValue }[];
}

/** The interpreter's whole answer to one case. */
interface Answered {
  result: MoveResult;
  chance: Chance | null;
  predicates: PredicateAnswer[];
  perStep: StepAnswer[][];
}

/**
 * The answer to `input` under `ir` (runtime/cases.ts enumerates and groups). Throws the
 * `EvaluationFault` of a scenario nothing can be answered for (a field the allowance itself needs, a
 * fixed roll that does not fit, a value out of range).
 */
export function answerScenario(
  ir: RulesetIR,
  input: ScenarioValue,
  notApplicable: string[],
): ScenarioReply {
  const q = questionsOf(ir);
  const how: Answering<ScenarioValue, Answered> = {
    // Each case priced once, its questions asked of that one pricing (runtime/answers.ts).
    answer: (x) => {
      const a = interpretAnswers(ir, x, notApplicable, true, q.predicates, q.perStep);
      const { result } = a;
      return {
        result,
        chance: result.probability !== undefined ? chanceOf(ir, x, notApplicable) : null,
        predicates: a.predicates.map((p, j) => predicateAnswer(q.predicateRules[j]!, p)),
        perStep: a.perStep.map((s) => s.map((v, j) => stepAnswer(q.stepRules[j]!, v))),
      };
    },
    values: (path) => fieldValues(ir, path),
    withValue: (x, path, v) => withFieldValue(ir, x, path, v),
    partial: (x, missing) =>
      partialAllowance(
        interpreterFor(ir),
        ratNum,
        (roll) => prepare(ir, { ...x, roll: roll === null ? undefined : [...roll] }).ctx,
        x.roll ?? null,
        missing,
      ),
    work: (x) =>
      moveWork(interpreterFor(ir), x.path.length, x.roll !== undefined && x.roll.length > 0),
    key: (a) => [a.result, a.chance],
    merge: mergeAnswers,
    defaults: (x) => defaultsOf(ir, x),
    withUnknown: withUnknownField,
    scale: ir.scale,
    withNumber: (x, path, value) => {
      const f = fieldOf(ir, path);
      return f?.def.type.t === "num" ? withValue(x, f, value, path) : null;
    },
    measureOf: (path) => {
      const t = fieldOf(ir, path)?.def.type;
      return t?.t === "num" ? t.measure : null;
    },
    legal: (a) => (a.chance === null ? a.result.legal : legalByChance(a.chance)),
  };
  const reply = answerCases(input, how);
  return {
    dependsOn: reply.dependsOn,
    notNeeded: reply.notNeeded,
    assumed: reply.assumed,
    cases: reply.cases.map((c) => ({
      given: c.given,
      input: c.input,
      result: c.answer?.result ?? null,
      partial: c.partial,
      needs: c.needs,
      chance: c.answer?.chance ?? null,
      predicates: c.answer?.predicates ?? [],
      perStep: c.answer?.perStep ?? [],
    })),
  };
}

/** A ruleset's questions: its predicates about the move and the rules it asks of every step. */
interface Questions {
  predicateRules: RuleDef[];
  stepRules: RuleDef[];
  predicates: Question<EvalContext>[];
  perStep: Question<EvalContext>[];
}
const QUESTIONS = new WeakMap<RulesetIR, Questions>();
function questionsOf(ir: RulesetIR): Questions {
  let q = QUESTIONS.get(ir);
  if (q === undefined) {
    const predicateRules = movePredicates(ir);
    const stepRules = aggregatedStepRules(ir);
    q = {
      predicateRules,
      stepRules,
      predicates: ruleQuestions(ir, predicateRules),
      perStep: ruleQuestions(ir, stepRules),
    };
    QUESTIONS.set(ir, q);
  }
  return q;
}

/** Equal answers as one: predicates and step answers kept where all agree. */
function mergeAnswers(as: readonly Answered[]): Answered {
  const first = as[0]!;
  const agree = (p: PredicateAnswer) =>
    as.every((c) => c.predicates.some((q) => q.name === p.name && q.value === p.value));
  const sameSteps = as.every((c) => JSON.stringify(c.perStep) === JSON.stringify(first.perStep));
  return {
    ...first,
    predicates: first.predicates.filter(agree),
    perStep: sameSteps ? first.perStep : first.perStep.map(() => []),
  };
}

interface FieldRef {
  rec: RecordName;
  /** The step's index, for a step field. */
  index: number | null;
  def: InputField;
}

/**
 * Every value of the field at scenario path `path` in `ir` when it has finitely many (enum members,
 * booleans), else null (a number, a set, no such field): the values `eval` answers a field left out
 * for, and `reach` searches a field given as unknown for (compiler/reach/per-value.ts).
 */
export function fieldValues(ir: RulesetIR, path: string): GivenValue[] | null {
  const field = fieldOf(ir, path);
  return field === null ? null : valuesOf(ir, field.def);
}

/** `x` with the field at scenario path `path` given `v` (no longer unknown). */
export function withFieldValue(
  ir: RulesetIR,
  x: ScenarioValue,
  path: string,
  v: GivenValue,
): ScenarioValue {
  return withValue(x, fieldOf(ir, path)!, v, path);
}

/** The input field a scenario path names (`vehicle.kind`, `path[2].inches`, `year`), or null. */
function fieldOf(ir: RulesetIR, path: string): FieldRef | null {
  const { rec, index, json } = fieldAt(path);
  const def = ir.inputs.find((i) => i.rec === rec)?.fields.find((f) => f.json === json);
  return def ? { rec, index, def } : null;
}

/** Every value of a field with finitely many (enum members, booleans), or null for a number or a set. */
function valuesOf(ir: RulesetIR, f: InputField): GivenValue[] | null {
  if (f.type.t === "bool") return [true, false];
  if (f.type.t !== "enum") return null;
  const name = f.type.name;
  return ir.enums.find((e) => e.name === name)?.members.map((m) => m.name) ?? null;
}

function withValue(
  given: ScenarioValue,
  f: FieldRef,
  v: GivenValue | Rat,
  path: string,
): ScenarioValue {
  // The field now has a value: no longer unknown (runtime/unknown.ts).
  const { unknown: _u, ...rest } = given;
  const left = known(given.unknown, path);
  const input: ScenarioValue = left === undefined ? rest : { ...rest, unknown: left };
  const value: Value =
    typeof v === "boolean"
      ? { v: "bool", b: v }
      : v instanceof Rat
        ? { v: "num", q: v.toString() }
        : { v: "member", enum: (f.def.type as { name: string }).name, name: v };
  const set = (r: Record<string, Value> | null) => ({ ...(r ?? {}), [f.def.name]: value });
  switch (f.rec) {
    case "unit":
      return { ...input, unit: set(input.unit) };
    case "vehicle":
      return { ...input, vehicle: set(input.vehicle) };
    case "scenario":
      return { ...input, scenario: set(input.scenario) };
    case "step":
      return { ...input, path: input.path.map((s, i) => (i === f.index ? set(s) : s)) };
  }
}

/** A dice move without a fixed roll, priced once per roll (runtime/chance.ts). */
function chanceOf(ir: RulesetIR, input: ScenarioValue, notApplicable: string[]): Chance {
  return chanceOfMove(
    interpreterFor(ir),
    ratNum,
    (roll) => prepare(ir, { ...input, roll: [...roll] }).ctx,
    notApplicable,
  );
}

/**
 * The finite fields `x` leaves to their default (not given as unknown), each with the default it takes:
 * the candidates for "assuming no unit.leader (the default)" (runtime/cases.ts `assumed`), for eval and
 * for reach (compiler/reach/per-value.ts).
 */
export function defaultsOf(
  ir: RulesetIR,
  x: ScenarioValue,
): { field: string; value: GivenValue }[] {
  return (x.defaulted ?? []).flatMap((path): { field: string; value: GivenValue }[] => {
    const f = fieldOf(ir, path);
    if (f === null || (x.unknown ?? []).includes(path)) return [];
    const rec = f.rec === "step" ? null : f.rec === "vehicle" ? x.vehicle : x[f.rec];
    const v = rec?.[f.def.name];
    if (v?.v === "bool") return [{ field: path, value: v.b }];
    if (v?.v === "member") return [{ field: path, value: v.name }];
    return [];
  });
}

/** `x` with the field at `path` given as unknown (answered for every value, no default assumed). */
export function withUnknownField(x: ScenarioValue, path: string): ScenarioValue {
  return { ...x, unknown: [...(x.unknown ?? []), path] };
}
