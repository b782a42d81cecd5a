/**
 * Constant folding for examples (their records and expected values): an expression that reads no
 * input (a rule applied to constants, such as `dm-portage(hmg)`) is evaluated once by the interpreter
 * and becomes a value. The folder is made once the rules are checked and is handed to the example
 * checker; input defaults and table rows are checked before the rules, so they are never folded.
 */
import { Rat } from "../../../runtime/rational.js";
import { Evaluator, EvalError, type EvalContext } from "../../interpret/eval.js";
import type * as I from "../../ir/ir.js";
import { dict } from "../../util/dict.js";
import type { Checked } from "./types.js";

/** The parts of the checked ruleset the folder evaluates with (examples are what it serves). */
type Parts = Pick<
  Checked,
  "rules" | "tables" | "enums" | "groups" | "inputs" | "constraints" | "measures"
>;

/** Evaluates an expression that reads no input as a value of `type`, or null if it is not a constant. */
export type Fold = (e: I.Expr, type: I.Type) => I.Value | null;

export function constantFolder(p: Parts): Fold {
  const ir = {
    ...p,
    id: "",
    title: "",
    edition: null,
    citeStyle: "numbered",
    extends: [],
    examples: [],
    scale: 1,
  } as unknown as I.RulesetIR;
  const ev = new Evaluator(ir);
  return (e, type) => {
    const ctx: EvalContext = {
      unit: dict(),
      vehicle: null,
      scenario: dict(),
      path: [],
      i: 0,
      roll: null,
      allowance: Rat.ZERO,
      spent: Rat.ZERO,
      hexes: 0,
    };
    try {
      const v = ev.evaluate(e, ctx, null);
      if (v instanceof Rat) return v.isNA() ? { v: "na" } : { v: "num", q: v.toString() };
      if (typeof v === "boolean") return { v: "bool", b: v };
      if (typeof v === "string" && type.t === "enum")
        return { v: "member", enum: type.name, name: v };
      if (v instanceof Set && type.t === "set") return { v: "set", enum: type.of, members: [...v] };
      return null;
    } catch (err) {
      // Not a constant (it reads an input: EvalError) or not a finite one (NA compared, ÷ 0:
      // RangeError). Anything else is a bug and propagates.
      if (err instanceof EvalError || err instanceof RangeError) return null;
      throw err;
    }
  };
}
