/**
 * One ruleset's answer in a situation: an Asker takes a Subject and an assignment over the domain
 * (domain.ts), builds the scenario and asks the definition through the interpreter's query layer
 * (interpret/query.ts). A ruleset that does not declare a varied field, or lacks its value, gives no
 * answer (null). Unit-level definitions are asked about the unit alone, step-level ones about one
 * step, path-level ones (totals, aggregates) about a one-hex move (into the situation's step, else the
 * first terrain the ruleset lists), priced first. A definition that rolls dice is answered by its
 * distribution over every roll. Situations that differ only in inputs the definition does not read are
 * answered from a cache.
 */

import { Rat } from "../../runtime/rational.js";
import type { DistributionSummary } from "../../runtime/types.js";
import type { Exception, InputField, RecordName, RulesetIR, Value } from "../ir/ir.js";
import { valueOf, type RunValue, type ValueRecord } from "../interpret/eval.js";
import type { BuiltScenario } from "../interpret/interpreter.js";
import {
  ask,
  glance,
  readsPriming,
  type Question,
  type QueryValue,
  type Situation,
} from "../interpret/query.js";
import { measureOf, memberDisplay, quantity, scopeOf } from "../render/expr.js";
import { distText } from "../render/numbers.js";
import {
  enumMembers,
  fieldDef,
  isRule,
  readsOf,
  type Assignment,
  type Dim,
  type Reads,
  type Scalar,
  type Subject,
} from "./domain.js";
import { dict } from "../util/dict.js";
import { memberNames } from "../ir/name-resolver.js";
import { diceOf } from "../ir/walk.js";

export type Answer = number | boolean | string | string[] | DistributionSummary | null;

/** An answer, with the key answers are compared by and the text a reader sees. */
export interface Glance {
  key: string;
  answer: Answer;
  display: string;
  /**
   * The exceptions of the definition asked (its own, not a bound copy's) that applied, where a
   * glance tells them exactly (query.ts `Glimpse`): those of it in `Outcome.fired`.
   */
  own?: readonly Exception[];
}

/** An answer with what it rests on: its citations, the exceptions that fired, what it used. */
export interface Outcome extends Glance {
  rules: string[];
  /** The exceptions that applied (of every rule evaluated): which of the row's own exceptions fired. */
  fired?: readonly Exception[];
  /** What the answer used: the rules evaluated (by name) and the table rows read (deciding.ts). */
  used?: Used;
}

/** The definitions an answer used: the rules evaluated and the table rows read (as recorded). */
export interface Used {
  rules: readonly { name: string }[];
  rows: readonly { table: string; keys: readonly string[] }[];
}

/** A table row's key in `Used.rows`. */
export function rowKey(table: string, keys: readonly string[]): string {
  return [table, ...keys].join("\u0000");
}

function toValue(f: InputField, v: Scalar): Value | null {
  if (v === null) return null;
  switch (f.type.t) {
    case "enum":
      return typeof v === "string" ? { v: "member", enum: f.type.name, name: v } : null;
    case "bool":
      return typeof v === "boolean" ? { v: "bool", b: v } : null;
    case "num":
      return typeof v === "string" ? { v: "num", q: v.slice(2) } : null;
    default:
      return null;
  }
}

/** Values for required fields the situation does not vary (the first member, false, 0). */
function filler(ir: RulesetIR, f: InputField): Value | null {
  switch (f.type.t) {
    case "enum": {
      const m = enumMembers(ir, f.type.name)[0];
      return m === undefined ? null : { v: "member", enum: f.type.name, name: m };
    }
    case "bool":
      return { v: "bool", b: false };
    case "num":
      return { v: "num", q: "0" };
    case "set":
      return { v: "set", enum: f.type.of, members: [] };
    default:
      return null;
  }
}

/**
 * What value `v` of dimension `d` (`given` by the situation, or its default) does to the records a
 * situation is asked with; the same every time, so `compute` works it out once per value.
 */
function actionOf(d: Dim, p: Plan, v: Scalar, given: boolean): Act {
  const f = p.field;
  // The situation sets a field this ruleset has no concept of: no answer.
  if (f === undefined || !p.fits) return given ? NONE : SKIP;
  if (d.kind === "flag") {
    // `known` is null exactly when the field's set has the member.
    if (p.known !== null) return given ? NONE : SKIP;
    return v === true ? { k: "flag", field: f.name, member: d.member! } : SKIP;
  }
  if (d.kind === "enum" && v !== null && p.known !== null && !p.known.has(v))
    return given || p.reads ? NONE : SKIP;
  const value = toValue(f, typeof v === "string" ? (p.names?.get(v) ?? v) : v);
  return value === null ? SKIP : { k: "set", rec: d.rec, name: f.name, value: valueOf(value) };
}

/** What a definition makes of one dimension (Asker.planOf). */
interface Plan {
  /** One-sided, and this ruleset lacks it: ignored. */
  lacks: boolean;
  field: InputField | undefined;
  reads: boolean;
  fits: boolean;
  /** The values this ruleset knows (null: any). */
  known: ReadonlySet<Scalar> | null;
  /** An enum's members by the names it answers to: its own, then its concept keys (name-resolver.ts). */
  names: ReadonlyMap<string, string> | null;
  /** Read: each value of the dimension → its digit in a situation's key (`keyOf`). */
  digits: ReadonlyMap<Scalar, number> | null;
  /** What a situation giving each value does to the records (`actionOf`), worked out on first use. */
  given: Map<Scalar, Act>;
  /** What a situation leaving the dimension at its default does (null: not yet worked out). */
  dflt: Act | null;
}

/**
 * What one dimension's value does to the records `compute` builds: nothing, no answer at all, a
 * member added to a set-valued field, or a field's value set.
 */
type Act =
  | { k: "skip" }
  | { k: "none" }
  | { k: "flag"; field: string; member: string }
  /** `value`: as the evaluator reads it (a scalar: never a set, so shared by every situation). */
  | { k: "set"; rec: RecordName; name: string; value: RunValue };
const SKIP: Act = { k: "skip" };
const NONE: Act = { k: "none" };

/** Answers by ruleset, definition and domain, then by key (`Asker.keyOf`). */
type Store<T> = WeakMap<
  RulesetIR,
  WeakMap<Subject["def"], WeakMap<readonly Dim[], Map<number | string, T | null>>>
>;

/**
 * Every Asker's answers (`glances`) and, where they were read, what they rest on (`outcomes`), by
 * ruleset, definition and domain: an answer is a function of these and the key (a definition with
 * parameters bound anew is another definition, its answers its own).
 */
const glances: Store<Glance> = new WeakMap();
/** Glances kept by what the definition itself reads (`Asker.answerKeyOf`). */
const ownGlances: Store<Glance> = new WeakMap();
const outcomes: Store<Outcome> = new WeakMap();

function answersOf<T>(
  store: Store<T>,
  s: Subject,
  dims: readonly Dim[],
): Map<number | string, T | null> {
  let byDef = store.get(s.ir);
  if (byDef === undefined) store.set(s.ir, (byDef = new WeakMap()));
  let byDims = byDef.get(s.def);
  if (byDims === undefined) byDef.set(s.def, (byDims = new WeakMap()));
  let out = byDims.get(dims);
  if (out === undefined) byDims.set(dims, (out = new Map()));
  return out;
}

export class Asker {
  private readonly reads: Reads;
  private readonly isStep: boolean;
  private readonly measure: string | null;

  constructor(
    readonly s: Subject,
    reads: Reads,
  ) {
    this.reads = reads;
    // Step-level definitions are asked about one step; path-level ones about a one-hex move.
    this.isStep = s.def.context !== "unit" || reads.step || reads.path;
    this.measure = isRule(s.def) ? measureOf(s.def.type) : null;
    const dice = reads.dice || reads.all ? diceOf(s.ir) : null;
    this.rolls = dice === null ? 1 : dice.sides ** dice.n;
    this.question = { def: s.def };
    this.allowance = reads.path ? "priced" : reads.all ? "computed" : null;
    this.own =
      this.allowance !== null && !readsPriming(s.ir, s.def) ? readsOf(s.ir, s.def, false) : null;
  }

  /**
   * What the definition itself reads, when a glance at it does not price the move (query.ts
   * `readsPriming`): then its answer turns on that alone, and answers are kept by it (`answerKeyOf`);
   * null when they are kept by everything the definition is asked with (`keyOf`).
   */
  private readonly own: Reads | null;

  /** What is asked, and the allowance the move has while it is (query.ts). */
  private readonly question: Question;
  private readonly allowance: "priced" | "computed" | null;

  /**
   * The keys this Asker has seen, by domain (a key is what the definition sees of one domain's
   * assignment), with their answers: what its budget counts.
   */
  private readonly caches = new WeakMap<readonly Dim[], Map<number | string, Glance | null>>();
  /** Evaluations made (keys seen for the first time by this Asker). */
  evaluations = 0;
  /** Work done: an evaluation over every roll of the dice counts once per roll. */
  work = 0;
  private readonly rolls: number;

  /**
   * The answer in one situation, or null when this ruleset cannot be asked it: the answer alone
   * (what the search compares); `outcome` gives what it rests on.
   */
  ask(dims: readonly Dim[], a: Readonly<Assignment>): Glance | null {
    // Situations that differ only in inputs this definition does not read get the same answer.
    const key = this.keyOf(dims, a);
    if (key === null) return null;
    const cache = this.domain(dims).cache;
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    this.evaluations++;
    this.work += this.rolls;
    // Another Asker of the same definition may have answered it (the causes pass asks the search's
    // situations again): the answer is the same; only what this one counts is its own.
    // (Not null: a situation no key is made for has none in either plan, both have its fields.)
    const answerKey = this.own === null ? key : this.answerKeyOf(dims, a)!;
    const answers = answersOf(this.own === null ? glances : ownGlances, this.s, dims);
    let out = answers.get(answerKey);
    if (out === undefined) answers.set(answerKey, (out = this.compute(dims, a, false)));
    cache.set(key, out);
    return out;
  }

  /** The domain asked last, with its plan, its key form and this Asker's keys seen in it. */
  private last: {
    dims: readonly Dim[];
    plan: Plan[];
    key: KeyForm;
    cache: Map<number | string, Glance | null>;
  } | null = null;

  /** What `ask` reads of a domain, kept for the domain asked last (the search asks one at a time). */
  private domain(dims: readonly Dim[]): NonNullable<Asker["last"]> {
    if (this.last !== null && this.last.dims === dims) return this.last;
    const plan = this.planOf(dims);
    let cache = this.caches.get(dims);
    if (cache === undefined) this.caches.set(dims, (cache = new Map()));
    let key = this.keyForms.get(dims);
    if (key === undefined) this.keyForms.set(dims, (key = keyForm(plan, dims)));
    return (this.last = { dims, plan, key, cache });
  }

  /**
   * The answer in one situation with what it rests on (its citations, the exceptions that fired,
   * the rules and rows it used), for a situation the report shows; `ask`'s answer, asked again with
   * the evaluator noting its choices. Not counted against the budget: `ask` counted the situation.
   */
  outcome(dims: readonly Dim[], a: Readonly<Assignment>): Outcome | null {
    const key = this.keyOf(dims, a);
    if (key === null) return null;
    const answers = answersOf(outcomes, this.s, dims);
    let out = answers.get(key);
    if (out === undefined) answers.set(key, (out = this.compute(dims, a, true)));
    return out;
  }

  /** Whether dimension `d` is one-sided and this ruleset lacks it (then it ignores it). */
  private lacks(d: Dim): boolean {
    return d.only !== null && !d.only.includes(this.s.id);
  }

  /**
   * Whether the situation sets an input only other rulesets have: this ruleset answers it as if that
   * input were left out (a ruleset without conscripts asks about the squad).
   */
  ignores(dims: readonly Dim[], a: Readonly<Assignment>): boolean {
    return dims.some((d, i) => a[i] !== undefined && this.lacks(d));
  }

  /**
   * Per dimension, what this definition makes of it, worked out once per domain (the search asks
   * thousands of situations of the same dimensions): its field here, whether the definition reads
   * it, and which values this ruleset knows (a value it does not know: no answer).
   */
  private readonly plans = new WeakMap<readonly Dim[], Plan[]>();
  /** Per domain, how its plan makes a situation's key (`keyOf`). */
  private readonly keyForms = new WeakMap<readonly Dim[], KeyForm>();
  private planOf(dims: readonly Dim[]): Plan[] {
    const hit = this.plans.get(dims);
    if (hit !== undefined) return hit;
    const { ir } = this.s;
    const plan = dims.map((d): Plan => {
      const f = fieldDef(ir, d.rec, "json", d.json);
      if (this.lacks(d) || f === undefined)
        return {
          lacks: this.lacks(d),
          field: f,
          reads: false,
          fits: false,
          known: null,
          names: null,
          digits: null,
          given: new Map(),
          dflt: null,
        };
      const names =
        d.kind === "enum" && f.type.t === "enum"
          ? memberNames(ir.enums.find((e) => e.name === (f.type as { name: string }).name) ?? null)
          : null;
      const fits = d.kind === "flag" ? f.type.t === "set" : d.kind === f.type.t;
      const known =
        d.kind === "flag"
          ? f.type.t === "set" && enumMembers(ir, f.type.of).includes(d.member!)
            ? null
            : new Set<Scalar>()
          : d.kind === "enum"
            ? new Set<Scalar>([null, ...(names?.keys() ?? [])])
            : null;
      const reads = readsField(this.reads, d.rec, f.name);
      const digits = reads ? digitsOf(d) : null;
      return {
        lacks: false,
        field: f,
        reads,
        fits,
        known,
        names,
        digits,
        given: new Map(),
        dflt: null,
      };
    });
    this.plans.set(dims, plan);
    return plan;
  }

  /** A set-valued field by name (the first record that has it), with its enum's members in order. */
  private readonly setFields = new Map<
    string,
    { rec: RecordName; of: string; order: string[] } | null
  >();
  private setField(name: string): { rec: RecordName; of: string; order: string[] } | null {
    const hit = this.setFields.get(name);
    if (hit !== undefined) return hit;
    const { ir } = this.s;
    const recs = ["unit", "vehicle", "scenario", "step"] as const;
    const rec = recs.find((r) => fieldDef(ir, r, "name", name) !== undefined);
    const f = rec === undefined ? undefined : fieldDef(ir, rec, "name", name);
    const out =
      rec === undefined || f === undefined || f.type.t !== "set"
        ? null
        : { rec, of: f.type.of, order: enumMembers(ir, f.type.of) };
    this.setFields.set(name, out);
    return out;
  }

  /** The required fields without a default, in declaration order, with the value that fills them. */
  private fillers: { rec: RecordName; name: string; value: RunValue }[] | null = null;
  private required(): { rec: RecordName; name: string; value: RunValue }[] {
    if (this.fillers !== null) return this.fillers;
    const { ir } = this.s;
    this.fillers = [];
    for (const input of ir.inputs)
      for (const f of input.fields) {
        if (f.default !== null || f.optional) continue;
        const value = filler(ir, f);
        // As the evaluator reads it, made once: a value is never changed, only read.
        if (value !== null)
          this.fillers.push({ rec: input.rec, name: f.name, value: valueOf(value) });
      }
    return this.fillers;
  }

  /** Whether the definition reads dimension `i` of `dims` (varying it may change its answer). */
  readsDim(dims: readonly Dim[], i: number): boolean {
    return this.planOf(dims)[i]!.reads;
  }

  /**
   * What of a situation this definition can see (null: it cannot be asked the situation at all): a
   * number in mixed radix — per dimension read, the value's digit; per dimension not read, 0 or 1
   * (whether the situation gives it a value this ruleset lacks: then no answer) — or, for a domain
   * too large for such numbers to be exact (`wide`), the same digits as text.
   */
  private keyOf(dims: readonly Dim[], a: Readonly<Assignment>): number | string | null {
    return keyWith(this.domain(dims).key, a);
  }

  /**
   * `keyOf` over what the definition itself reads (`own`): two situations with the same answer key
   * have the same glance. Besides its own fields: a step's action, which decides the hexes entered
   * (a step with an action enters none; a definition asked about a priced move reads the path) and
   * may imply a vehicle; and, for a definition that reads a vehicle's field, every vehicle field
   * the situation may set, since any of them makes a vehicle be there (and its fields' defaults).
   */
  private answerKeyOf(dims: readonly Dim[], a: Readonly<Assignment>): number | string | null {
    let form = this.ownKeys.get(dims);
    if (form === undefined) {
      const own = this.own!;
      const readsVehicle = [...own.fields, ...own.flags.keys(), ...own.wholeSets].some((k) =>
        k.startsWith("vehicle."),
      );
      const plan = this.planOf(dims).map((p, i) => {
        if (p.lacks || p.field === undefined) return p;
        const d = dims[i]!;
        const r =
          readsField(own, d.rec, p.field.name) ||
          (d.rec === "vehicle" && readsVehicle) ||
          (d.rec === "step" && p.field.name === "action");
        return { ...p, reads: r, digits: r ? digitsOf(d) : null };
      });
      this.ownKeys.set(dims, (form = keyForm(plan, dims)));
    }
    return keyWith(form, a);
  }
  private readonly ownKeys = new WeakMap<readonly Dim[], KeyForm>();

  private compute(dims: readonly Dim[], a: Readonly<Assignment>, full: false): Glance | null;
  private compute(dims: readonly Dim[], a: Readonly<Assignment>, full: true): Outcome | null;
  private compute(dims: readonly Dim[], a: Readonly<Assignment>, full: boolean): Glance | null {
    const { ir } = this.s;
    const recs: Record<string, ValueRecord> = {
      unit: dict(),
      vehicle: dict(),
      scenario: dict(),
      step: dict(),
    };
    let flags: Map<string, string[]> | null = null;
    const plan = this.planOf(dims);
    // Whether the situation gives the vehicle a field (then the unit uses one).
    let vehicleGiven = false;
    for (let i = 0; i < dims.length; i++) {
      const p = plan[i]!;
      if (p.lacks) continue;
      const v = a[i];
      let act = v === undefined ? p.dflt : p.given.get(v);
      if (act === undefined || act === null) {
        act = actionOf(dims[i]!, p, v === undefined ? dims[i]!.def : v, v !== undefined);
        if (v === undefined) p.dflt = act;
        else p.given.set(v, act);
      }
      switch (act.k) {
        case "skip":
          continue;
        case "none":
          return null;
        case "flag": {
          flags ??= new Map();
          const list = flags.get(act.field);
          if (list === undefined) flags.set(act.field, [act.member]);
          else list.push(act.member);
          continue;
        }
        case "set":
          recs[act.rec]![act.name] = act.value;
          if (act.rec === "vehicle") vehicleGiven = true;
      }
    }
    for (const [name, members] of flags ?? []) {
      const at = this.setField(name);
      if (at === null) continue;
      recs[at.rec]![name] = new Set(at.order.filter((m) => members.includes(m)));
      if (at.rec === "vehicle") vehicleGiven = true;
    }
    // Required fields nobody varies still need a value.
    const fillers = this.required();
    for (let i = 0; i < fillers.length; i++) {
      const r = fillers[i]!;
      if (r.rec === "vehicle" && !vehicleGiven) continue;
      if (r.rec === "step" && !this.isStep) continue;
      if (recs[r.rec]![r.name] === undefined) recs[r.rec]![r.name] = r.value;
    }
    // Records as the evaluator reads them, every value made from this ruleset's declarations: the
    // query fills them in place (interpreter.ts `prepareBuilt`).
    const built: BuiltScenario = {
      unit: recs.unit!,
      // A vehicle only when the situation gives it a field (the unit uses a conveyance).
      vehicle: vehicleGiven ? recs.vehicle! : null,
      scenario: recs.scenario!,
      path: this.isStep ? [recs.step!] : [],
    };
    // A path-level definition is asked about a priced one-hex move; one reading the allowance, with it computed.
    const situation: Situation = {
      scenario: { built },
      hexes: built.path.length,
      everyRoll: this.reads.dice || this.reads.all,
    };
    if (this.allowance !== null) situation.allowance = this.allowance;
    // An overflow, like any question that cannot be asked here, is the answer "cannot" (query.ts).
    if (!full) {
      const g = glance(ir, situation, this.question);
      const out = this.glanceOf(g.value);
      if (out !== null && g.chosen !== null && this.s.origin === undefined) out.own = g.chosen;
      return out;
    }
    const r = ask(ir, situation, this.question, true);
    const out = this.glanceOf(r.value);
    if (out === null) return null;
    const fired = r.applied?.exceptions ?? [];
    const origin = this.s.origin;
    const outcome: Outcome = {
      ...out,
      // A distribution cites what its first roll consulted; one value, its citations but a
      // constraint a ruleset lacks (which cites nothing).
      rules: out.key.startsWith("d:") ? r.rules : r.rules.filter((c) => c !== ""),
      fired: origin ? fired.map((x) => origin.get(x) ?? x) : fired,
      used: { rules: r.applied?.rules ?? [], rows: r.applied?.rows ?? [] },
    };
    return outcome;
  }

  /** The answer a query's value gives (null: none), with its key and display. */
  private glanceOf(v: QueryValue): Glance | null {
    switch (v.k) {
      case "cannot":
        return null;
      case "exact":
        return this.valueGlance(v.v);
      case "rolls":
        if (v.na === 0 && v.other === 0 && v.dist !== null && v.dist.min !== v.dist.max) {
          return {
            key: `d:${JSON.stringify(v.dist)}`,
            answer: v.dist,
            display: distText(v.dist, this.measure),
          };
        }
        return this.valueGlance(v.first);
      case "violations":
        return null;
    }
  }

  private valueGlance(v: RunValue): Glance {
    if (v instanceof Rat) {
      if (v.isNA()) return { key: "NA", answer: "NA", display: "NA" };
      return {
        key: `n:${v.toString()}`,
        answer: v.toNumber(),
        display: quantity(v.toString(), this.measure),
      };
    }
    if (typeof v === "boolean") {
      const display = isRule(this.s.def) ? (v ? "yes" : "no") : v ? "allowed" : "not allowed";
      return { key: `b:${v}`, answer: v, display };
    }
    if (typeof v === "string") {
      const d =
        isRule(this.s.def) && this.s.def.type.t === "enum"
          ? memberDisplay(scopeOf(this.s.ir), this.s.def.type.name, v)
          : v;
      return { key: `m:${v}`, answer: v, display: d };
    }
    const members = [...v].sort();
    return {
      key: `s:${members.join(",")}`,
      answer: members,
      display: members.join(", ") || "none",
    };
  }
}

/**
 * How a plan makes a situation's key (`Asker.keyOf`), worked out once per plan: the dimensions it
 * sees (not those this ruleset lacks), each with how its digit is found, so that a key is one loop
 * over them. Per dimension seen (`at`): `digits`, its values' digits (a dimension the definition
 * reads), else null: then the digit is 0 for a value left at the default or one the ruleset's field
 * takes (`fits`, `known`), else 1; `noField` marks a dimension this ruleset has no field for (a
 * situation that sets it has no key). `wide`: the situations are too many for a number to key each
 * exactly (past 2^53), so keys are the digits as text.
 */
interface KeyForm {
  wide: boolean;
  at: number[];
  def: Scalar[];
  noField: boolean[];
  digits: (ReadonlyMap<Scalar, number> | null)[];
  radix: number[];
  fits: boolean[];
  known: (ReadonlySet<Scalar> | null)[];
}

function keyForm(plan: readonly Plan[], dims: readonly Dim[]): KeyForm {
  const form: KeyForm = {
    wide: false,
    at: [],
    def: [],
    noField: [],
    digits: [],
    radix: [],
    fits: [],
    known: [],
  };
  for (let i = 0; i < dims.length; i++) {
    const p = plan[i]!;
    if (p.lacks) continue;
    form.at.push(i);
    form.def.push(dims[i]!.def);
    form.noField.push(p.field === undefined);
    form.digits.push(p.digits);
    form.radix.push(p.digits === null ? 2 : p.digits.size);
    form.fits.push(p.fits);
    form.known.push(p.known);
  }
  let places = 1;
  for (let k = 0; k < form.at.length; k++) if (!form.noField[k]) places *= form.radix[k]!;
  form.wide = places > Number.MAX_SAFE_INTEGER;
  return form;
}

/** A situation's key by a key form (`Asker.keyOf`, or its own reads' `answerKeyOf`). */
function keyWith(form: KeyForm, a: Readonly<Assignment>): number | string | null {
  const { at, def, noField, digits, radix, fits, known, wide } = form;
  let key = 0;
  let text = "";
  let place = 1;
  for (let k = 0; k < at.length; k++) {
    const given = a[at[k]!];
    if (noField[k]) {
      if (given !== undefined) return null;
      continue;
    }
    const v = given !== undefined ? given : def[k]!;
    const ds = digits[k]!;
    let digit: number;
    if (ds !== null) digit = ds.get(v)!;
    else {
      const kn = known[k]!;
      digit = given !== undefined && !(fits[k]! && (kn === null || kn.has(v))) ? 1 : 0;
    }
    if (wide) text += `${digit}\u0000`;
    else {
      key += digit * place;
      place *= radix[k]!;
    }
  }
  return wide ? text : key;
}

/** Each value of dimension `d` → its digit in a situation's key. */
function digitsOf(d: Dim): Map<Scalar, number> {
  const digits = new Map<Scalar, number>();
  for (const v of [...d.values, d.def]) if (!digits.has(v)) digits.set(v, digits.size);
  return digits;
}

/** Whether `reads` has field `name` of record `rec` (whole, or a member of it). */
function readsField(reads: Reads, rec: RecordName, name: string): boolean {
  const key = `${rec}.${name}`;
  return reads.fields.has(key) || reads.flags.has(key) || reads.wholeSets.has(key);
}
