/**
 * A scenario's answer as a rules expert gives it (DESIGN.md, scenario clarifications): where a rule
 * needs a field the scenario leaves out and that field has finitely many values (an enum, a boolean),
 * the move is priced for each value and equal answers are grouped — one plain answer when all agree
 * (naming the field it did not need), else one case per group (`dependsOn`). Where the field is a
 * number (a distance), everything that does not need it is answered (the allowance, and for a dice
 * ruleset the chance to cover each whole unit up to the maximum) and the field is listed under
 * `needs`. Only a field nothing can be answered without stays an error (the `MissingInput` thrown).
 *
 * A dice move without a fixed roll is also told roll by roll: how many rolls reach the end, and the
 * per-roll shortfalls folded into one violation each. Runs in a browser (no Node API).
 */
import { diceRead, forEachRoll, summarize } from "../../runtime/dice.js";
import { chanceOfMove, type Chance } from "../../runtime/chance.js";
import { ratNum, type Rat } from "../../runtime/rational.js";
import { MissingInput } from "../../runtime/errors.js";
import type { DistributionSummary, MoveResult } from "../../runtime/types.js";
import type { InputField, RecordName, RulesetIR, ScenarioValue, Value } from "../ir/ir.js";
import { InputError } from "./eval.js";
import { interpretScenario, interpreterFor, prepare } from "./interpreter.js";
import { predicateAnswers, type PredicateAnswer } from "./predicates.js";
import { stepAnswers, type StepAnswer } from "./step-answers.js";

/** A value a left-out field is given to price one case: an enum member's name, or a boolean. */
export type GivenValue = string | boolean;

/** A dice move without a fixed roll, told roll by roll (runtime/chance.ts). */
export type { Chance };

/** What can be answered without a number the scenario leaves out (`needs`). */
export interface Partial {
  allowance: number | DistributionSummary;
  /** Exact allowance as "n/d" text when it is a single value and not whole. */
  exactAllowance?: string;
  /** A dice ruleset: for each whole unit 0…max, the rolls that cover at least that far, of `rolls`. */
  covers?: { at: number; rolls: number }[];
  rolls?: number;
}

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
}

/** At most this many evaluations per scenario and ruleset (each left-out field multiplies them). */
const MAX_CASES = 256;

/**
 * The answer to `input` under `ir`. Throws the `EvaluationFault` of a scenario nothing can be answered
 * for (a field the allowance itself needs, a fixed roll that does not fit, a value out of range).
 */
export function answerScenario(
  ir: RulesetIR,
  input: ScenarioValue,
  notApplicable: string[],
): ScenarioReply {
  const budget = { left: MAX_CASES };
  const cases = answerCases(ir, input, notApplicable, {}, budget);
  return group(cases);
}

function answerCases(
  ir: RulesetIR,
  input: ScenarioValue,
  notApplicable: string[],
  given: Record<string, GivenValue[]>,
  budget: { left: number },
): CaseAnswer[] {
  if (budget.left-- <= 0) throw new InputError("missing", null, "too many cases to answer");
  let result: MoveResult;
  try {
    result = interpretScenario(ir, input, notApplicable);
  } catch (e) {
    if (!(e instanceof MissingInput)) throw e;
    const field = fieldOf(ir, e.field);
    const values = field === null ? null : valuesOf(ir, field.def);
    if (field === null || values === null) {
      const partial = partialAnswer(ir, input, e);
      return [
        {
          given,
          input,
          result: null,
          partial,
          needs: [e.field],
          chance: null,
          predicates: [],
          perStep: [],
        },
      ];
    }
    return values.flatMap((v) =>
      answerCases(
        ir,
        withValue(input, field, v),
        notApplicable,
        { ...given, [e.field]: [v] },
        budget,
      ),
    );
  }
  return [
    {
      given,
      input,
      result,
      partial: null,
      needs: [],
      chance: result.probability !== undefined ? chanceOf(ir, input, notApplicable) : null,
      predicates: predicateAnswers(ir, input),
      perStep: stepAnswers(ir, input),
    },
  ];
}

/** Equal answers (the move's result, needs and chance) as one case, their `given` values merged. */
function group(cases: CaseAnswer[]): ScenarioReply {
  const fields = [...new Set(cases.flatMap((c) => Object.keys(c.given)))];
  const groups = new Map<string, CaseAnswer[]>();
  for (const c of cases) {
    const key = JSON.stringify([c.result, c.partial, c.needs, c.chance]);
    const g = groups.get(key);
    if (g) g.push(c);
    else groups.set(key, [c]);
  }
  const merged = [...groups.values()].map(mergeCases);
  if (merged.length === 1) {
    const only = merged[0]!;
    return { dependsOn: [], notNeeded: fields, cases: [{ ...only, given: {} }] };
  }
  const dependsOn = fields.filter(
    (f) => new Set(merged.map((c) => JSON.stringify(c.given[f]))).size > 1,
  );
  return {
    dependsOn,
    notNeeded: fields.filter((f) => !dependsOn.includes(f)),
    cases: merged.map((c) => ({
      ...c,
      given: Object.fromEntries(dependsOn.map((f) => [f, c.given[f] ?? []])),
    })),
  };
}

/** Cases with the same answer: the values of each field united; predicates and step answers kept where all agree. */
function mergeCases(cs: CaseAnswer[]): CaseAnswer {
  const first = cs[0]!;
  const given: Record<string, GivenValue[]> = {};
  for (const c of cs)
    for (const [f, vs] of Object.entries(c.given))
      for (const v of vs) if (!(given[f] ??= []).includes(v)) given[f]!.push(v);
  const agree = (p: PredicateAnswer) =>
    cs.every((c) => c.predicates.some((q) => q.name === p.name && q.value === p.value));
  const sameSteps = cs.every((c) => JSON.stringify(c.perStep) === JSON.stringify(first.perStep));
  return {
    ...first,
    given,
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

/** The input field a scenario path names (`vehicle.kind`, `path[2].inches`, `year`), or null. */
function fieldOf(ir: RulesetIR, path: string): FieldRef | null {
  const step = /^path\[(\d+)\]\.(.+)$/.exec(path);
  const dot = path.indexOf(".");
  const [rec, json, index]: [RecordName, string, number | null] = step
    ? ["step", step[2]!, Number(step[1])]
    : dot > 0 && ["unit", "vehicle"].includes(path.slice(0, dot))
      ? [path.slice(0, dot) as RecordName, path.slice(dot + 1), null]
      : ["scenario", path, null];
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

function withValue(input: ScenarioValue, f: FieldRef, v: GivenValue): ScenarioValue {
  const value: Value =
    typeof v === "boolean"
      ? { v: "bool", b: v }
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

/**
 * What a move can say without the number `missing` names: its allowance (for a dice ruleset without a
 * fixed roll, its distribution and the rolls that cover each whole unit). Throws `missing` when the
 * allowance needs it too (then nothing can be answered).
 */
function partialAnswer(ir: RulesetIR, input: ScenarioValue, missing: MissingInput): Partial {
  const model = interpreterFor(ir);
  const allowanceFor = (roll: readonly number[] | null): Rat => {
    const { ctx } = prepare(ir, { ...input, roll: roll === null ? undefined : [...roll] });
    ctx.hexes = input.path.filter((_, i) => model.isHex(ctx, i)).length;
    try {
      return model.allowance(ctx, null);
    } catch (e) {
      if (e instanceof MissingInput) throw missing;
      throw e;
    }
  };
  if (model.dice === 0 || (input.roll !== undefined && input.roll.length > 0)) {
    const a = allowanceFor(input.roll ?? null);
    const exact = a.toString();
    return a.isNA()
      ? { allowance: NaN, exactAllowance: "NA" }
      : exact.includes("/")
        ? { allowance: a.toNumber(), exactAllowance: exact }
        : { allowance: a.toNumber() };
  }
  const k = diceRead(model.dice, (n) => allowanceFor(new Array<number>(n).fill(1)));
  const values: number[] = [];
  forEachRoll(k, model.sides, (roll) => values.push(allowanceFor(roll).toNumber()));
  const allowance = summarize(values);
  const covers: { at: number; rolls: number }[] = [];
  for (let at = 0; at <= Math.floor(allowance.max); at++)
    covers.push({ at, rolls: values.filter((v) => v >= at).length });
  return { allowance, covers, rolls: values.length };
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
