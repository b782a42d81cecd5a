/**
 * The interpreter's query layer: a situation in (scenario values, the allowance the move has, a fixed
 * roll or every roll), a question (a definition, the allowance, a step's cost, the violations), an
 * answer out — an exact value or a distribution over every roll, with the citations consulted, and on
 * request which exceptions the evaluator chose and which table rows it read. An evaluation that cannot
 * happen with these inputs is an answer too ("cannot be asked"), not a throw. The cards' Probe and the
 * diff's Asker ask through it. Runs in a browser (no Node API).
 */
import { forEachRoll, summarize } from "../../runtime/dice.js";
import { unique } from "../../runtime/lists.js";
import { countHexes, pricePath } from "../../runtime/move.js";
import { NA_RAT, Rat, ratNum } from "../../runtime/rational.js";
import type { DistributionSummary, Violation } from "../../runtime/types.js";
import type {
  ConstraintDef,
  Exception,
  Expr,
  RuleDef,
  RulesetIR,
  ScenarioValue,
} from "../ir/ir.js";
import { readsAll, ruleExprs, ruleReader, tablesReadingAll } from "../ir/walk.js";
import { EvalError, type EvalListener, type EvalContext, type RunValue } from "./eval.js";
import { RuleMemo } from "./memo.js";
import {
  interpreterFor,
  prepare,
  prepareBuilt,
  type BuiltScenario,
  type Interpreter,
} from "./interpreter.js";

/** What is asked: a definition (a rule, predicate or constraint; by name or object), the allowance, step `cost`'s cost, the violations. */
export type Question =
  | { def: RuleDef | ConstraintDef | string }
  | { allowance: true }
  | { cost: number }
  | { violations: true };

export interface Situation {
  /**
   * The records and path, as a scenario gives them (its `roll`, when given, is the fixed roll), or
   * as the diff's search builds them (interpreter.ts `BuiltScenario`: no fixed roll).
   */
  scenario: ScenarioValue | { built: BuiltScenario };
  /**
   * The allowance the move has while the question is asked: a value; `'computed'` first; or
   * `'priced'`, the whole path priced first (allowance, hexes, spent). Priming that cannot be done
   * leaves what it got so far. Default 0.
   */
  allowance?: Rat | "computed" | "priced";
  /** Hexes entered (default: the path's steps that enter a hex). */
  hexes?: number;
  /**
   * Ask over every roll (when the ruleset rolls dice). Default: with the situation's fixed roll when it
   * has one, else over every roll when the question reads the dice, itself or through the allowance.
   * Violations are checked once, with the situation's roll.
   */
  everyRoll?: boolean;
}

/** A table row read. */
export interface RowHit {
  table: string;
  keys: string[];
  cite: string;
}

/** What the evaluator chose while answering (over every roll asked). */
export interface Applied {
  /**
   * Exceptions that applied, each once: by rule, in the order the rules were entered; a rule's chain
   * outer first.
   */
  exceptions: Exception[];
  /** Rules evaluated (each once). */
  rules: RuleDef[];
  /** Table rows read (each once). */
  rows: RowHit[];
}

export type QueryValue =
  /** One value: a Rat (`NA_RAT` for NA), a boolean, a member, a set. */
  | { k: "exact"; v: RunValue }
  /** Over every roll: the first roll's value, the numbers' distribution (null: none), NA and non-number rolls. */
  | { k: "rolls"; first: RunValue; dist: DistributionSummary | null; na: number; other: number }
  | { k: "violations"; list: Violation[] }
  /** The inputs do not suffice (a field absent, a roll too short, no table entry); `found`: violations before it. */
  | { k: "cannot"; reason: string; found: Violation[] };

export interface QueryResult {
  value: QueryValue;
  /** Citations consulted, in evaluation order, each once (of the first roll, over every roll). */
  rules: string[];
  /** With `record`: the exceptions chosen and the rows read. */
  applied?: Applied;
  /** A glance's exceptions of the definition asked (`Glimpse.chosen`), where it tells them. */
  chosen?: readonly Exception[];
}

/** The problems of a situation's records (required fields absent …); empty when it can be asked. */
export function situationProblems(ir: RulesetIR, sv: ScenarioValue): string[] {
  return prepare(ir, sv).problems;
}

/** Asks `q` of ruleset `ir` in situation `s`; with `record`, notes what the evaluator chose. */
export function ask(ir: RulesetIR, s: Situation, q: Question, record = false): QueryResult {
  return query(ir, s, q, record ? "record" : "cite");
}

/**
 * `ask`'s answer alone: no citations noted, nothing recorded, so the evaluator may serve rules
 * from its memo (memo.ts) — the value is `ask`'s, found with less work. For the diff's search, which
 * reads the citations and choices only of the situations whose answers differ.
 */
export function glance(ir: RulesetIR, s: Situation, q: Question): Glimpse {
  const r = query(ir, s, q, "glance");
  return { value: r.value, chosen: r.chosen ?? null };
}

/**
 * A glance's answer, and where it can tell them exactly, the exceptions of the definition asked
 * that the evaluator chose (over every roll asked): those a recorded `ask` notes of that definition
 * (`Applied.exceptions`), when the question is a rule and nothing priced before it could evaluate
 * the rule otherwise — no priming, or priming a glance skips (the rule then reads nothing it sets).
 * Null where it cannot tell them so.
 */
export interface Glimpse {
  value: QueryValue;
  chosen: readonly Exception[] | null;
}

/** What a query notes besides its answer: the citations; also the evaluator's choices; nothing. */
type Noting = "cite" | "record" | "glance";

/** Memos by interpreter (so a swapped ruleset, with an interpreter of its own, has its own). */
const memos = new WeakMap<Interpreter, RuleMemo>();

/** Rulesets made from another by swapping definitions in (`madeFrom`) → that other. */
const parents = new WeakMap<RulesetIR, RulesetIR>();

/**
 * Says that `ir` is `from` with some rules or tables swapped in (the diff's causes pass, `swapped`),
 * so that `ir`'s rule memo shares `from`'s for the rules the swap cannot reach (memo.ts
 * `RuleMemo`); returns `ir`.
 */
export function madeFrom(ir: RulesetIR, from: RulesetIR): RulesetIR {
  if (ir !== from) parents.set(ir, from);
  return ir;
}

/** The rule memo of ruleset `ir` (made on first use; sharing its parent's, `madeFrom`). */
function memoOf(ir: RulesetIR): RuleMemo {
  const model = interpreterFor(ir);
  let memo = memos.get(model);
  if (memo === undefined) {
    const parent = parents.get(ir);
    memo = new RuleMemo(ir, parent === undefined ? null : { memo: memoOf(parent), ir: parent });
    memos.set(model, memo);
  }
  return memo;
}

function query(ir: RulesetIR, s: Situation, q: Question, noting: Noting): QueryResult {
  const model = interpreterFor(ir);
  const sv = s.scenario;
  const ctx = "built" in sv ? prepareBuilt(ir, sv.built) : prepare(ir, sv).ctx;
  ctx.hexes = s.hexes ?? countHexes(model, ctx);
  const rec = noting === "record" ? new Recording() : null;
  const ev = model.ev;
  const saved = ev.listener;
  const savedMemo = ev.memo;
  ev.listener = rec;
  // The memo reads every field a rule may read: only records built as the evaluator reads them
  // (none given as unknown, whose reading throws) are looked up in it.
  if (noting === "glance" && "built" in sv) ev.memo = memoOf(ir);
  let rules: string[] = [];
  const applied = () => (rec ? { applied: rec.applied() } : {});
  try {
    if ("violations" in q) {
      const list: Violation[] = [];
      const stopped = attempt(() => violations(model, ctx, list));
      if (stopped !== null)
        return {
          value: { k: "cannot", reason: stopped.message, found: list },
          rules,
          ...applied(),
        };
      return { value: { k: "violations", list }, rules, ...applied() };
    }
    // Only the first evaluation's citations are kept (over every roll: the first roll's).
    let first = true;
    // A glance skips pricing the move when the question reads neither the spent nor the whole
    // allowance: what else priming sets (the hexes entered, the step priced) is set alike.
    const skip = noting === "glance" && "def" in q && !readsPriming(ir, defOf(ir, q.def));
    // A glance tells the exceptions a rule asked chose where nothing priced before it evaluates it
    // otherwise (`Glimpse`): the rule itself is evaluated, the rules it calls may come from the memo.
    const primes = s.allowance === "priced" || s.allowance === "computed";
    const asked = noting === "glance" && "def" in q ? defOf(ir, q.def) : null;
    const choosing = asked !== null && isRule(asked) && (skip || !primes) ? asked : null;
    const chosen = choosing !== null ? new Set<Exception>() : null;
    const once = (): RunValue => {
      prime(model, ctx, s, !skip);
      if ("cost" in q) ctx.i = q.cost;
      if (choosing !== null) {
        const r = model.ev.chosenIn(choosing, ctx);
        for (const x of r.chosen) chosen!.add(x);
        return r.value;
      }
      const t: string[] | null = noting === "glance" ? null : [];
      if (first && t !== null) rules = t;
      first = false;
      return answer(model, ctx, q, ir, t);
    };
    const told = () => (chosen !== null ? { chosen: [...chosen] } : {});
    const answerAll = (): QueryResult => {
      const fixed = !("built" in sv) && sv.roll !== undefined && sv.roll.length > 0;
      const every =
        (s.everyRoll ?? (!fixed && readsDice(ir, questionExpr(ir, q)))) && model.dice > 0;
      if (!every) {
        const v = once();
        return { value: { k: "exact", v }, rules: unique(rules), ...applied(), ...told() };
      }
      const values: RunValue[] = [];
      forEachRoll(model.dice, model.sides, (roll) => {
        ctx.roll = roll.slice();
        values.push(once());
      });
      ctx.roll = null;
      const nums: number[] = [];
      let na = 0;
      let other = 0;
      for (const v of values) {
        if (!(v instanceof Rat)) other++;
        else if (v.isNA()) na++;
        else nums.push(v.toNumber());
      }
      const dist = nums.length > 0 ? summarize(nums) : null;
      return {
        value: { k: "rolls", first: values[0] ?? NA_RAT, dist, na, other },
        rules: unique(rules),
        ...applied(),
        ...told(),
      };
    };
    let value: QueryResult | null = null;
    const stopped = attempt(() => {
      value = answerAll();
    });
    if (stopped !== null)
      return {
        value: { k: "cannot", reason: stopped.message, found: [] },
        rules: unique(rules),
        ...applied(),
      };
    return value!;
  } finally {
    ev.listener = saved;
    ev.memo = savedMemo;
  }
}

/**
 * Runs `f`; what stops it as a value, or null when it ran: the query layer's one place that turns an
 * evaluation that cannot happen with these inputs (`EvalError`, an `InputError`) or arithmetic that
 * cannot be done (a `RangeError`: a value beyond the exact range, `RatOverflow`, NA compared, ÷ 0)
 * into an answer ("cannot be asked", the message saying which). Anything else is a bug.
 */
function attempt(f: () => void): EvalError | RangeError | null {
  try {
    f();
    return null;
  } catch (e) {
    if (e instanceof EvalError || e instanceof RangeError) return e;
    throw e;
  }
}

/**
 * Sets the allowance the situation gives (an evaluation error or overflow while priming is left where
 * it stopped). Without `price` (a glance whose question reads neither the spent nor the whole
 * allowance), only what pricing sets besides them: the hexes entered, as pricing counts them, and the
 * first step current (pricing sets both whether or not it can be done).
 */
function prime(model: Interpreter, ctx: EvalContext, s: Situation, price = true): void {
  const a = s.allowance;
  if (a === undefined) return;
  if (a instanceof Rat) {
    ctx.allowance = a;
    return;
  }
  if (!price) {
    if (a === "priced") ctx.hexes = countHexes(model, ctx);
  } else
    attempt(() => {
      if (a === "priced") pricePath(model, ratNum, ctx);
      else ctx.allowance = model.allowance(ctx, null);
    });
  ctx.i = 0;
}

/**
 * Whether definition `d` of `ir` (following the rules it calls) reads what priming sets: the spent
 * or the whole allowance. When it does not, `glance` does not price the move, so its answer turns
 * only on what the definition itself reads (the diff's Asker keys its answers so).
 */
const primingReads = new WeakMap<RulesetIR, Map<RuleDef | ConstraintDef, boolean>>();
export function readsPriming(ir: RulesetIR, d: RuleDef | ConstraintDef): boolean {
  let byDef = primingReads.get(ir);
  if (byDef === undefined) primingReads.set(ir, (byDef = new Map()));
  let out = byDef.get(d);
  if (out === undefined) {
    const r = readsOfRoot(ir, isRule(d) ? d : d.cond);
    const allRows = tablesReadingAll(ir.tables);
    out = r.spent || r.all || [...r.tables].some((t) => allRows.has(t));
    byDef.set(d, out);
  }
  return out;
}

function defOf(ir: RulesetIR, d: RuleDef | ConstraintDef | string): RuleDef | ConstraintDef {
  if (typeof d !== "string") return d;
  const found = ir.rules.find((r) => r.name === d) ?? ir.constraints.find((k) => k.name === d);
  if (!found) throw new EvalError(`unknown definition ${d}`);
  return found;
}

function isRule(d: RuleDef | ConstraintDef): d is RuleDef {
  return "exceptions" in d;
}

/** The expression a question evaluates (for whether it reads the dice). */
function questionExpr(ir: RulesetIR, q: Exclude<Question, { violations: true }>): Expr | RuleDef {
  if ("allowance" in q) return ir.movement.allowance;
  if ("cost" in q) return ir.movement.cost;
  const d = defOf(ir, q.def);
  return isRule(d) ? d : d.cond;
}

function answer(
  model: Interpreter,
  ctx: EvalContext,
  q: Exclude<Question, { violations: true }>,
  ir: RulesetIR,
  t: string[] | null,
): RunValue {
  if ("allowance" in q) return model.allowance(ctx, t);
  if ("cost" in q) return model.stepCost(ctx, t);
  const d = defOf(ir, q.def);
  if (isRule(d)) return model.ev.rule(d, ctx, t);
  t?.push(d.cite);
  return model.ev.evaluate(d.cond, ctx, t);
}

/** The constraints a move breaks: each step's, then the move's (allowance computed, nothing spent). */
function violations(model: Interpreter, ctx: EvalContext, out: Violation[]): void {
  ctx.allowance = model.allowance(ctx, null);
  ctx.spent = Rat.ZERO;
  for (let i = 0; i < ctx.path.length; i++) {
    ctx.i = i;
    model.checkStep(ctx, out);
  }
  ctx.i = 0;
  model.checkMove(ctx, out);
}

/** Whether evaluating `e` reads the dice, itself, through the rules it calls or through the allowance. */
function readsDice(ir: RulesetIR, root: Expr | RuleDef): boolean {
  const acc = readsOfRoot(ir, root);
  if (acc.dice) return true;
  return acc.all && root !== ir.movement.allowance && readsOfRoot(ir, ir.movement.allowance).dice;
}

/** What an expression, or a rule's expressions, read, following the rules they call. */
function readsOfRoot(ir: RulesetIR, root: Expr | RuleDef) {
  return readsAll("k" in root ? [root] : ruleExprs(root), ruleReader(ir.rules));
}

/** The evaluator's choices, noted as it makes them. */
class Recording implements EvalListener {
  /** One group per rule entered, in order; a rule's chosen exceptions go to its latest group (rules do not recurse). */
  private readonly groups: Exception[][] = [];
  private readonly open = new Map<RuleDef, Exception[]>();
  private readonly rulesSeen: RuleDef[] = [];
  private readonly rows: RowHit[] = [];
  /** The rows read, by table and keys (`table\u0000key…`). */
  private readonly rowsSeen = new Set<string>();

  rule(r: RuleDef): void {
    if (!this.rulesSeen.includes(r)) this.rulesSeen.push(r);
    if (r.exceptions.length === 0) return;
    const g: Exception[] = [];
    this.groups.push(g);
    this.open.set(r, g);
  }

  exception(x: Exception, r: RuleDef): void {
    this.open.get(r)?.push(x);
  }

  row(table: string, keys: readonly string[], cite: string): void {
    const key = `${table}\u0000${keys.join("\u0000")}`;
    if (this.rowsSeen.has(key)) return;
    this.rowsSeen.add(key);
    this.rows.push({ table, keys: [...keys], cite });
  }

  /** What was noted (a recording is read once, when its question is answered). */
  applied(): Applied {
    const exceptions: Exception[] = [];
    for (const g of this.groups) for (const x of g) exceptions.push(x);
    return {
      exceptions: unique(exceptions),
      rules: this.rulesSeen,
      rows: this.rows,
    };
  }
}
