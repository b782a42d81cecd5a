/** `variorum new ID --extends BASE [-o FILE]`: writes a house-rule skeleton (compiler/service/skeleton.ts). */

import { existsSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { skeleton } from "../service/skeleton.js";
import type { Ctx } from "./context.js";
import { ID_PATTERN } from "./project.js";
import { fileHost } from "./host.js";
import { displayPath } from "./render.js";

export function newRuleset(
  id: string,
  opts: { extends: string; output?: string },
  ctx: Ctx,
): number {
  const fail = (message: string, code = 1): number => {
    ctx.err(`${ctx.cErr.red("variorum: error:")} ${message}\n`);
    return code;
  };
  if (!ID_PATTERN.test(id))
    return fail(
      `\`${id}\` is not a ruleset id: use letters, digits, dots, hyphens and underscores`,
      2,
    );
  const out = resolve(ctx.cwd, opts.output ?? `${id}.rules`);
  if (!out.endsWith(".rules")) return fail(`a ruleset file must end in .rules: ${opts.output}`, 2);
  if (existsSync(out))
    return fail(`${displayPath(out, ctx.cwd)} already exists; choose another file with -o`);
  const host = fileHost(ctx.root, () => [dirname(out), ctx.cwd]);
  const s = skeleton(id, opts.extends, host);
  if (!s.ok) return fail(s.message);
  try {
    writeFileSync(out, s.text);
  } catch (e) {
    return fail(`cannot write ${displayPath(out, ctx.cwd)}: ${(e as Error).message}`);
  }
  ctx.out(
    `wrote ${displayPath(out, ctx.cwd)}: ${id} extends ${opts.extends} and overrides ${s.overrides}\n`,
  );
  return 0;
}
