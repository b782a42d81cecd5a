#!/usr/bin/env node
// The `variorum` command. The CLI itself is TypeScript, bundled into dist/cli/ by `npm run build`
// (which `npm ci` runs through the "prepare" script) and loaded with the code cache of the command
// being run (bin/load.js).
import { setFlagsFromString } from "node:v8";
import { BUDGET_FLAG, raisesBudget } from "./budget.js";
import { cacheNames, flagsKey, loadCli } from "./load.js";

// One-shot commands raise V8's optimising budget; the servers keep it (bin/budget.js says why).
const args = process.argv.slice(2);
const raises = raisesBudget(args, process.execArgv, process.env.NODE_OPTIONS);
if (raises) setFlagsFromString(BUDGET_FLAG);

// The user's cache folder, for a code cache of the run's own where the package has none for this
// Node (bin/load.js); loaded only then.
const user = async () =>
  (await import("../dist/compiler/node/cache-folder.js")).cacheFolder(process.env);
let loaded;
try {
  loaded = await loadCli(cacheNames(args, raises, process.env), {
    user,
    key: flagsKey(process.execArgv, process.env.NODE_OPTIONS, raises),
    plain: process.execArgv.length === 0 && !process.env.NODE_OPTIONS,
  });
} catch (e) {
  if (e && e.code === "ENOENT" && String(e.path ?? "").endsWith("main.cjs")) {
    process.stderr.write(
      "variorum: the compiled CLI is missing (dist/); run `npm run build` first\n",
    );
    process.exit(70);
  }
  throw e;
}
// With VARIORUM_DEBUG=1, which code cache the run read and what V8 made of it.
if (process.env.VARIORUM_DEBUG)
  process.stderr.write(
    `variorum: code cache ${loaded.name ?? "(none)"}${loaded.from === "user" ? " (yours)" : ""}: ${loaded.cache}\n`,
  );
await loaded.cli.main(args);
// A run that could use no cache keeps its own, for the next.
await loaded.keep();
