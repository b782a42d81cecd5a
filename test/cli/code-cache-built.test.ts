/**
 * The package's code caches (scripts/code-cache.mjs, read by bin/load.js): every training run's cache
 * is there for the built bundle and is the one V8 takes when a user runs that command (the same
 * flags as the bin sets), and a run prints what it prints with code caches off, byte for byte; the
 * package without its caches keeps one of its own per user; without the bundle, the bin says so.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { BUNDLE, CACHES, bundleBuild, cacheFile } from "../../bin/load.js";
import { ROOT, spawnVariorum } from "./run.js";

interface CodeCacheScript {
  TRAINING: Record<string, string[][]>;
}
const TRAINING = (
  (await import(pathToFileURL(join(ROOT, "scripts", "code-cache.mjs")).href)) as CodeCacheScript
).TRAINING;

describe("the package's code caches", () => {
  it("one per training run, of the built bundle", () => {
    const build = bundleBuild(readFileSync(BUNDLE, "utf8"));
    expect(build).not.toBeNull();
    const files = readdirSync(CACHES).map((f) => join(CACHES, f));
    expect(files.sort()).toEqual(
      Object.keys(TRAINING)
        .map((n) => cacheFile(n, build!))
        .sort(),
    );
  });

  for (const [name, runs] of Object.entries(TRAINING))
    it(`\`variorum ${runs[0]!.join(" ")}\` reads "${name}" and V8 takes it; the same output without`, async () => {
      const env = { VARIORUM_NO_CACHE: "1", VARIORUM_DEBUG: "1" };
      // Each run writing into a new folder of its own (TMP), named TMP in what it prints.
      const run = async (more: NodeJS.ProcessEnv) => {
        const tmp = mkdtempSync(join(tmpdir(), "variorum-code-cache-run-"));
        try {
          const r = await spawnVariorum(
            runs[0]!.map((a) => (a === "TMP" ? tmp : a)),
            { env: { ...env, ...more } },
          );
          return {
            ...r,
            stdout: r.stdout.replaceAll(tmp, "TMP"),
            stderr: r.stderr.replaceAll(tmp, "TMP"),
          };
        } finally {
          rmSync(tmp, { recursive: true, force: true });
        }
      };
      const used = await run({});
      expect(used.stderr.split("\n")[0]).toBe(`variorum: code cache ${name}: used`);
      const off = await run({ VARIORUM_NO_CODE_CACHE: "1" });
      expect(off.stderr.split("\n")[0]).toBe("variorum: code cache (none): none");
      expect(used.code).toBe(off.code);
      expect(used.stdout).toBe(off.stdout);
      expect(used.stderr.split("\n").slice(1)).toEqual(off.stderr.split("\n").slice(1));
    });

  it("on a Node the package has no cache for, a run keeps its own in the user's folder, used by the next", async () => {
    // The package as built, without its code caches.
    const pkg = mkdtempSync(join(tmpdir(), "variorum-no-caches-"));
    const users = join(pkg, "user-cache");
    try {
      cpSync(join(ROOT, "bin"), join(pkg, "bin"), { recursive: true });
      cpSync(join(ROOT, "package.json"), join(pkg, "package.json"));
      cpSync(join(ROOT, "dist", "cli", "main.cjs"), join(pkg, "dist", "cli", "main.cjs"));
      cpSync(
        join(ROOT, "dist", "compiler", "node", "cache-folder.js"),
        join(pkg, "dist", "compiler", "node", "cache-folder.js"),
      );
      symlinkSync(join(ROOT, "node_modules"), join(pkg, "node_modules"));
      const run = () =>
        spawnVariorum(["explain", "V0601"], {
          bin: join(pkg, "bin", "variorum.js"),
          env: { VARIORUM_DEBUG: "1", VARIORUM_CACHE_DIR: users },
        });
      const first = await run();
      expect(first.stderr.split("\n")[0]).toBe("variorum: code cache (none): none");
      const next = await run();
      expect(next.stderr.split("\n")[0]).toBe("variorum: code cache explain (yours): used");
      expect(next.code).toBe(0);
      expect(next.stdout).toBe(first.stdout);
      const [build] = readdirSync(users);
      expect(readdirSync(join(users, build!)).filter((f) => f.startsWith("code-"))).toEqual([
        expect.stringMatching(/^code-explain-.+\.bin$/),
      ]);
    } finally {
      rmSync(pkg, { recursive: true, force: true });
    }
  });

  it("without the bundle (dist/ not built): says so, exit 70", async () => {
    const pkg = mkdtempSync(join(tmpdir(), "variorum-unbuilt-"));
    try {
      cpSync(join(ROOT, "bin"), join(pkg, "bin"), { recursive: true });
      cpSync(join(ROOT, "package.json"), join(pkg, "package.json"));
      const r = await spawnVariorum(["--version"], { bin: join(pkg, "bin", "variorum.js") });
      expect(r.code).toBe(70);
      expect(r.stderr).toBe(
        "variorum: the compiled CLI is missing (dist/); run `npm run build` first\n",
      );
    } finally {
      rmSync(pkg, { recursive: true, force: true });
    }
  });
});
