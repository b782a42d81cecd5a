/**
 * One ruleset's side of the diff: its definitions as items, one per row it will fill (each enum,
 * group, rule, predicate and constraint; each entry of a table), keyed by concept and placed in a
 * section, in source order with ancestors first; and an item as the report's cell (its value, its
 * text as a reader sees it, its citations, and its canonical form, by which cells are compared).
 */

import { plainDefinition, type PlainDefinition, type PlainScope } from "../render/plain.js";
import type {
  ConstraintDef,
  EnumDef,
  GroupDef,
  RuleDef,
  RulesetIR,
  TableDef,
  TableRow,
} from "../ir/ir.js";
import { ruleExprs } from "../ir/walk.js";
import {
  exprText,
  foldConstant,
  measureOf,
  memberDisplay,
  humanise,
  ruleLines,
  ruleText,
  scopeOf,
  valueText,
  type RenderScope,
} from "../render/expr.js";
import { inferSection } from "../ir/report-sections.js";
import { hash, valueKey, type Canon } from "./canonical-form.js";
import type { Cell, CellValue, DefKind } from "./report-model.js";

interface ItemBase {
  key: string;
  concept: string;
  section: string;
  order: number;
}

/** A definition of one ruleset, before alignment; its `kind` says which definition it holds. */
export type Item = ItemBase &
  (
    | { kind: "enum"; def: EnumDef }
    | { kind: "group"; def: GroupDef }
    | { kind: "rule" | "predicate"; def: RuleDef }
    | { kind: "constraint"; def: ConstraintDef }
    /** A table entry: the table's row key and the entry. */
    | {
        kind: "table-entry";
        def: TableDef;
        /**
         * `names`: the entry's members; `aliases`: the same tuple through each member's concept keys
         * (`grain concept wheatfield` → "wheatfield"), by which entries of other rulesets line up.
         */
        table: { def: TableDef; row: TableRow; names: string; aliases: string[]; display: string };
      }
  );

/** Every tuple the members answer to: each member by its own name, then by its concept keys. */
function aliasesOf(ir: RulesetIR, enums: readonly string[], keys: readonly string[]): string[] {
  let out: string[][] = [[]];
  keys.forEach((k, j) => {
    const m = ir.enums.find((e) => e.name === enums[j])?.members.find((x) => x.name === k);
    const names = [k, ...(m?.concepts ?? [])];
    out = out.flatMap((pre) => names.map((n) => [...pre, n]));
  });
  return out.map((t) => t.join(" · "));
}

/**
 * The ruleset's items: every definition of the book (a definition marked `helper` belongs to the
 * encoding and is never a row).
 */
export function itemsOf(ir: RulesetIR): Item[] {
  const chain = [...ir.extends].reverse(); // root ancestor first
  const rank = (origin: { ruleset: string; line: number }) => {
    const i = chain.indexOf(origin.ruleset);
    return (i < 0 ? chain.length : i) * 1e7 + origin.line;
  };
  const used = new Set<string>();
  const keyFor = (concept: string, name: string): string => {
    let k = concept;
    if (used.has(k)) k = used.has(name) ? `${concept}/${name}` : name;
    used.add(k);
    return k;
  };
  const out: Item[] = [];
  const push = (
    d: EnumDef | GroupDef | RuleDef | ConstraintDef | TableDef,
    kind: DefKind,
    extra: {
      keys?: readonly string[];
      type?: RuleDef["type"];
      exprs?: readonly RuleDef["value"][];
    } = {},
  ) => {
    if (d.helper === true) return;
    const cs = { concept: d.concept, section: d.section };
    const section = inferSection(
      { name: d.name, concept: cs.concept, section: cs.section, ...extra },
      ir,
    );
    if (kind === "table-entry") {
      const t = d as TableDef;
      const key = keyFor(cs.concept, t.name);
      const scope = scopeOf(ir);
      t.rows.forEach((row, i) => {
        const display = row.keys.map((k, j) => memberDisplay(scope, t.keys[j]!, k)).join(" · ");
        out.push({
          key,
          concept: cs.concept,
          section,
          kind,
          def: t,
          table: {
            def: t,
            row,
            names: row.keys.join(" · "),
            aliases: aliasesOf(ir, t.keys, row.keys),
            display,
          },
          order: rank(t.origin) + i / 1000,
        });
      });
      return;
    }
    out.push({
      key: keyFor(cs.concept, d.name),
      concept: cs.concept,
      section,
      kind,
      def: d,
      order: rank(d.origin),
    } as Item);
  };
  for (const e of ir.enums) push(e, "enum");
  for (const g of ir.groups) push(g, "group", { keys: [g.enum] });
  for (const t of ir.tables) push(t, "table-entry", { keys: t.keys, type: t.type });
  for (const r of ir.rules) push(r, r.kind, { type: r.type, exprs: ruleExprs(r) });
  for (const c of ir.constraints) push(c, "constraint", { exprs: [c.cond] });
  return out.sort((a, b) => a.order - b.order);
}

function flatExceptions(r: RuleDef): RuleDef["exceptions"] {
  const out: RuleDef["exceptions"] = [];
  const go = (xs: RuleDef["exceptions"]) =>
    xs.forEach((x) => {
      out.push(x);
      go(x.exceptions);
    });
  go(r.exceptions);
  return out;
}

export function makeCell(canon: Canon, scope: RenderScope, it: Item, ps: PlainScope): Cell {
  const c = cellOf(canon, scope, it);
  const def: PlainDefinition =
    it.kind === "table-entry"
      ? {
          kind: "table-entry",
          value: it.table.row.value,
          measure: measureOf(it.table.def.type) ?? null,
        }
      : ({ kind: it.kind, def: it.def } as PlainDefinition);
  const plain = plainDefinition(def, ps).map((l) =>
    it.kind === "table-entry" ? countText(l.text, it) : l.text,
  );
  return { ...c, plain: plain.length === c.lines.length ? plain : c.lines.map(() => "") };
}

/**
 * A number without a measure in a table lined up under another concept says what it counts, by its
 * table's name: Chain of Command's pips off each die on the terrain-cost row reads "1 (pips off)",
 * never a bare "1" beside "2 MF".
 */
function countText(text: string, it: Item): string {
  if (it.kind !== "table-entry") return text;
  const t = it.table.def;
  const bare = measureOf(t.type) === null && it.table.row.value.v === "num";
  return bare && it.concept !== t.name ? `${text} (${humanise(t.name).toLowerCase()})` : text;
}

function cellOf(canon: Canon, scope: RenderScope, it: Item): Omit<Cell, "plain"> {
  switch (it.kind) {
    case "enum": {
      const e = it.def;
      const names = e.members.map((m) => m.name);
      return {
        definition: e.name,
        kind: it.kind,
        title: e.title,
        value: names,
        display: e.members.map((m) => m.display || m.name).join(", "),
        lines: [
          { depth: 0, text: e.members.map((m) => m.display || m.name).join(", "), cite: e.cite },
        ],
        rules: [e.cite],
        differs: false,
        // Members compared by their first concept key (ASL `grain concept wheatfield` is SL's wheatfield).
        key: `enum:${e.members
          .map((m) => m.concepts?.[0] ?? m.name)
          .sort()
          .join(",")}`,
      };
    }
    case "group": {
      const g = it.def;
      const text = g.members.map((m) => memberDisplay(scope, g.enum, m)).join(", ");
      return {
        definition: g.name,
        kind: it.kind,
        title: g.title,
        value: [...g.members],
        display: text,
        lines: [{ depth: 0, text, cite: g.cite }],
        rules: [g.cite],
        differs: false,
        key: `group:${[...g.members].sort().join(",")}`,
      };
    }
    case "table-entry": {
      const t = it.table.def;
      const row = it.table.row;
      const m = measureOf(t.type) ?? null;
      const text = countText(valueText(row.value, m, scope), it);
      const v = row.value;
      const value: CellValue =
        v.v === "num"
          ? Number(eval1(v.q))
          : v.v === "all"
            ? "all"
            : v.v === "na"
              ? "NA"
              : v.v === "bool"
                ? v.b
                : v.v === "member"
                  ? v.name
                  : [...v.members];
      const cite = row.cite ?? t.cite;
      return {
        definition: t.name,
        kind: it.kind,
        title: t.title,
        value,
        display: text,
        lines: [{ depth: 0, text, cite }],
        rules: [cite],
        differs: false,
        key: `entry:${valueKey(v)}`,
      };
    }
    case "rule":
    case "predicate": {
      const r = it.def;
      const lines = ruleLines(r, scope);
      const constant = r.exceptions.length === 0 ? constantOf(r) : undefined;
      const display = ruleText(r, scope);
      return {
        definition: r.name,
        kind: it.kind,
        title: r.title,
        value: constant !== undefined ? constant : display,
        display,
        lines: lines.map((l) => ({
          depth: l.depth,
          text: l.when === null ? l.value : `${l.value} if ${l.when}`,
          cite: l.cite,
        })),
        rules: [...new Set([r.cite, ...flatExceptions(r).map((x) => x.cite)])],
        differs: false,
        key: `rule:${hash(canon.rule(r))}`,
      };
    }
    case "constraint": {
      const c = it.def;
      const text = exprText(c.cond, scope);
      return {
        definition: c.name,
        kind: it.kind,
        title: c.title,
        value: text,
        display: text,
        lines: [{ depth: 0, text, cite: c.cite }],
        rules: [c.cite],
        differs: false,
        key: `constraint:${hash(canon.constraint(c))}`,
      };
    }
  }
}

function eval1(q: string): number {
  const m = /^(-?\d+)(?:\/(\d+))?$/.exec(q);
  if (!m) return Number(q);
  return Number(m[1]) / (m[2] === undefined ? 1 : Number(m[2]));
}

function constantOf(r: RuleDef): CellValue | undefined {
  const e = r.value;
  const folded = foldConstant(e);
  if (folded !== null) return eval1(folded);
  switch (e.k) {
    case "num":
      return eval1(e.q);
    case "bool":
      return e.v;
    case "all":
      return "all";
    case "na":
      return "NA";
    case "member":
      return e.name;
    default:
      return undefined;
  }
}
