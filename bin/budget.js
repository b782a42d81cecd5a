// Which runs of `variorum` raise V8's optimising budget (bin/variorum.js sets it before the CLI
// loads). Plain JavaScript beside the entry, so it runs before anything is bundled or compiled.
//
// A command is a short burst of work. V8 optimises a function once about 66 KB of its bytecode has
// run, and on a first `diff` its optimising compiler spent about half the process's CPU compiling
// code that then ran for a few hundred milliseconds. With 16 times that budget only what runs long
// (a large reach, a compile) is optimised, still by the same compiler; the answers are the same.
// The servers (`lsp`, `studio`, `--watch`) live long and keep V8's budget, as does a budget the user
// sets (NODE_OPTIONS, a node flag). Figures: docs/performance.md.

/** The flag a one-shot command sets: 16 × V8's default budget (66 KB of bytecode run). */
export const BUDGET_FLAG = "--interrupt-budget=1081344";

/**
 * Whether a run with these arguments raises the budget: not a server (`lsp`, `studio`, or any
 * command with `--watch`), and not when the user set a budget of their own (a node flag or
 * NODE_OPTIONS).
 * @param {readonly string[]} args the CLI's arguments (after `variorum`)
 * @param {readonly string[]} execArgv node's own flags
 * @param {string | undefined} nodeOptions NODE_OPTIONS
 * @returns {boolean}
 */
export function raisesBudget(args, execArgv, nodeOptions) {
  const command = args.find((a) => !a.startsWith("-")) ?? "";
  const serves = command === "lsp" || command === "studio" || args.includes("--watch");
  const own = [...execArgv, nodeOptions ?? ""].some((a) => a.includes("interrupt-budget"));
  return !serves && !own;
}
