/**
 * Reading a scenario file: JSON text → a jsonc-parser tree whose nodes carry their offsets, or one
 * located V0901 (too large, nested too deep, malformed JSON). The helpers every stage uses to point at
 * a node and name its JSON kind, and the text's limits, are tree.ts (no parser). No vocabulary and no
 * ruleset knowledge: `compiler/map/` reads map files with the same functions (V1001).
 */

import { parseTree, type Node, type ParseError, ParseErrorCode } from "jsonc-parser";
import { BOM, type Diagnostic, type SourceFile } from "../../diagnostics/index.js";
import { report } from "../../diagnostics/messages.js";
import { beyondLimits, type JsonCode } from "./tree.js";

/**
 * The JSON tree of a scenario's text, or the one V0901 that stops it: beyond the limits
 * (`beyondLimits`) or malformed (`jsonError`, the first parse error).
 */
export function readJson(
  text: string,
  src: SourceFile,
  what = "scenario",
  code: JsonCode = "V0901",
): { root: Node } | { error: Diagnostic } {
  const limit = beyondLimits(text, src, what, code);
  if (limit !== null) return { error: limit };
  const errors: ParseError[] = [];
  const root = parseTree(jsonText(text), errors, {
    disallowComments: true,
    allowTrailingComma: false,
    allowEmptyContent: false,
  });
  if (errors.length > 0 || root === undefined) {
    return {
      error: jsonError(
        text,
        src,
        errors[0] ?? { error: ParseErrorCode.ValueExpected, offset: 0, length: 0 },
        code,
      ),
    };
  }
  return { root };
}

/**
 * The text the JSON parser reads: a leading byte-order mark (editors on Windows save one) as a space,
 * so that it is accepted and every offset, and column, stays the file's.
 */
export function jsonText(text: string): string {
  return text.charCodeAt(0) === BOM ? ` ${text.slice(1)}` : text;
}

// ---------------------------------------------------------------------------------------------------
// Malformed JSON

const JSON_MESSAGES: Partial<Record<ParseErrorCode, string>> = {
  [ParseErrorCode.InvalidSymbol]: "unexpected character",
  [ParseErrorCode.InvalidNumberFormat]: "invalid number",
  [ParseErrorCode.PropertyNameExpected]: "expected a field name in double quotes",
  [ParseErrorCode.ValueExpected]: "expected a value",
  [ParseErrorCode.ColonExpected]: "expected `:`",
  [ParseErrorCode.CommaExpected]: "expected `,`",
  [ParseErrorCode.CloseBraceExpected]: "expected `}`",
  [ParseErrorCode.CloseBracketExpected]: "expected `]`",
  [ParseErrorCode.EndOfFileExpected]: "unexpected text after the end of the scenario",
  [ParseErrorCode.InvalidCommentToken]: "comments are not allowed in JSON",
  [ParseErrorCode.UnexpectedEndOfComment]: "comments are not allowed in JSON",
  [ParseErrorCode.UnexpectedEndOfString]: "unterminated string",
  [ParseErrorCode.UnexpectedEndOfNumber]: "invalid number",
  [ParseErrorCode.InvalidUnicode]: "invalid unicode escape",
  [ParseErrorCode.InvalidEscapeCharacter]: "invalid escape in string",
  [ParseErrorCode.InvalidCharacter]: "invalid character in string",
};

export function jsonError(
  text: string,
  src: SourceFile,
  e: ParseError,
  code: JsonCode = "V0901",
): Diagnostic {
  // A trailing comma shows up as "expected a value/name" at the closing bracket.
  const at = e.offset;
  if (
    (e.error === ParseErrorCode.ValueExpected || e.error === ParseErrorCode.PropertyNameExpected) &&
    (text[at] === "}" || text[at] === "]")
  ) {
    let k = at - 1;
    while (k >= 0 && /\s/.test(text[k]!)) k--;
    if (text[k] === ",") {
      return report(
        code,
        "trailingComma",
        src.span(k, k + 1),
        {},
        "JSON allows no comma before `}` or `]`",
      );
    }
  }
  if (text.trim() === "") return report(code, "empty", src.span(0, 0), {});
  const what = JSON_MESSAGES[e.error] ?? "syntax error";
  const end = Math.min(text.length, at + Math.max(e.length, 0));
  const hint =
    e.error === ParseErrorCode.PropertyNameExpected || e.error === ParseErrorCode.InvalidSymbol
      ? "JSON field names and strings are written in double quotes"
      : undefined;
  return report(code, "syntax", src.span(at, end), { problem: what }, hint);
}
