/**
 * Reach with fields given as unknown (`null` in `--unit`, a map's placed unit, the studio's unit;
 * issue 42): the search runs once per value of the unknown fields (booleans, enum members; several
 * fields: their product, at most `MAX_REACH_CASES`), and equal answers are grouped exactly as `eval`
 * groups the cases of a scenario that leaves a field out — runtime/cases.ts `answerCases`, the one
 * per-value split, each case a product of values. Then, hex by hex, the same grouping tells what holds
 * there: one answer whatever the values, or the fields it turns on and per case its cost (null where
 * the unit cannot end its move under those values).
 */
import { answerCases, type Answering, type GivenValue } from "../../runtime/cases.js";
import { MissingInput } from "../../runtime/errors.js";
import { defaultsOf, fieldValues, withFieldValue, withUnknownField } from "../interpret/answers.js";
import type { RulesetIR, ScenarioValue } from "../ir/ir.js";

/**
 * The most searches one ruleset's reach makes for the fields a unit gives as unknown: the product of
 * their values (a boolean 2, `kind` under SL 5). Past it the unit is refused (V1102, V1003) before any
 * search: each value is a whole search of the map.
 */
export const MAX_REACH_CASES = 64;

/** One case of a reach answered per value: the values it holds for, the unit with them, its answer. */
export interface ValueCase<A> {
  /** Field (scenario path) → the values this case holds for (empty: every value). */
  given: Record<string, GivenValue[]>;
  /** The scenario value with the first of those values filled in (the one searched). */
  base: ScenarioValue;
  answer: A;
}

export interface PerValue<A> {
  /** The unknown fields the answer turns on (empty: one case, `cases[0]`). */
  dependsOn: string[];
  /** The unknown fields whose every value gives the same answer. */
  notNeeded: string[];
  cases: ValueCase<A>[];
  /**
   * With `assumed` asked: the fields left to their default whose value changes the answer, each with
   * the default searched ("assuming no unit.leader (the default)", as eval says); else empty.
   */
  assumed: { field: string; value: GivenValue }[];
}

/**
 * How many searches `base`'s unknown fields take under `ir` (the product of their values), or the
 * first field that has no finite set of values (a number, a set: reach cannot search each).
 */
export function valueCount(
  ir: RulesetIR,
  unknown: readonly string[],
): { count: number } | { notFinite: string } {
  let count = 1;
  for (const f of unknown) {
    const values = fieldValues(ir, f);
    if (values === null) return { notFinite: f };
    count *= values.length;
  }
  return { count };
}

/**
 * `search` answered for every value of the fields `base` gives as unknown (`base.unknown`), equal
 * answers (compared by `key`, as JSON) grouped into cases; without unknown fields, one case.
 * The caller has bounded the work (`valueCount` ≤ `MAX_REACH_CASES`). With `assumed`, each field left
 * to its default is also searched for its every value, alone (runtime/cases.ts, as eval does): those
 * whose value changes the answer are named; a boolean default costs two searches more.
 */
export function perValue<A>(
  ir: RulesetIR,
  base: ScenarioValue,
  search: (base: ScenarioValue) => A,
  key: (answer: A) => unknown,
  assumed = false,
): PerValue<A> {
  // Nothing unknown nor asked: the one search, its answer never compared (a key of a large map is
  // costly).
  if ((base.unknown ?? []).length === 0 && (!assumed || defaultsOf(ir, base).length === 0))
    return {
      dependsOn: [],
      notNeeded: [],
      cases: [{ given: {}, base, answer: search(base) }],
      assumed: [],
    };
  const how: Answering<ScenarioValue, A> = {
    // Every unknown field is split before the search: a search reads the unit at every step, and
    // getting on or off a vehicle treats a field it cannot read as "cannot board here".
    answer: (x) => {
      const field = x.unknown?.[0];
      if (field !== undefined) throw new MissingInput(field);
      return search(x);
    },
    values: (f) => fieldValues(ir, f),
    withValue: (x, f, v) => withFieldValue(ir, x, f, v),
    partial: (_x, missing) => {
      throw missing;
    },
    key,
    merge: (as) => as[0]!,
    defaults: (x) => (assumed ? defaultsOf(ir, x) : []),
    withUnknown: withUnknownField,
    scale: ir.scale,
    withNumber: () => null,
    measureOf: () => null,
    legal: () => null,
  };
  const reply = answerCases(base, how);
  return {
    dependsOn: reply.dependsOn,
    notNeeded: reply.notNeeded,
    cases: reply.cases.map((c) => ({ given: c.given, base: c.input, answer: c.answer! })),
    assumed: reply.assumed,
  };
}

/** An assignment of values to the fields a reply depends on, and the fields still without one. */
interface Assignment {
  set: Record<string, GivenValue>;
  left: string[];
}

/**
 * One hex (or any one part of the answer) over the cases of a reply: the cases grouped again by what
 * they say there (`keyOf(caseIndex)`, compared as JSON), so the hex names only the fields its own
 * answer turns on. Each returned case is the index of a case of `reply` it holds for, with the values
 * of `given`; one case with `given` empty when every case says the same.
 */
export function perPart(
  ir: RulesetIR,
  reply: Pick<PerValue<unknown>, "dependsOn" | "cases">,
  keyOf: (caseIndex: number) => unknown,
): { dependsOn: string[]; cases: { given: Record<string, GivenValue[]>; index: number }[] } {
  const how: Answering<Assignment, number> = {
    answer: (x) => {
      const field = x.left[0];
      if (field !== undefined) throw new MissingInput(field);
      const i = reply.cases.findIndex((c) =>
        Object.entries(c.given).every(([f, vs]) => vs.includes(x.set[f]!)),
      );
      return i;
    },
    values: (f) => fieldValues(ir, f),
    withValue: (x, f, v) => ({ set: { ...x.set, [f]: v }, left: x.left.filter((g) => g !== f) }),
    partial: (_x, missing) => {
      throw missing;
    },
    key: keyOf,
    merge: (as) => as[0]!,
    defaults: () => [],
    withUnknown: (x) => x,
    scale: ir.scale,
    withNumber: () => null,
    measureOf: () => null,
    legal: () => null,
  };
  const split = answerCases<Assignment, number>({ set: {}, left: [...reply.dependsOn] }, how);
  return {
    dependsOn: split.dependsOn,
    cases: split.cases.map((c) => ({ given: c.given, index: c.answer! })),
  };
}
