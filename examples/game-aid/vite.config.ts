// The game aid's build. `variorum/…` resolves as an installed package's `exports` would (package.json
// at the repository's root: `./rules/*` → dist/generated/*.js, `./runtime` → dist/runtime/index.js),
// over this repository's build (`npm run build`), so the page imports exactly what a consumer gets.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  exports: Record<string, string | { default: string }>;
};
const target = (entry: string | { default: string }): string =>
  join(root, typeof entry === "string" ? entry : entry.default);

export default defineConfig({
  root: here,
  base: "./",
  logLevel: "warn",
  resolve: {
    alias: Object.entries(pkg.exports)
      .filter(([key]) => key !== "./package.json")
      .map(([key, entry]) =>
        key.endsWith("/*")
          ? {
              find: new RegExp(`^variorum/${key.slice(2, -2)}/([A-Za-z0-9._-]+)$`),
              replacement: target(entry).replace("*", "$1"),
            }
          : {
              find: new RegExp(`^variorum${key === "." ? "" : `/${key.slice(2)}`}$`),
              replacement: target(entry),
            },
      ),
  },
  build: { outDir: join(root, "dist", "game-aid"), emptyOutDir: true },
});
