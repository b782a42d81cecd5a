/**
 * The grammar's entry point: text → `{ ast, diagnostics }`. Never throws; a file with three mistakes
 * reports three errors.
 */
import type { IToken } from "chevrotain";
import { SourceFile, type Diagnostic } from "../diagnostics/index.js";
import { report } from "../diagnostics/messages.js";
import type { RulesFile } from "./ast.js";
import { AstBuilder } from "./build.js";
import { MAX_BRACKETS, MAX_EXPR_DEPTH, MAX_FILE_CHARS, scanTokens, tooDeep } from "./limits.js";
import { lexText, parseTokens } from "./parser.js";
import { syntaxError } from "./syntax-errors.js";
import { tokenEnd } from "./tokens.js";

export type * from "./ast.js";

export interface ParseOutput {
  ast: RulesFile;
  diagnostics: Diagnostic[];
  /**
   * The file's tokens (comments and white space left out), as the parser read them: the language
   * service finds names and keywords in them rather than lexing the text again. Empty where the
   * file was not parsed (too long, or nested too deep).
   */
  tokens: IToken[];
}

/**
 * Lexes and parses one file: one pass of the lexer, one of the parser (which recovers from every
 * syntax error and builds the AST as it goes), then the grammar's limits.
 */
export function parse(text: string, path: string): ParseOutput {
  const src = new SourceFile(path, text);
  if (text.length > MAX_FILE_CHARS) {
    // Every pass is linear or close to it, but memory grows with each definition: past the limit,
    // one error at the first character too many, and nothing is lexed.
    const at = src.span(MAX_FILE_CHARS, MAX_FILE_CHARS + 1);
    const n = (x: number) => x.toLocaleString("en");
    const d = report(
      "V0108",
      "file",
      at,
      { length: n(text.length), max: n(MAX_FILE_CHARS) },
      "split it into rulesets that extend one another",
    );
    return { ast: { path, header: null, decls: [] }, diagnostics: [d], tokens: [] };
  }
  const { tokens, lexErrors } = lexText(text);
  const diagnostics: Diagnostic[] = [];
  const { deep, badStrings } = scanTokens(tokens);
  if (deep) {
    // Parsing would recurse once per bracket: stop here, with one error at the bracket too many.
    const at = src.span(deep.startOffset, tokenEnd(deep));
    const what = deep.image === "each" ? "dice values (`each`) and brackets" : "brackets";
    diagnostics.push(
      report(
        "V0104",
        "brackets",
        at,
        { what, max: MAX_BRACKETS },
        "name the inner part as a rule of its own",
      ),
    );
    return { ast: { path, header: null, decls: [] }, diagnostics, tokens: [] };
  }
  lexical(text, badStrings, lexErrors, diagnostics, src);
  const builder = new AstBuilder(src);
  const parts = parseTokens(tokens, builder);
  if (parts.errors.length > 0) {
    const badAt = new Set(badStrings.map((t) => t.startOffset));
    for (const e of parts.errors) {
      // An unterminated string is already reported (V0103); the parser's complaint about it is noise.
      if (!badAt.has(e.token.startOffset)) diagnostics.push(syntaxError(e, src));
    }
    reportUnclosed(tokens, diagnostics, src);
  }
  diagnostics.push(...builder.diagnostics);
  let decls = parts.decls;
  // A definition nested too deep is reported and left out: later passes recurse over expressions.
  // Only those of at least MAX_EXPR_DEPTH tokens may (`long`, counted by the parser).
  if (parts.long.some((d) => tooDeep(d) !== null)) {
    const deepOnes = new Set(parts.long);
    decls = decls.filter((d) => {
      const at = deepOnes.has(d) ? tooDeep(d) : null;
      if (at)
        diagnostics.push(
          report(
            "V0104",
            "expression",
            at,
            { max: MAX_EXPR_DEPTH },
            "split it into rules of their own",
          ),
        );
      return at === null;
    });
  }
  diagnostics.sort((a, b) => (a.span?.start ?? 0) - (b.span?.start ?? 0));
  const ast: RulesFile = { path, header: parts.header, decls };
  if (parts.sources.length > 0) ast.sources = parts.sources;
  if (parts.outOfScope.length > 0) ast.outOfScope = parts.outOfScope;
  return { ast, diagnostics, tokens };
}

/** The lexer's errors (V0101) and the strings left open (V0103; `badStrings`, from `scanTokens`). */
function lexical(
  text: string,
  badStrings: readonly IToken[],
  lexErrors: { offset: number; length: number }[],
  diagnostics: Diagnostic[],
  src: SourceFile,
): void {
  for (const e of lexErrors) {
    const ch = text.slice(e.offset, e.offset + 1);
    diagnostics.push(
      report("V0101", "character", src.span(e.offset, e.offset + e.length), {
        char: JSON.stringify(ch),
      }),
    );
  }
  for (const t of badStrings) {
    diagnostics.push(
      report(
        "V0103",
        "unclosed",
        src.span(t.startOffset, tokenEnd(t)),
        {},
        'close it with " on the same line',
      ),
    );
  }
}

const CLOSER: Record<string, string> = { LBrace: "RBrace", LParen: "RParen" };

/**
 * A `{` or `(` that is never closed is reported where it opens ("`{` opened at 7:27 is never
 * closed"), not only where the parser gave up (often the next definition): the first syntax error
 * after the opener becomes related information of the new diagnostic, which replaces it.
 */
function reportUnclosed(
  tokens: readonly IToken[],
  diagnostics: Diagnostic[],
  src: SourceFile,
): void {
  if (!diagnostics.some((d) => d.code === "V0102")) return;
  const open: IToken[] = [];
  const unclosed: IToken[] = [];
  for (const t of tokens) {
    const name = t.tokenType.name;
    if (CLOSER[name]) open.push(t);
    else if (name === "RBrace" || name === "RParen") {
      let at = open.length - 1;
      while (at >= 0 && CLOSER[open[at]!.tokenType.name] !== name) at--;
      if (at >= 0) unclosed.push(...open.splice(at).slice(1));
    }
  }
  unclosed.push(...open);
  // A bracket the parser itself rejected (`rule (((`) opens nothing; of the rest, the first of each
  // kind explains the others (they are usually what parsing skipped after it).
  const rejected = new Set(
    diagnostics.filter((d) => d.code === "V0102" && d.span !== null).map((d) => d.span!.start),
  );
  const first = new Map<string, IToken>();
  for (const o of unclosed.sort((a, b) => a.startOffset - b.startOffset)) {
    if (!rejected.has(o.startOffset) && !first.has(o.image)) first.set(o.image, o);
  }
  // Openers are taken in order, so a diagnostic made here lies before every later opener and is
  // never taken for where parsing gave up after it.
  for (const o of first.values()) {
    const span = src.span(o.startOffset, o.startOffset + 1);
    const gaveUp = diagnostics.findIndex(
      (d) => d.code === "V0102" && d.span !== null && d.span.start > o.startOffset,
    );
    const closer = o.image === "{" ? "}" : ")";
    const at = src.span(o.startOffset, o.startOffset + 1);
    const d = report(
      "V0102",
      "neverClosed",
      span,
      { open: o.image, line: at.line, col: at.col },
      `close it with \`${closer}\``,
    );
    if (gaveUp >= 0) {
      const g = diagnostics[gaveUp]!;
      d.related = [{ message: `parsing gave up here: ${g.message}`, span: g.span! }];
      diagnostics.splice(gaveUp, 1);
    }
    diagnostics.push(d);
  }
}
