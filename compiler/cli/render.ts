/**
 * Printing diagnostics: `file:line:col: error CODE: message`, a code frame, then `hint: …`.
 * Paths are printed relative to the current directory.
 */

import { resolve } from "node:path";
import { displayPath } from "../node/paths.js";
import { SourceFile, type Diagnostic } from "../../diagnostics/index.js";
import type { Ctx } from "./context.js";
import { codeFrame } from "./frame.js";
import { safeLine } from "../../diagnostics/safe-text.js";
import { plural } from "../render/numbers.js";

/** Looks up a file's text by the path a span names (as given, or resolved). */
function lookup(
  sources: ReadonlyMap<string, string>,
  file: string,
  cwd: string,
): string | undefined {
  return sources.get(file) ?? sources.get(resolve(cwd, file));
}

const lineCache = new WeakMap<object, Map<string, SourceFile>>();

function sourceFile(sources: ReadonlyMap<string, string>, file: string, text: string): SourceFile {
  let m = lineCache.get(sources);
  if (m === undefined) lineCache.set(sources, (m = new Map()));
  let sf = m.get(file);
  if (sf === undefined || sf.text !== text) m.set(file, (sf = new SourceFile(file, text)));
  return sf;
}

/**
 * One diagnostic as text (ending in "\n"). `fallbackFile` names the file of a diagnostic without a span.
 * Colours follow `ctx.cErr` (diagnostics go to standard error).
 */
export function renderDiagnostic(
  d: Diagnostic,
  sources: ReadonlyMap<string, string>,
  ctx: Ctx,
  fallbackFile?: string,
): string {
  const c = ctx.cErr;
  const sev = d.severity === "error" ? c.bold(c.red("error")) : c.bold(c.yellow("warning"));
  const span = d.span;
  let where: string;
  if (span !== null) where = `${displayPath(span.file, ctx.cwd)}:${span.line}:${span.col}`;
  else if (fallbackFile !== undefined) where = displayPath(fallbackFile, ctx.cwd);
  else where = "variorum";
  let text = `${c.bold(safeLine(where))}: ${sev} ${c.dim(d.code)}: ${safeLine(d.message)}\n`;
  if (span !== null) {
    const src = lookup(sources, span.file, ctx.cwd);
    if (src !== undefined && span.start <= src.length) {
      const sf = sourceFile(sources, span.file, src);
      const colours = ctx.colorErr
        ? { red: c.red, dim: c.dim }
        : { red: (s: string) => s, dim: (s: string) => s };
      text += codeFrame(sf, span.start, Math.min(span.end, src.length), colours) + "\n";
    }
  }
  for (const r of d.related ?? []) {
    text += `${c.cyan("note")}: ${safeLine(`${displayPath(r.span.file, ctx.cwd)}:${r.span.line}:${r.span.col}: ${r.message}`)}\n`;
  }
  if (d.hint !== undefined) text += `${c.cyan("hint")}: ${safeLine(d.hint)}\n`;
  return text;
}

/** Diagnostics printed per file at most; the rest are counted ("… and K more") and in every summary. */
export const MAX_SHOWN_PER_FILE = 50;

/** Prints diagnostics to standard error; returns the number of errors and warnings (all of them). */
export function printDiagnostics(
  ds: readonly Diagnostic[],
  sources: ReadonlyMap<string, string>,
  ctx: Ctx,
  fallbackFile?: string,
): { errors: number; warnings: number } {
  let errors = 0;
  let warnings = 0;
  const shown = new Map<string, number>();
  const hidden = new Map<string, number>();
  for (const d of ds) {
    if (d.severity === "error") errors++;
    else warnings++;
    const file = d.span?.file ?? fallbackFile ?? "";
    const n = shown.get(file) ?? 0;
    if (n >= MAX_SHOWN_PER_FILE) {
      hidden.set(file, (hidden.get(file) ?? 0) + 1);
      continue;
    }
    shown.set(file, n + 1);
    ctx.err(renderDiagnostic(d, sources, ctx, fallbackFile));
  }
  for (const [file, k] of hidden) {
    ctx.err(
      `${safeLine(displayPath(file, ctx.cwd))}: … and ${plural(k, "more diagnostic")} (${MAX_SHOWN_PER_FILE} shown)\n`,
    );
  }
  return { errors, warnings };
}
