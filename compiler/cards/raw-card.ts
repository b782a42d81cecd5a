/**
 * The raw card: the form every card pass writes before build.ts turns it into the card model. Over
 * the model's rows and tables it adds what the final pass needs and then drops: a row's unit kind and
 * condition (to merge kinds whose rows are alike, and conditions of one field with the same answer),
 * whether the row is worth printing, and its rule's name when it is an exception. Also the small
 * constructors and citation helpers the passes share.
 */

import type { Expr, RuleDef, RulesetIR } from "../ir/ir.js";
import { rollsDice } from "../ir/walk.js";
import type { CardRow, CardTable, Cell, DiceChart } from "./card-model.js";
import { unique } from "../../runtime/lists.js";
import type { Outcome } from "./card-answers.js";

/** Internal row data: how rows of one unit kind are grouped, and whether the row is worth printing. */
export interface RawRow extends CardRow {
  kind?: string;
  kindDisplay?: string;
  /** The row's key without the kind (the condition), for grouping. */
  sub?: string;
  /** The input field of a condition row (conditions of one field with the same answer merge). */
  field?: string | null;
  fieldLabel?: string;
  memberLabel?: string;
  /** False for a condition that does not change the allowance (kept only to compare with the base). */
  shown?: boolean;
  /** For an exception's row: the name of its rule (to say whose exception a removed row was). */
  parent?: string;
  /**
   * Values computed but not printed, because the table left their column out (a variant that costs
   * what the plain hex costs, a load past the last one that still moves). A house rule's card is
   * compared with its base's on every value, printed or not: a column one card prints and the other
   * leaves out is then no change by itself.
   */
  hidden?: Cell[];
}

export interface RawTable extends CardTable {
  rows: RawRow[];
  /** Rows are per unit kind: merge kinds whose rows are all alike. */
  groupKinds: boolean;
}

export interface RawSection {
  key: string;
  title: string;
  tables: RawTable[];
  charts: DiceChart[];
}

export interface RawCard {
  sections: RawSection[];
}

export function table(
  key: string,
  title: string,
  columns: string[],
  labels: number,
  rows: RawRow[],
  extra: Partial<RawTable> = {},
): RawTable {
  return {
    key,
    title,
    caption: null,
    columns,
    labels,
    columnCites: {},
    rows,
    list: false,
    groupKinds: false,
    ...extra,
  };
}

export function cell(col: string, text: string, cite: string[] = []): Cell {
  return { col, text, cite };
}

export function row(
  key: string,
  cells: Cell[],
  cite: string[],
  extra: Partial<RawRow> = {},
): RawRow {
  return {
    key,
    cells,
    cite: unique(cite),
    note: null,
    detail: null,
    depth: 0,
    change: null,
    ...extra,
  };
}

export function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The definition a movement binding expression names, when it is a plain rule reference. */
export function boundRule(ir: RulesetIR, e: Expr): RuleDef | null {
  return e.k === "rule" ? (ir.rules.find((r) => r.name === e.name) ?? null) : null;
}

/** The citation of the unit's allowance: its bound rule's, else the movement block's. */
export function allowanceCite(ir: RulesetIR): string {
  return boundRule(ir, ir.movement.allowance)?.cite ?? ir.movement.cite;
}

/** Rules whose own (base) value rolled the dice. */
export function diceRuleCites(o: Outcome): string[] {
  return o.log.rules
    .filter((r) => rollsDice(r.value) && !r.exceptions.some((x) => o.log.exceptions.includes(x)))
    .map((r) => r.cite);
}

/** A column's most common citation goes to its header; cells keep only citations that differ from it. */
export function hoistColumnCites(t: CardTable, cellCites: Map<string, string[][]>): void {
  for (const [col, lists] of cellCites) {
    const counts = new Map<string, number>();
    for (const l of lists)
      if (l.length > 0) counts.set(l.join(", "), (counts.get(l.join(", ")) ?? 0) + 1);
    const best = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
    if (!best) continue;
    t.columnCites[col] = best[0].split(", ");
    for (const r of t.rows)
      for (const c of r.cells) if (c.col === col && c.cite.join(", ") === best[0]) c.cite = [];
  }
}

/** Adds `v` to the list at `k` (citations of a column's cells, rows of a kind…). */
export function append<K, V>(m: Map<K, V[]>, k: K, v: V): void {
  const list = m.get(k) ?? [];
  list.push(v);
  m.set(k, list);
}
