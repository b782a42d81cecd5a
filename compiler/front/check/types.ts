/**
 * The checker's types and how they compare: the "any measure" of a plain literal (`ANY`), how a type
 * is written in a message, whether one type fits where another is wanted, the common type of two
 * branches, and the IR's view of a checked type (where "any measure" becomes a plain number).
 */
import type * as I from "../../ir/ir.js";
import type { Type, Value } from "../../ir/ir.js";

/** The measure of a plain literal inside the checker: `2` fits MF, PP or a count. */
export const ANY = "*";
export const BOOL: Type = { t: "bool" };
export const num = (measure: string | null): Type => ({ t: "num", measure });

export function typeText(t: Type): string {
  switch (t.t) {
    case "bool":
      return "bool";
    case "num":
      return t.measure === null || t.measure === ANY ? "number" : t.measure;
    case "enum":
      return t.name;
    case "set":
      return `set of ${t.of}`;
    case "dist":
      return `dice (${t.measure ?? "number"})`;
  }
}

/** Whether a value of type `got` fits where `want` is expected. */
export function fits(got: Type, want: Type): boolean {
  if (got.t === "num" && want.t === "num")
    return got.measure === ANY || want.measure === ANY || got.measure === want.measure;
  if (got.t !== want.t) return false;
  if (got.t === "enum" && want.t === "enum") return got.name === want.name;
  if (got.t === "set" && want.t === "set") return got.of === want.of;
  return true;
}

/** The common type of two branches, or null if they do not fit together. */
export function join(a: Type, b: Type): Type | null {
  if (a.t === "num" && b.t === "num") {
    if (a.measure === ANY) return b;
    if (b.measure === ANY) return a;
    return a.measure === b.measure ? a : null;
  }
  return fits(a, b) ? a : null;
}

/** The IR's view of a checked type: "any measure" becomes a plain number. */
export function irType(t: Type): Type {
  return t.t === "num" && t.measure === ANY ? num(null) : t;
}

export function fitsValue(t: Type, v: Value): boolean {
  if (v.v === "num" || v.v === "all" || v.v === "na") return t.t === "num";
  if (v.v === "bool") return t.t === "bool";
  if (v.v === "member") return t.t === "enum" && t.name === v.enum;
  return fits({ t: "set", of: v.enum }, t);
}

/** The checked ruleset before lowering: the IR without its tick scale (compiler/front/lower.ts adds it). */
export type Checked = Omit<I.RulesetIR, "scale">;
