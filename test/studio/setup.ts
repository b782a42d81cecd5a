/**
 * vitest global setup: builds the studio (dist/studio-page) once per test run, and only when it is
 * missing or older than what it bundles (`npm ci` builds it through `prepare`, so CI builds it once).
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

export default async function setup(): Promise<void> {
  const index = join(ROOT, "dist", "studio-page", "index.html");
  if (
    existsSync(index) &&
    statSync(index).mtimeMs >= Math.max(...SOURCES.map((p) => newest(join(ROOT, p))))
  )
    return;
  const { build } = await import("vite");
  await build({ configFile: join(ROOT, "studio", "vite.config.ts"), logLevel: "warn" });
}
