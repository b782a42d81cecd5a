/**
 * Code frames: the lines around a span, with a caret underline. Built from the file's own line table
 * (`SourceFile`, the one line splitter), so the frame always shows the line the location names; only
 * the lines shown are read, so a file with thousands of diagnostics prints in linear time. A long line
 * is clipped to a window around the span (`…` marks what is cut), and control characters in the text
 * are shown as `�`, so a file cannot drive the terminal.
 */
import type { SourceFile } from "../../diagnostics/index.js";
import { safeText } from "../../diagnostics/safe-text.js";

/** Columns of source text shown per line at most. */
export const FRAME_WIDTH = 100;

export interface FrameColours {
  red(s: string): string;
  dim(s: string): string;
}

/** The frame for offsets `start`..`end` of `sf` (end exclusive), one line above and below. */
export function codeFrame(sf: SourceFile, start: number, end: number, c: FrameColours): string {
  const first = sf.lineIndex(start);
  const last = Math.min(sf.lineIndex(Math.max(start, end - 1)), first + 3);
  const lo = Math.max(0, first - 1);
  const hi = Math.min(sf.lineCount - 1, last + 1);
  const gutter = String(hi + 1).length;
  const col = start - sf.lineStart(first);
  // One window for every line of the frame, placed so that the span's start is visible.
  const from = col > FRAME_WIDTH - 20 ? col - 20 : 0;
  const out: string[] = [];
  for (let i = lo; i <= hi; i++) {
    const text = sf.lineText(i);
    const shown = clip(text, from);
    const marked = i >= first && i <= last;
    out.push(
      `${marked ? c.red(">") : " "} ${c.dim(String(i + 1).padStart(gutter) + " |")}${shown ? " " + shown : ""}`,
    );
    if (!marked) continue;
    // The underline: from the span's start (on its first line) to its end (on its last line).
    const lineStart = sf.lineStart(i);
    const a = i === first ? col : 0;
    const b = i === last ? Math.max(a + 1, Math.min(end - lineStart, text.length)) : text.length;
    const ua = Math.max(a, from) - from + (from > 0 ? 1 : 0);
    const ub = Math.min(b, from + FRAME_WIDTH) - from + (from > 0 ? 1 : 0);
    if (ub > ua || (a >= text.length && i === first)) {
      out.push(
        `  ${c.dim(" ".repeat(gutter) + " |")} ${" ".repeat(ua)}${c.red("^".repeat(Math.max(1, ub - ua)))}`,
      );
    }
  }
  return out.join("\n");
}

/** `text` from column `from`, at most FRAME_WIDTH columns, with `…` where it is cut; tabs as spaces. */
function clip(text: string, from: number): string {
  let s = text.slice(from, from + FRAME_WIDTH);
  s = safeText(s.replace(/\t/g, " "));
  if (from > 0 && text.length > 0) s = "…" + s;
  if (text.length > from + FRAME_WIDTH) s += "…";
  return s;
}
