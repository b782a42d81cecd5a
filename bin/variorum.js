#!/usr/bin/env node
// The `variorum` command. The CLI itself is TypeScript, bundled into dist/cli/ by `npm run build`
// (which `npm ci` runs through the "prepare" script).
import { setFlagsFromString } from "node:v8";

// A command is a short burst of work. V8 optimises a function once about 66 KB of its bytecode has
// run, and on a first `diff` its optimising compiler spent about half the process's CPU compiling
// code that then ran for a few hundred milliseconds. With 16 times that budget only what runs long
// (a large reach, a compile) is optimised, still by the same compiler; the answers are the same.
// The servers (`lsp`, `studio`, `--watch`) live long and keep V8's budget, as does a budget the user
// sets (NODE_OPTIONS, a node flag). Figures: docs/performance.md.
const args = process.argv.slice(2);
const serves =
  ["lsp", "studio"].includes(args.find((a) => !a.startsWith("-")) ?? "") ||
  args.includes("--watch");
const own = [...process.execArgv, process.env.NODE_OPTIONS ?? ""].some((a) =>
  a.includes("interrupt-budget"),
);
if (!serves && !own) setFlagsFromString("--interrupt-budget=1081344");

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
