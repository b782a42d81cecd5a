/**
 * A scenario's answer as a rules expert gives it (DESIGN.md, scenario clarifications), once for `eval`
 * (the interpreter, compiler/interpret/answers.ts) and a generated module's `evaluate()`
 * (runtime/answers.ts): where a rule needs a field the scenario leaves out and that field has finitely
 * many values (an enum, a boolean, a kind), the move is answered for each value and equal answers are
 * grouped — one plain answer when all agree (naming the field it did not need, `notNeeded`), else one
 * case per group (`dependsOn`). Where the field is a number (a distance), everything that does not need
 * it is answered (the allowance, and for a dice ruleset the chance to cover each whole unit up to the
 * maximum; legality where the text decides it whatever the number, runtime/open.ts, else the value it
 * turns at) and the field is listed under `needs`. Only a field nothing can be answered without stays an
 * error (the `MissingInput` thrown). A default the answer turns on is named (`assumed`). Generic over
 * the input and the answer; runs in a browser (no Node API).
 */
import { diceRead, forEachRoll, summarize } from "./dice.js";
import { InputError, MissingInput } from "./errors.js";
import { MAX_WORK } from "./chance.js";
import { judgeOpen } from "./open.js";
import { Rat, RatOverflow } from "./rational.js";
import type { DistributionSummary, MoveContext, MoveModel, Num, Violation } from "./types.js";

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
  /**
   * Whether the move is legal whatever the left-out numbers are (runtime/open.ts): false — with
   * `violations`, each holding for every value (over the rolls, their union) —, true, or null when the
   * roll alone decides (`legalRolls` of `rolls`). Absent when the answer turns on the numbers.
   */
  legal?: boolean | null;
  violations?: Violation[];
  legalRolls?: number;
  /**
   * Where legality turns on one number alone (one step's cost left out, the roll fixed or none): the
   * most that number may be for the move to stay legal, in its measure, and exactly ("7/2") when not
   * whole. runtime/open.ts bounds the step's cost; `withThreshold` makes it a bound on the field
   * itself, probed with the field given (the two agree only where the step costs its number).
   */
  legalUpTo?: { field: string; at: number; exact?: string; measure?: string };
  /**
   * Where legality turns on one number alone and the move is legal only at or above some value of it
   * (SQLA 31.6: the vehicle must have 2 MP to pay for the unloading): the least value, in the
   * measure, and exactly ("7/2") when not whole (`threshold`).
   */
  legalFrom?: { field: string; at: number; exact?: string; measure?: string };
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
  /**
   * Fields of the unit, vehicle or scenario the input leaves to their default whose value changes
   * the answer, each with the default assumed ("assuming no leader (the default)").
   */
  assumed: { field: string; value: GivenValue }[];
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
  /**
   * The step pricings answering `input` takes (runtime/chance.ts `moveWork`), charged against
   * `MAX_WORK` before each case is answered: the work is bounded, not only the count of cases.
   */
  work?(input: I): number;
  /** What makes two answers one case (compared as JSON): the move's price, not the side answers. */
  key(answer: A): unknown;
  /** Answers that are one case, as one (keeping the side answers all of them agree on). */
  merge(answers: readonly A[]): A;
  /**
   * The finite fields of the unit, vehicle and scenario (not the steps: the ground is what the player
   * describes) that `input` leaves to their default, with that default.
   */
  defaults(input: I): { field: string; value: GivenValue }[];
  /** `input` with the field at scenario path `field` unknown (runtime/unknown.ts). */
  withUnknown(input: I, field: string): I;
  /** Ticks per unit of the input's numbers: every number the ruleset computes is a whole number of them. */
  readonly scale: number;
  /** `input` with the number at scenario path `field` set to `value`, or null when it is no number. */
  withNumber(input: I, field: string, value: Rat): I | null;
  /** The measure of the number at scenario path `field` ("MP"), or null when it has none. */
  measureOf(field: string): string | null;
  /** Whether an answer's move is legal (null: the dice decide). */
  legal(answer: A): boolean | null;
}

/** At most this many answers per scenario (each left-out field multiplies them). */
export const MAX_CASES = 256;

/**
 * The answer to `input`, case by case, equal answers grouped. Each case holds for a set of whole
 * assignments of the left-out fields that is a product (every combination of its `given` values is
 * one that gets this answer): cases are never per-field value sets merged into a false cross-product.
 */
export function answerCases<I, A>(input: I, how: Answering<I, A>): Reply<I, A> {
  const budget = { left: MAX_CASES, work: MAX_WORK };
  return { ...group(collect(input, how, {}, budget), how), assumed: assumedDefaults(input, how) };
}

/**
 * The defaults the answer turns on: each field left to its default is made unknown alone and the
 * move answered for its every value (a field the move never reads costs one evaluation); where the
 * answers differ, the default was assumed. A field with too many cases to tell is left unnamed.
 */
function assumedDefaults<I, A>(input: I, how: Answering<I, A>): Reply<I, A>["assumed"] {
  const out: Reply<I, A>["assumed"] = [];
  for (const d of how.defaults(input)) {
    let leaves: Case<I, A>[];
    try {
      leaves = collect(
        how.withUnknown(input, d.field),
        how,
        {},
        {
          left: MAX_CASES,
          work: MAX_WORK,
        },
      );
    } catch (e) {
      if (e instanceof InputError) continue;
      throw e;
    }
    // The answer turns on the default when two leaves for different values of it answer differently
    // where they agree on every other field left out (another unknown, such as a leader, splitting the
    // answer on its own does not count). A leaf that never read a field holds for its every value, so
    // two leaves agree where each field both read has one value in both: a default deciding whether
    // another unknown is read at all is still compared with each of its cases.
    const keyed = leaves.map((c) => ({
      given: c.given,
      key: JSON.stringify([c.answer === null ? null : how.key(c.answer), c.partial, c.needs]),
    }));
    const agree = (a: Case<I, A>["given"], b: Case<I, A>["given"]) =>
      Object.entries(a).every(
        ([f, vs]) => f === d.field || b[f] === undefined || vs.some((v) => b[f]!.includes(v)),
      );
    const differs = keyed.some((a, i) =>
      keyed.some(
        (b, j) =>
          j > i &&
          a.key !== b.key &&
          a.given[d.field] !== undefined &&
          b.given[d.field] !== undefined &&
          !a.given[d.field]!.some((v) => b.given[d.field]!.includes(v)) &&
          agree(a.given, b.given),
      ),
    );
    if (differs) out.push(d);
  }
  return out;
}

/**
 * Every leaf of the answer: a case per assignment of the fields the evaluation asked for on its way
 * (a field it never asked for on that way holds for all its values). At most MAX_CASES leaves.
 */
function collect<I, A>(
  input: I,
  how: Answering<I, A>,
  given: Record<string, GivenValue[]>,
  budget: { left: number; work: number },
): Case<I, A>[] {
  let answer: A;
  const work = how.work?.(input) ?? 0;
  spend(budget, work);
  try {
    answer = how.answer(input);
  } catch (e) {
    if (!(e instanceof MissingInput)) throw e;
    const values = how.values(e.field);
    if (values === null) {
      const partial = withThreshold(input, e.field, how.partial(input, e), how, budget, work);
      return [leaf<I, A>(budget, { given, input, answer: null, partial, needs: [e.field] })];
    }
    // Each value is a case at least as costly as this one: refused now when they cannot all be.
    if (values.length * work > budget.work + work) spend(budget, Infinity);
    return values.flatMap((v) =>
      collect(how.withValue(input, e.field, v), how, { ...given, [e.field]: [v] }, budget),
    );
  }
  return [leaf(budget, { given, input, answer, partial: null, needs: [] })];
}

/** The most ticks a threshold is looked for at (a value beyond is "no threshold"). */
const THRESHOLD_CAP = 2 ** 20;
/** The ticks either side of a threshold each confirmed. */
const NEAR = 64;

/**
 * `partial` with its threshold on the number it turns on, probed with the number given (`threshold`):
 * `legalUpTo` — open.ts's bound on the step's cost — said as the bound on that field it is (or left
 * out where the probes find none), else `legalFrom` where the move is legal exactly from some value
 * of `field` on. Each probe is a whole answer charged to the budget; without the work left for every
 * probe, no threshold is said.
 */
function withThreshold<I, A>(
  input: I,
  field: string,
  partial: PartialAnswer,
  how: Answering<I, A>,
  budget: { work: number },
  work: number,
): PartialAnswer {
  if (partial.legal !== undefined) return partial;
  // A binary search over at most THRESHOLD_CAP ticks, and the checks on either side.
  const probes = 4 * Math.log2(THRESHOLD_CAP) + 2 * NEAR + 2;
  const charge = (w: number) => (budget.work -= w);
  if (partial.legalUpTo !== undefined) {
    // open.ts's bound is on the step's cost, and is the field's only where the step costs its number
    // (a Chain of Command stretch costs its inches; a rule pricing a stretch at twice its length does
    // not): the bound said is the field's own, probed with it given, or none.
    const { legalUpTo, ...rest } = partial;
    if (probes * work > budget.work) return rest;
    const upTo = threshold(input, legalUpTo.field, how, charge, work, "upTo");
    return upTo === null ? rest : { ...rest, legalUpTo: bound(legalUpTo.field, upTo, how) };
  }
  if (probes * work > budget.work) return partial;
  const from = threshold(input, field, how, charge, work, "from");
  if (from === null) return partial;
  return { ...partial, legalFrom: bound(field, from, how) };
}

/** A threshold in ticks as an answer gives it: the field, the value, exactly when not whole, its measure. */
function bound<I, A>(
  field: string,
  ticks: number,
  how: Answering<I, A>,
): { field: string; at: number; exact?: string; measure?: string } {
  const at = Rat.of(ticks, how.scale);
  const measure = how.measureOf(field);
  return {
    field,
    at: at.toNumber(),
    ...(at.isInteger() ? {} : { exact: at.toString() }),
    ...(measure === null ? {} : { measure }),
  };
}

/**
 * Where the move turns on the number at `field`, in ticks of `how.scale`: with `from`, the least value
 * from which it is legal (illegal below it, legal from it on); with `upTo`, the most up to which it is
 * legal (legal from 0 up to it, illegal above); else null. The move is answered with the number given
 * (the one pricing and legality check every answer takes): at 0 on the one side, somewhere up to
 * THRESHOLD_CAP ticks on the other, the turning tick found by bisection — every number the ruleset
 * computes is a whole number of ticks, so a rule comparing the number with a threshold changes its
 * answer at a tick — and the answer confirmed on both sides: every tick within NEAR of it and up to
 * four times it (NEAR at most), then powers of two up to the cap. Probing, not proof: a rule that makes
 * one far value an exception (illegal at 1,000 MP alone) is not seen; the rules compare a number with
 * thresholds, and each such change near the threshold is. Null too when another left-out field, the
 * dice, or an out-of-range value leave an answer undecided: a threshold is said only where one number
 * alone decides.
 */
function threshold<I, A>(
  input: I,
  field: string,
  how: Answering<I, A>,
  charge: (work: number) => void,
  work: number,
  side: "from" | "upTo",
): number | null {
  const legalAt = (ticks: number): boolean | null => {
    charge(work);
    const x = how.withNumber(input, field, Rat.of(ticks, how.scale));
    if (x === null) return null;
    try {
      return how.legal(how.answer(x));
    } catch (e) {
      if (e instanceof InputError || e instanceof RatOverflow) return null;
      throw e;
    }
  };
  // Below the turn the move is `low`, from it on `!low`.
  const low = side === "upTo";
  if (legalAt(0) !== low) return null;
  // The least power of two past the turn, the one before it not.
  let lo = 0;
  let hi = 1;
  for (;;) {
    const legal = legalAt(hi);
    if (legal === !low) break;
    if (legal === null || hi >= THRESHOLD_CAP) return null;
    lo = hi;
    hi *= 2;
  }
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    const legal = legalAt(mid);
    if (legal === null) return null;
    if (legal === low) lo = mid;
    else hi = mid;
  }
  // `hi` is the first tick past the turn. Confirmed tick by tick near it (up to four times it, at
  // most NEAR ticks either side), then at powers of two up to the cap.
  const above: number[] = [];
  for (let t = hi + 1; t <= Math.min(4 * hi, hi + NEAR); t++) above.push(t);
  for (let t = 8 * hi; t < THRESHOLD_CAP; t *= 2) above.push(t);
  above.push(THRESHOLD_CAP);
  const below: number[] = [];
  for (let t = Math.max(0, hi - NEAR); t < hi; t++) if (t !== lo) below.push(t);
  if (above.some((t) => legalAt(t) !== !low) || below.some((t) => legalAt(t) !== low)) return null;
  return side === "from" ? hi : lo;
}

/** Charges `work` step pricings to the budget, or throws the error saying the answer takes too many. */
function spend(budget: { work: number }, work: number): void {
  budget.work -= work;
  if (budget.work < 0)
    throw new InputError(
      "missing",
      null,
      `too much to answer: more than ${MAX_WORK.toLocaleString("en")} step pricings (a move is priced once per roll: give the roll as \`dice\`, the fields left out, or a shorter path)`,
    );
}

/** One more case of the budget's MAX_CASES (the case itself), or the error saying there are too many. */
function leaf<I, A>(budget: { left: number }, c: Case<I, A>): Case<I, A> {
  if (budget.left-- <= 0)
    throw new InputError("missing", null, `too many cases to answer (at most ${MAX_CASES})`);
  return c;
}

/**
 * A group of leaves with one answer over a product of values: per field, the values it holds for
 * (`null`: every value of the field).
 */
interface Box<I, A> {
  key: string;
  given: Map<string, GivenValue[] | null>;
  cases: Case<I, A>[];
}

/**
 * Equal answers (by `key`, with what they need) as few cases as products allow: two boxes with the
 * same answer are one when they differ in the values of at most one field (their union is then still a
 * product). A field no case restricts is `notNeeded`; the others are `dependsOn`, and each case lists
 * every value it holds for of each (all of a field's values where its answer does not turn on it).
 */
function group<I, A>(cases: Case<I, A>[], how: Answering<I, A>): Omit<Reply<I, A>, "assumed"> {
  const fields = [...new Set(cases.flatMap((c) => Object.keys(c.given)))];
  const every = new Map(fields.map((f) => [f, how.values(f) ?? []] as const));
  let boxes: Box<I, A>[] = cases.map((c) => ({
    key: JSON.stringify([c.answer === null ? null : how.key(c.answer), c.partial, c.needs]),
    given: new Map(fields.map((f) => [f, c.given[f] ?? null] as const)),
    cases: [c],
  }));
  for (let merged = true; merged; ) {
    merged = false;
    outer: for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const union = unite(boxes[i]!, boxes[j]!, every);
        if (union === null) continue;
        boxes = [...boxes.slice(0, i), union, ...boxes.slice(i + 1, j), ...boxes.slice(j + 1)];
        merged = true;
        break outer;
      }
  }
  if (new Set(boxes.map((b) => b.key)).size === 1) {
    const only = mergeCases(
      boxes.flatMap((b) => b.cases),
      how,
    );
    return { dependsOn: [], notNeeded: fields, cases: [{ ...only, given: {} }] };
  }
  const dependsOn = fields.filter((f) => boxes.some((b) => b.given.get(f) !== null));
  return {
    dependsOn,
    notNeeded: fields.filter((f) => !dependsOn.includes(f)),
    cases: boxes.map((b) => ({
      ...mergeCases(b.cases, how),
      given: Object.fromEntries(dependsOn.map((f) => [f, [...(b.given.get(f) ?? every.get(f)!)]])),
    })),
  };
}

/**
 * The one box `a` and `b` make when they have the same answer and differ in at most one field's
 * values (a field that then holds every value becomes unrestricted), else null.
 */
function unite<I, A>(
  a: Box<I, A>,
  b: Box<I, A>,
  every: ReadonlyMap<string, readonly GivenValue[]>,
): Box<I, A> | null {
  if (a.key !== b.key) return null;
  let differing: string | null = null;
  for (const [f, av] of a.given) {
    const bv = b.given.get(f)!;
    if (sameValues(av, bv)) continue;
    if (differing !== null || av === null || bv === null) return null;
    differing = f;
  }
  const given = new Map(a.given);
  if (differing !== null) {
    const all = every.get(differing)!;
    const union = all.filter(
      (v) => a.given.get(differing)!.includes(v) || b.given.get(differing)!.includes(v),
    );
    given.set(differing, union.length === all.length ? null : union);
  }
  return { key: a.key, given, cases: [...a.cases, ...b.cases] };
}

function sameValues(a: readonly GivenValue[] | null, b: readonly GivenValue[] | null): boolean {
  if (a === null || b === null) return a === b;
  return a.length === b.length && a.every((v) => b.includes(v));
}

/** Cases with the same answer as one: the first case's input, the answers merged. */
function mergeCases<I, A>(cs: readonly Case<I, A>[], how: Answering<I, A>): Case<I, A> {
  const first = cs[0]!;
  const answers = cs.flatMap((c) => (c.answer === null ? [] : [c.answer]));
  return { ...first, answer: first.answer === null ? null : how.merge(answers) };
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
 * fixed roll, its distribution and the rolls that cover each whole unit), and whether it is legal
 * whatever the left-out numbers are (runtime/open.ts: roll by roll without a fixed roll), or up to what
 * value of the one it turns on. `prepareRoll(roll)` is the move's context with that fixed roll (null:
 * the scenario's own). Throws `missing` when the allowance needs it too (then nothing can be answered).
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
  const judged = (roll: readonly number[] | null) => judgeOpen(model, num, prepareRoll(roll));
  const fixed = fixedRoll !== null && fixedRoll.length > 0;
  // The dice the allowance reads (none: a unit that may not move rolls nothing, one allowance).
  const k =
    model.dice === 0 || fixed
      ? 0
      : diceRead(model.dice, (n) => allowanceFor(new Array<number>(n).fill(1)));
  if (k === 0) {
    const a = allowanceFor(fixedRoll);
    const verdict = openVerdict([judged(fixedRoll)]);
    if (num.isNA(a)) return { allowance: NaN, exactAllowance: "NA", ...verdict };
    const exact = num.toExact(a);
    return exact.includes("/")
      ? { allowance: num.toNumber(a), exactAllowance: exact, ...verdict }
      : { allowance: num.toNumber(a), ...verdict };
  }
  const values: number[] = [];
  const judgements: ReturnType<typeof judgeOpen>[] = [];
  forEachRoll(k, model.sides, (roll) => {
    values.push(num.toNumber(allowanceFor(roll)));
    judgements.push(judged(roll.slice()));
  });
  const allowance = summarize(values);
  const covers: { at: number; rolls: number }[] = [];
  for (let at = 0; at <= Math.floor(allowance.max); at++)
    covers.push({ at, rolls: values.filter((v) => v >= at).length });
  return { allowance, covers, rolls: values.length, ...openVerdict(judgements) };
}

/**
 * The verdict of a move judged with numbers left out, over each roll (one: the roll fixed or none):
 * a roll that breaks a rule needing none of them is illegal, one that breaks none and needed none
 * legal, any other open. Decided when no roll is open — false when every roll is illegal (the
 * violations' union, in first-seen order), true when every roll is legal, else null with the legal
 * rolls —; where the one roll turns on one step's cost, the most it may be; else nothing.
 */
function openVerdict(
  judgements: readonly ReturnType<typeof judgeOpen>[],
): Pick<PartialAnswer, "legal" | "violations" | "legalRolls" | "legalUpTo"> {
  // A roll that breaks a rule needing no left-out number is illegal whatever the rest would say.
  if (judgements.some((j) => j.violations.length === 0 && j.open.length > 0)) {
    const only = judgements.length === 1 ? judgements[0]! : null;
    if (only === null || only.upTo === null) return {};
    const at = Rat.parse(only.upTo);
    const field = only.open[0]!;
    return {
      legalUpTo: { field, at: at.toNumber(), ...(at.d === 1 ? {} : { exact: only.upTo }) },
    };
  }
  const seen = new Set<string>();
  const violations: Violation[] = [];
  for (const j of judgements)
    for (const v of j.violations) {
      const key = JSON.stringify([v.rule, v.message, v.step ?? null]);
      if (!seen.has(key)) {
        seen.add(key);
        violations.push(v);
      }
    }
  const legalRolls = judgements.filter((j) => j.violations.length === 0).length;
  if (legalRolls === judgements.length) return { legal: true, violations: [] };
  if (legalRolls === 0) return { legal: false, violations };
  return { legal: null, violations, legalRolls };
}

/** A case's `given` as its JSON's first field (none when it holds for every scenario). */
export function givenRecord(given: Readonly<Record<string, readonly GivenValue[]>>): {
  given?: Record<string, GivenValue[]>;
} {
  return Object.keys(given).length > 0 ? { given: given as Record<string, GivenValue[]> } : {};
}

/** A case that needs a number as `eval --json` gives it: `allowance`, `covers` "rolls/of", `needs`. */
export interface NeedsRecord<
  A extends number | DistributionSummary = number | DistributionSummary,
> {
  given?: Record<string, GivenValue[]>;
  /** null when not allowed. */
  allowance: A | null;
  /** Whole unit → the rolls that cover at least that far, "21/36". */
  covers?: Record<string, string>;
  /** Legal whatever the left-out numbers are (true/false), or null when the roll decides (`probability`). */
  legal?: boolean | null;
  /** Legal rolls of all, "15/36", when `legal` is null. */
  probability?: string;
  /** The violations that hold for every value of the left-out numbers. */
  violations?: Violation[];
  /** Where legality turns on one number: it is legal up to this value of `field` (in `measure`). */
  legalUpTo?: { field: string; at: number; exact?: string; measure?: string };
  /** Where legality turns on one number: it is legal from this value of `field` on (in `measure`). */
  legalFrom?: { field: string; at: number; exact?: string; measure?: string };
  /** What the rest of the answer (what the move spends, the vehicle's MP, legality when absent) needs. */
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
    ...(p.legal !== undefined ? { legal: p.legal } : {}),
    ...(p.legalRolls !== undefined ? { probability: `${p.legalRolls}/${p.rolls}` } : {}),
    ...(p.violations !== undefined ? { violations: p.violations } : {}),
    ...(p.legalUpTo !== undefined ? { legalUpTo: p.legalUpTo } : {}),
    ...(p.legalFrom !== undefined ? { legalFrom: p.legalFrom } : {}),
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
  reply: {
    dependsOn: string[];
    notNeeded: string[];
    cases: C[];
    assumed?: { field: string; value: GivenValue }[];
  },
  notApplicable: readonly string[],
  one: (c: C) => Record<string, unknown>,
): Record<string, unknown> {
  const notNeeded = {
    ...(reply.notNeeded.length > 0 ? { notNeeded: reply.notNeeded } : {}),
    // The defaults the answer turns on: field → the default assumed.
    ...(reply.assumed !== undefined && reply.assumed.length > 0
      ? { assumed: Object.fromEntries(reply.assumed.map((a) => [a.field, a.value])) }
      : {}),
  };
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
