/** The CLI's `Host` (the disk, the package's ruleset folders), and how command-line ruleset arguments are resolved. */

import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { resolveRuleset, rulesetsIn, type BuiltFronts, type Host } from "../engine/host.js";
import { isFile, nodeHost, rulesetFolders } from "../node/host.js";
import { builtFronts } from "../node/front-cache.js";
import { projectRoot } from "../node/root.js";
import { UsageError } from "./errors.js";

/**
 * The host every command reads through: the disk, ids found beside a file, then under `root`'s
 * rulesets; front-end results built ahead: those `kept` by the caller (a command's `ctx.built`), else
 * the bundle's (dist/front-cache).
 */
export function fsHost(root = projectRoot(), kept?: BuiltFronts): Host {
  const host = nodeHost(rulesetFolders(root));
  const built = kept ?? builtFronts(root);
  return built ? { ...host, built } : host;
}

/** Whether a command-line argument names a file rather than a ruleset id. */
export function isPathArg(arg: string): boolean {
  return arg.endsWith(".rules") || arg.includes("/") || arg.includes("\\");
}

/**
 * Turns command-line ruleset arguments into `loadRuleset` references: an id stays an id, a path
 * becomes absolute. An unknown id or a missing file is a usage error (exit 2).
 */
export function resolveRefs(args: readonly string[], host: Host, cwd: string): string[] {
  const refs: string[] = [];
  for (const arg of args) {
    if (isPathArg(arg)) {
      const abs = resolve(cwd, arg);
      if (!existsSync(abs) || !isFile(abs)) throw new UsageError(`no such ruleset file: ${arg}`);
      if (!abs.endsWith(".rules"))
        throw new UsageError(`a ruleset file must end in .rules: ${arg}`);
      refs.push(abs);
    } else {
      if (resolveRuleset(host, arg, null) === null) {
        const known = rulesetsIn(host).map((r) => r.id);
        throw new UsageError(
          `unknown ruleset \`${arg}\`` +
            (known.length > 0
              ? `; known rulesets: ${known.join(", ")}`
              : "; there are no rulesets under rulesets/"),
        );
      }
      refs.push(arg);
    }
  }
  return refs;
}
