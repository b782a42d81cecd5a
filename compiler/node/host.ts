/**
 * The engine's `Host` (compiler/engine/host.ts) over the file system, for every surface that runs
 * under Node: the CLI, the language server, the studio's server and the library. A file is read as
 * UTF-8 (null when it cannot be), `stat` follows links and gives the modification time as the
 * version. Names are paths, or `file:` URIs (the language server's), read as the paths they name; a
 * name in any other scheme is never on this disk. Ruleset ids resolve by the engine's one rule.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Host, RulesetFolder } from "../engine/host.js";
import { projectRoot } from "./root.js";

/** The path a host name stands for: a `file:` URI's path, a path as it is; null for another scheme. */
export function pathOf(name: string): string | null {
  if (name.startsWith("file:")) {
    try {
      return fileURLToPath(name);
    } catch {
      return null;
    }
  }
  return /^[A-Za-z][A-Za-z0-9+.-]+:/.test(name) ? null : name;
}

/** Whether `p` is a file (a link to one counts); false when it is missing or unreadable. */
export function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

/** The package's ruleset folders: the bundled `rulesets/`, then `rulesets/house/`. */
export function rulesetFolders(root = projectRoot()): RulesetFolder[] {
  return [
    { path: join(root, "rulesets"), kind: "bundled" },
    { path: join(root, "rulesets", "house"), kind: "house" },
  ];
}

/**
 * The host over the disk, searching `folders` for ids after a file's own folder. With `uris`, the
 * folders (and so every file they resolve to) are named by `file:` URIs, as an editor names files.
 */
export function nodeHost(
  folders: readonly RulesetFolder[] = rulesetFolders(),
  opts: { uris?: boolean } = {},
): Host {
  const named =
    opts.uris === true
      ? folders.map((f) => ({ ...f, path: pathToFileURL(f.path).href }))
      : [...folders];
  return {
    folders: named,
    readFile(file) {
      const p = pathOf(file);
      if (p === null) return null;
      try {
        return readFileSync(p, "utf8");
      } catch {
        return null;
      }
    },
    stat(file) {
      const p = pathOf(file);
      if (p === null) return null;
      try {
        const st = statSync(p);
        return { isFile: st.isFile(), isDirectory: st.isDirectory(), version: st.mtimeMs };
      } catch {
        return null;
      }
    },
    readDirectory(dir) {
      const p = pathOf(dir);
      if (p === null) return null;
      try {
        return readdirSync(p);
      } catch {
        return null;
      }
    },
  };
}
