import { defineConfig } from "vitest/config";

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
 * Workers are capped at half the cores (one on a 2-core machine: its other core runs what the test
 * spawns), so a run never starts more test processes than the machine can keep answering vitest's
 * RPC; `--maxWorkers=N` overrides it.
 * Spawning is asynchronous (test/cli/run.ts): a worker blocked in spawnSync cannot answer vitest's
 * RPC, and on a loaded machine that was "Timeout calling onTaskUpdate" with every test passed.
 */
export const PROCESSES = [
  "test/browser/**/*.test.ts",
  "test/cli/watch.test.ts",
  "test/golden/spawn.test.ts",
  "test/lsp/**/*.test.ts",
  "test/studio/server.test.ts",
  "test/editors/vsix.test.ts",
  "test/editors/vim.test.ts",
  "test/package/**/*.test.ts",
  "test/examples/**/*.test.ts",
];

/** Counter-examples of the invariants' tests (each must fail its test): kept, never run. */
export const COUNTER_EXAMPLES = ["test/fixtures/**"];

export default defineConfig({
  test: {
    maxWorkers: "50%",
    minWorkers: 1,
    projects: [
      {
        test: {
          name: "unit",
          include: ["test/**/*.test.ts"],
          exclude: [...PROCESSES, ...COUNTER_EXAMPLES],
          // A guard against a hang, not a speed limit: on a 2-core machine with two busy loops and
          // seven other jobs beside it (load ≈ 25), `evaluate() is eval --json` for asl-a4 took 61 s.
          testTimeout: 300_000,
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
