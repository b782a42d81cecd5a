#!/usr/bin/env node
// The `variorum` command. The CLI itself is TypeScript, bundled into dist/cli/ by `npm run build`
// (which `npm ci` runs through the "prepare" script).
import { setFlagsFromString } from "node:v8";
import { BUDGET_FLAG, raisesBudget } from "./budget.js";

// One-shot commands raise V8's optimising budget; the servers keep it (bin/budget.js says why).
const args = process.argv.slice(2);
if (raisesBudget(args, process.execArgv, process.env.NODE_OPTIONS)) setFlagsFromString(BUDGET_FLAG);

let cli;
try {
  cli = await import("../dist/cli/main.js");
} catch (e) {
  if (e && e.code === "ERR_MODULE_NOT_FOUND" && String(e.message).includes("dist/cli/main.js")) {
    process.stderr.write(
      "variorum: the compiled CLI is missing (dist/); run `npm run build` first\n",
    );
    process.exit(70);
  }
  throw e;
}
await cli.main(args);
