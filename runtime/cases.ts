/**
 * A scenario's answer as a rules expert gives it (DESIGN.md, scenario clarifications), once for `eval`
 * (the interpreter, compiler/interpret/answers.ts) and a generated module's `evaluate()`
 * (runtime/answers.ts): where a rule needs a field the scenario leaves out and that field has finitely
 * many values (an enum, a boolean, a kind), the move is answered for each value and equal answers are
 * grouped — one plain answer when all agree (naming the field it did not need, `notNeeded`), else one
 * case per group (`dependsOn`). Where the field is a number (a distance), everything that does not need
 * it is answered (the allowance, and for a dice ruleset the chance to cover each whole unit up to the
 * maximum) and the field is listed under `needs`. Only a field nothing can be answered without stays an
 * error (the `MissingInput` thrown). Generic over the input and the answer; runs in a browser (no Node API).
 */
import { diceRead, forEachRoll, summarize } from "./dice.js";
import { InputError, MissingInput } from "./errors.js";
import type { DistributionSummary, MoveContext, MoveModel, Num } from "./types.js";

/** A value a left-out field is given to answer one case: an enum member's name, or a boolean. */
export type GivenValue = string | boolean;

/** What can be answered without a number the scenario leaves out (`needs`). */
export interface PartialAnswer {
  allowance: number | DistributionSummary;
  /** Exact allowance as "n/d" text when it is a single value and not whole ("NA" when not allowed). */
  exactAllowance?: string;
  /** A dice ruleset: for each whole unit 0…max, the rolls that cover at least that far, of `rolls`. */
  covers?: { at: number; rolls: number }[];
  rolls?: number;
}

/** One answer: for every scenario (`given` empty), or for the values of the fields in `given`. */
export interface Case<I, A> {
  /** Field (scenario path) → the values this answer holds for. */
  given: Record<string, GivenValue[]>;
  /** The input with the first of those values filled in (the one answered for this case). */
  input: I;
  /** The whole answer, or null when a number the scenario leaves out is needed (`partial`, `needs`). */
  answer: A | null;
  partial: PartialAnswer | null;
  /** Number fields the answer needs and the scenario leaves out (scenario paths). */
  needs: string[];
}

/** Every case of a scenario's answer. */
export interface Reply<I, A> {
  /** Fields the answer depends on (empty: one answer, `cases[0]`). */
  dependsOn: string[];
  /** Fields left out whose every value gives the same answer. */
  notNeeded: string[];
  cases: Case<I, A>[];
}

/** How one implementation (the interpreter, a generated module) answers and compares. */
export interface Answering<I, A> {
  /** The whole answer to `input`; throws `MissingInput` naming a field it leaves out. */
  answer(input: I): A;
  /** Every value of the field at scenario path `field` when it has finitely many, else null. */
  values(field: string): readonly GivenValue[] | null;
  /** `input` with the field at scenario path `field` set to `value`. */
  withValue(input: I, field: string, value: GivenValue): I;
  /** What can be answered without the number `missing` names; throws `missing` when nothing can. */
  partial(input: I, missing: MissingInput): PartialAnswer;
  /** What makes two answers one case (compared as JSON): the move's price, not the side answers. */
  key(answer: A): unknown;
  /** Answers that are one case, as one (keeping the side answers all of them agree on). */
  merge(answers: readonly A[]): A;
}

/** At most this many answers per scenario (each left-out field multiplies them). */
export const MAX_CASES = 256;

/** The answer to `input`, case by case, equal answers grouped. */
export function answerCases<I, A>(input: I, how: Answering<I, A>): Reply<I, A> {
  const budget = { left: MAX_CASES };
  return group(collect(input, how, {}, budget), how);
}

function collect<I, A>(
  input: I,
  how: Answering<I, A>,
  given: Record<string, GivenValue[]>,
  budget: { left: number },
): Case<I, A>[] {
  if (budget.left-- <= 0) throw new InputError("missing", null, "too many cases to answer");
  let answer: A;
  try {
    answer = how.answer(input);
  } catch (e) {
    if (!(e instanceof MissingInput)) throw e;
    const values = how.values(e.field);
    if (values === null) {
      const partial = how.partial(input, e);
      return [{ given, input, answer: null, partial, needs: [e.field] }];
    }
    return values.flatMap((v) =>
      collect(how.withValue(input, e.field, v), how, { ...given, [e.field]: [v] }, budget),
    );
  }
  return [{ given, input, answer, partial: null, needs: [] }];
}

/** Equal answers (by `key`, with what they need) as one case, their `given` values merged. */
function group<I, A>(cases: Case<I, A>[], how: Answering<I, A>): Reply<I, A> {
  const fields = [...new Set(cases.flatMap((c) => Object.keys(c.given)))];
  const groups = new Map<string, Case<I, A>[]>();
  for (const c of cases) {
    const key = JSON.stringify([c.answer === null ? null : how.key(c.answer), c.partial, c.needs]);
    const g = groups.get(key);
    if (g) g.push(c);
    else groups.set(key, [c]);
  }
  const merged = [...groups.values()].map((cs) => mergeCases(cs, how));
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

/** Cases with the same answer: the values of each field united, the answers merged. */
function mergeCases<I, A>(cs: readonly Case<I, A>[], how: Answering<I, A>): Case<I, A> {
  const first = cs[0]!;
  const given: Record<string, GivenValue[]> = {};
  for (const c of cs)
    for (const [f, vs] of Object.entries(c.given)) {
      const into = (given[f] ??= []);
      for (const v of vs) if (!into.includes(v)) into.push(v);
    }
  const answers = cs.flatMap((c) => (c.answer === null ? [] : [c.answer]));
  return { ...first, given, answer: first.answer === null ? null : how.merge(answers) };
}

/** A scenario path as the record and field it names: `vehicle.kind`, `path[2].inches`, `year`. */
export function fieldAt(path: string): {
  rec: "unit" | "vehicle" | "step" | "scenario";
  /** The step's index, for a step field. */
  index: number | null;
  /** The field's JSON name. */
  json: string;
} {
  const step = /^path\[(\d+)\]\.(.+)$/.exec(path);
  if (step) return { rec: "step", index: Number(step[1]), json: step[2]! };
  const dot = path.indexOf(".");
  const rec = path.slice(0, dot);
  if (dot > 0 && (rec === "unit" || rec === "vehicle"))
    return { rec, index: null, json: path.slice(dot + 1) };
  return { rec: "scenario", index: null, json: path };
}

/**
 * What a move can say without the number `missing` names: its allowance (for a dice ruleset without a
 * fixed roll, its distribution and the rolls that cover each whole unit). `prepareRoll(roll)` is the
 * move's context with that fixed roll (null: the scenario's own). Throws `missing` when the allowance
 * needs it too (then nothing can be answered).
 */
export function partialAllowance<T, X extends MoveContext<T>>(
  model: MoveModel<T, X>,
  num: Num<T>,
  prepareRoll: (roll: readonly number[] | null) => X,
  fixedRoll: readonly number[] | null,
  missing: MissingInput,
): PartialAnswer {
  const allowanceFor = (roll: readonly number[] | null): T => {
    const ctx = prepareRoll(roll);
    ctx.hexes = ctx.path.filter((_, i) => model.isHex(ctx, i)).length;
    try {
      return model.allowance(ctx, null);
    } catch (e) {
      if (e instanceof MissingInput) throw missing;
      throw e;
    }
  };
  if (model.dice === 0 || (fixedRoll !== null && fixedRoll.length > 0)) {
    const a = allowanceFor(fixedRoll);
    if (num.isNA(a)) return { allowance: NaN, exactAllowance: "NA" };
    const exact = num.toExact(a);
    return exact.includes("/")
      ? { allowance: num.toNumber(a), exactAllowance: exact }
      : { allowance: num.toNumber(a) };
  }
  const k = diceRead(model.dice, (n) => allowanceFor(new Array<number>(n).fill(1)));
  const values: number[] = [];
  forEachRoll(k, model.sides, (roll) => values.push(num.toNumber(allowanceFor(roll))));
  const allowance = summarize(values);
  const covers: { at: number; rolls: number }[] = [];
  for (let at = 0; at <= Math.floor(allowance.max); at++)
    covers.push({ at, rolls: values.filter((v) => v >= at).length });
  return { allowance, covers, rolls: values.length };
}

/** A case's `given` as its JSON's first field (none when it holds for every scenario). */
export function givenRecord(given: Readonly<Record<string, readonly GivenValue[]>>): {
  given?: Record<string, GivenValue[]>;
} {
  return Object.keys(given).length > 0 ? { given: given as Record<string, GivenValue[]> } : {};
}

/** A case that needs a number as `eval --json` gives it: `allowance`, `covers` "rolls/of", `needs`. */
export interface NeedsRecord {
  given?: Record<string, GivenValue[]>;
  /** null when not allowed. */
  allowance: number | DistributionSummary | null;
  /** Whole unit → the rolls that cover at least that far, "21/36". */
  covers?: Record<string, string>;
  needs: string[];
  exact?: { allowance: string };
}

/** A case that needs a number the scenario leaves out, as JSON (`c.partial` not null). */
export function needsRecord(
  c: Pick<Case<unknown, unknown>, "given" | "partial" | "needs">,
): NeedsRecord {
  const p = c.partial!;
  return {
    ...givenRecord(c.given),
    allowance: Number.isNaN(p.allowance) ? null : p.allowance,
    ...(p.covers !== undefined
      ? { covers: Object.fromEntries(p.covers.map((x) => [String(x.at), `${x.rolls}/${p.rolls}`])) }
      : {}),
    needs: c.needs,
    ...(p.exactAllowance !== undefined ? { exact: { allowance: p.exactAllowance } } : {}),
  };
}

/**
 * A ruleset's reply as `eval --json` gives it: one case as `{ ruleset, …case…, notApplicable,
 * notNeeded? }`, or `{ ruleset, dependsOn, cases: [{ given, …case… }], notApplicable, notNeeded? }`.
 * `one(c)` is a case's JSON (with `given` when it has one).
 */
export function replyRecord<C>(
  ruleset: string,
  reply: { dependsOn: string[]; notNeeded: string[]; cases: C[] },
  notApplicable: readonly string[],
  one: (c: C) => Record<string, unknown>,
): Record<string, unknown> {
  const notNeeded = reply.notNeeded.length > 0 ? { notNeeded: reply.notNeeded } : {};
  if (reply.dependsOn.length === 0) {
    const c = one(reply.cases[0]!);
    return { ruleset, ...c, notApplicable: c["notApplicable"] ?? notApplicable, ...notNeeded };
  }
  return {
    ruleset,
    dependsOn: reply.dependsOn,
    cases: reply.cases.map((c) => {
      const { notApplicable: _n, ...rest } = one(c);
      return rest;
    }),
    notApplicable,
    ...notNeeded,
  };
}
