// `node scripts/test-durations.mjs [RESULTS] [--top N]`: writes test/durations.json, the order the
// suite's files start in (test/sequencer.ts), from vitest's cache of its last results
// (node_modules/.vite/vitest/*/results.json unless RESULTS is given): each file's duration in the
// last run that ran it, hooks included, in seconds, keyed by its path from the root. Only the N
// slowest (default 40) are kept; the rest start in vitest's own order. Refresh it after a whole run
// of the suite (`npm test`), whose durations it then holds.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

const ROOT = process.cwd();
const args = process.argv.slice(2);
const topAt = args.indexOf("--top");
const top = topAt === -1 ? 40 : Number(args[topAt + 1]);
const given = args.find((a, i) => !a.startsWith("--") && (topAt === -1 || i !== topAt + 1));
const cacheDir = join(ROOT, "node_modules", ".vite", "vitest");
const results =
  given ??
  (existsSync(cacheDir)
    ? readdirSync(cacheDir)
        .map((d) => join(cacheDir, d, "results.json"))
        .find((f) => existsSync(f))
    : undefined);
if (results === undefined || !Number.isInteger(top) || top < 1) {
  console.error(
    "usage: node scripts/test-durations.mjs [RESULTS] [--top N] (after `npm test`, which leaves vitest's results in node_modules/.vite/vitest/)",
  );
  process.exit(2);
}
/** `[key, { duration (ms), failed }]` per file, the key `project:path`. */
const entries = JSON.parse(readFileSync(results, "utf8")).results;
// The suite's files as its projects hold them now (a cache keeps the keys of files since moved or
// removed): `vitest list --filesOnly --json`.
const listed = spawnSync(
  process.execPath,
  [join(ROOT, "node_modules", "vitest", "vitest.mjs"), "list", "--filesOnly", "--json"],
  { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
);
if (listed.status !== 0) {
  console.error(`test-durations: vitest list failed (exit ${listed.status})`);
  process.exit(1);
}
const current = new Set(
  JSON.parse(listed.stdout).map(
    (f) => `${f.projectName}:${relative(ROOT, f.file).split("\\").join("/")}`,
  ),
);
const rows = entries
  .filter(([key]) => current.has(key))
  .map(([key, r]) => [key.slice(key.indexOf(":") + 1), Math.round(r.duration / 100) / 10])
  .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
  .slice(0, top);
writeFileSync(
  join(ROOT, "test", "durations.json"),
  `${JSON.stringify(Object.fromEntries(rows), null, 2)}\n`,
);
console.log(
  `test/durations.json: the ${rows.length} slowest of ${entries.length} files (${results})`,
);
