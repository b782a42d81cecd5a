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

/**
 * The types the checker makes, one object per type: a type is never changed once made, so the checker
 * and the IR it builds share them rather than make one per expression. Each cache is forgotten whole
 * past `TYPES` entries, so a long-running service's edits cannot grow it without bound.
 */
const TYPES = 1024;
const nums = new Map<string | null, Type>();
const enums = new Map<string, Type>();
const sets = new Map<string, Type>();

/** `t`, kept in `cache` under `key` (the cache forgotten whole when full). */
function keep<K>(cache: Map<K, Type>, key: K, t: Type): Type {
  if (cache.size >= TYPES) cache.clear();
  cache.set(key, t);
  return t;
}

/** The number type of `measure` (null: a plain number; `ANY`: a plain literal's "any measure"). */
export function num(measure: string | null): Type {
  return nums.get(measure) ?? keep(nums, measure, { t: "num", measure });
}

/** The type of a member of enum `name`. */
export function enumType(name: string): Type {
  return enums.get(name) ?? keep(enums, name, { t: "enum", name });
}

/** The type of a set of members of enum `of`. */
export function setType(of: string): Type {
  return sets.get(of) ?? keep(sets, of, { t: "set", of });
}

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
  return fits(setType(v.enum), t);
}

/** The checked ruleset before lowering: the IR without its tick scale (compiler/front/lower.ts adds it). */
export type Checked = Omit<I.RulesetIR, "scale">;
