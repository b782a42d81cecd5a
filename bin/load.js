// Loads the CLI's bundle (dist/cli/main.cjs, scripts/bundle-cli.mjs) with V8's code cache of the
// command being run (dist/cli/code-cache/, scripts/code-cache.mjs). Plain JavaScript beside the entry.
//
// Node compiles a script's functions when they first run; on a first `diff` that compiling was a
// good part of the process. The build runs each command once and keeps what V8 compiled (its
// bytecode, `script.createCachedData()`), so a later run of that command reads it back instead of
// compiling again: the training run of Java's class-data archives or Dart's app-jit snapshots, for
// V8. V8 uses a cache only when it was made by the same V8, under the same flags, for a source of the
// same length; it checks that itself and compiles as usual when not (`cachedDataRejected`). The
// file's name carries the build id of the bundle it was made for (the bundle's first line), so a
// cache of another build is never read. A cache changes how fast code starts, never what it does.

import { readFileSync } from "node:fs";
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
 * The file of code cache `name` for the bundle of build `build`.
 * @param {string} name
 * @param {string} build
 * @returns {string}
 */
export function cacheFile(name, build) {
  return join(CACHES, `${name}-${build}.bin`);
}

/**
 * The CLI's module (`main`, `run`, …), compiled with the first of `names`' caches that exists for
 * this bundle. `cache` says what V8 made of it: "used", "rejected" (compiled as usual), or "none".
 * `name` is the cache read (null: none), `script` the compiled bundle (the build makes a code cache
 * of it after a training run).
 * @param {readonly string[]} names
 * @returns {{ cli: Record<string, any>, script: vm.Script, cache: "used" | "rejected" | "none", name: string | null, build: string | null }}
 */
export function loadCli(names) {
  const source = readFileSync(BUNDLE, "utf8");
  const build = bundleBuild(source);
  let cachedData;
  let name = null;
  if (build !== null)
    for (const n of names) {
      try {
        cachedData = readFileSync(cacheFile(n, build));
        name = n;
        break;
      } catch {
        // No cache of that name for this build: the next, or none.
      }
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
  return { cli: module.exports, script, cache, name, build };
}
