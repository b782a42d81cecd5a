import { defineConfig } from "vitest/config";
import SlowestFirst from "./test/sequencer.js";
import { timeout } from "./test/sweep.js";

/**
 * Two projects, run one after the other (sequence.groupOrder):
 *
 * - `unit`: in-process tests (the compiler, the runtime, the service, the CLI through its `run()` —
 *   test/cli/run.ts's `variorum()` — and the golden cases).
 * - `processes`: the files where a process itself is under test: the `variorum` binary (exit codes,
 *   signals, stdin, `--watch`), the language server over stdio, the studio server, Chromium, the
 *   packed install. Its global setup (test/build-setup.ts) builds dist/ when it is older than its
 *   sources, so nothing spawned is stale; what one file alone needs (the studio page, the .vsix) that
 *   file builds in its own `beforeAll`, when stale.
 *
 * One worker per core: most files run in-process and spawn nothing. `--maxWorkers=N` overrides it.
 * Spawning is asynchronous (test/cli/run.ts): a worker blocked in spawnSync cannot answer vitest's
 * RPC, and on a loaded machine that was "Timeout calling onTaskUpdate" with every test passed.
 */
export const PROCESSES = [
  "test/browser/**/*.test.ts",
  "test/cli/watch.test.ts",
  "test/golden/spawn.test.ts",
  "test/lsp/editing.test.ts",
  "test/lsp/framing.test.ts",
  "test/lsp/lsp.test.ts",
  "test/studio/server.test.ts",
  "test/editors/vsix.test.ts",
  "test/editors/vim.test.ts",
  "test/package/**/*.test.ts",
  "test/examples/**/*.test.ts",
  "test/cli/precompiled.test.ts",
  "test/cli/code-cache-built.test.ts",
];

/** Counter-examples of the invariants' tests (each must fail its test): kept, never run. */
export const COUNTER_EXAMPLES = ["test/fixtures/**"];

export default defineConfig({
  test: {
    maxWorkers: "100%",
    // A worker's test files share the modules they import (the grammar, the checker, the emitter,
    // ts-morph and prettier are loaded once per worker, not once per file: a third of the CPU time
    // before). No test mocks a module or changes process-wide state; each test file is still loaded
    // afresh, and the projects never share a worker. Applies to both projects (vitest 3 sets it for
    // the pool, not per project).
    isolate: false,
    minWorkers: 1,
    // The slowest files start first (test/durations.json), so the two workers end together: vitest's
    // own order needs the durations of an earlier run, which a fresh clone has not got.
    sequence: { sequencer: SlowestFirst },
    projects: [
      {
        test: {
          name: "unit",
          include: ["test/**/*.test.ts"],
          exclude: [...PROCESSES, ...COUNTER_EXAMPLES],
          // A guard against a hang, not a speed limit: on a 2-core machine with two busy loops and
          // seven other jobs beside it (load ≈ 25), `evaluate() is eval --json` for asl-a4 took 61 s.
          // Grown for the long sweep (`SWEEP=1`, test/sweep.ts), whose property tests run longer.
          testTimeout: timeout(300_000),
          hookTimeout: 300_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: "processes",
          include: PROCESSES,
          exclude: COUNTER_EXAMPLES,
          // Builds dist/ when stale: a spawned binary or server is always the current code.
          globalSetup: ["test/build-setup.ts"],
          testTimeout: 300_000,
          hookTimeout: 300_000,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
