/** `variorum new ID --extends BASE [-o FILE]`: writes a house-rule skeleton (compiler/service/skeleton.ts). */

import { lstatSync } from "node:fs";
import { resolve } from "node:path";
import { newIdProblem, skeleton } from "../service/skeleton.js";
import type { Ctx } from "./context.js";
import { fsHost } from "./host.js";
import { displayPath } from "../node/paths.js";
import { WriteError, writeNew } from "../node/write.js";

/** What stands at `file`, if anything: a symbolic link is named as one (it is never followed). */
function taken(file: string): string | null {
  try {
    return lstatSync(file).isSymbolicLink() ? "is a symbolic link" : "already exists";
  } catch {
    return null;
  }
}

export function newRuleset(
  id: string,
  opts: { extends: string; output?: string },
  ctx: Ctx,
): number {
  const fail = (message: string, code = 1): number => {
    ctx.err(`${ctx.cErr.red("variorum: error:")} ${message}\n`);
    return code;
  };
  // The id's checks are the studio's too (compiler/service/skeleton.ts): the same words everywhere.
  const bad = newIdProblem(id, opts.extends, fsHost(ctx.root, ctx.built));
  if (bad !== null) return fail(bad, 2);
  const out = resolve(ctx.cwd, opts.output ?? `${id}.rules`);
  if (!out.endsWith(".rules")) return fail(`a ruleset file must end in .rules: ${opts.output}`, 2);
  const exists = (why: string): number =>
    fail(`${displayPath(out, ctx.cwd)} ${why}; choose another file with -o`);
  const before = taken(out);
  if (before !== null) return exists(before);
  // The base is found as `check` will find it once the file is written: beside it, then bundled.
  const s = skeleton(id, opts.extends, fsHost(ctx.root, ctx.built), out);
  if (!s.ok) return fail(s.message);
  try {
    // Exclusive: a file or a symbolic link (even dangling) that appeared meanwhile is never written through.
    if (!writeNew(out, s.text)) return exists(taken(out) ?? "already exists");
  } catch (e) {
    if (!(e instanceof WriteError)) throw e;
    return fail(`cannot write ${displayPath(out, ctx.cwd)}: ${e.reason}`);
  }
  ctx.out(
    `wrote ${displayPath(out, ctx.cwd)}: ${id} extends ${opts.extends} and overrides ${s.overrides}\n`,
  );
  return 0;
}
