/**
 * The definitions a card lists rather than computes, from the ruleset's IR: every rule, predicate and
 * constraint as rows (name, readable value or condition, paraphrase, citation; exceptions under their
 * rule, keyed by condition), and every table the computed charts did not consume as a chart of its own
 * (tables of one section keyed by the same enum merge into one). Each is assigned its section as in
 * the diff report (compiler/ir/report-sections.ts) and kept in source order, ancestors first.
 * Helpers (definitions marked `helper`: steps of the encoding, not concepts of the book) are left out.
 */

import type { ConstraintDef, Exception, Expr, RuleDef, RulesetIR, TableDef } from "../ir/ir.js";
import { ruleExprs } from "../ir/walk.js";
import {
  exprText,
  foldConstant,
  humanise,
  measureOf,
  memberDisplay,
  scopeOf,
  valueText,
  type RenderScope,
} from "../render/expr.js";
import { inferSection } from "../ir/report-sections.js";
import { plain, plainScope, plainValue, type PlainScope } from "../render/plain.js";
import {
  append,
  boundRule,
  capital,
  cell,
  hoistColumnCites,
  row,
  table,
  type RawRow,
  type RawTable,
} from "./raw-card.js";

/**
 * A rule's value on the card: a constant in the card's short notation ("4 MF", "½ MF", "NA"); a
 * formula in the same plain words as the diff's cells ("the IPC with double timing", never the
 * formula `ipc-with(double-timing)`), from the one renderer (render/plain.ts) and its scope.
 */
function valueWords(e: Expr, scope: RenderScope, ps: PlainScope, m: string | null): string {
  const constant =
    e.k === "num" ||
    e.k === "all" ||
    e.k === "na" ||
    e.k === "bool" ||
    e.k === "member" ||
    (e.k === "neg" && e.x.k === "num") ||
    (e.k === "bin" && foldConstant(e) !== null);
  return constant ? exprText(e, scope, m) : plainValue(e, ps, m);
}

function ruleRows(r: RuleDef, scope: RenderScope, ps: PlainScope): RawRow[] {
  const m = measureOf(r.type);
  const label =
    r.params.length > 0
      ? `${humanise(r.name)} (${r.params.map((x) => x.name).join(", ")})`
      : humanise(r.name);
  const out: RawRow[] = [];
  if (r.kind === "predicate") {
    const constant = r.value.k === "bool";
    out.push(
      row(
        `def:${r.name}`,
        [
          cell("Name", label),
          cell("Value", constant ? (r.value.k === "bool" && r.value.v ? "yes" : "no") : ""),
        ],
        [r.cite],
        {
          note: withReading(r.title, r.note),
          detail: constant ? null : `holds when ${plain(r.value, ps)}`,
        },
      ),
    );
  } else {
    out.push(
      row(
        `def:${r.name}`,
        [cell("Name", label), cell("Value", valueWords(r.value, scope, ps, m))],
        [r.cite],
        { note: withReading(r.title, r.note) },
      ),
    );
  }
  // An exception is keyed by its condition, so that a house rule's exception lines up with the base's
  // exception for the same case, wherever it stands in the list.
  const go = (xs: readonly Exception[], depth: number, path: string) => {
    const seen = new Map<string, number>();
    xs.forEach((x) => {
      const value =
        r.kind === "predicate" && x.value.k === "bool"
          ? x.value.v
            ? "yes"
            : "no"
          : valueWords(x.value, scope, ps, m);
      const when = plain(x.when, ps);
      const n = seen.get(when) ?? 0;
      seen.set(when, n + 1);
      const key = `${path}/${when}${n > 0 ? ` #${n + 1}` : ""}`;
      out.push(
        row(`def:${r.name}${key}`, [cell("Name", ""), cell("Value", value)], [x.cite], {
          note: x.title,
          detail: `when ${when}`,
          depth,
          parent: label,
        }),
      );
      go(x.exceptions, depth + 1, key);
    });
  };
  go(r.exceptions, 1, "");
  return out;
}

function constraintRows(c: ConstraintDef, ps: PlainScope): RawRow[] {
  return [
    row(`def:${c.name}`, [cell("Name", humanise(c.name)), cell("Value", "must hold")], [c.cite], {
      note: withReading(c.title, c.note),
      detail: plain(c.cond, ps),
    }),
  ];
}

/**
 * Tables of one section keyed by the same enum print as one chart, a column (or a group of columns,
 * for a two-key table) per table: "By weapon: PP for a squad, PP for a leader, may dismantle".
 * A column's most common citation goes to its header.
 */
export function tableCards(
  section: string,
  ts: readonly TableDef[],
  ir: RulesetIR,
  scope: RenderScope,
): RawTable[] {
  const byKey = new Map<string, TableDef[]>();
  const out: RawTable[] = [];
  for (const t of ts) {
    if (t.keys.length > 2 || t.keys.length === 0) {
      out.push(wideTable(t, scope));
      continue;
    }
    append(byKey, t.keys[0]!, t);
  }
  for (const [first, group] of byKey) {
    const merged = group.length > 1;
    const columns: { col: string; table: TableDef; member: string | null }[] = [];
    for (const t of group) {
      if (t.keys.length === 1)
        columns.push({ col: merged ? humanise(t.name) : "Value", table: t, member: null });
      else {
        const colEnum = ir.enums.find((e) => e.name === t.keys[1]);
        for (const m of colEnum?.members ?? [])
          columns.push({
            col: `${merged ? `${humanise(t.name)}: ` : ""}${m.display || m.name}`,
            table: t,
            member: m.name,
          });
      }
    }
    const members = ir.enums.find((e) => e.name === first)?.members.map((m) => m.name) ?? [];
    const present = members.filter((m) => group.some((t) => t.rows.some((r) => r.keys[0] === m)));
    const cellCites = new Map<string, string[][]>();
    const rows: RawRow[] = present.map((m) => {
      const cells = [cell(humanise(first), memberDisplay(scope, first, m))];
      for (const c of columns) {
        const r = c.table.rows.find(
          (x) => x.keys[0] === m && (c.member === null || x.keys[1] === c.member),
        );
        const cite = r ? [r.cite ?? c.table.cite] : [];
        cells.push(cell(c.col, r ? valueText(r.value, null, scope) : "—", cite));
        append(cellCites, c.col, cite);
      }
      return row(
        merged ? `table:${section}:${first}:${m}` : `table:${group[0]!.name}:${m}`,
        cells,
        [],
      );
    });
    const captionOf = (t: TableDef) => {
      const measure = measureOf(t.type);
      return `${merged ? `${humanise(t.name)}: ` : ""}${merged ? t.title : capital(t.title)}${measure ? ` (${measure})` : ""}.`;
    };
    const tb = table(
      merged ? `tables-${section}-${first}` : `table-${group[0]!.name}`,
      merged ? `By ${humanise(first).toLowerCase()}` : humanise(group[0]!.name),
      [humanise(first), ...columns.map((c) => c.col)],
      1,
      rows,
      {
        caption: group.map(captionOf).join(" "),
      },
    );
    hoistColumnCites(tb, cellCites);
    out.push(tb);
  }
  return out;
}

/** A table of three or more keys (or of none): one row per entry. */
function wideTable(t: TableDef, scope: RenderScope): RawTable {
  const rows: RawRow[] = t.rows.map((r) =>
    row(
      `table:${t.name}:${r.keys.join(",")}`,
      [
        ...r.keys.map((k, i) => cell(humanise(t.keys[i]!), memberDisplay(scope, t.keys[i]!, k))),
        cell("Value", valueText(r.value, null, scope)),
      ],
      [r.cite ?? t.cite],
    ),
  );
  return table(
    `table-${t.name}`,
    humanise(t.name),
    [...t.keys.map((k) => humanise(k)), "Value"],
    t.keys.length,
    rows,
    { caption: `${capital(t.title)}.` },
  );
}

/** A definition listed in a section: a rule's or constraint's rows, or a table not yet charted. */
export interface Listed {
  section: string;
  order: [number, number];
  rows?: RawRow[];
  table?: TableDef;
}

export function definitions(ir: RulesetIR, consumed: Set<string>): Listed[] {
  const scope = scopeOf(ir);
  const ps = plainScope(ir);
  const chain = [...ir.extends].reverse().concat(ir.id);
  const order = (o: { ruleset: string; line: number }): [number, number] => [
    Math.max(0, chain.indexOf(o.ruleset)),
    o.line,
  ];
  const out: Listed[] = [];
  // Helpers (`helper`) belong to the encoding, not to the book: never a line of a card.
  for (const t of ir.tables) {
    if (consumed.has(t.name) || t.helper) continue;
    out.push({
      section: inferSection(
        { name: t.name, concept: t.concept, section: t.section, keys: t.keys, type: t.type },
        ir,
      ),
      order: order(t.origin),
      table: t,
    });
  }
  const allowance = boundRule(ir, ir.movement.allowance);
  for (const r of ir.rules) {
    if (r === allowance || r.helper) continue;
    out.push({
      section: inferSection(
        { name: r.name, concept: r.concept, section: r.section, type: r.type, exprs: ruleExprs(r) },
        ir,
      ),
      order: order(r.origin),
      rows: ruleRows(r, scope, ps),
    });
  }
  for (const c of ir.constraints) {
    if (c.helper) continue;
    out.push({
      section: inferSection(
        { name: c.name, concept: c.concept, section: c.section, exprs: [c.cond] },
        ir,
      ),
      order: order(c.origin),
      rows: constraintRows(c, ps),
    });
  }
  return out.sort((a, b) => a.order[0] - b.order[0] || a.order[1] - b.order[1]);
}

/** A paraphrase with the ruleset's stated reading, if it has one: "… (our reading: …)". */
function withReading(title: string, note: string | undefined): string {
  return note === undefined ? title : `${title} (our reading: ${note})`;
}
