import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Builds editors/vscode/variorum-rules.vsix once per run (when stale); test/editors checks it.
    globalSetup: ['test/editors/setup.ts'],
    // CLI and browser tests spawn processes and Chromium; on a loaded 2-core machine they need time.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
