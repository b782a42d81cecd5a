/**
 * Quick fixes for diagnostics with an obvious repair, each from the diagnostic's `data` (what the
 * checker knew), never from its message: replace a likely typo by the name it suggests (V0201, V0210:
 * did you mean), add a table's missing rows (V0501), add a missing citation (a V0102 that expected
 * one) or fill an empty one (V0302: the replaced definition's, for an override), and remove a
 * definition that is never used (V0701).
 */
import type { Decl } from "../../grammar/ast.js";
import { replaced, type Analysis } from "./analysis.js";
import type { CodeAction, ServiceDiagnostic, TextEdit } from "./types.js";

export function codeActions(a: Analysis, diagnostics: readonly ServiceDiagnostic[]): CodeAction[] {
  const out: CodeAction[] = [];
  const decls = a.doc.out.ast.decls;
  const at = (d: ServiceDiagnostic): Decl | undefined =>
    decls.find((x) => x.nameSpan.start === d.start && x.kind !== "example");
  const fix = (title: string, d: ServiceDiagnostic, e: TextEdit): void => {
    out.push({ title, code: d.code, edits: [{ uri: a.doc.uri, edits: [e] }] });
  };
  for (const d of diagnostics) {
    const data = d.data;
    if (data?.fix === "rename") {
      // The name as written, inside the diagnostic's span (`unit.kidn`: the last `kidn`).
      const i = a.doc.text.slice(d.start, d.end).lastIndexOf(data.name);
      if (i >= 0) {
        const start = d.start + i;
        fix(
          `Change ${data.name} to ${data.suggestion}`,
          d,
          edit(a, start, start + data.name.length, data.suggestion),
        );
      }
      continue;
    }
    if (data?.fix === "citation") {
      const owner = decls.find((x) => x.span.start <= d.start && d.start <= x.span.end) ?? null;
      fix(
        `Add a citation${owner?.name ? ` to ${owner.name}` : ""}`,
        d,
        edit(a, d.start, d.start, `[${citeFor(a, owner)}] `),
      );
      continue;
    }
    const empty =
      d.code === "V0302" ? decls.find((x) => x.meta.cite?.span.start === d.start) : undefined;
    if (empty) {
      fix(
        `Fill in the citation of ${empty.name}`,
        d,
        edit(a, d.start, d.end, `[${citeFor(a, empty)}]`),
      );
      continue;
    }
    const decl = at(d);
    if (!decl) continue;
    if (data?.fix === "rows" && decl.kind === "table") {
      const rows = missingRows(a, decl, data.missing);
      if (rows) fix(`Add the missing entries of ${decl.name}`, d, rows);
    } else if (d.code === "V0701") {
      fix(`Remove the unused ${decl.kind} ${decl.name}`, d, removal(a, decl));
    }
  }
  return out;
}

function edit(a: Analysis, start: number, end: number, newText: string): TextEdit {
  return { start, end, range: a.doc.lines.range(start, end), newText };
}

/** One row per missing member, valued `NA` (or `false` for a table of bools) for the author to set. */
function missingRows(
  a: Analysis,
  d: Decl & { kind: "table" },
  missing: readonly string[],
): TextEdit | null {
  const close = a.doc.text.lastIndexOf("}", d.span.end);
  if (close < d.span.start) return null;
  const lineStart = a.doc.text.lastIndexOf("\n", close - 1) + 1;
  const lastRow = d.rows.at(-1);
  const indent = lastRow ? " ".repeat(a.doc.lines.position(lastRow.span.start).character) : "  ";
  const columns = Math.max(1, lastRow?.values.length ?? 1);
  const value = d.type.t === "bool" ? "false" : "NA";
  const rows = missing
    .map((k) => `${indent}${k}: ${Array(columns).fill(value).join(", ")}\n`)
    .join("");
  // Before the closing brace: on its own line when it has one, else after the last row.
  if (/^\s*$/.test(a.doc.text.slice(lineStart, close))) return edit(a, lineStart, lineStart, rows);
  return edit(a, close, close, `\n${rows}`);
}

/** The citation to suggest: for an override, the replaced definition's; else a house-rule number. */
function citeFor(a: Analysis, d: Decl | null): string {
  const base = d?.override && a.merged ? replaced(a.merged, d) : null;
  if (base?.decl.meta.cite?.text) return base.decl.meta.cite.text;
  return (a.doc.out.ast.header?.cites?.style ?? "numbered") === "headings" ? "House rules" : "H1";
}

/** The definition's whole lines. */
function removal(a: Analysis, d: Decl): TextEdit {
  const text = a.doc.text;
  const start = text.lastIndexOf("\n", d.span.start - 1) + 1;
  const nl = text.indexOf("\n", d.span.end);
  const end = nl < 0 ? text.length : nl + 1;
  return edit(a, start, end, "");
}
