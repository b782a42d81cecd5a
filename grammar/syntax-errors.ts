/**
 * Syntax errors in the language's words, from Chevrotain's data rather than its English: `messages`
 * is the parser's `errorMessageProvider` (Chevrotain hands it the token types it expected and the
 * token it found), and `syntaxError` makes each recognition exception a V0102 diagnostic located at
 * the token found.
 */
import type { IParserErrorMessageProvider, IRecognitionException, TokenType } from "chevrotain";
import type { Diagnostic, SourceFile } from "../diagnostics/index.js";
import { report } from "../diagnostics/messages.js";
import { EOF } from "./chevrotain.js";
import { Citation, tokenEnd } from "./tokens.js";

/** How a token type is named in a message: `Colon` → `":"`, `Kw_measure` → `"measure"`. */
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

/** A token type in the language's words. */
export function tokenWord(type: TokenType): string {
  const name = type.name;
  if (WORDS[name]) return WORDS[name]!;
  if (name.startsWith("Kw_")) return `"${name.slice(3).replace(/_/g, "-")}"`;
  return name;
}

/** The message of a missing token of type `type`. */
export function expectedMessage(type: TokenType): string {
  return `expected ${tokenWord(type)}`;
}

/**
 * Chevrotain's error message provider: what the parser expected, in the language's words (what it
 * found is added where the diagnostic is made, `syntaxError`). A choice with no viable alternative
 * names none: its alternatives are too many to list usefully.
 */
export const messages: IParserErrorMessageProvider = {
  buildMismatchTokenMessage: ({ expected }) => expectedMessage(expected),
  // Tokens left after the last definition: worded as where recovery skips tokens between two
  // definitions (it expected the file to end, or a definition to start).
  buildNotAllInputParsedMessage: () => expectedMessage(EOF),
  buildNoViableAltMessage: () => "unexpected token here",
  buildEarlyExitMessage: ({ expectedIterationPaths }) => {
    const first = expectedIterationPaths[0]?.[0];
    return first ? expectedMessage(first) : "unexpected token here";
  },
};

/** The message Chevrotain raises for a missing citation: its diagnostic offers a fix. */
const MISSING_CITATION = expectedMessage(Citation);

/** A recognition exception as a V0102 diagnostic at the token found (the end of the text at its end). */
export function syntaxError(e: IRecognitionException, src: SourceFile): Diagnostic {
  const t = e.token;
  const eof = src.text.length;
  const atEnd = Number.isNaN(t.startOffset);
  const start = atEnd ? eof : t.startOffset;
  const end = atEnd ? eof : tokenEnd(t);
  const found = t.tokenType?.name === "EOF" ? "the end of the file" : JSON.stringify(t.image);
  return report(
    "V0102",
    "syntax",
    src.span(start, end),
    { problem: e.message, found },
    undefined,
    e.message === MISSING_CITATION ? { fix: "citation" } : undefined,
  );
}
