// Checks that docs/api/ (the API reference, TypeDoc's Markdown of the library, the runtime and the
// rules modules: typedoc.json) is what the doc comments give today: TypeDoc writes it again into a
// temporary folder, and any file added, removed or changed fails the check (`npm run docs:api` fixes it).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";

const out = mkdtempSync(join(tmpdir(), "variorum-api-"));
try {
  const r = spawnSync("npx", ["--no-install", "typedoc", "--out", out], { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
  const files = (dir) =>
    readdirSync(dir).flatMap((n) =>
      statSync(join(dir, n)).isDirectory() ? files(join(dir, n)) : [join(dir, n)],
    );
  const list = (dir) =>
    files(dir)
      .map((f) => relative(dir, f))
      .sort();
  const want = list(out);
  let have = [];
  try {
    have = list("docs/api");
  } catch {
    // no docs/api yet
  }
  const stale = [
    ...want.filter((f) => !have.includes(f)).map((f) => `missing: docs/api/${f}`),
    ...have.filter((f) => !want.includes(f)).map((f) => `extra: docs/api/${f}`),
    ...want
      .filter((f) => have.includes(f))
      .filter(
        (f) => readFileSync(join(out, f), "utf8") !== readFileSync(join("docs/api", f), "utf8"),
      )
      .map((f) => `changed: docs/api/${f}`),
  ];
  if (stale.length > 0) {
    console.error(`docs/api is stale (run: npm run docs:api):\n  ${stale.join("\n  ")}`);
    process.exit(1);
  }
  console.log(`docs/api is fresh (${want.length} files)`);
} finally {
  rmSync(out, { recursive: true, force: true });
}
