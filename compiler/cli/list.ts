/**
 * `variorum list [PATH…] [--json]`: the bundled rulesets and house rules, and every `.rules` file
 * under the paths given (files or folders, searched recursively): id, title, edition, what each
 * extends, and how many definitions and worked examples the file itself holds. Reads headers and
 * definitions only (a parse, no checks), so it is quick and works on files that do not check yet:
 * the engine's list request (compiler/engine/list.ts), printed as a table or as JSON.
 */
import { resolve } from "node:path";
import { safeLine } from "../../diagnostics/safe-text.js";
import { listRulesets } from "../engine/list.js";
import type { Ctx } from "./context.js";
import { UsageError } from "./errors.js";
import { fsHost } from "./host.js";
import { displayPath } from "../node/paths.js";

export function list(paths: string[], opts: { json?: boolean }, ctx: Ctx): number {
  const host = fsHost(ctx.root, ctx.built);
  const abs = paths.map((p) => {
    const a = resolve(ctx.cwd, p);
    if (host.stat(a) === null) throw new UsageError(`no such file or folder: ${p}`);
    return a;
  });
  const rows = listRulesets({ host, paths: abs });
  if (opts.json) {
    ctx.out(
      JSON.stringify(
        rows.map((r) => ({ ...r, file: displayPath(r.file, ctx.cwd) })),
        null,
        2,
      ) + "\n",
    );
    return 0;
  }
  const table = rows.map((r) => [
    safeLine(r.id ?? "(no header)"),
    safeLine(r.title ?? ""),
    r.extends ? safeLine(r.extends) : "—",
    String(r.definitions),
    String(r.examples),
    r.origin + (r.errors ? " (syntax errors)" : ""),
    // Which file: a dozen files with the same id can be told apart.
    safeLine(displayPath(r.file, ctx.cwd)),
  ]);
  const head = ["id", "title", "extends", "definitions", "examples", "kind", "file"];
  const widths = head.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 3 || i === 4 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd();
  ctx.out(ctx.cOut.bold(line(head)) + "\n");
  rows.forEach((r, i) => {
    ctx.out(line(table[i]!) + "\n");
    // The edition (where the text comes from) is long: on its own line, under the title.
    if (r.edition) ctx.out(" ".repeat(widths[0]! + 2) + ctx.cOut.dim(safeLine(r.edition)) + "\n");
  });
  return 0;
}
