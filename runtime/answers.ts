/**
 * What a generated module's `evaluate` answers, as `variorum eval --json` does: besides the move's
 * price (compiler/interpret/predicates.ts and step-answers.ts for the interpreter), the ruleset's
 * predicates about the whole move ("may it use Assault Movement?") and the values it gathers step by
 * step (ASL's First Fire DRM where the unit stands), each with the citations it consulted, asked after
 * the move is priced (an answer a roll the scenario leaves open decides is null); and, where the input
 * leaves out a detail a rule needs, the answer for every value of it (`answerInput`, through
 * runtime/cases.ts, the implementation `eval` uses too).
 */
import {
  answerCases,
  fieldAt,
  givenRecord,
  needsRecord,
  partialAllowance,
  replyRecord,
  type Answering,
  type GivenValue,
  type NeedsRecord,
} from "./cases.js";
import { chanceOfMove, moveWork, withChance } from "./chance.js";
import { InputError } from "./errors.js";
import { known, markUnknown } from "./unknown.js";
import type { CheckedInput, CheckedRecord, FieldDomain, InputDomains } from "./input.js";
import { evaluateMove, type EvaluateOptions } from "./move.js";
import type {
  DistributionSummary,
  MoveContext,
  MoveModel,
  MoveResult,
  Num,
  StepResult,
} from "./types.js";

/** One question a module answers: a predicate, or a rule asked of every step. */
export interface Question<X> {
  readonly name: string;
  readonly cite: string;
  /** How its value reads: a number in ticks, true/false, a member, a set of members. */
  readonly type: "num" | "bool" | "enum" | "set";
  readonly ask: (ctx: X, trace: string[]) => unknown;
}

/** A step of `evaluate`'s result, with the values the ruleset gathers there (when it gathers any). */
export interface AnsweredStep extends StepResult {
  /** Name → value: a number in the rule's measure, true/false, a member name; null when NA or by the dice. */
  answers?: Record<string, number | boolean | string | null>;
  /** Name → the citations consulted, the rule's own first. */
  answerRules?: Record<string, string[]>;
}

/**
 * An allowance as a module's answers give it: `number` for a ruleset that rolls no dice (its generated
 * module types its answers `Answer<number>`), else a number or, without a fixed roll, its distribution.
 */
export type AllowanceOf = number | DistributionSummary;

/** The result of a generated module's `evaluate`: one entry of `variorum eval --json`'s `results`. */
export interface Evaluation<A extends AllowanceOf = AllowanceOf>
  extends Omit<MoveResult, "steps" | "legal" | "probability" | "allowance"> {
  /** The allowance: a number, or (a dice ruleset without a fixed roll) its distribution. */
  allowance: A;
  /** Legal or not; null when the dice decide (a dice move without a fixed roll: see `probability`). */
  legal: boolean | null;
  /** A dice move without a fixed roll: the exact chance it is legal, "15/36" (runtime/chance.ts). */
  probability?: string;
  steps: AnsweredStep[];
  /** Each predicate about the whole move: true / false, or null when a roll left open decides. */
  predicates: Record<string, boolean | null>;
  /** Each predicate's citations, its own first. */
  predicateRules: Record<string, string[]>;
}

/** A question asked of a priced move: its value as the rule gives it, and the citations consulted. */
export interface Asked {
  /** The rule's value; null when it reads an input or a roll the move leaves open (an `InputError`). */
  readonly value: unknown;
  /** The citations consulted, the question's own first. */
  readonly rules: string[];
}

/** A move's answers, built once: its price and every question asked of it. */
export interface MoveAnswers {
  result: MoveResult;
  /** Per question about the whole move, in order. */
  predicates: Asked[];
  /** Per step, per question asked of every step (each an empty array when there are none). */
  perStep: Asked[][];
}

function ask<X>(q: Question<X>, ctx: X): Asked {
  const trace: string[] = [];
  let value: unknown;
  try {
    value = q.ask(ctx, trace);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    value = null;
  }
  return { value, rules: [...new Set([q.cite, ...trace])] };
}

/**
 * The one builder of a move's answers, for generated modules (`answerInput`) and the interpreter
 * (compiler/interpret/answers.ts): the move in `ctx` priced once (`evaluateMove`), then `predicates`
 * asked of the context the pricing left (`path.spent`, `path.hexes` and the allowance are the move's),
 * and `perStep` asked of every step with `ctx.i` set.
 */
export function answerMove<T, X extends MoveContext<T>>(
  model: MoveModel<T, X>,
  num: Num<T>,
  ctx: X,
  opts: EvaluateOptions,
  predicates: readonly Question<X>[],
  perStep: readonly Question<X>[],
): MoveAnswers {
  return askOf(evaluateMove(model, num, ctx, opts), ctx, predicates, perStep);
}

/** `result` (the move priced in `ctx`) with `predicates` and, per step, `perStep` asked of `ctx`. */
function askOf<X extends MoveContext<unknown>>(
  result: MoveResult,
  ctx: X,
  predicates: readonly Question<X>[],
  perStep: readonly Question<X>[],
): MoveAnswers {
  const asked = predicates.map((q) => ask(q, ctx));
  const steps = result.steps.map((_, i): Asked[] => {
    if (perStep.length === 0) return [];
    ctx.i = i;
    return perStep.map((q) => ask(q, ctx));
  });
  return { result, predicates: asked, perStep: steps };
}

/** An asked value as `evaluate` shows it: numbers in the measure (ticks of `scale`), sets joined by `+`. */
function shown(
  q: Pick<Question<unknown>, "type">,
  a: Asked,
  scale: number,
): { value: number | boolean | string | null; rules: string[] } {
  const { value: v, rules } = a;
  if (v === null) return { value: null, rules };
  switch (q.type) {
    case "num": {
      const n = v as number;
      return { value: n !== n ? null : n / scale + 0, rules };
    }
    case "set":
      return { value: [...(v as ReadonlySet<string>)].join("+"), rules };
    default:
      return { value: v as boolean | string, rules };
  }
}

/**
 * `result` with the answers of `predicates` and, per step, of `perStep`, asked of `ctx` as the move
 * left it (`path.spent`, `path.hexes` and the allowance are the move's); numbers are in ticks of `scale`.
 * (`answerInput` prices and asks in one, `answerMove`.)
 */
export function withAnswers<X extends MoveContext<number>>(
  result: MoveResult,
  ctx: X,
  predicates: readonly Question<X>[],
  perStep: readonly Question<X>[],
  scale: number,
): Evaluation {
  return evaluation(askOf(result, ctx, predicates, perStep), predicates, perStep, scale);
}

/**
 * A move's answers (`answerMove`) as `evaluate` gives them: the predicates and, per step, the answers
 * of `perStep` (each step without them when there are none); numbers are in ticks of `scale`.
 */
function evaluation<X>(
  a: MoveAnswers,
  predicates: readonly Question<X>[],
  perStep: readonly Question<X>[],
  scale: number,
): Evaluation {
  const { result } = a;
  const asked = predicates.map((q, j) => [q.name, shown(q, a.predicates[j]!, scale)] as const);
  const steps = result.steps.map((s, i): AnsweredStep => {
    if (perStep.length === 0) return s;
    const ans = perStep.map((q, j) => [q.name, shown(q, a.perStep[i]![j]!, scale)] as const);
    return {
      ...s,
      answers: Object.fromEntries(ans.map(([n, x]) => [n, x.value])),
      answerRules: Object.fromEntries(ans.map(([n, x]) => [n, x.rules])),
    };
  });
  // A numeric probability is the move's own; the module's `evaluate` states the exact chance.
  const { probability: _p, ...move } = result;
  return {
    ...move,
    steps,
    predicates: Object.fromEntries(asked.map(([n, x]) => [n, x.value as boolean | null])),
    predicateRules: Object.fromEntries(asked.map(([n, x]) => [n, x.rules])),
  };
}

/**
 * `evaluate`'s answer where the input leaves out a detail some of whose values give different answers:
 * one case per group of equal answers, each with the values it holds for (`given`).
 */
export interface DependentAnswer<A extends AllowanceOf = AllowanceOf> {
  ruleset: string;
  /** The fields (scenario paths) the answer depends on: `["vehicle.kind"]`. */
  dependsOn: string[];
  cases: (
    | (Omit<Evaluation<A>, "ruleset" | "notApplicable"> & { given: Record<string, GivenValue[]> })
    | NeedsRecord<A>
  )[];
  notApplicable: string[];
  /** Fields left out whose every value gives the same answer. */
  notNeeded?: string[];
}

/** `evaluate`'s answer where the input leaves out a number it needs: what can be said without it. */
export interface NeedsAnswer<A extends AllowanceOf = AllowanceOf> extends NeedsRecord<A> {
  ruleset: string;
  notApplicable: string[];
  notNeeded?: string[];
}

/**
 * What a generated module's `evaluate` returns, one entry of `variorum eval --json`'s `results`: the
 * move's answer (with `notNeeded` naming a left-out field every value of which gives it), the cases
 * of an answer that depends on a left-out field (`dependsOn`), or what can be said without a left-out
 * number (`needs`).
 */
export type Answer<A extends AllowanceOf = AllowanceOf> = (
  | (Evaluation<A> & { notNeeded?: string[] })
  | DependentAnswer<A>
  | NeedsAnswer<A>
) & {
  /** Fields left to their default whose value changes the answer → the default assumed. */
  assumed?: Record<string, GivenValue>;
};

/** What `answerInput` needs of a generated module. */
export interface ModuleAnswering<X extends MoveContext<number>> {
  readonly model: MoveModel<number, X>;
  readonly num: Num<number>;
  readonly domains: InputDomains;
  /** The evaluation context of a checked input. */
  readonly prepare: (input: CheckedInput) => X;
  readonly predicates: readonly Question<X>[];
  readonly stepQuestions: readonly Question<X>[];
  /** Whether each step lists the rules that priced it. */
  readonly trace: boolean;
}

/**
 * A checked input's answer, as `eval --json` gives it: the move priced and its questions answered
 * (the chance, without a fixed roll), for every value of a finite field it leaves out, equal answers
 * grouped (runtime/cases.ts). Throws `MissingInput` only when nothing can be answered.
 */
export function answerInput<X extends MoveContext<number>>(
  checked: CheckedInput,
  m: ModuleAnswering<X>,
): Answer {
  // A field given as unknown reads as missing (runtime/unknown.ts): a generated module's prepared
  // records hold each field under its JSON name, an enum's also as its code (`terrainCode`).
  const prepare = (input: CheckedInput): X => {
    const ctx = m.prepare(input);
    if (input.unknown !== undefined)
      markUnknown(ctx as MoveContext<unknown>, input.unknown, (_rec, json) => [
        json,
        `${json}Code`,
      ]);
    return ctx;
  };
  const how: Answering<CheckedInput, Evaluation> = {
    answer: (input) => {
      const ctx = prepare(input);
      const notApplicable = input.notApplicable;
      const opts = { trace: m.trace, notApplicable };
      const moved = answerMove(m.model, m.num, ctx, opts, m.predicates, m.stepQuestions);
      const { result } = moved;
      const answered = evaluation(moved, m.predicates, m.stepQuestions, m.domains.scale);
      // Without a fixed roll the dice decide: the move priced once per roll (runtime/chance.ts).
      if (result.probability === undefined) return answered;
      const roll = (r: readonly number[]) => prepare({ ...input, roll: r });
      return withChance(answered, chanceOfMove(m.model, m.num, roll, notApplicable));
    },
    values: (path) => domainValues(m.domains, path),
    withValue: withGiven,
    partial: (input, missing) => {
      const { roll: fixed, ...rest } = input;
      const at = (roll: readonly number[] | null) =>
        prepare(roll === null ? rest : { ...rest, roll });
      return partialAllowance(m.model, m.num, at, fixed ?? null, missing);
    },
    work: (input) =>
      moveWork(m.model, input.path.length, input.roll !== undefined && input.roll.length > 0),
    key: (a) => {
      const { predicates: _p, predicateRules: _r, steps, ...move } = a;
      return { ...move, steps: steps.map(({ answers: _a, answerRules: _ar, ...s }) => s) };
    },
    merge: mergeEvaluations,
    defaults: (input) => {
      // What prepare fills in for a finite field of the unit, vehicle or scenario the input leaves out.
      const ctx = m.prepare(input);
      const out: { field: string; value: GivenValue }[] = [];
      const unknown = new Set(input.unknown ?? []);
      const recs = [
        ["unit.", input.unit, ctx.unit, m.domains.unit],
        ["vehicle.", input.vehicle, ctx.vehicle, m.domains.vehicle],
        ["", input.scenario, ctx.scenario, m.domains.scenario],
      ] as const;
      for (const [prefix, given, prepared, d] of recs) {
        if (given === undefined || d === null) continue;
        for (const [json, f] of d.fields) {
          if (f.t !== "bool" && f.t !== "enum") continue;
          if (given[json] !== undefined || unknown.has(`${prefix}${json}`)) continue;
          const v = (prepared as Record<string, unknown> | null)?.[json];
          if (typeof v === "boolean" || typeof v === "string")
            out.push({ field: `${prefix}${json}`, value: v });
        }
      }
      return out;
    },
    withUnknown: (input, field) => ({ ...input, unknown: [...(input.unknown ?? []), field] }),
    scale: m.domains.scale,
    withNumber: (input, path, value) =>
      numberDomain(m.domains, path) === null ? null : withGiven(input, path, value.toNumber()),
    measureOf: (path) => numberDomain(m.domains, path)?.measure ?? null,
    legal: (a) => a.legal,
  };
  const reply = answerCases(checked, how);
  return replyRecord(m.model.id, reply, checked.notApplicable, (c) => {
    if (c.answer === null) return { ...needsRecord(c) };
    const { ruleset: _r, ...answer } = c.answer;
    return { ...givenRecord(c.given), ...answer };
  }) as unknown as Answer;
}

/** Every value of the field at scenario path `path` when it has finitely many (a boolean, an enum). */
export function domainValues(d: InputDomains, path: string): GivenValue[] | null {
  const { rec, json } = fieldAt(path);
  const f = (rec === "vehicle" ? d.vehicle : d[rec])?.fields.get(json);
  if (f === undefined) return null;
  if (f.t === "bool") return [true, false];
  return f.t === "enum" ? [...new Set(f.members.values())] : null;
}

/** The domain of the field at scenario path `path` when it is a number, else null. */
function numberDomain(d: InputDomains, path: string): Extract<FieldDomain, { t: "num" }> | null {
  const { rec, json } = fieldAt(path);
  const f = (rec === "vehicle" ? d.vehicle : d[rec])?.fields.get(json);
  return f?.t === "num" ? f : null;
}

/** `input` with the field at scenario path `path` given `v`. */
function withGiven(given: CheckedInput, path: string, v: GivenValue | number): CheckedInput {
  const { rec, index, json } = fieldAt(path);
  const { unknown: _u, ...rest } = given;
  const left = known(given.unknown, path);
  const input: CheckedInput = left === undefined ? rest : { ...rest, unknown: left };
  // Null-prototype records, as checkInput makes them: a field named `__proto__` stays a field.
  const set = (r: CheckedRecord | undefined): CheckedRecord => {
    const out = Object.assign(Object.create(null) as CheckedRecord, r);
    out[json] = v;
    return out;
  };
  switch (rec) {
    case "unit":
      return { ...input, unit: set(input.unit) };
    case "vehicle":
      return { ...input, vehicle: set(input.vehicle) };
    case "scenario":
      return { ...input, scenario: set(input.scenario) };
    case "step":
      return { ...input, path: input.path.map((s, i) => (i === index ? set(s) : s)) };
  }
}

/** Equal answers as one: the predicates all of them answer alike, the step answers when all agree. */
function mergeEvaluations(as: readonly Evaluation[]): Evaluation {
  const first = as[0]!;
  const agree = Object.keys(first.predicates).filter((n) =>
    as.every((a) => a.predicates[n] === first.predicates[n]),
  );
  const stepAnswers = (a: Evaluation) =>
    JSON.stringify(a.steps.map((s) => [s.answers, s.answerRules]));
  const same = as.every((a) => stepAnswers(a) === stepAnswers(first));
  return {
    ...first,
    predicates: Object.fromEntries(agree.map((n) => [n, first.predicates[n] ?? null])),
    predicateRules: Object.fromEntries(agree.map((n) => [n, first.predicateRules[n] ?? []])),
    steps: same ? first.steps : first.steps.map(({ answers: _a, answerRules: _r, ...s }) => s),
  };
}
