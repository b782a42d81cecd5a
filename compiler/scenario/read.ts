/**
 * Reading a scenario file: JSON text → a jsonc-parser tree whose nodes carry their offsets, or one
 * located V0901 (too large, nested too deep, malformed JSON). Also exact decimals (a JSON number's
 * text → `Q`) and the small helpers every stage uses to point at a node and name its JSON kind. No
 * vocabulary and no ruleset knowledge: `compiler/map/` reads map files with the same functions (V1001).
 */

import { parseTree, type Node, type ParseError, ParseErrorCode } from "jsonc-parser";
import { BOM, type Diagnostic, type SourceFile, type Span } from "../../diagnostics/index.js";
import { report } from "../../diagnostics/messages.js";

/** The largest scenario file read (bytes of text), and the deepest nesting of `[`/`{` in it. */
/** The code a JSON reader reports its text's own faults with: a scenario's, a map's, a reach unit's. */
export type JsonCode = "V0901" | "V1001" | "V1102";

export const MAX_SCENARIO_SIZE = 1_000_000;
export const MAX_SCENARIO_DEPTH = 64;

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

/**
 * The properties of an object node, each key once: a key given twice (JSON.parse would keep the last
 * silently) is reported at its second occurrence as `code` (V0901 in scenarios, V1001 in maps), the
 * field path named as `prefix` + key, and skipped.
 */
export function objectProperties(
  obj: Node,
  prefix: string,
  src: SourceFile,
  ds: Diagnostic[],
  code: JsonCode = "V0901",
): { key: Node; value: Node; name: string }[] {
  const seen = new Set<string>();
  const out: { key: Node; value: Node; name: string }[] = [];
  for (const prop of obj.children ?? []) {
    const key = prop.children?.[0];
    const value = prop.children?.[1];
    if (key === undefined || value === undefined) continue;
    const name = String(key.value);
    if (seen.has(name)) {
      ds.push(
        report(
          code,
          "givenTwice",
          spanOf(src, key),
          { field: `${prefix}${name}` },
          "keep one of them",
        ),
      );
      continue;
    }
    seen.add(name);
    out.push({ key, value, name });
  }
  return out;
}

/**
 * A scenario too large or nested too deep to parse safely (the JSON parser recurses per level), as a
 * located V0901; null when within bounds. One linear scan that skips strings.
 */
export function beyondLimits(
  text: string,
  src: SourceFile,
  what = "scenario",
  code: JsonCode = "V0901",
): Diagnostic | null {
  if (text.length > MAX_SCENARIO_SIZE) {
    return report(code, "tooLong", src.span(0, 0), {
      what,
      length: text.length.toLocaleString("en"),
      max: MAX_SCENARIO_SIZE.toLocaleString("en"),
    });
  }
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 34) {
      // a string: skip to its closing quote
      for (i++; i < text.length && text.charCodeAt(i) !== 34; i++)
        if (text.charCodeAt(i) === 92) i++;
    } else if (ch === 91 || ch === 123) {
      if (++depth > MAX_SCENARIO_DEPTH)
        return report(code, "tooDeep", src.span(i, i + 1), { what, max: MAX_SCENARIO_DEPTH });
    } else if ((ch === 93 || ch === 125) && depth > 0) depth--;
  }
  return null;
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

// ---------------------------------------------------------------------------------------------------
// Helpers

export function spanOf(src: SourceFile, node: Node): Span {
  return src.span(node.offset, node.offset + node.length);
}

/** A node's JSON kind for messages: `an object`, `a string ("x")`, `null`. */
export function jsonKind(node: Node): string {
  switch (node.type) {
    case "object":
      return "an object";
    case "array":
      return "an array";
    case "string":
      return `a string (${JSON.stringify(node.value)})`;
    case "number":
      return `a number (${String(node.value)})`;
    case "boolean":
      return String(node.value);
    case "null":
      return "null";
    default:
      return "a value";
  }
}
