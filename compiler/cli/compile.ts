/**
 * `variorum compile [ID|FILE…] [--out DIR] [--check]`: rulesets to typed TypeScript modules.
 *
 * Without arguments it compiles every ruleset under rulesets/ and rulesets/house/ into generated/
 * (`<id>.ts` each, and `index.ts`), and removes generated modules whose ruleset is gone. With
 * arguments it compiles just those; the index is then written only with `--out` (an index of what
 * was compiled there), so generated/index.ts keeps listing every bundled ruleset. Files are written
 * only when their content changes, atomically. `--check` writes nothing: it lists the stale files
 * and exits 1 if there are any.
 *
 * The rulesets are loaded through the engine's front end and emitted by its compile request
 * (compiler/engine/compile.ts, which loads ts-morph and prettier only when asked): this file decides
 * the output files and writes them.
 */

import { readdirSync, unlinkSync } from "node:fs";
import { basename, isAbsolute, join, relative, resolve, sep } from "node:path";
import type { RulesetIR } from "../ir/ir.js";
import { compileModules } from "../engine/compile.js";
import type { Ctx } from "./context.js";
import { fsHost } from "./host.js";
import { loadRulesets, refsFor } from "./load.js";
import { generatedDir, ID_PATTERN } from "./project.js";
import { plural } from "../render/numbers.js";
import { displayPath } from "../node/paths.js";
import { readIfExists, writeIfChanged } from "../node/write.js";

export interface CompileOptions {
  out?: string;
  check?: boolean;
}

/** Generated files carry this mark (case-insensitive); only such files are ever removed. */
const GENERATED_MARK = /generated\b[^\n]*do not edit/i;

export async function compile(args: string[], opts: CompileOptions, ctx: Ctx): Promise<number> {
  const host = fsHost(ctx.root, ctx.built);
  const all = args.length === 0;
  const refs = refsFor(args, host, ctx);
  const outDir = opts.out !== undefined ? resolve(ctx.cwd, opts.out) : generatedDir(ctx.root);
  const c = ctx.cOut;

  const { loaded, errors } = await loadRulesets(refs, ctx, host);
  if (errors > 0) {
    ctx.err(`${plural(errors, "error")}; nothing ${opts.check === true ? "checked" : "written"}\n`);
    return 1;
  }
  const irs: RulesetIR[] = [];
  const byId = new Map<string, string>();
  for (const l of loaded) {
    const ir = l.ir!;
    if (!ID_PATTERN.test(ir.id)) {
      ctx.err(
        `${displayPath(l.file, ctx.cwd)}: ${ctx.cErr.red("error")}: ruleset id \`${ir.id}\` cannot name a file\n`,
      );
      return 1;
    }
    const other = byId.get(ir.id);
    if (other !== undefined) {
      if (other === l.file) continue;
      ctx.err(
        `${displayPath(l.file, ctx.cwd)}: ${ctx.cErr.red("error")}: ruleset id \`${ir.id}\` is also the id of ${displayPath(other, ctx.cwd)}\n`,
      );
      return 1;
    }
    byId.set(ir.id, l.file);
    irs.push(ir);
  }

  // The header names the real source: rulesets/house/… for a house rule, the file's name for one
  // outside the project (never an absolute path: output is the same on every machine).
  const sourceOf = (file: string): string => {
    const rel = relative(ctx.root, file);
    return rel.startsWith("..") || isAbsolute(rel) ? basename(file) : rel.split(sep).join("/");
  };
  // Modules written into the project's own generated/ import the runtime beside them; written
  // anywhere else (`--out`, also from an installed package, where no runtime/ lies beside them)
  // they import the light package's runtime export (`variorum-rules/runtime`).
  const compiled = await compileModules({
    rulesets: irs.map((ir) => ({ ir, source: sourceOf(byId.get(ir.id)!) })),
    index: all || opts.out !== undefined,
    runtime: outDir === generatedDir(ctx.root) ? "beside" : "package",
  });
  const files: { path: string; content: string }[] = compiled.modules.map((m) => ({
    path: join(outDir, `${m.id}.ts`),
    content: m.text,
  }));
  if (compiled.index !== null)
    files.push({ path: join(outDir, "index.ts"), content: compiled.index });

  // Generated modules left over from a ruleset that no longer exists (only when compiling everything).
  const orphans: string[] = [];
  if (all) {
    const wanted = new Set(files.map((f) => f.path));
    let names: string[] = [];
    try {
      names = readdirSync(outDir);
    } catch {
      // no output folder yet
    }
    for (const name of names.sort()) {
      const p = join(outDir, name);
      if (!name.endsWith(".ts") || wanted.has(p)) continue;
      const text = readIfExists(p);
      if (text !== null && GENERATED_MARK.test(text.slice(0, 2000))) orphans.push(p);
    }
  }

  if (opts.check === true) {
    let stale = 0;
    for (const f of files) {
      const now = readIfExists(f.path);
      if (now === f.content) continue;
      stale++;
      ctx.out(`${now === null ? "missing" : "stale"}: ${displayPath(f.path, ctx.cwd)}\n`);
    }
    for (const p of orphans) {
      stale++;
      ctx.out(`no longer generated: ${displayPath(p, ctx.cwd)}\n`);
    }
    if (stale > 0) {
      ctx.out(
        c.red(`${plural(stale, "generated file")} out of date; run \`npx variorum compile\`\n`),
      );
      return 1;
    }
    ctx.out(`${plural(files.length, "generated file")} up to date\n`);
    return 0;
  }

  // A file standing where a module goes is replaced only when the compiler wrote it (its header):
  // a hand-written `index.ts` in `--out DIR` is never overwritten. Checked before anything is written.
  const foreign = files.filter((f) => {
    const now = readIfExists(f.path);
    return now !== null && now !== f.content && !GENERATED_MARK.test(now.slice(0, 2000));
  });
  for (const f of foreign)
    ctx.err(
      `${displayPath(f.path, ctx.cwd)}:1:1: ${ctx.cErr.red("error")}: this file was not written by variorum (it has no "generated — do not edit" header), so compile will not replace it\n`,
    );
  if (foreign.length > 0) {
    ctx.err(
      `nothing written; move ${foreign.length === 1 ? "that file" : "those files"} away or choose another --out\n`,
    );
    return 1;
  }

  let written = 0;
  for (const f of files) {
    if (writeIfChanged(f.path, f.content)) {
      written++;
      ctx.out(`wrote ${displayPath(f.path, ctx.cwd)}\n`);
    }
  }
  for (const p of orphans) {
    unlinkSync(p);
    ctx.out(`removed ${displayPath(p, ctx.cwd)}\n`);
  }
  ctx.out(
    `compiled ${plural(irs.length, "ruleset")}: ${written} written, ${files.length - written} unchanged\n`,
  );
  return 0;
}
