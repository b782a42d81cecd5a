/**
 * The one host: everything the engine and the language service may ask of the world around a
 * ruleset, in the shape of Langium's `FileSystemProvider` (synchronous here: the front end is) — a
 * file's text, its kind and version, a folder's entries — and the ONE rule that turns a ruleset id
 * into a file (`resolveRuleset`): the folder of the file that names it first, then the host's ruleset
 * folders in order (the bundled `rulesets/`, then `rulesets/house/`).
 *
 * Files are named by strings in the host's own form: absolute paths for the CLI and the library,
 * `file:` URIs for the language server, plain keys for the studio page's bundled texts and for tests
 * (`memoryHost`). Names are joined with `/` (or the `\` a Windows path already uses), never with
 * Node's `path`: no Node API here, the browser runs this file. Node's host is compiler/node/host.ts.
 */
import type { RulesetIR } from "../ir/ir.js";
import { RULESET_ID } from "../util/ruleset-id.js";

/** What `stat` tells of a name: its kind, and a version that changes when its content does. */
export interface FileStat {
  isFile: boolean;
  isDirectory: boolean;
  /** The modification time in ms on a disk; a document's version in memory. */
  version: number;
}

/**
 * A folder searched for ruleset ids: `bundled` (the package's `rulesets/`), `house` (its
 * `rulesets/house/`), or `user` (a folder a library user adds). Bundled and house files belong to
 * the package: a surface that edits files can tell them apart by their folder.
 */
export interface RulesetFolder {
  path: string;
  kind: "bundled" | "house" | "user";
}

/** File access for every surface: the CLI, the language service, the studio and the library. */
export interface Host {
  /** Searched for an id, in order, after the folder of the file that names it. */
  readonly folders: readonly RulesetFolder[];
  /** The file's text, or null when it cannot be read. */
  readFile(file: string): string | null;
  /** What stands at the name (links followed), or null when nothing does. */
  stat(file: string): FileStat | null;
  /** The names (not paths) of a folder's entries, or null when it is not a readable folder. */
  readDirectory(dir: string): string[] | null;
  /**
   * Front-end results built ahead of time for files that do not change between runs (the CLI's
   * bundle: the package's own rulesets, compiler/node/front-cache.ts). None by default.
   */
  readonly built?: BuiltFronts;
}

/**
 * The front end's results, built ahead: `lookup` gives the IR the front end made of `file` when each
 * file it read then (the ruleset and its bases) reads the same now through `read`, and null
 * otherwise. Only results without a diagnostic are kept, so a hit is exactly what the front end would
 * return (`loadRuleset` with no diagnostics).
 */
export interface BuiltFronts {
  lookup(file: string, read: (file: string) => string | null): RulesetIR | null;
}

/** A ruleset found in the host's folders: its id, its file, and the folder it is in. */
export interface FoundRuleset {
  id: string;
  file: string;
  folder: RulesetFolder;
}

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]+:/;

/**
 * The folder part of a file name (`/a/b` of `/a/b/c.rules`, `file:///a` of `file:///a/c.rules`, a
 * root with its separator: `/`, `file:///`); "" for a bare relative name; `scheme:` for a URI without a path (`untitled:x`), so that nothing
 * beside it is ever looked up on a disk.
 */
export function folderOf(file: string): string {
  const i = Math.max(file.lastIndexOf("/"), file.lastIndexOf("\\"));
  if (i >= 0) {
    const dir = file.slice(0, i);
    // A root keeps its separator: `/` of `/a.rules`, `file:///` of `file:///a.rules`, `C:\`.
    return dir === "" || /[/\\:]$/.test(dir) ? file.slice(0, i + 1) : dir;
  }
  const m = SCHEME.exec(file);
  return m ? m[0] : "";
}

/** `name` inside folder `dir` (as `folderOf` gives it), in the folder's own separator. */
export function inFolder(dir: string, name: string): string {
  if (dir === "" || /[/\\:]$/.test(dir)) return dir + name;
  return `${dir}${dir.includes("/") || !dir.includes("\\") ? "/" : "\\"}${name}`;
}

/**
 * The one base resolution rule: the file ruleset `id` names, looked for as `ID.rules` in the folder of
 * `from` (the file whose `extends` names it; null for an id asked on its own, as on a command line),
 * then in each of the host's folders. Null for a name that is not a ruleset id, or when none is found.
 */
export function resolveRuleset(host: Host, id: string, from: string | null): string | null {
  if (!RULESET_ID.test(id)) return null;
  const name = `${id}.rules`;
  const dirs = [...(from === null ? [] : [folderOf(from)]), ...host.folders.map((f) => f.path)];
  for (const dir of dirs) {
    const file = inFolder(dir, name);
    if (host.stat(file)?.isFile === true) return file;
  }
  return null;
}

/**
 * Every ruleset in the host's folders, by id (sorted; where two folders hold one id, the first
 * folder's, as `resolveRuleset` finds it): files (or links to files) named `ID.rules` only.
 */
export function rulesetsIn(host: Host): FoundRuleset[] {
  const byId = new Map<string, FoundRuleset>();
  for (const folder of host.folders) {
    for (const entry of host.readDirectory(folder.path) ?? []) {
      if (!entry.endsWith(".rules")) continue;
      const id = entry.slice(0, -".rules".length);
      if (!RULESET_ID.test(id) || byId.has(id)) continue;
      const file = inFolder(folder.path, entry);
      if (host.stat(file)?.isFile === true) byId.set(id, { id, file, folder });
    }
  }
  return [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * A host over texts in memory, named by key (`rulesets/sl-classic.rules`, `input.rules`): the studio
 * page's bundled rulesets, `compileText`, tests. A folder is any key's prefix up to a `/`; every file
 * is at version 0. A `Map` given is read as it stands at each call (the studio adds the files beside
 * the file it serves to its own).
 */
export function memoryHost(
  files: Readonly<Record<string, string>> | ReadonlyMap<string, string>,
  folders: readonly RulesetFolder[] = [],
): Host {
  const texts = files instanceof Map ? files : new Map(Object.entries(files));
  const entries = (dir: string): string[] | null => {
    const prefix = dir === "" ? "" : dir.endsWith("/") ? dir : `${dir}/`;
    const names = new Set<string>();
    for (const key of texts.keys())
      if (key.startsWith(prefix) && key.length > prefix.length)
        names.add(key.slice(prefix.length).split("/")[0]!);
    return names.size > 0 ? [...names].sort() : null;
  };
  return {
    folders,
    readFile: (file) => texts.get(file) ?? null,
    stat: (file) =>
      texts.has(file)
        ? { isFile: true, isDirectory: false, version: 0 }
        : entries(file) !== null
          ? { isFile: false, isDirectory: true, version: 0 }
          : null,
    readDirectory: entries,
  };
}
