// The game aid's build, as it stands in a project of your own: `npm install variorum-rules` and
// `npm install -D vite`, then `npx vite build` (→ dist/) or `npx vite` while you edit. The imports
// `variorum-rules/…` resolve through the package's `exports`; nothing else is configured.
// (The repository's own test builds it over this checkout's build instead: test/examples/game-aid.test.ts.)
import type { UserConfig } from "vite";

export default {
  base: "./",
  logLevel: "warn",
  build: { outDir: "dist", emptyOutDir: true },
} satisfies UserConfig;
