/**
 * Document symbols (the outline: sections → definitions) and semantic tokens (one classification
 * per token, for highlighting).
 */
import type { Decl } from "../../grammar/ast.js";
import { tokenEnd } from "../../grammar/tokens.js";
import { sectionTitle } from "../ir/report-sections.js";
import type { Parsed } from "./analysis.js";
import { signature } from "./hover.js";
import { tokensOf } from "./navigate.js";
import { stackSymbols } from "./stacks.js";
import type { DocumentSymbol, SemanticToken, SemanticTokenType } from "./types.js";

/** The outline group of a definition: its `section` clause, else what kind of thing it is. */
function groupOf(d: Decl): string {
  if (d.meta.section) return sectionTitle(d.meta.section);
  switch (d.kind) {
    case "measure":
    case "enum":
    case "group":
    case "input":
      return "Vocabulary";
    case "movement":
      return "Movement binding";
    case "example":
      return "Examples";
    case "remove":
      return "Removed";
    default:
      return "Definitions";
  }
}

export function symbolsOf(p: Parsed): DocumentSymbol[] {
  const groups = new Map<string, DocumentSymbol[]>();
  for (const d of p.out.ast.decls) {
    const name =
      d.kind === "example"
        ? `${d.meta.cite ? `[${d.meta.cite.text}] ` : ""}${d.meta.title ?? "example"}`
        : d.kind === "movement"
          ? "movement"
          : d.name;
    if (name === "") continue;
    const sel = d.kind === "example" || d.nameSpan.end <= d.nameSpan.start ? d.span : d.nameSpan;
    const children: DocumentSymbol[] = [];
    if (d.kind === "enum") {
      for (const m of d.members)
        children.push(
          sym(
            p,
            m.name,
            "member",
            m.display ?? "",
            m.span.start,
            m.span.end,
            m.span.start,
            m.span.start + m.name.length,
            [],
          ),
        );
    } else if (d.kind === "example") {
      children.push(
        ...stackSymbols(d, (name, kind, detail, start, end, selStart, selEnd, kids) =>
          sym(p, name, kind, detail, start, end, selStart, selEnd, kids),
        ),
      );
    } else if (d.kind === "input") {
      for (const f of d.fields)
        children.push(
          sym(
            p,
            f.name,
            "field",
            "",
            f.span.start,
            f.span.end,
            f.span.start,
            f.span.start + f.name.length,
            [],
          ),
        );
    }
    const detail = `${d.override ? "override " : ""}${d.kind}${d.meta.cite ? ` [${d.meta.cite.text}]` : ""}${d.kind === "example" ? "" : signature(d)}`;
    const s = sym(p, name, d.kind, detail, d.span.start, d.span.end, sel.start, sel.end, children);
    const g = groupOf(d);
    (groups.get(g) ?? groups.set(g, []).get(g)!).push(s);
  }
  const out: DocumentSymbol[] = [];
  for (const [title, defs] of groups) {
    let start = Infinity;
    let end = -Infinity;
    for (const d of defs) {
      start = Math.min(start, d.start);
      end = Math.max(end, d.end);
    }
    out.push(
      sym(
        p,
        title,
        "section",
        `${defs.length} definition${defs.length === 1 ? "" : "s"}`,
        start,
        end,
        defs[0]!.start,
        defs[0]!.start,
        defs,
      ),
    );
  }
  return out;
}

function sym(
  p: Parsed,
  name: string,
  kind: string,
  detail: string,
  start: number,
  end: number,
  selStart: number,
  selEnd: number,
  children: DocumentSymbol[],
): DocumentSymbol {
  return {
    name,
    kind,
    detail,
    start,
    end,
    range: p.lines.range(start, end),
    selectionRange: p.lines.range(selStart, selEnd),
    children,
  };
}

const OPERATORS = new Set([
  "Arrow",
  "EqEq",
  "NotEq",
  "LtEq",
  "GtEq",
  "Lt",
  "Gt",
  "Equals",
  "Plus",
  "Minus",
  "Star",
  "Slash",
  "Pipe",
  "Question",
]);

/**
 * Tokens classified for highlighting. Comments are found in the text (the lexer skips them); names
 * are classified by what the document's definitions call them (`names`: name → type).
 */
export function semanticTokens(
  p: Parsed,
  names: ReadonlyMap<string, SemanticTokenType>,
): SemanticToken[] {
  const out: SemanticToken[] = [];
  const push = (start: number, end: number, type: SemanticTokenType): void => {
    const pos = p.lines.position(start);
    out.push({ start, end, line: pos.line, character: pos.character, length: end - start, type });
  };
  const tokens = tokensOf(p);
  let from = 0;
  const comments = (upTo: number): void => {
    const gap = p.text.slice(from, upTo);
    for (const m of gap.matchAll(/#[^\n]*/g))
      push(from + m.index, from + m.index + m[0].length, "comment");
  };
  for (const t of tokens) {
    comments(t.startOffset);
    from = tokenEnd(t);
    const n = t.tokenType.name;
    let type: SemanticTokenType | null = null;
    if (n.startsWith("Kw_"))
      type =
        n === "Kw_true" || n === "Kw_false" || n === "Kw_all" || n === "Kw_NA"
          ? "macro"
          : "keyword";
    else if (n === "StringLit" || n === "BadString") type = "string";
    else if (n === "NumberLit" || n === "Fraction" || n === "Dice") type = "number";
    else if (n === "Citation") type = "namespace";
    else if (OPERATORS.has(n)) type = "operator";
    else if (n === "Ident") type = names.get(t.image) ?? "variable";
    if (type) push(t.startOffset, tokenEnd(t), type);
  }
  comments(p.text.length);
  return out;
}
