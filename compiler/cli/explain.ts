/**
 * `variorum explain CODE` prints the long form of one diagnostic code (what it means, a wrong and a
 * right snippet); `variorum explain --all [--format md]` prints every code — as Markdown, that is
 * docs/diagnostics.md. The text comes from diagnostics/explain.ts.
 */
import { CODES, type Code } from "../../diagnostics/index.js";
import { codes, explainMarkdown, explainText } from "../../diagnostics/explain.js";
import { closest } from "../util/suggest.js";
import type { Ctx } from "./context.js";
import { EXIT, UsageError } from "./errors.js";

export interface ExplainOptions {
  all?: boolean;
  format?: string;
}

export function explain(code: string | undefined, opts: ExplainOptions, ctx: Ctx): number {
  const format = opts.format ?? "text";
  if (format !== "text" && format !== "md")
    throw new UsageError(`unknown format ${format}: use text or md`);
  if (opts.all) {
    ctx.out(format === "md" ? explainMarkdown() : codes().map(explainText).join("\n"));
    return EXIT.ok;
  }
  if (code === undefined)
    throw new UsageError("name a diagnostic code, e.g. `variorum explain V0601`, or use --all");
  const wanted = code.toUpperCase();
  if (!Object.hasOwn(CODES, wanted)) {
    const near = closest(wanted, codes());
    throw new UsageError(
      `no diagnostic ${code.slice(0, 20)}${near ? `; did you mean ${near}?` : ""} (\`variorum explain --all\` lists them)`,
    );
  }
  ctx.out(explainText(wanted as Code));
  return EXIT.ok;
}
