/**
 * SourceFile's line search (diagnostics/index.ts `lineIndex`) starts from the line it last answered:
 * every order of asking — along the file, back, at random — must give the line a plain scan of the
 * line starts gives, on every kind of line break, a leading byte-order mark and the file's ends.
 */
import { describe, expect, it } from "vitest";
import { lineStarts, SourceFile } from "../../diagnostics/index.js";

/**
 * Where the lines of `text` start, character by character: after each `\r\n`, `\r` or `\n`, and line
 * 1 after a leading byte-order mark.
 */
function scanStarts(text: string): number[] {
  const starts = [text.charCodeAt(0) === 0xfeff ? 1 : 0];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === "\r" && text[i + 1] === "\n") i++;
    if (ch === "\r" || ch === "\n") starts.push(i + 1);
  }
  return starts;
}

/** The line holding `offset` by a scan: the last line starting at or before it (line 0 if none). */
function scanLine(starts: readonly number[], offset: number): number {
  let line = 0;
  for (let i = 0; i < starts.length; i++) if (starts[i]! <= offset) line = i;
  return line;
}

const texts: Record<string, string> = {
  empty: "",
  "one line": "ruleset a",
  lf: "a\nbb\n\nccc\n",
  crlf: "a\r\nbb\r\n\r\nccc",
  cr: "a\rbb\r\rccc\r",
  mixed: "a\r\n\nbb\r\r\nc\n\r",
  bom: "\ufeffa\nb\n",
  "bom alone": "\ufeff",
  "bom, crlf": "\ufeff\r\na",
  "breaks only": "\n\n\n",
  "two-byte": "½ MF\n⅓\n\n¾",
  long: Array.from({ length: 3000 }, (_, i) => "x".repeat(i % 7)).join("\n"),
};

describe("lineStarts", () => {
  for (const [name, text] of Object.entries(texts))
    it(`starts a line after every line break: ${name}`, () => {
      expect(lineStarts(text)).toEqual(scanStarts(text));
    });
});

describe("SourceFile.lineIndex", () => {
  for (const [name, text] of Object.entries(texts)) {
    it(`finds the line of every offset in any order: ${name}`, () => {
      const starts = scanStarts(text);
      const offsets = Array.from({ length: text.length + 2 }, (_, i) => i);
      // A fixed pseudo-random order (a linear congruential generator), so a failure repeats.
      let seed = 12345;
      const shuffled = [...offsets];
      for (let i = shuffled.length - 1; i > 0; i--) {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        const j = seed % (i + 1);
        [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
      }
      for (const order of [offsets, [...offsets].reverse(), shuffled]) {
        const src = new SourceFile("t.rules", text);
        for (const o of order) expect(src.lineIndex(o), `offset ${o}`).toBe(scanLine(starts, o));
      }
      // Spans read their line through it, interleaved with other spans' reads.
      const src = new SourceFile("t.rules", text);
      for (const o of shuffled) {
        const span = src.span(o, o);
        expect(span.line).toBe(scanLine(starts, o) + 1);
        expect(span.col).toBe(Math.max(1, o - starts[scanLine(starts, o)]! + 1));
      }
    });
  }
});
