/**
 * Lower pass: checked definitions → the finished IR. What it adds: the tick `scale`, chosen so that
 * every number the ruleset can compute is a whole multiple of 1/scale. Generated code then computes in
 * exact integers (`½ MF` is 1 tick at scale 2; 12 road hexes at ⅓ MP are 12 ticks = 4 MP at scale 3).
 *
 * The scale is the least common multiple of the denominators an expression can produce: literals and
 * table values give theirs, `a * b` multiplies, `a / (p/q)` multiplies by p, rounding resets to 1.
 * Inputs are taken to have the precision of the ruleset's own constants (a portage of ½ PP is fine
 * where a table lists ½).
 */
import { gcd } from "../../runtime/rational.js";
import { constant } from "../ir/fold.js";
import type { Checked } from "./check/index.js";
import { eachRuleExpr, movementExprs, walk } from "../ir/walk.js";
import type { Diagnostic, Span } from "../../diagnostics/index.js";
import { report } from "../../diagnostics/messages.js";
import type { Expr, RulesetIR, Value } from "../ir/ir.js";

/** The finest tick a generated module uses: values stay exact, safe integers (see docs/cli.md, limits). */
export const MAX_SCALE = 1_000_000;
/** Any scale beyond MAX_SCALE: the arithmetic below saturates here instead of growing without bound. */
const OVER = MAX_SCALE + 1;
const lcm = (a: number, b: number): number =>
  a > MAX_SCALE || b > MAX_SCALE ? OVER : cap((a / gcd(a, b)) * b);

/** Denominator of "n/d" text (1 for a whole number), without building a rational. */
function qDen(q: string): number {
  const slash = q.indexOf("/");
  return slash < 0 ? 1 : cap(Number(q.slice(slash + 1)));
}

function valueDen(v: Value): number {
  return v.v === "num" ? qDen(v.q) : 1;
}

export function computeScale(c: Checked): number {
  let literal = 1;
  // The visitors are made once here, not per expression walked.
  const seeLiteral = (x: Expr): void => {
    if (x.k === "num") literal = lcm(literal, qDen(x.q));
  };
  const seeLiterals = (e: Expr): void => walk(e, seeLiteral);
  c.rules.forEach((r) => eachRuleExpr(r, seeLiterals));
  c.constraints.forEach((k) => seeLiterals(k.cond));
  movementExprs(c.movement).forEach(seeLiterals);
  for (const t of c.tables) for (const r of t.rows) literal = lcm(literal, valueDen(r.value));
  for (const i of c.inputs)
    for (const f of i.fields) if (f.default) literal = lcm(literal, valueDen(f.default));

  // Filled in loops, not from lists of pairs (a pair made per rule and table is garbage at once).
  // The rules' names are unique (resolve.ts keeps one definition per name): `c.rules` is walked as is.
  const ruleDen = new Map<string, number>();
  for (let i = 0; i < c.rules.length; i++) ruleDen.set(c.rules[i]!.name, 1);
  const tableDen = new Map<string, number>();
  for (let i = 0; i < c.tables.length; i++) {
    const t = c.tables[i]!;
    let d = 1;
    for (let j = 0; j < t.rows.length; j++) d = lcm(d, valueDen(t.rows[j]!.value));
    tableDen.set(t.name, d);
  }
  let allowDen = 1;
  let costDen = 1;
  let current = 1;

  const den = (e: Expr): number => {
    switch (e.k) {
      case "num":
        return qDen(e.q);
      case "all":
        return allowDen;
      case "path":
        return e.name === "spent" ? costDen : 1;
      case "pos":
        return 1;
      case "field":
      case "need":
      case "param":
        return literal;
      case "rule":
        return ruleDen.get(e.name) ?? 1;
      case "table":
        return lcm(tableDen.get(e.name) ?? 1, allowDen);
      case "base":
        return current;
      case "neg":
        return den(e.x);
      case "bin": {
        if (e.op === "+" || e.op === "-") return lcm(den(e.a), den(e.b));
        if (e.op === "*") return cap(den(e.a) * den(e.b));
        if (e.op === "/") {
          const b = constant(e.b);
          return cap(den(e.a) * (b ? Math.abs(b.n) : 1));
        }
        return 1;
      }
      case "if":
        return lcm(den(e.t), den(e.e));
      case "call":
        return e.fn === "fru" || e.fn === "frd" ? 1 : e.args.reduce((d, a) => lcm(d, den(a)), 1);
      case "agg":
        return e.op === "count" || e.op === "any" || e.op === "all" ? 1 : den(e.body);
      case "dice":
        return e.perDie ? den(e.perDie) : 1;
      default:
        return 1;
    }
  };

  let acc = 1;
  const addDen = (e: Expr): void => {
    acc = lcm(acc, den(e));
  };
  for (let round = 0; round < 12; round++) {
    let changed = false;
    for (let i = 0; i < c.rules.length; i++) {
      const r = c.rules[i]!;
      const name = r.name;
      current = ruleDen.get(name)!;
      acc = current;
      eachRuleExpr(r, addDen);
      const d = cap(acc);
      if (d !== ruleDen.get(name)) {
        ruleDen.set(name, d);
        changed = true;
      }
    }
    const a = lcm(allowDen, den(c.movement.allowance));
    const k = lcm(costDen, den(c.movement.cost));
    if (a !== allowDen || k !== costDen) {
      allowDen = a;
      costDen = k;
      changed = true;
    }
    if (!changed) break;
  }
  let scale = lcm(literal, lcm(allowDen, costDen));
  for (const d of ruleDen.values()) scale = lcm(scale, d);
  for (const d of tableDen.values()) scale = lcm(scale, d);
  // The once-per-move roles (the allowance and the cost, first, are in allowDen and costDen).
  for (const e of movementExprs(c.movement).slice(2)) scale = lcm(scale, den(e));
  const addScale = (x: Expr): void => {
    scale = lcm(scale, den(x));
  };
  for (const k of c.constraints) walk(k.cond, addScale);
  return cap(scale);
}

function cap(n: number): number {
  return n > MAX_SCALE || !Number.isFinite(n) ? OVER : n;
}

/**
 * The IR, or a diagnostic (at `at`, the ruleset's header) when the fractions the ruleset computes need
 * ticks finer than 1/MAX_SCALE: then no generated module could compute it exactly, so none is made.
 */
export function lower(c: Checked, at: Span): { ir: RulesetIR | null; diagnostics: Diagnostic[] } {
  const scale = computeScale(c);
  if (scale > MAX_SCALE) {
    return {
      ir: null,
      diagnostics: [
        report(
          "V0106",
          "ticks",
          at,
          { scale: MAX_SCALE.toLocaleString("en") },
          "use fractions with small denominators (halves, thirds, quarters…), or round with fru/frd",
        ),
      ],
    };
  }
  return { ir: { ...c, scale }, diagnostics: [] };
}
