/**
 * Definitions with parameters, as the move uses them: a rule such as SL's `bypass-cost(obstacle,
 * other, sides)` cannot be asked about a situation until its parameters are given, and another
 * ruleset's Bypass (ASL's, reading `step.terrain`, `step.bypass-through` and `step.bypass`) has none.
 * The ruleset itself says what the parameters stand for where it calls the rule: this form binds
 * them to the arguments of the first call the ruleset makes (`bypass-cost(step.terrain, …,
 * step.bypass)`), so the definition reads the situation's inputs as the ruleset's own pricing does.
 * A definition no other definition calls (one a tool calls) stays unbound, and cannot be searched.
 */

import type { Exception, Expr, RuleDef, RulesetIR } from "../ir/ir.js";
import { mapChildren, movementExprs, ruleExprs, walk } from "../ir/walk.js";

/** A definition bound at a call, with the exceptions it was made from (to match a row's focus). */
export interface Bound {
  def: RuleDef;
  /** Bound exception → the definition's own exception. */
  origin: ReadonlyMap<Exception, Exception>;
  /** The call the parameters were bound at, as the ruleset names its caller: `bypassed-cost`. */
  caller: string;
}

/** The first call of rule `name` in the ruleset's rules, constraints and movement (not in itself). */
function firstCall(ir: RulesetIR, name: string): { args: Expr[]; caller: string } | null {
  const sources: { caller: string; exprs: readonly Expr[] }[] = [
    ...ir.rules
      .filter((r) => r.name !== name)
      .map((r) => ({ caller: r.name, exprs: ruleExprs(r) })),
    ...ir.constraints.map((c) => ({ caller: c.name, exprs: [c.cond] })),
    { caller: "movement", exprs: movementExprs(ir.movement) },
  ];
  for (const src of sources) {
    let found: Expr[] | null = null;
    for (const e of src.exprs)
      walk(e, (x) => {
        // A call whose arguments read a caller's own parameters says nothing about the situation.
        if (found === null && x.k === "rule" && x.name === name && x.args.length > 0)
          if (!x.args.some((a) => readsParam(a))) found = x.args;
      });
    if (found !== null) return { args: found, caller: src.caller };
  }
  return null;
}

function readsParam(e: Expr): boolean {
  let p = false;
  walk(e, (x) => {
    if (x.k === "param") p = true;
  });
  return p;
}

/** `e` with each parameter replaced by its argument. */
function substitute(e: Expr, args: ReadonlyMap<string, Expr>): Expr {
  if (e.k === "param") return args.get(e.name) ?? e;
  return mapChildren(e, (c) => substitute(c, args));
}

/** `def` with its parameters bound to the arguments of the ruleset's first call of it, or null. */
export function bindAtCall(ir: RulesetIR, def: RuleDef): Bound | null {
  if (def.params.length === 0) return null;
  const call = firstCall(ir, def.name);
  if (call === null || call.args.length !== def.params.length) return null;
  const args = new Map(def.params.map((p, i) => [p.name, call.args[i]!]));
  const origin = new Map<Exception, Exception>();
  const bindException = (x: Exception): Exception => {
    const b: Exception = {
      ...x,
      when: substitute(x.when, args),
      value: substitute(x.value, args),
      exceptions: x.exceptions.map(bindException),
    };
    origin.set(b, x);
    return b;
  };
  // The caller's context: the arguments may read the step (`step.terrain`).
  const caller = ir.rules.find((r) => r.name === call.caller);
  const context =
    caller === undefined || def.context === "path"
      ? def.context
      : widest(def.context, caller.context);
  return {
    def: {
      ...def,
      params: [],
      context,
      value: substitute(def.value, args),
      exceptions: def.exceptions.map(bindException),
    },
    origin,
    caller: call.caller,
  };
}

const ORDER: readonly RuleDef["context"][] = ["unit", "step", "path"];
function widest(a: RuleDef["context"], b: RuleDef["context"]): RuleDef["context"] {
  const i = Math.max(ORDER.indexOf(a), ORDER.indexOf(b));
  return i < 0 ? a : ORDER[i]!;
}
