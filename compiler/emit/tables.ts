/**
 * Tables → an exported data object in real units for tool makers (numbers as JS numbers, `"all"` and
 * `"NA"` as strings, one nesting level per key), plus an internal tick-valued copy (NA = NaN, `all` =
 * the `ALL` sentinel, resolved to `ctx.allowance` at lookup time), per-row citations when a row has its
 * own, and a lookup function that pushes the citation that priced the value.
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

function tickValue(cx: EmitContext, v: Value): string {
  switch (v.v) {
    case "num":
      return numberLiteral(qTicks(v.q, cx.scale));
    case "all":
      cx.usesAll = true;
      return "ALL";
    case "na":
      return "NaN";
    case "set":
      return `new Set<${cx.enumType(v.enum)}>([${v.members.map(lit).join(", ")}])`;
    default:
      return realValue(v);
  }
}

function nestedType(cx: EmitContext, t: TableDef, leaf: string): string {
  return t.keys.reduceRight((inner, k) => `Readonly<Record<${cx.enumType(k)}, ${inner}>>`, leaf);
}

export function tableStatements(cx: EmitContext, t: TableDef): StatementStructures[] {
  const n = cx.table(t.name);
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
      docs: [`{@link ${n.data}} in ticks${hasAll ? " (`ALL` = the unit's allowance)" : ""}.`],
      declarations: [
        {
          name: n.ticks,
          type: nestedType(cx, t, leafType),
          initializer: render(tree, 0, (r) => tickValue(cx, r.value)),
        },
      ],
    },
  ];
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
  const statements = [
    `if (trace !== null) trace.push(${hasRowCites ? `${n.cites}${index}` : lit(t.cite)});`,
    hasAll
      ? `const v = ${n.ticks}${index};\nreturn v === ALL ? ctx.allowance : v;`
      : `return ${n.ticks}${index};`,
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
  return out;
}
