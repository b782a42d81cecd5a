import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Builds editors/vscode/variorum-rules.vsix and the studio (dist/studio-page) once per run, when stale.
    globalSetup: ["test/editors/setup.ts", "test/studio/setup.ts"],
    // CLI and browser tests spawn processes and Chromium; on a loaded 2-core machine they need time.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
