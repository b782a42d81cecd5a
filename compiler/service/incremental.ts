/**
 * Incremental parsing of an edited document: the text is cut before every definition keyword at the
 * start of a line, each piece is parsed alone and cached by its text, and the pieces' ASTs are put
 * together with their spans moved to the piece's place in the file. A keystroke then re-parses one
 * definition instead of the file. When any piece has a diagnostic, the whole text is parsed as the CLI
 * parses it, so a file with errors reports exactly what `variorum check` reports.
 */
import { parse, type ParseOutput } from "../../grammar/index.js";
import type { Decl } from "../../grammar/ast.js";
import { SourceFile, type Span } from "../../diagnostics/index.js";

const DEFINITION =
  /^(?:override|remove|measure|enum|group|input|table|rule|predicate|constraint|movement|example)(?![\w-])/gm;

export class IncrementalParser {
  /** piece text → its parse (spans relative to the piece). */
  private pieces = new Map<string, ParseOutput>();

  parse(uri: string, text: string): ParseOutput {
    const starts = [0];
    for (const m of text.matchAll(DEFINITION)) if (m.index > 0) starts.push(m.index);
    const src = new SourceFile(uri, text);
    const next = new Map<string, ParseOutput>();
    const decls: Decl[] = [];
    let header: ParseOutput["ast"]["header"] = null;
    for (let i = 0; i < starts.length; i++) {
      const piece = text.slice(starts[i], starts[i + 1] ?? text.length);
      const out = this.pieces.get(piece) ?? next.get(piece) ?? parse(piece, uri);
      next.set(piece, out);
      if (out.diagnostics.length > 0 || (i > 0 && out.ast.header)) {
        this.pieces = next;
        return parse(text, uri);
      }
      const moved = shift(out.ast, starts[i]!, src) as ParseOutput["ast"];
      if (i === 0) header = moved.header;
      for (const d of moved.decls) decls.push(d);
    }
    this.pieces = next;
    return { ast: { path: uri, header, decls }, diagnostics: [], tokens: [] };
  }
}

function isSpan(v: object): v is Span {
  return (
    "line" in v &&
    "col" in v &&
    typeof (v as Span).start === "number" &&
    typeof (v as Span).end === "number"
  );
}

/** A copy of an AST value with every span moved by `delta` into `src`. */
function shift(v: unknown, delta: number, src: SourceFile): unknown {
  if (v === null || typeof v !== "object") return v;
  if (Array.isArray(v)) return v.map((x) => shift(x, delta, src));
  if (isSpan(v)) return src.span(v.start + delta, v.end + delta);
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) out[k] = shift(x, delta, src);
  return out;
}
