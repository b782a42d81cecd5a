/**
 * Tables → an exported data object in real units for tool makers (numbers as JS numbers, `"all"` and
 * `"NA"` as strings, one nesting level per key), plus, for a table a rule reads, an internal
 * tick-valued copy indexed by the keys' codes (each member's position in its enum; a table of two
 * keys or more flat, k1 × n2 + k2): an `Int32Array`, a `Float64Array` where a value is NA (NaN) or
 * `all` (the `ALL` sentinel, resolved to `ctx.allowance` at lookup time) or not a 32-bit integer, a
 * `Uint8Array` of truth values, an `Int32Array` of codes for members of an enum that keys a table,
 * else a plain array. Per-row citations when a row has its own; a lookup by name for the traced
 * rules that pushes the citation that priced the value, and (a table with an `all` row) a lookup by
 * code for `price`'s specialised rules, which otherwise read the copy directly (`fastTableRead`).
 */

import {
  StructureKind,
  VariableDeclarationKind,
  type FunctionDeclarationStructure,
  type StatementStructures,
} from "ts-morph";
import type { TableDef, TableRow, Value } from "../ir/ir.js";
import type { EmitContext } from "./context.js";
import { citeLine, commentText, lit, numberLiteral, objectKey, qReal, qTicks } from "./text.js";

/** Rows of a table as nested maps (IR row order), one level per key. */
type Tree = Map<string, Tree | TableRow>;

function buildTree(cx: EmitContext, t: TableDef): Tree {
  const root: Tree = new Map();
  for (const row of t.rows) {
    if (row.keys.length !== t.keys.length)
      throw new Error(
        `table ${t.name}: a row has ${row.keys.length} keys, expected ${t.keys.length}`,
      );
    let node = root;
    row.keys.forEach((k, i) => {
      const members = cx.enumDefs.get(t.keys[i])?.members;
      if (members === undefined)
        throw new Error(`table ${t.name}: unknown key domain ${JSON.stringify(t.keys[i])}`);
      if (!members.some((m) => m.name === k))
        throw new Error(`table ${t.name}: ${JSON.stringify(k)} is not a member of ${t.keys[i]}`);
      if (i === row.keys.length - 1) {
        if (node.has(k))
          throw new Error(`table ${t.name}: row ${row.keys.join(", ")} is given twice`);
        node.set(k, row);
      } else {
        let next = node.get(k);
        if (next === undefined) node.set(k, (next = new Map()));
        node = next as Tree;
      }
    });
  }
  // Complete: every combination of key members has a row (the checker guarantees it; Record types need it).
  const check = (node: Tree, depth: number, path: string[]): void => {
    for (const m of cx.enumDefs.get(t.keys[depth])!.members) {
      const next = node.get(m.name);
      if (next === undefined)
        throw new Error(`table ${t.name}: no row for ${[...path, m.name].join(", ")}`);
      if (depth + 1 < t.keys.length) check(next as Tree, depth + 1, [...path, m.name]);
    }
  };
  if (t.keys.length > 0) check(root, 0, []);
  return root;
}

function render(tree: Tree, depth: number, leaf: (row: TableRow) => string): string {
  const entries = [...tree.entries()].map(([k, v]) => {
    const code = v instanceof Map ? render(v, depth + 1, leaf) : leaf(v);
    return `${objectKey(k)}: ${code}`;
  });
  return `{${entries.join(", ")}}`;
}

function realValue(v: Value): string {
  switch (v.v) {
    case "num":
      return qReal(v.q);
    case "bool":
      return v.b ? "true" : "false";
    case "all":
      return lit("all");
    case "na":
      return lit("NA");
    case "member":
      return lit(v.name);
    case "set":
      return `[${v.members.map(lit).join(", ")}]`;
  }
}

/** How the tick copy of a table holds its values, as the values allow. */
type Holding = "Int32Array" | "Float64Array" | "Uint8Array" | "codes" | "array";

function holding(cx: EmitContext, t: TableDef): Holding {
  switch (t.type.t) {
    case "bool":
      return "Uint8Array";
    case "enum":
      return cx.isCoded(t.type) ? "codes" : "array";
    case "num":
    case "dist":
      return t.rows.every((r) => {
        if (r.value.v !== "num") return false;
        const v = qTicks(r.value.q, cx.scale);
        return Number.isInteger(v) && v >= -(2 ** 31) && v < 2 ** 31;
      })
        ? "Int32Array"
        : "Float64Array";
    default:
      return "array";
  }
}

function tickValue(cx: EmitContext, v: Value, how: Holding): string {
  switch (v.v) {
    case "num":
      return numberLiteral(qTicks(v.q, cx.scale));
    case "all":
      cx.usesAll = true;
      return "ALL";
    case "na":
      return "NaN";
    case "bool":
      return how === "Uint8Array" ? (v.b ? "1" : "0") : v.b ? "true" : "false";
    case "member":
      return how === "codes" ? String(cx.memberCode(v.enum, v.name)) : lit(v.name);
    case "set":
      return `new Set<${cx.enumType(v.enum)}>([${v.members.map(lit).join(", ")}])`;
  }
}

/** The rows of a table in code order: the first key's members outermost, the last key's innermost. */
function rowsByCode(cx: EmitContext, t: TableDef, tree: Tree): TableRow[] {
  const out: TableRow[] = [];
  const visit = (node: Tree, depth: number): void => {
    for (const m of cx.enumDefs.get(t.keys[depth]!)!.members) {
      const next = node.get(m.name)!;
      if (depth + 1 < t.keys.length) visit(next as Tree, depth + 1);
      else out.push(next as TableRow);
    }
  };
  if (t.keys.length > 0) visit(tree, 0);
  return out;
}

/** The flat index of the keys' codes `keys`: k1 × n2 + k2, and so on. */
function flatIndex(cx: EmitContext, t: TableDef, keys: readonly string[]): string {
  return keys.reduce(
    (acc, k, i) =>
      i === 0 ? k : `(${acc}) * ${cx.enumDefs.get(t.keys[i]!)!.members.length} + (${k})`,
    "",
  );
}

/** A read of the tick copy of table `name` at the flat index `index`, as the rules want the value. */
function readAt(cx: EmitContext, t: TableDef, index: string, fast: boolean): string {
  const ticks = cx.table(t.name).ticks;
  switch (holding(cx, t)) {
    case "Uint8Array":
      return `(${ticks}[${index}] === 1)`;
    case "codes":
      return fast
        ? `${ticks}[${index}]!`
        : cx.nameOfCode((t.type as { name: string }).name, `${ticks}[${index}]!`);
    default:
      return `${ticks}[${index}]!`;
  }
}

/**
 * A read of table `name` in `price`'s specialised rules, by the keys' codes `keys`: the tick copy read
 * directly, or (a table with an `all` row) through its lookup by code.
 */
export function fastTableRead(cx: EmitContext, name: string, keys: readonly string[]): string {
  const t = cx.tableDefs.get(name)!;
  if (t.rows.some((r) => r.value.v === "all"))
    return `${cx.table(name).codeLookup}(${["ctx", ...keys].join(", ")})`;
  return readAt(cx, t, flatIndex(cx, t, keys), true);
}

function nestedType(cx: EmitContext, t: TableDef, leaf: string): string {
  return t.keys.reduceRight((inner, k) => `Readonly<Record<${cx.enumType(k)}, ${inner}>>`, leaf);
}

export function tableStatements(cx: EmitContext, t: TableDef): StatementStructures[] {
  const n = cx.table(t.name);
  const how = holding(cx, t);
  const tree = buildTree(cx, t);
  const leafType = cx.tsType(t.type);
  const hasAll = t.rows.some((r) => r.value.v === "all");
  const hasRowCites = t.rows.some((r) => r.cite !== null);
  const keyNames = t.keys.map((k) => commentText(k)).join(", ");

  const docs = [citeLine(t.title, t.cite), ""];
  const what =
    t.type.t === "num"
      ? `values in ${t.type.measure === null ? "plain numbers" : commentText(t.type.measure)}`
      : "values";
  docs.push(
    `Keyed by ${keyNames}; ${what}${t.type.t === "num" ? '; "all" = all of the unit\'s allowance, "NA" = not allowed' : ""}.`,
  );
  const cited = t.rows.filter((r) => r.cite !== null);
  if (cited.length > 0) {
    docs.push("", "Rows with their own citation:");
    for (const r of cited)
      docs.push(`- ${commentText(r.keys.join(", "))} [${commentText(r.cite!)}]`);
  }

  const out: StatementStructures[] = [
    {
      kind: StructureKind.VariableStatement,
      leadingTrivia: "\n",
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: [{ description: docs.join("\n") }],
      declarations: [
        { name: n.data, initializer: `${render(tree, 0, (r) => realValue(r.value))} as const` },
      ],
    },
    {
      kind: StructureKind.VariableStatement,
      declarationKind: VariableDeclarationKind.Const,
      docs: [{ description: tickDoc(cx, t, how, n.data, hasAll) }],
      declarations: [{ name: n.ticks, initializer: tickArray(cx, t, tree, how) }],
    },
  ];
  // A table no rule reads needs no tick copy and no lookup.
  if (!cx.readTables.has(t.name)) return out.slice(0, 1);
  if (hasRowCites) {
    out.push({
      kind: StructureKind.VariableStatement,
      declarationKind: VariableDeclarationKind.Const,
      docs: [`The citation of each row of {@link ${n.data}}.`],
      declarations: [
        {
          name: n.cites,
          type: nestedType(cx, t, "string"),
          initializer: render(tree, 0, (r) => lit(r.cite ?? t.cite)),
        },
      ],
    });
  }

  const keys = t.keys.map((_, i) => `k${i + 1}`);
  const index = keys.map((k) => `[${k}]`).join("");
  const at = flatIndex(
    cx,
    t,
    keys.map((k, i) => `${cx.codesOf(t.keys[i]!)}[${k}]`),
  );
  const statements = [
    `if (trace !== null) trace.push(${hasRowCites ? `${n.cites}${index}` : lit(t.cite)});`,
    hasAll
      ? `const v = ${n.ticks}[${at}]!;\nreturn v === ALL ? ctx.allowance : v;`
      : `return ${readAt(cx, t, at, false)};`,
  ];
  const lookup: FunctionDeclarationStructure = {
    kind: StructureKind.Function,
    name: n.lookup,
    docs: [`Looks up {@link ${n.data}} (in ticks) and traces the row's citation.`],
    parameters: [
      { name: "ctx", type: "Ctx" },
      { name: "trace", type: "string[] | null" },
      ...t.keys.map((k, i) => ({ name: keys[i], type: cx.enumType(k) })),
    ],
    returnType: leafType,
    statements,
  };
  out.push(lookup);
  if (hasAll)
    out.push({
      kind: StructureKind.Function,
      name: n.codeLookup,
      docs: [`Looks up {@link ${n.data}} (in ticks) by the keys' codes, for {@link price}.`],
      parameters: [
        { name: "ctx", type: "Ctx" },
        ...t.keys.map((_, i) => ({ name: keys[i]!, type: "number" })),
      ],
      returnType: "number",
      statements: [
        `const v = ${n.ticks}[${flatIndex(cx, t, keys)}]!;\nreturn v === ALL ? ctx.allowance : v;`,
      ],
    });
  return out;
}

/** The tick copy's documentation: what it holds, and the order of its index. */
function tickDoc(
  cx: EmitContext,
  t: TableDef,
  how: Holding,
  data: string,
  hasAll: boolean,
): string {
  const what =
    how === "Uint8Array"
      ? "1 for true, 0 for false"
      : how === "codes"
        ? `each value's code in {@link ${cx.enums.get((t.type as { name: string }).name)!.values}}`
        : t.type.t === "num"
          ? `in ticks${hasAll ? " (`ALL` = the unit's allowance)" : ""}${t.rows.some((r) => r.value.v === "na") ? ", NaN = NA" : ""}`
          : "its values";
  const names = t.keys.map((k) => commentText(k));
  const index =
    t.keys.length === 1
      ? `${names[0]} code`
      : t.keys
          .map((k, i) =>
            i === 0
              ? `${names[i]} code`
              : ` × ${cx.enumDefs.get(k)!.members.length} + ${names[i]} code`,
          )
          .join("");
  const orders = t.keys.map(
    (k, i) =>
      `${names[i]}: ${cx.enumDefs
        .get(k)!
        .members.map((m) => commentText(m.name))
        .join(", ")}`,
  );
  return [
    `{@link ${data}}, ${what}, indexed by ${index}.`,
    `Codes in declaration order (${orders.join("; ")}).`,
  ].join("\n");
}

/**
 * The tick copy's initializer: a typed array as the values allow, else a plain array, in code order,
 * each value (each row of the last key, for a table of two keys or more) commented with its keys.
 */
function tickArray(cx: EmitContext, t: TableDef, tree: Tree, how: Holding): string {
  const values = rowsByCode(cx, t, tree).map((r) => tickValue(cx, r.value, how));
  const members = t.keys.map((k) => cx.enumDefs.get(k)!.members.map((m) => commentText(m.name)));
  const width = members[members.length - 1]?.length ?? 0;
  let list: string;
  if (t.keys.length <= 1) {
    list = `[\n${values.map((v, i) => `${v}, // ${members[0]?.[i] ?? ""}`).join("\n")}\n]`;
  } else {
    // One row per combination of the leading keys: its label decodes the row's number.
    const rows: string[] = [];
    for (let j = 0; j * width < values.length; j++) {
      const label: string[] = [];
      let rest = j;
      for (let k = t.keys.length - 2; k >= 0; k--) {
        const n = members[k]!.length;
        label.unshift(members[k]![rest % n]!);
        rest = Math.floor(rest / n);
      }
      rows.push(`[${values.slice(j * width, (j + 1) * width).join(", ")}], // ${label.join(", ")}`);
    }
    list = `[\n${rows.join("\n")}\n].flat()`;
  }
  switch (how) {
    case "Int32Array":
    case "Float64Array":
    case "Uint8Array":
      return `new ${how}(${list})`;
    case "codes":
      return `new Int32Array(${list})`;
    case "array":
      return `(${list} as readonly ${cx.tsType(t.type)}[])`;
  }
}
