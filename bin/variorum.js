#!/usr/bin/env node
// The `variorum` command. The CLI itself is TypeScript, bundled into dist/cli/ by `npm run build`
// (which `npm ci` runs through the "prepare" script) and loaded with the code cache of the command
// being run (bin/load.js).
import { setFlagsFromString } from "node:v8";
import { BUDGET_FLAG, raisesBudget } from "./budget.js";
import { cacheNames, loadCli } from "./load.js";

// One-shot commands raise V8's optimising budget; the servers keep it (bin/budget.js says why).
const args = process.argv.slice(2);
const raises = raisesBudget(args, process.execArgv, process.env.NODE_OPTIONS);
if (raises) setFlagsFromString(BUDGET_FLAG);

let loaded;
try {
  loaded = loadCli(cacheNames(args, raises, process.env));
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
  process.stderr.write(`variorum: code cache ${loaded.name ?? "(none)"}: ${loaded.cache}\n`);
await loaded.cli.main(args);
