/**
 * For the files that load the studio page (test/browser/studio*.test.ts call it in `beforeAll`): builds
 * dist/studio-page only when it is missing or older than what it bundles (`npm ci` builds it through
 * `prepare`, so a fresh clone builds it not at all), and no test file that never opens the page waits
 * for it. Workers do not share a lock: with two at once, both may build the same files.
 */
import { existsSync, statSync } from "node:fs";
import { newest } from "../newest.js";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const SOURCES = [
  "studio/page",
  "studio/vite.config.ts",
  "compiler",
  "grammar",
  "runtime",
  "diagnostics",
  "rulesets",
  "maps",
  "scenarios",
  "templates",
];

export async function buildStudioPage(): Promise<void> {
  const index = join(ROOT, "dist", "studio-page", "index.html");
  if (
    existsSync(index) &&
    statSync(index).mtimeMs >= Math.max(...SOURCES.map((p) => newest(join(ROOT, p))))
  )
    return;
  const { build } = await import("vite");
  await build({ configFile: join(ROOT, "studio", "vite.config.ts"), logLevel: "warn" });
}
