// The code caches of the CLI's bundle (bin/load.js reads them): for each command, a training run in
// a process of its own, as a user runs it (the same loader, the same V8 flags), then V8's code cache
// of the bundle with what that run compiled (`script.createCachedData()`), written to
// dist/cli/code-cache/NAME-BUILD-V8.bin (V8: the version of the V8 that made it). Run by
// scripts/bundle-cli.mjs after the bundle and the built results of the package's rulesets;
// `node scripts/code-cache.mjs --train NAME BUILD` is one training run.
//
// The runs cover each command's usual work over the package's own rulesets, maps and scenarios. A
// run of the same command on other inputs uses the same cache: the code is the same, and what the
// training did not compile is compiled on first use, as without a cache.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { setFlagsFromString } from "node:v8";
import { BUDGET_FLAG, raisesBudget } from "../bin/budget.js";
import { CACHES, cacheFile, loadCli } from "../bin/load.js";

const root = fileURLToPath(new URL("..", import.meta.url));

/** Each cache's training: the runs made, in one process, before the cache is taken. */
export const TRAINING = {
  // Every run without a cache of its own: help, the version, a mistyped command.
  start: [["--help"], ["--version"]],
  // The servers keep V8's budget (bin/budget.js), so their cache is made under it.
  serve: [
    ["lsp", "--help"],
    ["studio", "--help"],
  ],
  // Into a folder of its own (TMP: a new temporary folder), whatever state generated/ is in.
  compile: [["compile", "sl-classic", "--out", "TMP"]],
  check: [["check"]],
  list: [["list"]],
  test: [["test", "asl-a4"]],
  eval: [["eval", "sl-classic", "scenarios/sl-hero-advance.json"]],
  reach: [["reach", "sl-classic", "maps/hedgerows.json", "--from", "C3"]],
  diff: [["diff", "sl-classic", "sqla-31", "asl-a4", "tide-of-iron", "chain-of-command"]],
  card: [["card", "asl-a4"]],
  coverage: [["coverage", "asl-a4"]],
  explain: [["explain", "V0601"]],
};

/**
 * Every cache of build `build`, each trained in a process of its own; the names made. A training run
 * that fails fails the build: a usage error (its arguments are wrong) or an internal error. Exit 1
 * (a ruleset being edited has an error, say) is an answer, and trains the same code.
 * @param {string} build
 * @returns {string[]}
 */
export function trainCodeCaches(build) {
  rmSync(CACHES, { recursive: true, force: true });
  mkdirSync(CACHES, { recursive: true });
  const names = Object.keys(TRAINING);
  for (const name of names) {
    const r = spawnSync(
      process.execPath,
      [fileURLToPath(import.meta.url), "--train", name, build],
      {
        cwd: root,
        // As a user runs it: no node options of the build's (V8 uses a cache only under the same
        // flags), no report cache (so that the run does the work, and writes nothing of the user's).
        env: { ...process.env, NODE_OPTIONS: "", VARIORUM_NO_CACHE: "1" },
        stdio: ["ignore", "ignore", "pipe"],
      },
    );
    if (r.status !== 0)
      throw new Error(`training the code cache "${name}" failed:\n${r.stderr.toString()}`);
  }
  return names;
}

/** One training run: the runs of `name` (TRAINING), then the bundle's code cache. */
async function train(name, build) {
  const runs = TRAINING[name];
  if (raisesBudget(runs[0], process.execArgv, process.env.NODE_OPTIONS))
    setFlagsFromString(BUDGET_FLAG);
  const { cli, script, build: bundled } = await loadCli([]);
  if (bundled !== build) throw new Error(`the bundle is of build ${bundled}, not ${build}`);
  const tmp = mkdtempSync(join(tmpdir(), "variorum-training-"));
  try {
    for (const argv of runs) {
      const code = await cli.run(argv.map((a) => (a === "TMP" ? tmp : a)));
      if (code !== 0 && code !== 1) throw new Error(`variorum ${argv.join(" ")} exited ${code}`);
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  writeFileSync(cacheFile(name, build), script.createCachedData());
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === "--train")
  await train(process.argv[3], process.argv[4]);
