// Loads the CLI's bundle (dist/cli/main.cjs, scripts/bundle-cli.mjs) with V8's code cache of the
// command being run. Plain JavaScript beside the entry.
//
// Node compiles a script's functions when they first run; on a first `diff` that compiling was a
// good part of the process. The build runs each command once and keeps what V8 compiled (its
// bytecode, `script.createCachedData()`) in dist/cli/code-cache/ (scripts/code-cache.mjs), so a
// later run of that command reads it back instead of compiling again: the training run of Java's
// class-data archives or Dart's app-jit snapshots, for V8. V8 takes a cache only when it was made by
// the same V8, under the same flags, for a source of the same length; it checks that itself and
// compiles as usual when not (`cachedDataRejected`). So the package's caches are named by the build
// of the bundle they were made for (the bundle's first line) and by the V8 that made them. On a Node
// whose V8 has none (a package built under another Node), or under V8 flags of the user's, a run
// compiles as usual and then keeps its own cache in the user's cache folder
// (compiler/node/cache-folder.ts), as Node's own compile cache does, for the runs after it. A cache
// changes how fast code starts, never what it does.

import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import vm from "node:vm";

/** The CLI's bundle and the folder of its code caches. */
export const BUNDLE = fileURLToPath(new URL("../dist/cli/main.cjs", import.meta.url));
export const CACHES = fileURLToPath(new URL("../dist/cli/code-cache/", import.meta.url));

/**
 * The build id a bundle names on its first line (`// variorum build 0123456789abcdef`), or null.
 * @param {string} source
 * @returns {string | null}
 */
export function bundleBuild(source) {
  const m = /^\/\/ variorum build ([0-9a-f]+)\n/.exec(source);
  return m === null ? null : m[1];
}

/**
 * The code caches a run may use, best first: its command's own (`diff`), then the one every other
 * run of the same V8 flags uses (`start`, or `serve` for a server, which keeps V8's optimising
 * budget: bin/budget.js). Empty when the user turned code caches off (VARIORUM_NO_CODE_CACHE=1).
 * @param {readonly string[]} args the CLI's arguments
 * @param {boolean} raisesBudget whether the run raises V8's budget (bin/budget.js)
 * @param {NodeJS.ProcessEnv} env
 * @returns {string[]}
 */
export function cacheNames(args, raisesBudget, env) {
  if (env.VARIORUM_NO_CODE_CACHE) return [];
  if (!raisesBudget) return ["serve"];
  const command = args.find((a) => !a.startsWith("-")) ?? "";
  return /^[a-z]+$/.test(command) && command !== "start" && command !== "serve"
    ? [command, "start"]
    : ["start"];
}

/**
 * The file of the package's code cache `name` for the bundle of build `build`, made by V8 `v8`.
 * @param {string} name
 * @param {string} build
 * @param {string} [v8]
 * @returns {string}
 */
export function cacheFile(name, build, v8 = process.versions.v8) {
  return join(CACHES, `${name}-${build}-${v8}.bin`);
}

/**
 * A short digest of what decides V8's flags besides the bin's own: node's flags and NODE_OPTIONS
 * (FNV-1a; two settings that share one only share a file, which V8 then refuses).
 * @param {readonly string[]} execArgv
 * @param {string | undefined} nodeOptions
 * @param {boolean} raisesBudget
 * @returns {string}
 */
export function flagsKey(execArgv, nodeOptions, raisesBudget) {
  let h = 0x811c9dc5;
  for (const ch of JSON.stringify([execArgv, nodeOptions ?? "", raisesBudget])) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, "0");
}

/**
 * The CLI's module (`main`, `run`, …), compiled with the first of `names`' caches the package has
 * for this bundle and this V8, else the first the user's cache folder has (`user()`, asked only
 * then), made by an earlier run under the same flags (`key`). A run under node flags or
 * NODE_OPTIONS of the user's (`plain: false`; the package's caches are made under none) looks in
 * the user's folder first. `cache` says what V8 made of it: "used", "rejected" (compiled as usual),
 * or "none"; `name` is the cache read and `from` where ("package", "user"; null: none). `keep()`,
 * awaited after the run, writes the user's cache of `names[0]` when no cache was used and the next
 * run would read it (never an error: a folder that cannot be written keeps none). `script` is the compiled bundle.
 * @param {readonly string[]} names
 * @param {{ user?: () => Promise<string | null>, key?: string, plain?: boolean }} [where]
 * @returns {Promise<{ cli: Record<string, any>, script: vm.Script, cache: "used" | "rejected" | "none", name: string | null, from: "package" | "user" | null, build: string | null, keep: () => Promise<void> }>}
 */
export async function loadCli(names, where = {}) {
  const source = readFileSync(BUNDLE, "utf8");
  const build = bundleBuild(source);
  /** The user's cache folder, asked once (undefined: not yet). */
  let user;
  const userFolder = async () =>
    user === undefined ? (user = (await where.user?.()) ?? null) : user;
  const userFile = (folder, name) =>
    join(folder, build, `code-${name}-${process.versions.v8}-${where.key ?? ""}.bin`);
  let cachedData;
  let name = null;
  let from = null;
  const read = (file, n, f) => {
    try {
      cachedData = readFileSync(file);
      name = n;
      from = f;
      return true;
    } catch {
      return false; // No such cache: the next, or none.
    }
  };
  const fromPackage = () => names.some((n) => read(cacheFile(n, build), n, "package"));
  const fromUser = async () => {
    const folder = await userFolder();
    return folder !== null && names.some((n) => read(userFile(folder, n), n, "user"));
  };
  if (build !== null && names.length > 0) {
    if (where.plain ?? true) {
      if (!fromPackage()) await fromUser();
    } else if (!(await fromUser())) fromPackage();
  }
  // The bundle as Node wraps a CommonJS module; `import()` in it (the studio's Vite, playwright)
  // resolves as in the main context.
  const script = new vm.Script(
    `(function (exports, require, module, __filename, __dirname) {${source}\n})`,
    {
      filename: BUNDLE,
      cachedData,
      importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
    },
  );
  const module = { exports: {} };
  script.runInThisContext()(
    module.exports,
    createRequire(BUNDLE),
    module,
    BUNDLE,
    fileURLToPath(new URL("../dist/cli/", import.meta.url)),
  );
  const cache = cachedData === undefined ? "none" : script.cachedDataRejected ? "rejected" : "used";
  const keep = async () => {
    if (cache === "used" || build === null || names.length === 0) return;
    // The package's cache read and refused under plain flags: the next run reads it first again,
    // so a cache of the user's would never be read.
    if (from === "package" && (where.plain ?? true)) return;
    const folder = await userFolder();
    if (folder === null) return;
    const file = userFile(folder, names[0]);
    const temp = `${file}.${process.pid}.tmp`;
    try {
      mkdirSync(join(folder, build), { recursive: true });
      writeFileSync(temp, script.createCachedData());
      renameSync(temp, file);
    } catch {
      try {
        rmSync(temp, { force: true });
      } catch {
        // Nothing was written, or it cannot be removed either: no cache.
      }
    }
  };
  return { cli: module.exports, script, cache, name, from, build, keep };
}
