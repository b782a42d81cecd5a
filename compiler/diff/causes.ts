/**
 * One cause per change: which changed rows only carry another row's change. A row whose own text
 * differs (COT, Uphill, Entry cost) may still owe every situation it shows to a definition it uses
 * (ASL's shell hole at 2 MF, its road at 1 MF). Each situation is asked again of the later ruleset
 * with that definition given the first ruleset's value (the rest of the later ruleset unchanged):
 * when the answer is then the first ruleset's, the situation follows from that definition. A row
 * every situation of which follows from other changed rows folds under them (its causes); a row
 * with a situation no other change explains, or an exception of its own no situation fired, stays a
 * root cause.
 */

import type { Expr, RuleDef, RulesetIR, TableDef } from "../ir/ir.js";
import { ruleExprs, walk } from "../ir/walk.js";
import { readsOf, type Subject } from "./domain.js";
import type { Item } from "./ruleset-items.js";
import { Asker } from "./situation-answers.js";
import { probeOf, type Probe, type Situation } from "./situations.js";

/** A changed row, as causes are sought: its items by ruleset index and its situations. */
export interface Change {
  items: readonly (Item | null)[];
  situations: readonly Situation[];
  /** The row may be a follow-on (it has situations and no exception of its own left unfired). */
  candidate: boolean;
}

/** The names a definition of `ir` uses, directly or through the rules and tables it reaches. */
function reach(ir: RulesetIR, start: RuleDef | { cond: Expr }): Set<string> {
  const out = new Set<string>();
  const rules = new Map(ir.rules.map((r) => [r.name, r]));
  const todo: Expr[] = "cond" in start ? [start.cond] : [...ruleExprs(start)];
  while (todo.length > 0)
    walk(todo.pop()!, (x) => {
      if ((x.k !== "rule" && x.k !== "table") || out.has(x.name)) return;
      out.add(x.name);
      const r = rules.get(x.name);
      if (x.k === "rule" && r) todo.push(...ruleExprs(r));
    });
  return out;
}

/** `ir` with the definition of `to` given the value `from` has in the other ruleset, or null. */
function swapped(ir: RulesetIR, to: Item, from: Item): RulesetIR | null {
  if (to.kind === "table-entry" && from.kind === "table-entry") {
    const row = to.table.row;
    const tables = ir.tables.map(
      (t): TableDef =>
        t.name !== to.def.name
          ? t
          : {
              ...t,
              rows: t.rows.map((r) => (r === row ? { ...r, value: from.table.row.value } : r)),
            },
    );
    return { ...ir, tables };
  }
  if ((to.kind === "rule" || to.kind === "predicate") && from.kind === to.kind) {
    const name = to.def.name;
    if (from.def.params.length !== to.def.params.length || from.def.params.length > 0) return null;
    // Only a definition whose every reference the later ruleset also defines can stand in it.
    const names = new Set([...ir.rules.map((r) => r.name), ...ir.tables.map((t) => t.name)]);
    const refs = new Set<string>();
    for (const e of ruleExprs(from.def))
      walk(e, (x) => {
        if (x.k === "rule" || x.k === "table") refs.add(x.name);
      });
    if ([...refs].some((n) => !names.has(n))) return null;
    return { ...ir, rules: ir.rules.map((r) => (r.name === name ? { ...from.def, name } : r)) };
  }
  return null;
}

function defIn(ir: RulesetIR, it: Item): Subject["def"] | undefined {
  return it.kind === "constraint"
    ? ir.constraints.find((c) => c.name === it.def.name)
    : ir.rules.find((r) => r.name === it.def.name);
}

/** One Asker per ruleset (a swapped one included) and definition, so its reads and answers are reused. */
const askers = new WeakMap<RulesetIR, Map<Subject["def"], Asker>>();

/** The answer's key of `it`'s definition in `ir` for a probe (null: it cannot be asked). */
function keyIn(id: string, ir: RulesetIR, it: Item, p: Probe): string | null {
  const def = defIn(ir, it);
  if (def === undefined) return null;
  let byDef = askers.get(ir);
  if (byDef === undefined) askers.set(ir, (byDef = new Map()));
  let k = byDef.get(def);
  if (k === undefined) {
    const s: Subject = { id, ir, def };
    byDef.set(def, (k = new Asker(s, readsOf(ir, def))));
  }
  return k.ask(p.dims, p.a)?.key ?? null;
}

/**
 * For each change, the indexes of the changes it follows from (empty: a root cause). Only a candidate
 * is tested, and only against changes that are not themselves follow-ons found so far.
 */
export function causesOf(irs: readonly RulesetIR[], changes: readonly Change[]): number[][] {
  const out: number[][] = changes.map(() => []);
  // One swapped ruleset per (ruleset, change), so its interpreter is built once.
  const swaps = new Map<string, RulesetIR | null>();
  const swapOf = (j: number, base: number, ci: number): RulesetIR | null => {
    const key = `${j}:${base}:${ci}`;
    if (!swaps.has(key)) {
      const c = changes[ci]!;
      swaps.set(key, swapped(irs[j]!, c.items[j]!, c.items[base]!));
    }
    return swaps.get(key)!;
  };
  changes.forEach((r, k) => {
    if (!r.candidate || r.situations.length === 0) return;
    const causes = new Set<number>();
    const present = r.items.map((it, i) => (it ? i : -1)).filter((i) => i >= 0);
    const base = present[0]!;
    const baseItem = r.items[base]!;
    for (const sit of r.situations) {
      const p = probeOf(sit);
      if (p === undefined) return;
      const want = keyIn(irs[base]!.id, irs[base]!, baseItem, p);
      if (want === null) return;
      for (const j of present.slice(1)) {
        const id = irs[j]!.id;
        if (JSON.stringify(sit.values[id]) === JSON.stringify(sit.values[irs[base]!.id])) continue;
        const own = r.items[j]!;
        const def = defIn(irs[j]!, own);
        if (def === undefined) return;
        const used = reach(irs[j]!, def);
        // Table entries first: a value of the book's charts is the likeliest cause.
        const candidates = changes
          .map((c, ci) => ({ c, ci }))
          .filter(
            ({ c, ci }) =>
              ci !== k && c.items[j] && c.items[base] && used.has(c.items[j]!.def.name),
          )
          .sort(
            (x, y) =>
              Number(y.c.items[j]!.kind === "table-entry") -
              Number(x.c.items[j]!.kind === "table-entry"),
          );
        let explained = false;
        for (const { ci } of candidates) {
          const ir = swapOf(j, base, ci);
          if (ir !== null && keyIn(id, ir, own, p) === want) {
            causes.add(ci);
            explained = true;
            break;
          }
        }
        if (!explained && candidates.length > 1) {
          // Together: several changes the situation needs at once.
          let ir: RulesetIR | null = irs[j]!;
          for (const { c } of candidates) ir = ir && swapped(ir, c.items[j]!, c.items[base]!);
          if (ir !== null && keyIn(id, ir, own, p) === want) {
            for (const { ci } of candidates) causes.add(ci);
            explained = true;
          }
        }
        if (!explained) return;
      }
    }
    out[k] = [...causes].sort((a, b) => a - b);
  });
  // A cause that follows from others itself stands for them.
  const roots = (k: number, seen: Set<number>): number[] =>
    out[k]!.length === 0 || seen.has(k)
      ? [k]
      : out[k]!.flatMap((c) => roots(c, new Set([...seen, k])));
  return out.map((cs, k) =>
    [...new Set(cs.flatMap((c) => roots(c, new Set([k]))))]
      .filter((c) => c !== k)
      .sort((a, b) => a - b),
  );
}
