/**
 * Incremental parsing of an edited document: the text is cut before every definition keyword at the
 * start of a line, each piece is parsed alone and cached by its text, and the pieces' ASTs,
 * diagnostics and tokens are put together, moved to the piece's place in the file. A keystroke then
 * re-parses one definition instead of the file, whether or not a piece has an error: the parser
 * recovers within the piece. A piece that leaves a bracket open (a `section` block over several
 * definitions, a `{` never closed), or whose parse ran into its end, is parsed together with the
 * pieces after it, up to where its brackets close or the file ends — as the whole-file parse would
 * read them — so a file with
 * errors reports what `variorum check` reports (test/service/incremental.test.ts holds the two to
 * the same AST, diagnostics and tokens). Only a second `ruleset` header, a file over the size limit
 * or brackets nested past the limit (each a whole-file matter) take the whole-file parse.
 */
import type { IToken } from "chevrotain";
import { parse, type ParseOutput } from "../../grammar/index.js";
import type { Decl, OutOfScopeDecl, SourceDecl } from "../../grammar/ast.js";
import { DEFINITION_KEYWORDS, Ruleset } from "../../grammar/tokens.js";
import { MAX_FILE_CHARS } from "../../grammar/limits.js";
import { SourceFile, type Diagnostic, type Span } from "../../diagnostics/index.js";

/** A definition keyword at the start of a line: where a piece starts. */
const DEFINITION = new RegExp(`^(?:${DEFINITION_KEYWORDS.join("|")})(?![\\w-])`, "gm");

/** A piece's parse (spans relative to the piece) and its tokens as last moved (`at`: by how much). */
interface Piece {
  out: ParseOutput;
  /** Whether the piece leaves a `{` or `(` open (it is then parsed with the pieces after it). */
  open: boolean;
  /** Whether the piece holds a `ruleset` header. */
  header: boolean;
  /**
   * Whether parsing ran into the piece's end (an error there): the whole-file parse would have met
   * the next piece's first token instead, so the piece is parsed with the next one.
   */
  atEnd: boolean;
  moved?: { at: number; tokens: IToken[] };
}

export class IncrementalParser {
  /** piece text → its parse. */
  private pieces = new Map<string, Piece>();
  /** The characters the last `parse` parsed (the pieces not found in the cache). */
  parsedChars = 0;

  parse(uri: string, text: string): ParseOutput {
    this.parsedChars = 0;
    if (text.length > MAX_FILE_CHARS) return this.whole(text, uri);
    const starts = [0];
    for (const m of text.matchAll(DEFINITION)) if (m.index > 0) starts.push(m.index);
    starts.push(text.length);
    const src = new SourceFile(uri, text);
    const next = new Map<string, Piece>();
    const decls: Decl[] = [];
    const sources: SourceDecl[] = [];
    const outOfScope: OutOfScopeDecl[] = [];
    const diagnostics: Diagnostic[] = [];
    const tokens: IToken[] = [];
    let header: ParseOutput["ast"]["header"] = null;
    for (let i = 0; i + 1 < starts.length; ) {
      // The piece from starts[i], joined with the next while its brackets stay open.
      let j = i + 1;
      let piece = text.slice(starts[i], starts[j]);
      let p = this.pieces.get(piece) ?? next.get(piece) ?? this.parsePiece(piece, uri);
      while ((p.open || p.atEnd) && j + 1 < starts.length) {
        j++;
        piece = text.slice(starts[i], starts[j]);
        p = this.pieces.get(piece) ?? next.get(piece) ?? this.parsePiece(piece, uri);
      }
      let at = starts[i]!;
      if (p.open && j + 1 === starts.length) {
        // A bracket never closed: its message names the line and column it opens at, so the rest
        // of the file is parsed on its own lines (blank lines before it), and not kept.
        const lines = src.lineIndex(at);
        p = this.parsePiece("\n".repeat(lines) + text.slice(at), uri);
        at -= lines;
      } else next.set(piece, p);
      const out = p.out;
      // A header after the first piece, or a file the grammar's limits stopped: the whole file.
      if ((i > 0 && p.header) || (out.tokens.length === 0 && out.diagnostics.length > 0)) {
        this.pieces = next;
        return this.whole(text, uri);
      }
      const moved = shift(out.ast, at, src) as ParseOutput["ast"];
      if (i === 0) header = moved.header;
      for (const d of moved.decls) decls.push(d);
      for (const d of moved.sources ?? []) sources.push(d);
      for (const d of moved.outOfScope ?? []) outOfScope.push(d);
      for (const d of out.diagnostics) diagnostics.push(shift(d, at, src) as Diagnostic);
      if (p.moved?.at !== at) p.moved = { at, tokens: out.tokens.map((t) => moveToken(t, at)) };
      for (const t of p.moved.tokens) tokens.push(t);
      i = j;
    }
    this.pieces = next;
    const ast: ParseOutput["ast"] = { path: uri, header, decls };
    if (sources.length > 0) ast.sources = sources;
    if (outOfScope.length > 0) ast.outOfScope = outOfScope;
    return { ast, diagnostics, tokens };
  }

  private whole(text: string, uri: string): ParseOutput {
    this.parsedChars += text.length;
    return parse(text, uri);
  }

  /** One piece parsed alone, and whether it leaves a bracket open. */
  private parsePiece(piece: string, uri: string): Piece {
    this.parsedChars += piece.length;
    return parsePiece(piece, uri);
  }
}

/** One piece parsed alone, and whether it leaves a bracket open. */
function parsePiece(piece: string, uri: string): Piece {
  const out = parse(piece, uri);
  let depth = 0;
  let header = false;
  for (const t of out.tokens) {
    if (t.tokenType === Ruleset) header = true;
    const c = t.image;
    if (c === "{" || c === "(") depth++;
    else if ((c === "}" || c === ")") && depth > 0) depth--;
  }
  const atEnd = out.diagnostics.some((d) => d.span !== null && d.span.start >= piece.length);
  return { out, open: depth > 0, header, atEnd };
}

/** A copy of a token `delta` characters further on. */
function moveToken(t: IToken, delta: number): IToken {
  return { ...t, startOffset: t.startOffset + delta };
}

function isSpan(v: object): v is Span {
  return (
    "line" in v &&
    "col" in v &&
    typeof (v as Span).start === "number" &&
    typeof (v as Span).end === "number"
  );
}

/** A copy of an AST value (or diagnostic) with every span moved by `delta` into `src`. */
function shift(v: unknown, delta: number, src: SourceFile): unknown {
  if (v === null || typeof v !== "object") return v;
  if (Array.isArray(v)) return v.map((x) => shift(x, delta, src));
  if (isSpan(v)) return src.span(v.start + delta, v.end + delta);
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) out[k] = shift(x, delta, src);
  return out;
}
