/**
 * The one traversal of the IR's expressions. `children` is exhaustive over `Expr`: a new expression
 * kind fails to compile here until it says what its sub-expressions are, and every walker of the
 * compiler (check, lower, emit, interpreter, diff, cards, scenarios) goes through it.
 */
import type { Expr, RuleDef, RulesetIR } from "./ir.js";

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

/** Visits `e` and every sub-expression, parents before children. */
export function walk(e: Expr, visit: (e: Expr) => void): void {
  visit(e);
  for (const c of children(e)) walk(c, visit);
}

const exprsOf = new WeakMap<RuleExprs, Expr[]>();

/** What `ruleExprs` reads of a rule: a definition, or a checked rule before it has its context. */
type RuleExprs = Pick<RuleDef, "value" | "exceptions">;

/** Every expression of a rule: its value, and each exception's condition and value (memoised). */
export function ruleExprs(r: RuleExprs): Expr[] {
  let out = exprsOf.get(r);
  if (out) return out;
  out = [r.value];
  const acc = out;
  const go = (xs: RuleDef["exceptions"]) =>
    xs.forEach((x) => {
      acc.push(x.when, x.value);
      go(x.exceptions);
    });
  go(r.exceptions);
  exprsOf.set(r, out);
  return out;
}

export type ExprParts = Pick<RulesetIR, "rules" | "constraints" | "movement">;

/** Every top-level expression of a ruleset: rules (with exceptions), constraints, the movement binding. */
export function* rulesetExprs(ir: ExprParts): Generator<Expr> {
  for (const r of ir.rules) yield* ruleExprs(r);
  for (const c of ir.constraints) yield c.cond;
  const m = ir.movement;
  yield m.allowance;
  yield m.cost;
  if (m.minimumMove !== null) yield m.minimumMove;
  if (m.vehicleSpent !== null) yield m.vehicleSpent;
  if (m.haltAt !== undefined) yield m.haltAt;
  if (m.haltAllowance !== undefined) yield m.haltAllowance;
}

/** Whether `e` rolls dice anywhere. */
export function rollsDice(e: Expr): boolean {
  let found = false;
  walk(e, (x) => {
    if (x.k === "dice") found = true;
  });
  return found;
}

/** The most dice one roll of the ruleset uses and the most sides, or null when it rolls none. */
export function diceOf(ir: ExprParts): { n: number; sides: number } | null {
  let n = 0;
  let sides = 0;
  for (const e of rulesetExprs(ir)) {
    walk(e, (x) => {
      if (x.k === "dice") {
        n = Math.max(n, x.n);
        sides = Math.max(sides, x.sides);
      }
    });
  }
  return n > 0 ? { n, sides } : null;
}
