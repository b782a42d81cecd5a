/** The pipeline's `Host` over the real file system, and how command-line ruleset arguments are resolved. */

import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { ServiceHost } from "../service/types.js";
import type { Host } from "../engine/index.js";
import { dirsHost } from "../node/host.js";
import { ID_PATTERN, isFile, listRulesetIds, projectRoot, rulesetDirs } from "./project.js";
import { UsageError } from "./errors.js";

export function fsHost(root = projectRoot()): Host {
  return dirsHost(rulesetDirs(root));
}

/** Whether a command-line argument names a file rather than a ruleset id. */
export function isPathArg(arg: string): boolean {
  return arg.endsWith(".rules") || arg.includes("/") || arg.includes("\\");
}

/**
 * Turns command-line ruleset arguments into `loadRuleset` references: an id stays an id, a path
 * becomes absolute. An unknown id or a missing file is a usage error (exit 2).
 */
export function resolveRefs(
  args: readonly string[],
  host: Host,
  cwd: string,
  root = projectRoot(),
): string[] {
  const refs: string[] = [];
  for (const arg of args) {
    if (isPathArg(arg)) {
      const abs = resolve(cwd, arg);
      if (!existsSync(abs) || !isFile(abs)) throw new UsageError(`no such ruleset file: ${arg}`);
      if (!abs.endsWith(".rules"))
        throw new UsageError(`a ruleset file must end in .rules: ${arg}`);
      refs.push(abs);
    } else {
      if (host.resolveId(arg) === null) {
        const known = listRulesetIds(root);
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

/** The language service's host: reads bases next to the open documents, then the bundled rulesets. */
export function fileHost(root: string, openDirs: () => Iterable<string>): ServiceHost {
  return {
    readRuleset(id) {
      if (!ID_PATTERN.test(id)) return null;
      for (const dir of [...openDirs(), ...rulesetDirs(root)]) {
        const path = join(dir, `${id}.rules`);
        try {
          return { uri: pathToFileURL(path).href, text: readFileSync(path, "utf8") };
        } catch {
          // not here
        }
      }
      return null;
    },
  };
}
