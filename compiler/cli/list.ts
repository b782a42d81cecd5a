/**
 * `variorum list [PATH…] [--json]`: the bundled rulesets and house rules, and every `.rules` file
 * under the paths given (files or folders, searched recursively): id, title, edition, what each
 * extends, and how many definitions and worked examples the file itself holds. Reads headers and
 * definitions only (a parse, no checks), so it is quick and works on files that do not check yet.
 */
import { readdirSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { parse } from "../../grammar/index.js";
import { hasErrors } from "../../diagnostics/index.js";
import { safeLine } from "../../diagnostics/safe-text.js";
import type { Ctx } from "./context.js";
import { UsageError } from "./errors.js";
import { fsHost } from "./host.js";
import { listRulesetIds } from "./project.js";
import { displayPath } from "../node/paths.js";

export interface ListedRuleset {
  id: string | null;
  title: string | null;
  edition: string | null;
  extends: string | null;
  /** `bundled`, `house` (rulesets/house/) or `file` (found under a path given). */
  origin: "bundled" | "house" | "file";
  file: string;
  definitions: number;
  examples: number;
  /** The file has syntax errors (its counts are of what could be read). */
  errors: boolean;
}

export function list(paths: string[], opts: { json?: boolean }, ctx: Ctx): number {
  const host = fsHost(ctx.root);
  const files: { file: string; origin: ListedRuleset["origin"] }[] = [];
  for (const id of listRulesetIds(ctx.root)) {
    const file = host.resolveId(id)!;
    files.push({
      file,
      origin: relative(join(ctx.root, "rulesets"), file).startsWith("house") ? "house" : "bundled",
    });
  }
  const seen = new Set(files.map((f) => f.file));
  for (const p of paths) {
    const abs = resolve(ctx.cwd, p);
    let found: string[];
    try {
      found = rulesFiles(abs);
    } catch {
      throw new UsageError(`no such file or folder: ${p}`);
    }
    for (const file of found)
      if (!seen.has(file)) (seen.add(file), files.push({ file, origin: "file" }));
  }
  const rows = files.map(({ file, origin }) => describe(file, origin, host.readFile(file) ?? ""));
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

function describe(file: string, origin: ListedRuleset["origin"], text: string): ListedRuleset {
  const { ast, diagnostics } = parse(text, file);
  const h = ast.header;
  return {
    id: h?.id ?? null,
    title: h?.title ?? null,
    edition: h?.edition ?? null,
    extends: h?.extends?.id ?? null,
    origin,
    file,
    definitions: ast.decls.filter((d) => d.kind !== "example").length,
    examples: ast.decls.filter((d) => d.kind === "example").length,
    errors: hasErrors(diagnostics),
  };
}

/** `.rules` files at a path: the file itself, or every one below a folder (sorted, recursive). */
function rulesFiles(abs: string): string[] {
  const st = statSync(abs);
  if (st.isFile()) return abs.endsWith(".rules") ? [abs] : [];
  const out: string[] = [];
  for (const name of readdirSync(abs).sort()) {
    if (name === "node_modules" || name.startsWith(".")) continue;
    const p = join(abs, name);
    const s = statSync(p);
    if (s.isDirectory()) out.push(...rulesFiles(p));
    else if (s.isFile() && name.endsWith(".rules")) out.push(p);
  }
  return out;
}
