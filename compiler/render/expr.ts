/**
 * Readable text for IR expressions and values, shared by the reports (diff, cards): `max(0 MF, base-mf
 * + leader-bonus − portage-excess)`, `½ MF`, `all`, `NA`, `6 MF if unit.kind in SMC`. Pure, and
 * plain text: every caller escapes for its own medium (HTML, Markdown, terminal).
 */

import { formatQuantity } from "../../runtime/format.js";
import { foldConstant as foldValue } from "../ir/fold.js";
import type {
  EnumDef,
  Exception,
  Expr,
  GroupDef,
  RuleDef,
  RulesetIR,
  Type,
  Value,
} from "../ir/ir.js";

/** What rendering may look up in the ruleset: group names for member sets, display names. */
export interface RenderScope {
  groups: readonly GroupDef[];
  enums: readonly EnumDef[];
}

export function scopeOf(ir: RulesetIR): RenderScope {
  return { groups: ir.groups, enums: ir.enums };
}

/** "2 MF", "½ MF", "3" (no measure), "-1 MP". */
export function quantity(q: string, measure: string | null): string {
  const n = formatQuantity(q);
  return measure ? `${n} ${measure}` : n;
}

/** The measure of a type, when it has one. */
export function measureOf(t: Type): string | null {
  return t.t === "num" || t.t === "dist" ? t.measure : null;
}

/** The display name of an enum member ("Open Ground"), or the member name when there is none. */
export function memberDisplay(scope: RenderScope, enumName: string, member: string): string {
  const e = scope.enums.find((x) => x.name === enumName);
  const m = e?.members.find((x) => x.name === member);
  return m && m.display !== "" ? m.display : member;
}

/** The group of `enumName` with exactly these members (in any order), when the ruleset names one. */
export function groupOf(
  scope: RenderScope,
  enumName: string,
  members: readonly string[],
): GroupDef | undefined {
  return scope.groups.find((g) => g.enum === enumName && sameMembers(g.members, members));
}

/** A stored constant as text: "2 MF", "all", "NA", "yes", "no", a member's display name. */
export function valueText(
  v: Value,
  measure: string | null,
  scope: RenderScope | null = null,
): string {
  switch (v.v) {
    case "num":
      return quantity(v.q, measure);
    case "all":
      return "all";
    case "na":
      return "NA";
    case "bool":
      return v.b ? "yes" : "no";
    case "member":
      return scope ? memberDisplay(scope, v.enum, v.name) : v.name;
    case "set": {
      if (v.members.length === 0) return "none";
      return v.members.map((m) => (scope ? memberDisplay(scope, v.enum, m) : m)).join(", ");
    }
  }
}

// Precedence, loosest first: if < or < and < not < comparison/in < + - < * / < unary < atoms.
const PREC = { if: 1, or: 2, and: 3, not: 4, cmp: 5, add: 6, mul: 7, neg: 8, atom: 9 } as const;

function precOf(e: Expr): number {
  switch (e.k) {
    case "if":
      return PREC.if;
    case "not":
      return PREC.not;
    case "neg":
      return PREC.neg;
    case "in":
      return PREC.cmp;
    case "agg":
      return PREC.if;
    case "bin":
      if (e.op === "or") return PREC.or;
      if (e.op === "and") return PREC.and;
      if (e.op === "+" || e.op === "-") return PREC.add;
      if (e.op === "*" || e.op === "/") return PREC.mul;
      return PREC.cmp;
    default:
      return PREC.atom;
  }
}

const OPS: Record<string, string> = {
  "+": "+",
  "-": "−",
  "*": "×",
  "/": "/",
  "==": "=",
  "!=": "≠",
  "<": "<",
  "<=": "≤",
  ">": ">",
  ">=": "≥",
  and: "and",
  or: "or",
};

function isOne(e: Expr): boolean {
  return e.k === "num" && (e.q === "1" || e.q === "1/1");
}

/**
 * An expression as a reader sees it. `measure` is the measure a bare number in value position takes
 * (the rule's type): `0` in `max(0, …)` of an MF rule reads `0 MF`.
 */
export function exprText(e: Expr, scope: RenderScope, measure: string | null = null): string {
  const folded = foldConstant(e);
  if (folded !== null) return quantity(folded, measure);
  const sub = (x: Expr, min: number, m: string | null = null): string => {
    const s = exprText(x, scope, m);
    return precOf(x) < min ? `(${s})` : s;
  };
  switch (e.k) {
    case "num":
      return quantity(e.q, measure);
    case "bool":
      return e.v ? "true" : "false";
    case "all":
      return "all";
    case "na":
      return "NA";
    case "member":
      return e.name;
    case "set": {
      const g = groupOf(scope, e.enum, e.members);
      return g ? g.name : `{${e.members.join(", ")}}`;
    }
    case "field":
      return `${e.rec}.${e.name}`;
    case "flag":
      return `${e.rec}.${e.member}`;
    case "present":
      return `${e.rec}.${e.name}`;
    case "need":
      return `need(${e.rec}.${e.name})`;
    case "path":
      return `path.${e.name}`;
    case "pos":
      return `step.${e.name}`;
    case "agg":
      return `${e.op} step: ${exprText(e.body, scope, measure)}`;
    case "rule":
      return e.args.length === 0
        ? e.name
        : `${e.name}(${e.args.map((a) => exprText(a, scope)).join(", ")})`;
    case "param":
      return e.name;
    case "table":
      return `${e.name}(${e.keys.map((a) => exprText(a, scope)).join(", ")})`;
    case "base":
      return "base";
    case "neg":
      return `−${sub(e.x, PREC.neg, measure)}`;
    case "not":
      return `not ${sub(e.x, PREC.atom)}`;
    case "bin": {
      // `x / 1 PP × 1 MF` converts a measure; the ones say nothing to a reader.
      if ((e.op === "*" || e.op === "/") && isOne(e.b)) return exprText(e.a, scope, null);
      if (e.op === "*" && isOne(e.a)) return exprText(e.b, scope, null);
      const p = precOf(e);
      const m = e.op === "+" || e.op === "-" ? (measureOf(e.type) ?? measure) : null;
      const cmp = p === PREC.cmp;
      const left = sub(e.a, p, cmp ? null : m);
      // Right operands of − and / bind tighter: a − (b − c).
      const right = sub(e.b, e.op === "-" || e.op === "/" || cmp ? p + 1 : p, cmp ? null : m);
      return `${left} ${OPS[e.op] ?? e.op} ${right}`;
    }
    case "in":
      return `${sub(e.x, PREC.cmp + 1)} in ${sub(e.set, PREC.cmp + 1)}`;
    case "if":
      return `${sub(e.t, PREC.if + 1, measure)} if ${sub(e.c, PREC.if + 1)} else ${sub(e.e, PREC.if, measure)}`;
    case "call":
      return `${e.fn}(${e.args.map((a) => exprText(a, scope, measure)).join(", ")})`;
    case "dice": {
      let s = `${e.n}d${e.sides}`;
      if (e.keep) s += ` keep ${e.keep.which} ${e.keep.count}`;
      if (e.perDie) {
        const per = exprText(e.perDie, scope);
        s += per.startsWith("−") || per.startsWith("-") ? ` ${per} per die` : ` +${per} per die`;
      }
      return s;
    }
  }
}

/**
 * The value of an arithmetic expression over number literals only ("1/2" for `1 / 2`), else null:
 * the compiler's one folder (compiler/ir/fold.ts); a value beyond the exact range is shown unfolded.
 */
export function foldConstant(e: Expr): string | null {
  const v = foldValue(e, { t: "num", measure: null });
  return v === "overflow" || v?.v !== "num" || e.k === "num" ? null : v.q;
}

function sameMembers(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

/** One line of a rule as a reader sees it: its base, or an exception at some depth. */
export interface RuleLine {
  /** 0 for the base value, 1 for an exception, 2 for an exception to an exception… */
  depth: number;
  /** The value: `4 MF`, `ipc − 1`. */
  value: string;
  /** The exception's condition (null for the base value). */
  when: string | null;
  cite: string;
  title: string;
}

/** A rule (or predicate) as lines: its base value, then each exception, depth first. */
export function ruleLines(r: RuleDef, scope: RenderScope): RuleLine[] {
  const m = measureOf(r.type);
  const out: RuleLine[] = [
    { depth: 0, value: exprText(r.value, scope, m), when: null, cite: r.cite, title: r.title },
  ];
  const go = (xs: readonly Exception[], depth: number) => {
    for (const x of xs) {
      out.push({
        depth,
        value: exprText(x.value, scope, m),
        when: exprText(x.when, scope),
        cite: x.cite,
        title: x.title,
      });
      go(x.exceptions, depth + 1);
    }
  };
  go(r.exceptions, 1);
  return out;
}

/**
 * A rule on one line: `4 MF; EXC [5.4] 3 MF if …; EXC [5.4] 6 MF if unit.kind in SMC`; an exception
 * to an exception inside braces after its parent, as the source nests it: `EXC [A4.11] 3 MF if … {
 * EXC [A4.11] 4 MF if rides-conveyance }`.
 */
export function ruleText(r: RuleDef, scope: RenderScope): string {
  let out = "";
  let depth = 1; // the rule's own exceptions are depth 1: they follow its value after "; "
  for (const l of ruleLines(r, scope)) {
    if (l.when === null) {
      out += l.value;
      continue;
    }
    if (l.depth > depth) out += " { ";
    else {
      out += " }".repeat(depth - l.depth);
      out += "; ";
    }
    depth = l.depth;
    out += `EXC [${l.cite}] ${l.value} if ${l.when}`;
  }
  return out + " }".repeat(Math.max(0, depth - 1));
}

/** `leader-bonus` → "Leader bonus", `ipc` → "IPC", `cot` → "COT". */
export function humanise(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[-_\s]+/)
    .filter((w) => w !== "");
  return words
    .map((w, i) => {
      if (ACRONYMS.has(w.toLowerCase())) return w.toUpperCase();
      return i === 0 ? w.charAt(0).toUpperCase() + w.slice(1) : w;
    })
    .join(" ");
}

const ACRONYMS = new Set([
  "mf",
  "mp",
  "pp",
  "ipc",
  "cot",
  "smc",
  "mmc",
  "sw",
  "afph",
  "ti",
  "cx",
  "hs",
  "dm",
  "afv",
  "ffmo",
  "ffnam",
  "ovr",
  "lmg",
  "mmg",
  "hmg",
  "atr",
  "atm",
  "mc",
  "piat",
  "sqla",
  "sl",
  "asl",
  "toi",
  "coc",
  "ap",
  "op",
  "hq",
]);

/** A display name reduced for alignment: "Woods" ≈ "woods" ≈ "Wood"; "Open Ground" ≈ "open-ground". */
export function normaliseDisplay(s: string): string {
  let t = s
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "");
  if (t.length > 3 && t.endsWith("s") && !t.endsWith("ss")) t = t.slice(0, -1);
  return t;
}
