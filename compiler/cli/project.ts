/**
 * Where the project lives. The CLI finds `rulesets/` and `generated/` from the location of its own
 * package (import.meta.url), never from the current directory, so `npx variorum` works anywhere.
 */

import { RULESET_ID } from "../util/ruleset-id.js";
import { existsSync, readdirSync, readFileSync, type Dirent } from "node:fs";
import { join } from "node:path";
import { isFile } from "../node/host.js";
import { projectRoot } from "../node/root.js";

export { isFile, projectRoot };

export function packageVersion(root = projectRoot()): string {
  const json = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
    version?: unknown;
  };
  return typeof json.version === "string" ? json.version : "0.0.0";
}

/** The folders searched for ruleset ids, in order: `rulesets/`, then `rulesets/house/`. */
export function rulesetDirs(root = projectRoot()): string[] {
  return [join(root, "rulesets"), join(root, "rulesets", "house")];
}

/** A ruleset id as it may appear in a file name: no path separators, no leading dot. */
export const ID_PATTERN = RULESET_ID;

/** Every ruleset id under `rulesets/` and `rulesets/house/`, sorted, without repeats. */
export function listRulesetIds(root = projectRoot()): string[] {
  const ids = new Set<string>();
  for (const dir of rulesetDirs(root)) {
    let names: Dirent[];
    try {
      names = readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of names) {
      const name = entry.name;
      // Files only (or links to them): a folder named `x.rules` is not a ruleset.
      if (
        !name.endsWith(".rules") ||
        !(entry.isFile() || (entry.isSymbolicLink() && isFile(join(dir, name))))
      )
        continue;
      const id = name.slice(0, -".rules".length);
      if (ID_PATTERN.test(id)) ids.add(id);
    }
  }
  return [...ids].sort();
}

/** The default output folder of `variorum compile`. */
export function generatedDir(root = projectRoot()): string {
  return join(root, "generated");
}
