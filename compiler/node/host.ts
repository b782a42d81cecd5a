/**
 * The engine's `Host` over the file system, shared by the CLI and the library: a file is read as
 * UTF-8 (null when it cannot be), a ruleset id is looked up as `ID.rules` in the folders given, in
 * order (the bundled `rulesets/` and `rulesets/house/`, and for the library any folder of the user's).
 */
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Host } from "../engine/index.js";
import { RULESET_ID } from "../util/ruleset-id.js";

/** Whether `p` is a file (a link to one counts); false when it is missing or unreadable. */
export function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

export function dirsHost(dirs: readonly string[]): Host {
  return {
    readFile(path: string): string | null {
      try {
        return readFileSync(path, "utf8");
      } catch {
        return null;
      }
    },
    resolveId(id: string): string | null {
      if (!RULESET_ID.test(id)) return null;
      for (const dir of dirs) {
        const p = join(dir, `${id}.rules`);
        if (isFile(p)) return p;
      }
      return null;
    },
  };
}
