/**
 * The grammar's entry point: text → `{ ast, diagnostics }`. Never throws; a file with three mistakes
 * reports three errors.
 */
import type { IRecognitionException, IToken } from "chevrotain";
import { diag, SourceFile, type Diagnostic, type Span } from "../diagnostics/index.js";
import type { RulesFile } from "./ast.js";
import { AstBuilder } from "./build.js";
import {
  MAX_BRACKETS,
  MAX_EXPR_DEPTH,
  MAX_FILE_CHARS,
  mayNestTooDeep,
  scanTokens,
  tooDeep,
  type TokenCursor,
} from "./limits.js";
import { lexText, parseAst, parseTokens } from "./parser.js";
import { tokenEnd } from "./tokens.js";
import type { FileCstNode } from "./cst.js";

export type * from "./ast.js";

export interface ParseOutput {
  ast: RulesFile;
  diagnostics: Diagnostic[];
}

export function parse(text: string, path: string): ParseOutput {
  return parseVia(text, path, true);
}

/**
 * `parse` by the recovering path alone (the concrete syntax tree and grammar/build.ts), for the tests
 * that hold the two paths to the same AST and diagnostics on a file without a syntax error.
 */
export function parseRecovering(text: string, path: string): ParseOutput {
  return parseVia(text, path, false);
}

function parseVia(text: string, path: string, embedded: boolean): ParseOutput {
  const src = new SourceFile(path, text);
  if (text.length > MAX_FILE_CHARS) {
    // Every pass is linear or close to it, but memory grows with each definition: past the limit,
    // one error at the first character too many, and nothing is lexed.
    const at = src.span(MAX_FILE_CHARS, MAX_FILE_CHARS + 1);
    const n = (x: number) => x.toLocaleString("en");
    const d = diag(
      "V0108",
      `this file is ${n(text.length)} characters long; a ruleset is at most ${n(MAX_FILE_CHARS)}`,
      at,
      "split it into rulesets that extend one another",
    );
    return { ast: { path, header: null, decls: [] }, diagnostics: [d] };
  }
  const lexed = lexText(text);
  const lexErrors = lexed.lexErrors;
  let tokens = lexed.tokens;
  const diagnostics: Diagnostic[] = [];
  const { deep, badStrings } = scanTokens(tokens);
  if (deep) {
    // Parsing would recurse once per bracket: stop here, with one error at the bracket too many.
    const at = src.span(deep.startOffset, tokenEnd(deep));
    const what = deep.image === "each" ? "dice values (`each`) and brackets" : "brackets";
    diagnostics.push(
      diag(
        "V0104",
        `${what} nest more than ${MAX_BRACKETS} deep here`,
        at,
        "name the inner part as a rule of its own",
      ),
    );
    return { ast: { path, header: null, decls: [] }, diagnostics };
  }
  lexical(text, badStrings, lexErrors, diagnostics, src);
  // Most files have no syntax error: their AST is built as they are parsed. An expression nested
  // too deep is built by the recovering path too, which stops at the level too many (see
  // `AstBuilder.climb`); the AST built while parsing is the same wherever no definition nests
  // that deep.
  const builder = new AstBuilder(src);
  const parts = embedded ? parseAst(tokens, builder) : null;
  if (parts && !anyDeep(parts.long)) {
    diagnostics.push(...builder.diagnostics);
    diagnostics.sort((a, b) => (a.span?.start ?? 0) - (b.span?.start ?? 0));
    return { ast: { path, header: parts.header, decls: parts.decls }, diagnostics };
  }
  // `parseAst` used the tokens up (it lets go of each once parsed): lex the text again, and scan it
  // for its names only (one string per spelling; the limits and bad strings were found above).
  if (embedded) {
    tokens = lexText(text).tokens;
    scanTokens(tokens);
  }
  const { cst, parseErrors } = parseTokens(tokens, text);
  const badAt = new Set(badStrings.map((t) => t.startOffset));
  for (const e of parseErrors) {
    // An unterminated string is already reported (V0103); the parser's complaint about it is noise.
    if (!badAt.has(e.token.startOffset)) diagnostics.push(syntaxError(e, src, text.length));
  }
  reportUnclosed(tokens, diagnostics, src);
  const recovered = new AstBuilder(src);
  // The parser's `file` rule builds a FileCstNode (grammar/cst.ts types it from the grammar).
  const ast = recovered.file(cst as FileCstNode, path, parseErrors.length > 0);
  diagnostics.push(...recovered.diagnostics);
  // A definition nested too deep is reported and left out: later passes recurse over expressions.
  const cursor: TokenCursor = { at: 0 };
  ast.decls = ast.decls.filter((d) => {
    const at = deepAt(tokens, d, cursor);
    if (at)
      diagnostics.push(
        diag(
          "V0104",
          `this expression nests more than ${MAX_EXPR_DEPTH} levels deep`,
          at,
          "split it into rules of their own",
        ),
      );
    return at === null;
  });
  diagnostics.sort((a, b) => (a.span?.start ?? 0) - (b.span?.start ?? 0));
  return { ast, diagnostics };
}

/**
 * Where a definition's expressions nest too deep (V0104), or null; most are too short to. `cursor`
 * carries the token search from one definition to the next, asked in file order.
 */
function deepAt(
  tokens: readonly IToken[],
  d: RulesFile["decls"][number],
  cursor: TokenCursor,
): Span | null {
  return mayNestTooDeep(tokens, d.span.start, d.span.end, cursor) ? tooDeep(d) : null;
}

/**
 * Whether any of a file's definitions nests too deep, of those that hold at least MAX_EXPR_DEPTH
 * tokens (`long`, which the parser counted: the others cannot, see `mayNestTooDeep`).
 */
function anyDeep(long: readonly RulesFile["decls"][number][]): boolean {
  for (let i = 0; i < long.length; i++) if (tooDeep(long[i]!) !== null) return true;
  return false;
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
      diag(
        "V0101",
        `unexpected character ${JSON.stringify(ch)}`,
        src.span(e.offset, e.offset + e.length),
      ),
    );
  }
  for (const t of badStrings) {
    diagnostics.push(
      diag(
        "V0103",
        "this string has no closing quote",
        src.span(t.startOffset, tokenEnd(t)),
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
  for (const o of first.values()) {
    const span = src.span(o.startOffset, o.startOffset + 1);
    const gaveUp = diagnostics.findIndex(
      (d) =>
        d.code === "V0102" &&
        d.span !== null &&
        d.span.start > o.startOffset &&
        !d.message.includes("never closed"),
    );
    const closer = o.image === "{" ? "}" : ")";
    const at = src.span(o.startOffset, o.startOffset + 1);
    const d = diag(
      "V0102",
      `\`${o.image}\` opened at ${at.line}:${at.col} is never closed`,
      span,
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

function syntaxError(e: IRecognitionException, src: SourceFile, eof: number): Diagnostic {
  const t = e.token;
  const start = Number.isNaN(t.startOffset) ? eof : t.startOffset;
  const end = Number.isNaN(t.startOffset) ? eof : tokenEnd(t);
  const found = t.tokenType?.name === "EOF" ? "the end of the file" : JSON.stringify(t.image);
  const expected = expectedToken(e);
  return diag(
    "V0102",
    `${describe(e)}, found ${found}`,
    src.span(start, end),
    undefined,
    expected === "Citation" ? { fix: "citation" } : undefined,
  );
}

/** The one token type a recognition error expected, if it names one (Chevrotain says it in words). */
function expectedToken(e: IRecognitionException): string | undefined {
  return /Expecting(?: token of type)? --> (\S+) <--/.exec(e.message)?.[1];
}

/** Chevrotain's messages list token type names; say what was expected in the language's words. */
function describe(e: IRecognitionException): string {
  const expected = expectedToken(e);
  if (expected) return `expected ${tokenWord(expected)}`;
  if (e.name === "NoViableAltException") return "unexpected token here";
  if (e.name === "NotAllInputParsedException") return "expected a definition";
  const first = /one of these possible Token sequences:\s*\n\s*1\. \[([^\]]+)\]/.exec(e.message);
  if (first) return `expected ${tokenWord(first[1]!.split(",")[0]!.trim())}`;
  return "unexpected token here";
}

const WORDS: Record<string, string> = {
  Name: "a name",
  Citation: "a citation like [5.4]",
  StringLit: "a quoted string",
  NumberLit: "a number",
  Colon: '":"',
  Comma: '","',
  Equals: '"="',
  LBrace: '"{"',
  RBrace: '"}"',
  LParen: '"("',
  RParen: '")"',
  Arrow: '"->"',
  Pipe: '"|"',
  Dot: '"."',
  EOF: "a new definition",
  Ident: "a name",
};
function tokenWord(name: string): string {
  if (WORDS[name]) return WORDS[name]!;
  if (name.startsWith("Kw_")) return `"${name.slice(3).replace(/_/g, "-")}"`;
  return name;
}
