/**
 * Canonical forms: what the diff compares to decide whether two definitions say the same thing.
 *
 * A canonical form ignores what does not change an answer: citations, paraphrases, measure names
 * (2 MF and 2 MP are both "2 of the unit's movement budget"), the enum a member belongs to, the order
 * of set members and of sibling exceptions, and the names of rule parameters. It is *deep*: a
 * reference to another rule or table stands for that rule's or table's own canonical form (as a
 * short hash), so `allowance = base-mf + leader-bonus` differs between two rulesets whose
 * `leader-bonus` differs even though the text of `allowance` is the same.
 */

import { Rat } from "../../runtime/rational.js";
import type {
  ConstraintDef,
  Exception,
  Expr,
  RuleDef,
  RulesetIR,
  TableDef,
  Value,
} from "../ir/ir.js";

/** 53-bit string hash (cyrb53), as 11 base-36 characters: short stand-ins for deep forms. */
export function hash(s: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < s.length; i++) {
    const ch = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36).padStart(11, "0");
}

function num(q: string): string {
  try {
    return Rat.parse(q).toString();
  } catch (e) {
    // Not a rational's text (NA and the like): keep it as written.
    if (e instanceof SyntaxError || e instanceof RangeError) return q;
    throw e;
  }
}

/** A constant, measure-free: "n:1/2", "all", "na", "b:true", "m:woods", "s:a,b". */
export function valueKey(v: Value): string {
  switch (v.v) {
    case "num":
      return `n:${num(v.q)}`;
    case "all":
      return "all";
    case "na":
      return "na";
    case "bool":
      return `b:${v.b}`;
    case "member":
      return `m:${v.name}`;
    case "set":
      return `s:${[...v.members].sort().join(",")}`;
  }
}

export class Canon {
  private readonly rules: Map<string, RuleDef>;
  private readonly tables: Map<string, TableDef>;
  private readonly ruleMemo = new Map<string, string>();
  private readonly tableMemo = new Map<string, string>();

  constructor(readonly ir: RulesetIR) {
    this.rules = new Map(ir.rules.map((r) => [r.name, r]));
    this.tables = new Map(ir.tables.map((t) => [t.name, t]));
  }

  /** Deep canonical form of a rule (memoised); a rule reached again while being formed is `cycle`. */
  rule(r: RuleDef): string {
    const done = this.ruleMemo.get(r.name);
    if (done !== undefined) return done;
    this.ruleMemo.set(r.name, "cycle");
    const params = r.params.map((p) => p.name);
    const exc = (xs: readonly Exception[]): string =>
      xs
        .map(
          (x) =>
            `E(${this.expr(x.when, params, true)}:${this.expr(x.value, params, true)}${exc(x.exceptions)})`,
        )
        .sort()
        .join("");
    const form = `${r.kind}(${r.params.length})${this.expr(r.value, params, true)}${exc(r.exceptions)}`;
    this.ruleMemo.set(r.name, form);
    return form;
  }

  constraint(c: ConstraintDef): string {
    return `C${this.expr(c.cond, [], true)}`;
  }

  table(t: TableDef): string {
    const done = this.tableMemo.get(t.name);
    if (done !== undefined) return done;
    const rows = t.rows.map((r) => `${r.keys.join("\u0001")}=${valueKey(r.value)}`).sort();
    const form = `T(${t.keys.length})[${rows.join(";")}]`;
    this.tableMemo.set(t.name, form);
    return form;
  }

  /**
   * Canonical form of an expression. `deep`: references to rules and tables stand for their own
   * forms (hashed); otherwise they stand for their names (a shallow form, used to match exceptions).
   */
  expr(e: Expr, params: readonly string[] = [], deep = false): string {
    const x = (y: Expr) => this.expr(y, params, deep);
    switch (e.k) {
      case "num":
        return num(e.q);
      case "bool":
        return String(e.v);
      case "all":
        return "all";
      case "na":
        return "NA";
      case "member":
        return `'${e.name}`;
      case "set":
        return `{${[...e.members].sort().join(",")}}`;
      case "field":
        return `${e.rec}.${e.name}`;
      case "flag":
        return `${e.rec}.${e.field}:${e.member}`;
      case "present":
        return `?${e.rec}.${e.name}`;
      case "need":
        return `!${e.rec}.${e.name}`;
      case "path":
        return `path.${e.name}`;
      case "pos":
        return `step.${e.name}`;
      case "agg":
        return `${e.op}[${x(e.body)}]`;
      case "rule": {
        const r = this.rules.get(e.name);
        const head = deep && r ? `#${hash(this.rule(r))}` : `@${e.name}`;
        return `${head}(${e.args.map(x).join(",")})`;
      }
      case "param": {
        const i = params.indexOf(e.name);
        return i < 0 ? `$${e.name}` : `$${i}`;
      }
      case "table": {
        const t = this.tables.get(e.name);
        const head = deep && t ? `#${hash(this.table(t))}` : `@${e.name}`;
        return `${head}[${e.keys.map(x).join(",")}]`;
      }
      case "base":
        return "base";
      case "neg":
        return `(-${x(e.x)})`;
      case "not":
        return `(!${x(e.x)})`;
      case "bin": {
        const a = x(e.a);
        const b = x(e.b);
        // Commutative operators: order the operands.
        if (
          e.op === "+" ||
          e.op === "*" ||
          e.op === "and" ||
          e.op === "or" ||
          e.op === "==" ||
          e.op === "!="
        ) {
          const [p, q] = a <= b ? [a, b] : [b, a];
          return `(${p}${e.op}${q})`;
        }
        return `(${a}${e.op}${b})`;
      }
      case "in":
        return `(${x(e.x)} in ${x(e.set)})`;
      case "if":
        return `(${x(e.c)}?${x(e.t)}:${x(e.e)})`;
      case "call": {
        const args = e.args.map(x);
        if (e.fn === "max" || e.fn === "min") args.sort();
        return `${e.fn}(${args.join(",")})`;
      }
      case "dice":
        return `${e.n}d${e.sides}${e.keep ? `k${e.keep.which[0]}${e.keep.count}` : ""}${e.perDie ? `p${x(e.perDie)}` : ""}`;
    }
  }
}
