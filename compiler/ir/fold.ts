/**
 * Constant folding: an IR expression → its value, where it reads nothing. The one folder of the
 * compiler: the checker folds divisors, input defaults, table cells and examples' values with it,
 * lowering folds a divisor's reciprocal, the emitter writes a folded constant as a literal, and the
 * renderers show `1 / 2` as ½. Its form adds no node: it answers a value or null (not a constant).
 *
 * Arithmetic on number literals is folded here; what needs the rules (an expression that reads no
 * input but calls a rule or a table, such as `dm-portage(hmg)`) is evaluated by the caller's
 * `evaluate` (the checker passes one over its checked rules), so the IR stays below the evaluator.
 */
import { Rat, RatOverflow } from "../../runtime/rational.js";
import type { Expr, Type, Value } from "./ir.js";

/**
 * An expression that reads no input evaluated as a value of `type`, or null if it is not a constant;
 * it may throw RatOverflow (folded to "overflow").
 */
export type ConstantEvaluator = (e: Expr, type: Type) => Value | null;

/**
 * The value of `e` as a value of `type`: arithmetic on numbers (`constant`) is folded always; given
 * `evaluate`, an expression that reads no input is evaluated. null when it is not a constant (it reads
 * an input, or compares NA, or divides by zero). A value beyond the exact range is "overflow" rather
 * than a throw: the compiler's one catch of `RatOverflow` when folding, so its callers report V0105
 * where the constant is written (or show it unfolded).
 */
export function foldConstant(
  e: Expr,
  type: Type,
  evaluate: ConstantEvaluator | null = null,
): Value | null | "overflow" {
  // Most constants are written whole numbers, already in the form a rational prints.
  if (e.k === "num" && isPlainWhole(e.q)) return { v: "num", q: e.q };
  try {
    const q = constant(e);
    if (q) return { v: "num", q: q.toString() };
    return evaluate ? evaluate(e, type) : null;
  } catch (x) {
    if (x instanceof RatOverflow) return "overflow";
    throw x;
  }
}

/** Whether `q` is a whole number as `Rat.toString` writes it: digits, no leading zero, under 2^53. */
export function isPlainWhole(q: string): boolean {
  if (q.length === 0 || q.length > 15 || (q.length > 1 && q.charCodeAt(0) === 48)) return false;
  for (let i = 0; i < q.length; i++) {
    const c = q.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/**
 * The value of a constant numeric expression (number literals under `+ - * /` and negation), or null
 * if it reads anything or divides by zero. Throws RatOverflow beyond the exact range.
 */
export function constant(e: Expr): Rat | null {
  switch (e.k) {
    case "num":
      return Rat.parse(e.q);
    case "neg": {
      const x = constant(e.x);
      return x && x.neg();
    }
    case "bin": {
      if (e.op !== "+" && e.op !== "-" && e.op !== "*" && e.op !== "/") return null;
      const a = constant(e.a);
      const b = constant(e.b);
      if (!a || !b) return null;
      if (e.op === "+") return a.add(b);
      if (e.op === "-") return a.sub(b);
      if (e.op === "*") return a.mul(b);
      return b.isZero() ? null : a.div(b);
    }
    default:
      return null;
  }
}
