/**
 * Plain words from the IR, the one renderer every surface shares (the cards, the diff, and through the
 * service the studio and hover): `plainDefinition` turns a rule, predicate, constraint, table entry,
 * enum or group into English sentences from the ruleset's own names and titles, one per line of the
 * definition ("3 MF if unit is MMC and Inexperienced", "the MF left with double timing", "…, never
 * below 0 MF"). Conditions in plain words, for the cards: `unit.kind in MMC and unit.inexperienced` reads
 * "unit is MMC and Inexperienced"; `path.hexes <= 1 if scenario.phase == advance else true` reads
 * "if phase is Advance Phase: hexes entered ≤ 1". Members print as their display names, rules as their
 * humanised names. Pure and plain text: the HTML and Markdown renderers escape it.
 *
 * Values (formulas) keep the compact notation of `compiler/render/expr.ts`; only conditions, which a
 * player reads as a sentence, are rewritten here.
 */

import {
  foldConstant,
  groupOf,
  humanise,
  measureOf,
  memberDisplay,
  quantity,
  valueText,
  type RenderScope,
} from "./expr.js";
import type {
  ConstraintDef,
  EnumDef,
  Exception,
  Expr,
  GroupDef,
  InputDef,
  RecordName,
  RuleDef,
  RulesetIR,
  Value,
} from "../ir/ir.js";

export interface PlainScope extends RenderScope {
  /** The movement measure ("MF"), for `path.spent`. */
  measure: string;
  inputs: readonly InputDef[];
  /** A rule's parameter names, to word a yes/no argument ("without dt", not "with no"). */
  params?: ReadonlyMap<string, readonly string[]>;
}

export function plainScope(ir: RulesetIR): PlainScope {
  return {
    groups: ir.groups,
    enums: ir.enums,
    measure: ir.movement.measure,
    inputs: ir.inputs,
    params: new Map(ir.rules.map((r) => [r.name, r.params.map((p) => p.name)])),
  };
}

const CMP: Record<string, [string, string]> = {
  "==": ["is", "="],
  "!=": ["is not", "≠"],
  "<": ["<", "<"],
  "<=": ["≤", "≤"],
  ">": [">", ">"],
  ">=": ["≥", "≥"],
};

function fieldText(rec: RecordName, name: string): string {
  if (rec === "unit" && name === "kind") return "unit";
  if (rec === "scenario") return humanise(name).toLowerCase();
  const h = humanise(name);
  const lower = h === h.toUpperCase() ? h : h.charAt(0).toLowerCase() + h.slice(1);
  if (rec === "unit") return lower;
  return `${rec} ${lower}`;
}

/** The enum an expression's members belong to, when it is a field or member (for display names). */
function memberName(e: Expr, s: PlainScope): string | null {
  if (e.k === "member") return memberDisplay(s, e.enum, e.name);
  return null;
}

function isTrue(e: Expr): boolean {
  return e.k === "bool" && e.v;
}
function isFalse(e: Expr): boolean {
  return e.k === "bool" && !e.v;
}

function setText(e: Expr, s: PlainScope): string {
  if (e.k !== "set") return plain(e, s);
  const g = groupOf(s, e.enum, e.members);
  if (g) return g.name;
  return orList(e.members.map((m) => memberDisplay(s, e.enum, m)));
}

/** ["Tank", "Halftrack", "Truck"] → "Tank, Halftrack or Truck" (one word: itself; none: ""). */
export function orList(words: readonly string[]): string {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} or ${words[words.length - 1]}`;
}

/** `x == y if x else false` (an optional field's guard) says no more than `x == y`. */
function unguard(e: Expr): Expr {
  if (e.k === "if" && isFalse(e.e) && e.c.k === "present" && readsField(e.t, e.c.rec, e.c.name))
    return unguard(e.t);
  return e;
}

function wrap(x: Expr, s: PlainScope, within: string | null = null): string {
  const e = unguard(x);
  const t = plain(e, s);
  // `a and b and c` needs no brackets; `a and (b or c)` does.
  if (e.k === "bin" && (e.op === "and" || e.op === "or") && e.op !== within) return `(${t})`;
  if (e.k === "if") return `(${t})`;
  return t;
}

/** The field a `present` test names, when `e` reads that same field (`x == y if x else false`). */
function readsField(e: Expr, rec: RecordName, name: string): boolean {
  let found = false;
  const go = (x: Expr): void => {
    if (found) return;
    if (x.k === "field" && x.rec === rec && x.name === name) {
      found = true;
      return;
    }
    for (const v of Object.values(x)) {
      if (Array.isArray(v))
        v.forEach((y) => {
          if (y && typeof y === "object" && "k" in y) go(y as Expr);
        });
      else if (v && typeof v === "object" && "k" in v) go(v as Expr);
    }
  };
  go(e);
  return found;
}

/** A condition (or any expression) in plain words. */
export function plain(e: Expr, s: PlainScope): string {
  switch (e.k) {
    case "bool":
      return e.v ? "always" : "never";
    case "num":
      return quantity(e.q, null);
    case "all":
      return "all";
    case "na":
      return "NA";
    case "member":
      return memberDisplay(s, e.enum, e.name);
    case "set":
      return setText(e, s);
    case "field":
      return fieldText(e.rec, e.name);
    case "flag": {
      const d = memberDisplay(s, enumOfFlag(s, e.rec, e.field, e.member), e.member);
      return e.rec === "unit" ? d : `${e.rec} ${d}`;
    }
    case "present":
      return `${fieldText(e.rec, e.name)} given`;
    case "need":
      return fieldText(e.rec, e.name);
    case "pos":
      return e.name === "last" ? "the last step" : "the step’s number";
    case "path":
      if (e.name === "hexes") return "hexes entered";
      if (e.name === "steps") return "steps taken";
      return `${s.measure} spent`;
    case "agg": {
      const body = plain(e.body, s);
      switch (e.op) {
        case "any":
          return `on some step: ${body}`;
        case "all":
          return `on every step: ${body}`;
        case "count":
          return `number of steps where ${body}`;
        case "sum":
          return `total over the steps of ${body}`;
        case "max":
          return `most over the steps of ${body}`;
        case "min":
          return `least over the steps of ${body}`;
      }
      return body;
    }
    case "rule":
      return e.args.length === 0 ? humanise(e.name) : callWords(e.name, e.args, s);
    case "param":
      return e.name;
    case "table":
      return callWords(e.name, e.keys, s);
    case "base":
      return "the base value";
    case "neg":
      return `−${wrap(e.x, s)}`;
    case "not": {
      if (e.x.k === "flag" || e.x.k === "rule") return `not ${plain(e.x, s)}`;
      if (e.x.k === "present") return `no ${fieldText(e.x.rec, e.x.name)}`;
      return `not ${wrap(e.x, s)}`;
    }
    case "in":
      return `${plain(e.x, s)} is ${setText(e.set, s)}`;
    case "if": {
      // `X if C else true`: X is required only when C holds; `X if C else false`: both.
      const inner = unguard(e);
      if (inner !== e) return plain(inner, s);
      if (isTrue(e.e)) return `if ${plain(e.c, s)}: ${plain(e.t, s)}`;
      if (isFalse(e.e))
        return isTrue(e.t) ? plain(e.c, s) : `${wrap(e.c, s, "and")} and ${wrap(e.t, s, "and")}`;
      return `${wrap(e.t, s)} if ${wrap(e.c, s)}, else ${plain(e.e, s)}`;
    }
    case "call":
      if ((e.fn === "max" || e.fn === "min") && e.args.length === 2)
        return `the ${e.fn === "max" ? "greater" : "smaller"} of ${plain(e.args[0]!, s)} and ${plain(e.args[1]!, s)}`;
      return `${e.fn}(${e.args.map((a) => plain(a, s)).join(", ")})`;
    case "dice": {
      let t = `${e.n}d${e.sides}`;
      if (e.keep) t += ` keeping the ${e.keep.which} ${e.keep.count}`;
      if (e.perDie) t += ` (${plain(e.perDie, s)} per die)`;
      return t;
    }
    case "bin": {
      if (e.op === "and" || e.op === "or")
        return `${wrap(e.a, s, e.op)} ${e.op} ${wrap(e.b, s, e.op)}`;
      const cmp = CMP[e.op];
      if (cmp) {
        const member = memberName(e.b, s) ?? memberName(e.a, s);
        const word = member !== null ? cmp[0] : cmp[1];
        return `${plain(e.a, s)} ${word} ${plain(e.b, s)}`;
      }
      const ms = e.type.t === "num" ? e.type.measure : null;
      const num = (x: Expr) => (x.k === "num" ? quantity(x.q, ms) : wrap(x, s));
      // `x / 1 PP * 1 MF` converts a measure: the ones say nothing to a reader.
      if ((e.op === "*" || e.op === "/") && e.b.k === "num" && e.b.q === "1") return plain(e.a, s);
      if (e.op === "*" && e.a.k === "num" && e.a.q === "1") return plain(e.b, s);
      const op = e.op === "-" ? "−" : e.op === "*" ? "×" : e.op;
      return `${num(e.a)} ${op} ${num(e.b)}`;
    }
  }
}

/**
 * A rule or table asked of arguments, in a condition: "Bypassable for step terrain", "Uphill doubles
 * for Priced terrain", "Within stacking for infantry 1, mmcs (1 if unit is MMC, else 0) and PP
 * portage" — never the call's brackets; a yes/no constant argument is worded by its parameter
 * ("no dt").
 */
function callWords(name: string, args: readonly Expr[], s: PlainScope): string {
  const params = s.params?.get(name) ?? [];
  // Several arguments are told apart by their parameters' names, a compound one bracketed.
  const named = args.length > 1 && params.length === args.length;
  const words = args.map((a, i) => {
    if (a.k === "bool" && params[i] !== undefined)
      return `${a.v ? "" : "no "}${nameWords(params[i]!)}`;
    const w = plain(a, s);
    if (!named) return w;
    const p = nameWords(params[i]!);
    const arg = w.includes(", ") ? `(${w})` : w;
    return w.toLowerCase() === p.toLowerCase() ? w : `${p} ${arg}`;
  });
  const list =
    words.length <= 1 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
  return `${humanise(name)} for ${list}`;
}

/** The enum of a set-valued field (`unit.status`), else the first enum that has the member. */
function enumOfFlag(s: PlainScope, rec: RecordName, field: string, member: string): string {
  const f = s.inputs.find((i) => i.rec === rec)?.fields.find((x) => x.name === field);
  if (f && f.type.t === "set") return f.type.of;
  return s.enums.find((x) => x.members.some((m) => m.name === member))?.name ?? "";
}

/** A name as a reader says it: `leader-bonus` → "leader bonus", `ipc` → "IPC", `mf-left` → "MF left". */
function nameWords(name: string): string {
  const h = humanise(name);
  const first = h.split(" ")[0]!;
  return first === first.toUpperCase() ? h : h.charAt(0).toLowerCase() + h.slice(1);
}

/**
 * A value (a rule's formula) in words: `max(0 MF, a + b)` → "a + b, never below 0 MF",
 * `min(cap, x)` → "x, at most cap", `mf-left(double-timing)` → "the MF left with double timing",
 * `2 × base` → "twice the base value", `terrain-cost(step.terrain)` → "the terrain cost of the terrain".
 */
export function plainValue(e: Expr, s: PlainScope, measure: string | null = null): string {
  // A constant written as arithmetic (`1/2`) reads as its value.
  const folded = e.k === "bin" ? foldConstant(e) : null;
  if (folded !== null) return quantity(folded, measure);
  switch (e.k) {
    case "num":
      return quantity(e.q, measure);
    case "all":
      return `all of its ${s.measure}`;
    case "na":
      return "not allowed (NA)";
    case "bool":
      return e.v ? "yes" : "no";
    case "rule": {
      if (e.args.length === 0) return `the ${nameWords(e.name)}`;
      // A name that ends in "with" takes its arguments without another one ("the IPC with dt"); a
      // yes/no constant argument is worded by its parameter ("without dt", never "with no").
      const name = nameWords(e.name);
      const params = s.params?.get(e.name) ?? [];
      const args = e.args.map((a, i) =>
        a.k === "bool" && params[i] !== undefined
          ? `${a.v ? "" : "no "}${nameWords(params[i]!)}`
          : plainArg(a, s),
      );
      return `the ${name.replace(/ with$/, "")} with ${args.join(" and ")}`;
    }
    case "table":
      return `the ${nameWords(e.name)} of ${e.keys.map((a) => plainArg(a, s)).join(" and ")}`;
    case "base":
      return "the base value";
    case "neg":
      // A negative constant keeps its measure: "else −2 DRM".
      return e.x.k === "num" ? `−${quantity(e.x.q, measure)}` : plain(e, s);
    case "call": {
      const [a, b] = e.args;
      if (e.fn === "max" && a && b && a.k === "num")
        return `${plainValue(b, s, measure)}, never below ${quantity(a.q, measure)}`;
      if (e.fn === "max" && a && b && b.k === "num")
        return `${plainValue(a, s, measure)}, never below ${quantity(b.q, measure)}`;
      if (e.fn === "min" && a && b)
        return `${plainValue(b, s, measure)}, at most ${plainValue(a, s, measure)}`;
      if (e.fn === "max" && a && b)
        return `the greater of ${plainValue(a, s, measure)} and ${plainValue(b, s, measure)}`;
      return `${e.fn} of ${e.args.map((x) => plainValue(x, s, measure)).join(", ")}`;
    }
    case "bin": {
      // `x / 1 PP * 1 MF` converts a measure: the ones say nothing to a reader.
      if ((e.op === "*" || e.op === "/") && e.b.k === "num" && e.b.q === "1")
        return plainValue(e.a, s, measure);
      if (e.op === "*" && e.a.k === "num" && e.a.q === "1") return plainValue(e.b, s, measure);
      if (e.op === "*" && e.a.k === "num" && e.a.q === "2")
        return `twice ${plainValue(e.b, s, measure)}`;
      if (e.op === "*" && e.b.k === "num" && e.b.q === "2")
        return `twice ${plainValue(e.a, s, measure)}`;
      if (e.op === "+" || e.op === "-") {
        const word = e.op === "+" ? "plus" : "minus";
        return `${plainValue(e.a, s, measure)} ${word} ${plainValue(e.b, s, measure)}`;
      }
      if (
        e.op === "*" &&
        !(e.b.k === "num" && e.b.q === "1") &&
        !(e.a.k === "num" && e.a.q === "1")
      )
        return `${plainValue(e.a, s, measure)} times ${plainValue(e.b, s, measure)}`;
      if (e.op === "/" && !(e.b.k === "num" && e.b.q === "1"))
        return `${plainValue(e.a, s, measure)} divided by ${plainValue(e.b, s, measure)}`;
      return plain(e, s);
    }
    case "if": {
      if (e.e.k === "bool" || e.t.k === "bool") return plain(e, s);
      return `${plainValue(e.t, s, measure)} if ${plainCond(e.c, s)}, else ${plainValue(e.e, s, measure)}`;
    }
    default:
      return plain(e, s);
  }
}

/** An argument: a rule without arguments reads as its name ("double timing"), else as a value. */
function plainArg(e: Expr, s: PlainScope): string {
  if (e.k === "rule" && e.args.length === 0) return nameWords(e.name);
  if (e.k === "bool") return e.v ? "yes" : "no";
  return plainValue(e, s);
}

/** A condition in words: rules it tests read as their names ("rides conveyance"). */
export function plainCond(e: Expr, s: PlainScope): string {
  return plain(e, s);
}

/** One plain sentence per line of a definition, in the order of its lines (base, then exceptions depth first). */
export interface PlainLine {
  depth: number;
  text: string;
}

function exceptionLines(
  xs: readonly Exception[],
  depth: number,
  s: PlainScope,
  value: (e: Expr) => string,
  out: PlainLine[],
): void {
  for (const x of xs) {
    out.push({ depth, text: `${value(x.value)} if ${plainCond(x.when, s)}` });
    exceptionLines(x.exceptions, depth + 1, s, value, out);
  }
}

export type PlainDefinition =
  | { kind: "rule" | "predicate"; def: RuleDef }
  | { kind: "constraint"; def: ConstraintDef }
  | { kind: "enum"; def: EnumDef }
  | { kind: "group"; def: GroupDef }
  | { kind: "table-entry"; value: Value; measure: string | null };

/** A definition in plain sentences, one per line (what the diff shows first, and JSON's `plain`). */
export function plainDefinition(d: PlainDefinition, s: PlainScope): PlainLine[] {
  switch (d.kind) {
    case "rule":
    case "predicate": {
      const r = d.def;
      const m = measureOf(r.type);
      const yesNo = r.type.t === "bool";
      const value = (e: Expr) =>
        yesNo
          ? e.k === "bool"
            ? e.v
              ? "yes"
              : "no"
            : `yes when ${plainCond(e, s)}`
          : plainValue(e, s, m);
      const out: PlainLine[] = [{ depth: 0, text: value(r.value) }];
      exceptionLines(r.exceptions, 1, s, value, out);
      return out;
    }
    case "constraint": {
      const t = plainCond(d.def.cond, s);
      return [
        { depth: 0, text: t.startsWith("if ") ? `allowed only ${t}` : `allowed only when ${t}` },
      ];
    }
    case "enum":
      return [{ depth: 0, text: d.def.members.map((m) => m.display || m.name).join(", ") }];
    case "group":
      return [
        {
          depth: 0,
          text: `${d.def.members.map((m) => memberDisplay(s, d.def.enum, m)).join(", ")}`,
        },
      ];
    case "table-entry": {
      const v = d.value;
      if (v.v === "na") return [{ depth: 0, text: "not allowed (NA)" }];
      if (v.v === "all") return [{ depth: 0, text: `all of its ${s.measure}` }];
      if (v.v === "bool") return [{ depth: 0, text: v.b ? "yes" : "no" }];
      return [{ depth: 0, text: valueText(v, d.measure, s) }];
    }
  }
}

/**
 * A ruleset's definition by name (rule, predicate, constraint, enum or group) in plain sentences, or
 * null when it has none of that name: what the studio and hover show (through compiler/service).
 */
export function plainOf(ir: RulesetIR, name: string): PlainLine[] | null {
  const s = plainScope(ir);
  const r = ir.rules.find((x) => x.name === name);
  if (r) return plainDefinition({ kind: r.kind, def: r }, s);
  const c = ir.constraints.find((x) => x.name === name);
  if (c) return plainDefinition({ kind: "constraint", def: c }, s);
  const e = ir.enums.find((x) => x.name === name);
  if (e) return plainDefinition({ kind: "enum", def: e }, s);
  const g = ir.groups.find((x) => x.name === name);
  if (g) return plainDefinition({ kind: "group", def: g }, s);
  return null;
}
