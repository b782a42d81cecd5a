/**
 * IR → what of the whole move a step's cost reads, if anything: the one place that decides when reach
 * and `eval` price a step differently. `eval` (runtime/move.ts) prices every step of a move knowing
 * the whole move: a path aggregate (`count step (…)`) runs over all its steps, `path.hexes` and
 * `path.steps` count them all, and `step.last` holds only for its final step. Reach (runtime/reach.ts)
 * prices a step as the search takes it, over the path so far, and never prices it again when the path
 * goes on. Where the step cost reads none of these, the two agree (test/reach/property.test.ts); where
 * it reads one, a cost reach reports is not what `eval` gives for the same path, and the engine says so
 * (V1120: on the ruleset's `cost:` binding in the front end, and in every reach answer).
 */
import type { Diagnostic, Span } from "../../diagnostics/index.js";
import { report } from "../../diagnostics/messages.js";
import type { Expr, RuleDef, RulesetIR } from "../ir/ir.js";
import { ruleExprs, walk } from "../ir/walk.js";

/** A read of the whole move: what it is, as written, and the rule it sits in (null: the binding). */
export interface WholeMoveRead {
  what: string;
  rule: string | null;
}

const memo = new WeakMap<RulesetIR, WholeMoveRead | null>();

/**
 * The first read of the whole move that the step cost makes, following the rules it calls (their
 * values, exceptions and conditions), or null when it reads only its own step and the path's
 * position. Memoised per IR.
 */
export function wholeMoveRead(ir: RulesetIR): WholeMoveRead | null {
  if (memo.has(ir)) return memo.get(ir)!;
  const rules = new Map<string, RuleDef>(ir.rules.map((r) => [r.name, r]));
  const seen = new Set<string>();
  let found: WholeMoveRead | null = null;
  const visit = (e: Expr, rule: string | null): void =>
    walk(e, (x) => {
      if (found !== null) return;
      const what = readOfWholeMove(x);
      if (what !== null) {
        found = { what, rule };
        return;
      }
      if (x.k !== "rule" || seen.has(x.name)) return;
      seen.add(x.name);
      const r = rules.get(x.name);
      if (r) for (const y of ruleExprs(r)) visit(y, r.name);
    });
  visit(ir.movement.cost, null);
  memo.set(ir, found);
  return found;
}

/** `x` itself as a read of the whole move (`count step (…)`, `path.hexes`, `step.last`), or null. */
function readOfWholeMove(x: Expr): string | null {
  if (x.k === "agg") return `${x.op === "all" ? "every" : x.op} step (…)`;
  if (x.k === "path" && x.name !== "spent") return `path.${x.name}`;
  if (x.k === "pos" && x.name === "last") return "step.last";
  return null;
}

/**
 * V1120 for ruleset `ir`, at `span` (the front end: its `cost:` binding; a reach answer: the map),
 * or null when its step cost reads only its own step.
 */
export function wholeMoveNote(ir: RulesetIR, span: Span | null): Diagnostic | null {
  const read = wholeMoveRead(ir);
  if (read === null) return null;
  const where = read.rule === null ? "the movement binding's cost" : `rule ${read.rule}`;
  return report(
    "V1120",
    "wholeMove",
    span,
    { ruleset: ir.id, what: read.what, where },
    "ask `variorum eval` for the price of a whole move; reach's cost of a hex prices each step as the path reached it",
  );
}
