import { defineConfig } from "vitest/config";

/**
 * Two projects, run one after the other (sequence.groupOrder):
 *
 * - `unit`: in-process tests (the compiler, the runtime, the service, in-process CLI runs, goldens).
 * - `processes`: the files that spawn the `variorum` binary, a language server, a studio server or
 *   Chromium, and the hostile/scale runs, after the unit project, with their own, longer timeouts;
 *   they need the global setups (the studio page and the VS Code extension are built for them).
 *
 * Workers are capped at half the cores (one on a 2-core machine: its other core runs what the test
 * spawns), so a run never starts more test processes than the machine can keep answering vitest's
 * RPC; `--maxWorkers=N` overrides it.
 * Spawning is asynchronous (test/cli/run.ts): a worker blocked in spawnSync cannot answer vitest's
 * RPC, and on a loaded machine that was "Timeout calling onTaskUpdate" with every test passed.
 */
export const PROCESSES = [
  "test/hostile/**/*.test.ts",
  "test/browser/**/*.test.ts",
  "test/cli/cli.test.ts",
  "test/cli/author.test.ts",
  "test/cli/list.test.ts",
  "test/cli/new.test.ts",
  "test/cli/watch.test.ts",
  "test/cli/static-imports.test.ts",
  "test/cards/cli.test.ts",
  "test/diff/cli.test.ts",
  "test/diff/rulebook.test.ts",
  "test/reach/cli.test.ts",
  "test/reach/enemy.test.ts",
  "test/reach/aboard.test.ts",
  "test/reach/vehicles.test.ts",
  "test/scenario/predicates.test.ts",
  "test/scenario/step-answers.test.ts",
  "test/check/clauses.test.ts",
  "test/check/explain.test.ts",
  "test/check/extend.test.ts",
  "test/golden/spawn.test.ts",
  "test/lsp/**/*.test.ts",
  "test/studio/server.test.ts",
  "test/editors/vsix.test.ts",
  "test/package/**/*.test.ts",
  "test/examples/**/*.test.ts",
];

export default defineConfig({
  test: {
    maxWorkers: "50%",
    minWorkers: 1,
    projects: [
      {
        test: {
          name: "unit",
          include: ["test/**/*.test.ts"],
          exclude: PROCESSES,
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
          // Builds editors/vscode/variorum-rules.vsix and the studio (dist/studio-page) once per run, when stale.
          globalSetup: ["test/editors/setup.ts", "test/studio/setup.ts"],
          testTimeout: 300_000,
          hookTimeout: 300_000,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
