/**
 * Whether a predicate or constraint row compares the same question in every ruleset. SL's
 * `assault-movement` asks whether a move *may* be an assault move; ASL's asks whether the unit
 * *declared* one (`unit.assault-movement`, a field SL has no concept of). Asked about the same
 * situations, the two give answers that differ only because the questions do: the row says the
 * concepts differ instead of listing situations.
 *
 * The test: a yes/no definition that itself (not through the definitions it uses) reads a unit or
 * scenario field that no other ruleset of the row declares.
 */

import type { Expr, RuleDef } from "../ir/ir.js";
import { reads, ruleExprs } from "../ir/walk.js";
import { fieldDef, isRule, type Subject } from "./domain.js";

function yesNo(s: Subject): boolean {
  return !isRule(s.def) || (s.def as RuleDef).type.t === "bool";
}

/** The note saying the concepts differ, or null when every subject asks the same question. */
export function conceptsDiffer(subjects: readonly Subject[]): string | null {
  if (subjects.length < 2 || !subjects.every(yesNo)) return null;
  const own: string[] = [];
  for (const s of subjects) {
    const exprs: readonly Expr[] = isRule(s.def) ? ruleExprs(s.def as RuleDef) : [s.def.cond];
    const fields = new Set<string>();
    for (const e of exprs) {
      const r = reads(e);
      for (const key of [...r.values, ...r.present, ...r.flags.keys()]) fields.add(key);
    }
    const lone: string[] = [];
    for (const key of fields) {
      const dot = key.indexOf(".");
      const rec = key.slice(0, dot);
      if (rec !== "unit" && rec !== "scenario") continue;
      const f = fieldDef(s.ir, rec, "name", key.slice(dot + 1));
      if (!f) continue;
      if (subjects.every((o) => o === s || fieldDef(o.ir, rec, "json", f.json) === undefined))
        lone.push(`${rec}.${f.name}`);
    }
    if (lone.length > 0) {
      const lacking = subjects.filter((o) => o !== s).map((o) => o.id);
      own.push(
        `${s.id}'s definition (“${s.def.title}”) asks ${lone.sort().join(", ")}, which ${lacking.join(", ")} ${lacking.length === 1 ? "has" : "have"} no field for`,
      );
    }
  }
  if (own.length === 0) return null;
  return `the concepts differ: ${own.join("; ")}; no situations compare them`;
}
