/**
 * Citations that decided, first. A situation's answer cites every rule the interpreter read, in the
 * order it read them (ASL's Allowance reads Double Time, A4.5, before the road bonus, A4.11). This
 * pass puts first, for each ruleset, the citations of the definitions whose own values differ between
 * the rulesets — the definitions a change's root cause is — and then the others that were read, each
 * group in the order read.
 *
 * The one rule: a definition the answer used decides when
 * - its row differs in its own text between the rulesets that have it (a rule evaluated, a table
 *   entry read: the definition's citation), or
 * - its row is not in every ruleset and one of its exceptions applied (the exception's and the
 *   rule's citations): a rule only some rulesets have decides where it does something, its base
 *   value being what holds when nothing of it applies (ASL's road bonus is 0 MF off the road and
 *   +1 MF along it; its MF cap of 8 decides nothing for a squad with 4).
 * A row that differs only through the definitions it uses (its own text the same) decides nothing
 * itself: its causes do.
 */

import type { Exception, RuleDef, RulesetIR } from "../ir/ir.js";
import type { Item } from "./ruleset-items.js";
import type { Row } from "./report-model.js";
import { rowKey } from "./situation-answers.js";
import { traceOf } from "./situations.js";

/** A row as this pass sees it: its items by ruleset index, and whether its own text differs. */
export interface DecidingRow {
  row: Row;
  items: readonly (Item | null)[];
  /** Two rulesets that have the row differ in the row's own text (not only through what it uses). */
  ownDiffers: boolean;
}

/** Per ruleset: the rules and table rows whose own values differ, and the one-sided rules. */
interface Differing {
  rules: Set<string>;
  rows: Set<string>;
  oneSided: Set<string>;
}

/** Each exception of the ruleset's rules → its rule (nested exceptions included). */
function ruleOfException(ir: RulesetIR): Map<Exception, RuleDef> {
  const out = new Map<Exception, RuleDef>();
  const add = (r: RuleDef, xs: readonly Exception[]) => {
    for (const x of xs) {
      out.set(x, r);
      add(r, x.exceptions);
    }
  };
  for (const r of ir.rules) add(r, r.exceptions);
  return out;
}

/** Reorders every situation's citations in `rows`, in place: the deciding ones first. */
export function decidingFirst(irs: readonly RulesetIR[], rows: readonly DecidingRow[]): void {
  const differing: Differing[] = irs.map(() => ({
    rules: new Set(),
    rows: new Set(),
    oneSided: new Set(),
  }));
  for (const { items, ownDiffers } of rows) {
    const partial = items.some((it) => it === null);
    items.forEach((it, i) => {
      if (it === null) return;
      const d = differing[i]!;
      if (it.kind === "table-entry") {
        if (ownDiffers) d.rows.add(rowKey(it.def.name, it.table.row.keys));
      } else if (it.kind === "rule" || it.kind === "predicate" || it.kind === "constraint") {
        if (ownDiffers) d.rules.add(it.def.name);
        else if (partial) d.oneSided.add(it.def.name);
      }
    });
  }
  const exceptionRules = irs.map(ruleOfException);
  // Each ruleset's table rows by key, keyed once (not once per situation).
  const tableRows = irs.map((ir) =>
    ir.tables.flatMap((tb) =>
      tb.rows.map((tr) => ({ key: rowKey(tb.name, tr.keys), cite: tr.cite ?? tb.cite })),
    ),
  );
  const byId = new Map(irs.map((ir, i) => [ir.id, i]));
  for (const { row, items } of rows)
    for (const sit of row.situations) {
      const trace = traceOf(sit);
      for (const [id, t] of Object.entries(trace)) {
        const i = byId.get(id);
        const cites = sit.rules[id];
        if (i === undefined || t === undefined || cites === undefined) continue;
        const ir = irs[i]!;
        const d = differing[i]!;
        const deciding = new Set<string>();
        const usedRules = new Set(t.used.rules.map((x) => x.name));
        const usedRows = new Set(t.used.rows.map((x) => rowKey(x.table, x.keys)));
        for (const r of ir.rules)
          if (d.rules.has(r.name) && usedRules.has(r.name)) deciding.add(r.cite);
        // A constraint is asked itself, never used by another definition.
        const own = items[i];
        if (own?.kind === "constraint" && d.rules.has(own.def.name)) deciding.add(own.def.cite);
        for (const tr of tableRows[i]!)
          if (d.rows.has(tr.key) && usedRows.has(tr.key)) deciding.add(tr.cite);
        for (const x of t.fired) {
          const r = exceptionRules[i]!.get(x);
          if (r === undefined || !(d.oneSided.has(r.name) || d.rules.has(r.name))) continue;
          deciding.add(x.cite);
          deciding.add(r.cite);
        }
        if (deciding.size === 0) continue;
        sit.rules[id] = [
          ...cites.filter((c) => deciding.has(c)),
          ...cites.filter((c) => !deciding.has(c)),
        ];
      }
    }
}
