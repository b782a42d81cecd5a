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
import { isEvaluationFault, MissingInput } from "../../runtime/errors.js";
import { ratNum, type Rat } from "../../runtime/rational.js";
import { diceRead, summarizeWeighted } from "../../runtime/dice.js";
import { forEachBlockRoll } from "../../runtime/rolls.js";
import { defaultsOf, fieldValues, withFieldValue, withUnknownField } from "../interpret/answers.js";
import { interpreterFor, prepare } from "../interpret/interpreter.js";
import type { RulesetIR, ScenarioValue } from "../ir/ir.js";
import { movementExprs, readsAll, ruleReader } from "../ir/walk.js";

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
 * How `perValue` tells which defaults a reach turns on (issue 42: "assuming no unit.leader (the
 * default)"), as cheaply as it can.
 */
export interface AssumedDefaults {
  /**
   * The unit starts aboard a vehicle (`reach --aboard`, a map's rider): its allowance is then not
   * read off the unit alone, so a default is told only by searching with its other values.
   */
  aboard: boolean;
  /**
   * Fields the search itself reads beyond the ruleset's definitions (`reach --all`: `unit.aboard`
   * where a vehicle stands in the unit's hex, which the unit then gets off first).
   */
  alsoReads?: readonly string[];
  /** Fields never named: a value the unit cannot have (`unit.aboard` with no vehicle in its hex). */
  ignore?: readonly string[];
}

/**
 * `search` answered for every value of the fields `base` gives as unknown (`base.unknown`), equal
 * answers (compared by `key`, as JSON) grouped into cases; without unknown fields, one case.
 * The caller has bounded the work (`valueCount` ≤ `MAX_REACH_CASES`).
 *
 * With `assumed`, the defaults the answer turns on are named, through runtime/cases.ts as eval names
 * them, each field at the least cost that still tells (`key` must hold the answer's allowance from
 * the start, as every reach answer does): a field no definition the search asks reads
 * (`reachReads`) cannot change the answer and costs nothing; where the unit's allowance from the
 * start differs under another value of the field, the answer differs, and one evaluation of the
 * allowance per value tells it; a field read only by an allowance that reads no path and is the same
 * under every value changes nothing. Only the others are searched, once per value other than the
 * default (the default's search is the base's, kept): a boolean default costs at most one search.
 */
export function perValue<A>(
  ir: RulesetIR,
  base: ScenarioValue,
  search: (base: ScenarioValue) => A,
  key: (answer: A) => unknown,
  assumed: AssumedDefaults | false = false,
): PerValue<A> {
  const candidates = assumed === false ? [] : assumedCandidates(ir, base, assumed);
  // Told without a search: the defaults whose other values change the allowance (named), and those
  // that cannot change the answer (dropped); the rest are searched.
  const named = new Set<string>();
  const searched = new Set<string>();
  for (const d of candidates) {
    const told = assumed === false ? "search" : tellCheaply(ir, base, d, assumed);
    if (told === "named") named.add(d.field);
    else if (told === "search") searched.add(d.field);
  }
  // Nothing unknown nor to search: the one search, its answer never compared (a key of a large map
  // is costly).
  if ((base.unknown ?? []).length === 0 && searched.size === 0)
    return {
      dependsOn: [],
      notNeeded: [],
      cases: [{ given: {}, base, answer: search(base) }],
      assumed: candidates.filter((d) => named.has(d.field)),
    };
  // Each input searched once: a default's own value is the base's search.
  const memo = new Map<string, A>();
  const once = (x: ScenarioValue): A => {
    const k = JSON.stringify([x.unit, x.vehicle, x.scenario, x.path, x.roll ?? null]);
    let a = memo.get(k);
    if (a === undefined) memo.set(k, (a = search(x)));
    return a;
  };
  const how: Answering<ScenarioValue, A> = {
    // Every unknown field is split before the search: a search reads the unit at every step, and
    // getting on or off a vehicle treats a field it cannot read as "cannot board here".
    answer: (x) => {
      const field = x.unknown?.[0];
      if (field !== undefined) throw new MissingInput(field);
      return once(x);
    },
    values: (f) => fieldValues(ir, f),
    withValue: (x, f, v) => withFieldValue(ir, x, f, v),
    partial: (_x, missing) => {
      throw missing;
    },
    key,
    merge: (as) => as[0]!,
    defaults: (x) => defaultsOf(ir, x).filter((d) => searched.has(d.field)),
    withUnknown: withUnknownField,
    scale: ir.scale,
    withNumber: () => null,
    measureOf: () => null,
    legal: () => null,
  };
  const reply = answerCases(base, how);
  const turns = new Set(reply.assumed.map((a) => a.field));
  return {
    dependsOn: reply.dependsOn,
    notNeeded: reply.notNeeded,
    cases: reply.cases.map((c) => ({ given: c.given, base: c.input, answer: c.answer! })),
    assumed: candidates.filter((d) => named.has(d.field) || turns.has(d.field)),
  };
}

/** The defaults `base` leaves that the search reads (or `alsoReads`), less those `ignore`d. */
function assumedCandidates(
  ir: RulesetIR,
  base: ScenarioValue,
  o: AssumedDefaults,
): { field: string; value: GivenValue }[] {
  const read = reachReads(ir).all;
  return defaultsOf(ir, base).filter(
    (d) =>
      (read.has(d.field) || (o.alsoReads ?? []).includes(d.field)) &&
      !(o.ignore ?? []).includes(d.field),
  );
}

/**
 * Whether default `d` changes the answer, told without a search where one evaluation of the
 * allowance per value tells it: `named` where another value changes the allowance from the start
 * (part of every reach answer), `unchanged` where only an allowance reading no path reads the field
 * (not the search itself, `alsoReads`) and no value changes it; else `search`. A dice ruleset's
 * allowance is its distribution over the rolls; with the same distribution it is searched. A fixed
 * roll under a dice ruleset, a unit starting aboard, fields given as unknown, or an allowance that
 * cannot be evaluated: `search`.
 */
function tellCheaply(
  ir: RulesetIR,
  base: ScenarioValue,
  d: { field: string; value: GivenValue },
  o: AssumedDefaults,
): "named" | "unchanged" | "search" {
  const model = interpreterFor(ir);
  const dice = model.dice > 0;
  // A fixed roll is checked by the search against the dice each value rolls (V0903).
  if (o.aboard || (base.unknown ?? []).length > 0 || (dice && base.roll !== undefined))
    return "search";
  const at = startAllowance(ir, base);
  if (at === null) return "search";
  for (const v of fieldValues(ir, d.field) ?? []) {
    if (v === d.value) continue;
    const other = startAllowance(ir, withFieldValue(ir, base, d.field, v));
    if (other === null) return "search";
    if (other !== at) return "named";
  }
  // The same allowance: a dice ruleset's search is per roll, and only it tells. Else the field
  // changes nothing unless the search itself (`alsoReads`), the step costs or the constraints read
  // it, or the allowance reads the path.
  if (dice) return "search";
  const r = reachReads(ir);
  return r.beyondAllowance.has(d.field) ||
    r.allowanceReadsPath ||
    (o.alsoReads ?? []).includes(d.field)
    ? "search"
    : "unchanged";
}

/**
 * The allowance of a move from the start (before any step) as every reach answer gives it, as text:
 * exact, or for a dice ruleset without a fixed roll its distribution over the rolls the search
 * enumerates (runtime/reach-map.ts: the dice the start reads, `forEachBlockRoll`'s weighted rolls,
 * `summarizeWeighted`); null when it cannot be evaluated (the search then tells).
 */
function startAllowance(ir: RulesetIR, x: ScenarioValue): string | null {
  const model = interpreterFor(ir);
  const text = (a: Rat) => (ratNum.isNA(a) ? "NA" : ratNum.toExact(a));
  try {
    const ctx = prepare(ir, { ...x, path: [] }).ctx;
    if (model.dice === 0 || ctx.roll !== null) return text(model.allowance(ctx, null));
    const k = diceRead(model.dice, (n) => {
      ctx.roll = new Array<number>(n).fill(1);
      model.allowance(ctx, null);
    });
    const weights = new Map<number, number>();
    forEachBlockRoll(k, model.sides, model.diceCuts, (roll, weight) => {
      ctx.roll = roll.slice();
      const a = model.allowance(ctx, null);
      const v = ratNum.isNA(a) ? NaN : ratNum.toNumber(a);
      weights.set(v, (weights.get(v) ?? 0) + weight);
    });
    return JSON.stringify(summarizeWeighted(weights));
  } catch (e) {
    if (isEvaluationFault(e)) return null;
    throw e;
  }
}

/** What a reach search asks of a ruleset's definitions, as scenario paths (`unit.leader`, `phase`). */
interface ReachReads {
  /** Fields the movement binding and the constraints read, through every rule they call. */
  all: ReadonlySet<string>;
  /** Of those, the fields read by something other than the allowance (step cost, constraints, …). */
  beyondAllowance: ReadonlySet<string>;
  /**
   * The allowance reads the path (its value may change along a move) or the vehicle (boarding asks it
   * with the map's vehicle): its value from the start does not tell it everywhere.
   */
  allowanceReadsPath: boolean;
}

const READS = new WeakMap<RulesetIR, ReachReads>();

/**
 * The fields a reach search can read under `ir`: those its movement binding (allowance, step cost,
 * Minimum Move, vehicle spent, halts) and its constraints read, following the rules they call
 * (compiler/ir/walk.ts `readsAll`, the one answer to what an expression reads).
 */
export function reachReads(ir: RulesetIR): ReachReads {
  let known = READS.get(ir);
  if (known !== undefined) return known;
  const rules = ruleReader(ir.rules);
  const [allowance, ...rest] = movementExprs(ir.movement);
  const allowanceReads = readsAll([allowance!], rules);
  const restReads = readsAll([...rest, ...ir.constraints.map((c) => c.cond)], rules);
  const paths = (r: typeof restReads): Set<string> => {
    const out = new Set<string>();
    for (const k of [...r.values, ...r.present, ...r.flags.keys()]) {
      const dot = k.indexOf(".");
      const rec = k.slice(0, dot);
      const name = k.slice(dot + 1);
      const f = ir.inputs.find((i) => i.rec === rec)?.fields.find((x) => x.name === name);
      if (f === undefined || rec === "step") continue;
      out.add(rec === "scenario" ? f.json : `${rec}.${f.json}`);
    }
    return out;
  };
  const beyondAllowance = paths(restReads);
  known = {
    all: new Set([...paths(allowanceReads), ...beyondAllowance]),
    beyondAllowance,
    allowanceReadsPath:
      allowanceReads.path ||
      allowanceReads.stepField ||
      allowanceReads.position ||
      [...allowanceReads.values, ...allowanceReads.present].some((k) => k.startsWith("vehicle.")),
  };
  READS.set(ir, known);
  return known;
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
