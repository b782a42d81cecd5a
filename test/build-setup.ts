/**
 * vitest global setup of the `processes` project: builds dist/ (`tsc -p tsconfig.build.json`, then the CLI's bundle) when it
 * is missing or older than its sources, so that a spawned binary, language server or studio server is
 * always the current code (test/cli/run.ts's `assertFreshBuild` refuses a stale one besides).
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { ROOT, staleBuild } from "./cli/run.js";

export default function setup(): void {
  if (!staleBuild()) return;
  const r = spawnSync(
    process.execPath,
    [join(ROOT, "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.build.json"],
    { cwd: ROOT, stdio: "inherit" },
  );
  if (r.status !== 0) throw new Error(`tsc -p tsconfig.build.json failed (exit ${r.status})`);
  // The CLI's bundle and the built results of the package's rulesets (scripts/bundle-cli.mjs).
  const b = spawnSync(process.execPath, [join(ROOT, "scripts", "bundle-cli.mjs")], {
    cwd: ROOT,
    stdio: "inherit",
  });
  if (b.status !== 0) throw new Error(`node scripts/bundle-cli.mjs failed (exit ${b.status})`);
  const still = staleBuild();
  if (still) throw new Error(`after tsc -p tsconfig.build.json: ${still}`);
}
