/**
 * The one traversal of the IR's expressions. `children` is exhaustive over `Expr`: a new expression
 * kind fails to compile here until it says what its sub-expressions are, and every walker of the
 * compiler (check, lower, emit, interpreter, diff, cards, scenarios) goes through it.
 */
import type { Expr, Movement, RuleDef, RulesetIR, TableDef } from "./ir.js";

const NONE: readonly Expr[] = [];

/** The direct sub-expressions of `e`, in evaluation order. */
export function children(e: Expr): readonly Expr[] {
  switch (e.k) {
    case "num":
    case "bool":
    case "all":
    case "na":
    case "member":
    case "set":
    case "field":
    case "flag":
    case "present":
    case "path":
    case "pos":
    case "need":
    case "param":
    case "base":
      return NONE;
    case "agg":
      return [e.body];
    case "rule":
      return e.args;
    case "table":
      return e.keys;
    case "neg":
    case "not":
      return [e.x];
    case "bin":
      return [e.a, e.b];
    case "in":
      return [e.x, e.set];
    case "if":
      return [e.c, e.t, e.e];
    case "call":
      return e.args;
    case "dice":
      return e.perDie ? [e.perDie] : NONE;
    default: {
      const never: never = e;
      throw new TypeError(`unknown expression kind ${JSON.stringify(never)}`);
    }
  }
}

/**
 * Calls `f` on each direct sub-expression of `e`, in `children`' order: the kinds with a fixed number
 * of sub-expressions without the array `children` makes for them, the others through `children`.
 * `arg` is passed on to `f` as its second argument, so that a recursion (`walk`) need not make a
 * closure to carry its state.
 */
export function eachChild<T>(e: Expr, f: (c: Expr, arg: T) => void, arg?: T): void {
  const a = arg as T;
  switch (e.k) {
    case "bin":
      f(e.a, a);
      f(e.b, a);
      return;
    case "neg":
    case "not":
      f(e.x, a);
      return;
    case "in":
      f(e.x, a);
      f(e.set, a);
      return;
    case "if":
      f(e.c, a);
      f(e.t, a);
      f(e.e, a);
      return;
    case "agg":
      f(e.body, a);
      return;
    default: {
      const kids = children(e);
      for (let i = 0; i < kids.length; i++) f(kids[i]!, a);
    }
  }
}

/**
 * `e` with each direct sub-expression replaced by `f` of it (`e` itself when none changes), in
 * `children`' order: the one rebuilding of an expression, as `children` is the one reading.
 */
export function mapChildren(e: Expr, f: (c: Expr) => Expr): Expr {
  const kids = children(e);
  if (kids.length === 0) return e;
  const next = kids.map(f);
  if (next.every((c, i) => c === kids[i])) return e;
  switch (e.k) {
    case "agg":
      return { ...e, body: next[0]! };
    case "rule":
    case "call":
      return { ...e, args: next };
    case "table":
      return { ...e, keys: next };
    case "neg":
    case "not":
      return { ...e, x: next[0]! };
    case "bin":
      return { ...e, a: next[0]!, b: next[1]! };
    case "in":
      return { ...e, x: next[0]!, set: next[1]! };
    case "if":
      return { ...e, c: next[0]!, t: next[1]!, e: next[2]! };
    case "dice":
      return { ...e, perDie: next[0]! };
    default:
      throw new TypeError(`an expression of kind ${e.k} has no sub-expressions`);
  }
}

/**
 * Visits `e` and every sub-expression, parents before children. The visitor is passed down as
 * `eachChild`'s argument, not held by a closure made per walk (a walk per expression of a long
 * ruleset made those closures a visible share of lowering's garbage).
 */
export function walk(e: Expr, visit: (e: Expr) => void): void {
  visit(e);
  eachChild(e, walk, visit);
}

/** How many parts of `e` (itself included, inside aggregates too) satisfy `test`. */
export function count(e: Expr, test: (x: Expr) => boolean): number {
  let n = 0;
  walk(e, (x) => {
    if (test(x)) n++;
  });
  return n;
}

/** Whether some part of `e` (itself included, inside aggregates too) satisfies `test`. */
export function some(e: Expr, test: (x: Expr) => boolean): boolean {
  let found = false;
  walk(e, (x) => {
    if (!found && test(x)) found = true;
  });
  return found;
}

const baseReaders = new WeakMap<Expr, boolean>();

/**
 * Whether `e` mentions `base` anywhere, inside aggregates too (memoised: the interpreter asks it of
 * an exception's value each time the exception is chosen, the emitter of each aggregate's body).
 */
export function readsBase(e: Expr): boolean {
  let found = baseReaders.get(e);
  if (found !== undefined) return found;
  found = some(e, (x) => x.k === "base");
  baseReaders.set(e, found);
  return found;
}

const exprsOf = new WeakMap<RuleExprs, readonly Expr[]>();

/** What `ruleExprs` reads of a rule: a definition, or a checked rule before it has its context. */
type RuleExprs = Pick<RuleDef, "value" | "exceptions">;

/**
 * Every expression of a rule: its value, and each exception's condition and value (memoised for a
 * rule with exceptions; for one without, the one-element list costs less than a weak entry).
 */
export function ruleExprs(r: RuleExprs): readonly Expr[] {
  if (r.exceptions.length === 0) return [r.value];
  const known = exprsOf.get(r);
  if (known) return known;
  const acc: Expr[] = [r.value];
  const go = (xs: RuleDef["exceptions"]) =>
    xs.forEach((x) => {
      acc.push(x.when, x.value);
      go(x.exceptions);
    });
  go(r.exceptions);
  exprsOf.set(r, acc);
  return acc;
}

/**
 * Calls `f` on every expression of rule `r`, in `ruleExprs`' order, without making (or memoising)
 * the list: for a pass that goes over each rule's expressions once or a few times.
 */
export function eachRuleExpr(r: RuleExprs, f: (e: Expr) => void): void {
  f(r.value);
  if (r.exceptions.length > 0) eachExceptionExpr(r.exceptions, f);
}

function eachExceptionExpr(xs: RuleDef["exceptions"], f: (e: Expr) => void): void {
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i]!;
    f(x.when);
    f(x.value);
    if (x.exceptions.length > 0) eachExceptionExpr(x.exceptions, f);
  }
}

export type ExprParts = Pick<RulesetIR, "rules" | "constraints" | "movement">;

/** Every top-level expression of a ruleset: rules (with exceptions), constraints, the movement binding. */
export function* rulesetExprs(ir: ExprParts): Generator<Expr> {
  for (const r of ir.rules) yield* ruleExprs(r);
  for (const c of ir.constraints) yield c.cond;
  yield* movementExprs(ir.movement);
}

type MovementExprs = Pick<
  Movement,
  "allowance" | "cost" | "minimumMove" | "vehicleSpent" | "haltAt" | "haltAllowance"
>;

/**
 * The movement binding's expressions, the ones it has, in one order: the allowance and the step cost
 * (always there, first), then the once-per-move roles minimum-move, vehicle-spent, halt-at and
 * halt-allowance.
 */
export function movementExprs(m: MovementExprs): Expr[] {
  const out = [m.allowance, m.cost];
  if (m.minimumMove !== null) out.push(m.minimumMove);
  if (m.vehicleSpent !== null) out.push(m.vehicleSpent);
  if (m.haltAt !== undefined) out.push(m.haltAt);
  if (m.haltAllowance !== undefined) out.push(m.haltAllowance);
  return out;
}

/**
 * What an expression reads: the one answer to "what does this expression depend on", for the
 * checker (contexts, V0406), reach (what the search keeps apart), the diff (the inputs to vary) and
 * the query layer (whether to ask over every roll). Each reads the flags it needs.
 */
export interface Reads {
  /** The step being priced: a step field, or the step's position, outside any aggregate. */
  step: boolean;
  /** A step field anywhere, inside aggregates too. */
  stepField: boolean;
  /** The path: a path value (`path.hexes` …) or an aggregate over the steps. */
  path: boolean;
  /** The step's position (`step.number`, `step.last`), anywhere. */
  position: boolean;
  /** `path.spent`. */
  spent: boolean;
  /** `all` (the unit's whole allowance). */
  all: boolean;
  /** A dice roll. */
  dice: boolean;
  /** Fields whose value is read (`field`, `need`), as `rec.name`. */
  values: ReadonlySet<string>;
  /** Fields tested for presence, as `rec.name`. */
  present: ReadonlySet<string>;
  /** Set-valued fields tested for one member (`unit.broken`, `cx in unit.status`): `rec.field` → members. */
  flags: Map<string, Set<string>>;
  /** Number constants written in the expression (not the tables' rows). */
  consts: ReadonlySet<string>;
  /** Tables consulted. */
  tables: ReadonlySet<string>;
}

/**
 * The empty set every `noReads` starts with for its names, and the empty map for its flags, shared:
 * `addName` and `addFlag` (the only writers) give a `Reads` its own on its first name or flag, so
 * the thousands a check makes allocate few sets and maps.
 */
const NO_NAMES: ReadonlySet<string> = new Set();
const NO_FLAGS: Map<string, Set<string>> = new Map();

export function noReads(): Reads {
  return {
    step: false,
    stepField: false,
    path: false,
    position: false,
    spent: false,
    all: false,
    dice: false,
    values: NO_NAMES,
    present: NO_NAMES,
    flags: NO_FLAGS,
    consts: NO_NAMES,
    tables: NO_NAMES,
  };
}

type NameSet = "values" | "present" | "consts" | "tables";

/** Adds `name` to `acc`'s set `k` (its own set, made on the first name). */
function addName(acc: Reads, k: NameSet, name: string): void {
  let s = acc[k] as Set<string>;
  if (s === NO_NAMES) acc[k] = s = new Set();
  s.add(name);
}

/** What a referenced rule reads (null: not a rule, or not followed). */
export type RuleReads = (name: string) => Reads | null;

/** Follows no rule. */
const NO_RULES: RuleReads = () => null;

/**
 * What `e` reads, with what each rule it calls reads (`ruleReads`; by default rules are not
 * followed). A rule called inside an aggregate does not read the step being priced. With `fields`
 * false the fields read are not recorded (`values`, `present` and `flags` stay empty): for a pass
 * that needs only the flags, the constants and the tables, as the checker's dependency analysis.
 * With `consts`, the number constants read are added to that set, which many walks share (that
 * analysis gathers all the rules' in one), and the result's own `consts` stays empty.
 */
export function reads(
  e: Expr,
  ruleReads: RuleReads = NO_RULES,
  fields = true,
  consts: Set<string> | null = null,
): Reads {
  return collect(ruleReads, fields, consts, outside, e);
}

/**
 * What the expressions `es` read together, following rules as `reads` does: one accumulator for
 * all, rather than one per expression added up.
 */
export function readsAll(es: readonly Expr[], ruleReads: RuleReads = NO_RULES): Reads {
  return collect(ruleReads, true, null, outsideAll, es);
}

/**
 * What the expressions of rule `r` read together (`ruleExprs`' expressions, in its order), following
 * rules and recording fields (or not) and constants (in `consts`, or not) as `reads` does, without
 * making the list of them.
 */
export function ruleReadsAll(
  r: RuleExprs,
  ruleReads: RuleReads = NO_RULES,
  fields = true,
  consts: Set<string> | null = null,
): Reads {
  return collect(ruleReads, fields, consts, outsideRule, r);
}

/**
 * What `visit(x)` reads, with the reader's state set for it (`enter`) and restored after, even when
 * a walk throws: the one body of `reads`, `readsAll` and `ruleReadsAll`.
 */
function collect<X>(
  ruleReads: RuleReads,
  fields: boolean,
  consts: Set<string> | null,
  visit: (x: X) => void,
  x: X,
): Reads {
  const acc = noReads();
  enter(acc, ruleReads, fields, consts);
  try {
    visit(x);
  } finally {
    leave();
  }
  return acc;
}

/** Reads each of `es` (made once: no closure per walk). */
function outsideAll(es: readonly Expr[]): void {
  for (let i = 0; i < es.length; i++) outside(es[i]!);
}

/** Reads each expression of rule `r`. */
function outsideRule(r: RuleExprs): void {
  eachRuleExpr(r, outside);
}

/** Adds what `b` reads to `a` (`inAgg`: `b` is read inside an aggregate, so not the step priced). */
export function addReads(a: Reads, b: Reads, inAgg = false): void {
  if (b.step && !inAgg) a.step = true;
  a.stepField ||= b.stepField;
  a.path ||= b.path;
  a.position ||= b.position;
  a.spent ||= b.spent;
  a.all ||= b.all;
  a.dice ||= b.dice;
  for (const x of b.values) addName(a, "values", x);
  for (const x of b.present) addName(a, "present", x);
  for (const [k, ms] of b.flags) for (const m of ms) addFlag(a, k, m);
  for (const x of b.consts) addName(a, "consts", x);
  for (const x of b.tables) addName(a, "tables", x);
}

function addFlag(acc: Reads, key: string, member: string): void {
  if (acc.flags === NO_FLAGS) acc.flags = new Map();
  let s = acc.flags.get(key);
  if (!s) acc.flags.set(key, (s = new Set()));
  s.add(member);
}

/**
 * `rec.name` keys by record and name, made once per spelling (a read makes no string); forgotten
 * whole past `FIELD_KEYS` keys, so a long-running service's edits cannot grow it without bound.
 */
const fieldKeys = new Map<string, Map<string, string>>();
let fieldKeyCount = 0;
const FIELD_KEYS = 4096;

/** The key `rec.name` of field `name` of record `rec`, one string per spelling. */
function fieldKey(rec: string, name: string): string {
  let byName = fieldKeys.get(rec);
  if (byName === undefined) fieldKeys.set(rec, (byName = new Map()));
  let key = byName.get(name);
  if (key === undefined) {
    if (++fieldKeyCount > FIELD_KEYS) {
      fieldKeys.clear();
      fieldKeys.set(rec, (byName = new Map()));
      fieldKeyCount = 1;
    }
    byName.set(name, (key = `${rec}.${name}`));
  }
  return key;
}

/** Marks a read of a field of record `rec`: a step field, and outside an aggregate the step priced. */
function stepRead(acc: Reads, rec: string, inAgg: boolean): void {
  if (rec !== "step") return;
  acc.stepField = true;
  if (!inAgg) acc.step = true;
}

/**
 * The reader's state while it walks (no closure per walk): what it adds to, how it follows rules,
 * whether it records fields, where the constants go (null: `into`'s own). `enter` saves the state
 * on a stack and `leave` restores it, so a walk that `ruleReads` starts (a callee read on its first
 * call) nests inside the walk that called it.
 */
let into: Reads = noReads();
let follow: RuleReads = NO_RULES;
let withFields = true;
let constsTo: Set<string> | null = null;
const saved: (Reads | RuleReads | boolean | Set<string> | null)[] = [];

function enter(
  acc: Reads,
  ruleReads: RuleReads,
  fields: boolean,
  consts: Set<string> | null,
): void {
  saved.push(into, follow, withFields, constsTo);
  into = acc;
  follow = ruleReads;
  withFields = fields;
  constsTo = consts;
}

function leave(): void {
  constsTo = saved.pop() as Set<string> | null;
  withFields = saved.pop() as boolean;
  follow = saved.pop() as RuleReads;
  into = saved.pop() as Reads;
}

/** Adds what `e` reads to the reader's accumulator (`inAgg`: `e` is inside an aggregate). */
function readExpr(e: Expr, inAgg: boolean): void {
  const acc = into;
  switch (e.k) {
    case "num":
      if (constsTo !== null) constsTo.add(e.q);
      else addName(acc, "consts", e.q);
      return;
    case "all":
      acc.all = true;
      return;
    case "field":
    case "need":
    case "present":
      if (withFields)
        addName(acc, e.k === "present" ? "present" : "values", fieldKey(e.rec, e.name));
      stepRead(acc, e.rec, inAgg);
      return;
    case "flag":
      if (withFields) addFlag(acc, fieldKey(e.rec, e.field), e.member);
      stepRead(acc, e.rec, inAgg);
      return;
    case "path":
      acc.path = true;
      if (e.name === "spent") acc.spent = true;
      return;
    case "pos":
      acc.position = true;
      if (!inAgg) acc.step = true;
      return;
    case "agg":
      acc.path = true;
      readExpr(e.body, true);
      return;
    case "in":
      if (e.x.k === "member" && e.set.k === "field") {
        if (withFields) addFlag(acc, fieldKey(e.set.rec, e.set.name), e.x.name);
        stepRead(acc, e.set.rec, inAgg);
        return;
      }
      break;
    case "dice":
      acc.dice = true;
      break;
    case "rule": {
      const r = follow(e.name);
      if (r) addReads(acc, r, inAgg);
      break;
    }
    case "table":
      addName(acc, "tables", e.name);
      break;
    default:
      break;
  }
  eachChild(e, inAgg ? inside : outside);
}

const outside = (e: Expr): void => readExpr(e, false);
const inside = (e: Expr): void => readExpr(e, true);

const readersOf = new WeakMap<readonly RuleExprsNamed[], RuleReads>();
type RuleExprsNamed = RuleExprs & { name: string };

/**
 * What each of `rules` reads, following the rules it calls (memoised per rules array); a rule met
 * again while it is being read (a cycle, which the checker reports as V0208) adds nothing more.
 */
export function ruleReader(rules: readonly RuleExprsNamed[]): RuleReads {
  let reader = readersOf.get(rules);
  if (reader) return reader;
  const byName = new Map(rules.map((r) => [r.name, r]));
  const done = new Map<string, Reads>();
  const visiting = new Set<string>();
  reader = (name) => {
    const known = done.get(name);
    if (known) return known;
    const r = byName.get(name);
    if (!r || visiting.has(name)) return null;
    visiting.add(name);
    const acc = readsAll(ruleExprs(r), reader!);
    visiting.delete(name);
    done.set(name, acc);
    return acc;
  };
  readersOf.set(rules, reader);
  return reader;
}

/**
 * The names of the rules and tables `start` uses, directly or through the rules of `rules` it calls
 * (a rule's own name only where it is called). The diff's causes pass: which changes a definition
 * can turn on; the rule memo of a swapped ruleset: which rules the swap cannot reach.
 */
export function namesReached(
  rules: readonly RuleExprsNamed[],
  start: readonly Expr[],
): Set<string> {
  const out = new Set<string>();
  const byName = new Map(rules.map((r) => [r.name, r]));
  const todo: Expr[] = [...start];
  while (todo.length > 0)
    walk(todo.pop()!, (x) => {
      if ((x.k !== "rule" && x.k !== "table") || out.has(x.name)) return;
      out.add(x.name);
      const r = byName.get(x.name);
      if (x.k === "rule" && r) todo.push(...ruleExprs(r));
    });
  return out;
}

const allTables = new WeakMap<readonly TableDef[], ReadonlySet<string>>();

/**
 * The tables with a row whose value is `all` (the unit's whole allowance): reading one reads the
 * allowance, which `reads` (by expression) does not see. Memoised per tables array.
 */
export function tablesReadingAll(tables: readonly TableDef[]): ReadonlySet<string> {
  let out = allTables.get(tables);
  if (out === undefined) {
    out = new Set(tables.filter((t) => t.rows.some((r) => r.value.v === "all")).map((t) => t.name));
    allTables.set(tables, out);
  }
  return out;
}

/** Whether `e` rolls dice anywhere (itself, not through the rules it calls). */
export function rollsDice(e: Expr): boolean {
  return reads(e).dice;
}

/** The dice expressions of one top-level expression: their numbers of dice, and the most sides. */
interface DiceIn {
  ns: readonly number[];
  sides: number;
}

const NO_DICE: DiceIn = { ns: [], sides: 0 };
const diceMemo = new WeakMap<Expr, DiceIn>();

/**
 * The dice `e` rolls (memoised by expression: a ruleset made from another by replacing one
 * definition, as the diff's causes do, shares every other definition's expressions, so only the
 * replaced one is walked again).
 */
function diceIn(e: Expr): DiceIn {
  let d = diceMemo.get(e);
  if (d !== undefined) return d;
  const ns: number[] = [];
  let sides = 0;
  walk(e, (x) => {
    if (x.k === "dice") {
      ns.push(x.n);
      sides = Math.max(sides, x.sides);
    }
  });
  d = ns.length === 0 ? NO_DICE : { ns, sides };
  diceMemo.set(e, d);
  return d;
}

/** The most dice one roll of the ruleset uses and the most sides, or null when it rolls none. */
export function diceOf(ir: ExprParts): { n: number; sides: number } | null {
  let n = 0;
  let sides = 0;
  for (const e of rulesetExprs(ir)) {
    const d = diceIn(e);
    for (const k of d.ns) n = Math.max(n, k);
    sides = Math.max(sides, d.sides);
  }
  return n > 0 ? { n, sides } : null;
}

/**
 * The numbers of dice the ruleset's dice expressions read, sorted and distinct (`2d6` and `3d6`:
 * [2, 3]): the pricing loop prices once the rolls that differ only by the order of faces within
 * each block between two of them (runtime/rolls.ts `DiceCuts`). Empty when it rolls none.
 */
export function diceCutsOf(ir: ExprParts): number[] {
  const ns = new Set<number>();
  for (const e of rulesetExprs(ir)) for (const k of diceIn(e).ns) ns.add(k);
  return [...ns].sort((a, b) => a - b);
}
