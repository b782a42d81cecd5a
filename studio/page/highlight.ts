/**
 * Highlighting from the grammar's own token rules: a CodeMirror StreamLanguage whose tokenizer is the
 * Chevrotain lexer of grammar/tokens.ts, run over one line at a time (every token of the language
 * fits on one line; comments run to the end of it). What a word *is* (rule, table, member) is left
 * to the outline and hover; this colours what the lexer sees.
 */
import { StreamLanguage, type StringStream } from "@codemirror/language";
import { lexer, tokenEnd } from "../../grammar/tokens.js";

/** Token type name → CodeMirror's legacy token style. */
export function styleOf(tokenType: string): string | null {
  if (
    tokenType === "Kw_true" ||
    tokenType === "Kw_false" ||
    tokenType === "Kw_all" ||
    tokenType === "Kw_NA"
  )
    return "atom";
  if (tokenType.startsWith("Kw_")) return "keyword";
  if (tokenType === "StringLit" || tokenType === "BadString") return "string";
  if (tokenType === "NumberLit" || tokenType === "Fraction" || tokenType === "Dice")
    return "number";
  if (tokenType === "Citation") return "link";
  if (tokenType === "Ident") return "variableName";
  return "operator";
}

/** The lexer's tokens of one line, by start column (the last few lines are kept). */
const cache = new Map<string, Map<number, { end: number; style: string | null }>>();

function lineTokens(line: string): Map<number, { end: number; style: string | null }> {
  let hit = cache.get(line);
  if (hit) return hit;
  hit = new Map();
  for (const t of lexer().tokenize(line).tokens)
    hit.set(t.startOffset, { end: tokenEnd(t), style: styleOf(t.tokenType.name) });
  if (cache.size > 2000) cache.clear();
  cache.set(line, hit);
  return hit;
}

export const rulesLanguage = StreamLanguage.define<null>({
  name: "variorum-rules",
  startState: () => null,
  token(stream: StringStream): string | null {
    if (stream.eatSpace()) return null;
    if (stream.peek() === "#") {
      stream.skipToEnd();
      return "comment";
    }
    const t = lineTokens(stream.string).get(stream.pos);
    if (t && t.end > stream.pos) {
      stream.pos = t.end;
      return t.style;
    }
    stream.next();
    return "invalid";
  },
  languageData: { commentTokens: { line: "#" } },
});
