/**
 * The package's code caches (scripts/code-cache.mjs, read by bin/load.js): every training run's cache
 * is there for the built bundle and is the one V8 takes when a user runs that command (the same
 * flags as the bin sets), and a run prints what it prints with code caches off, byte for byte.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { ROOT, spawnVariorum } from "./run.js";

interface CodeCacheScript {
  TRAINING: Record<string, string[][]>;
}
const TRAINING = (
  (await import(pathToFileURL(join(ROOT, "scripts", "code-cache.mjs")).href)) as CodeCacheScript
).TRAINING;

describe("the package's code caches", () => {
  it("one per training run, of the built bundle", () => {
    const build = /^\/\/ variorum build ([0-9a-f]+)\n/.exec(
      readFileSync(join(ROOT, "dist", "cli", "main.cjs"), "utf8"),
    )?.[1];
    expect(build).toBeDefined();
    const files = readdirSync(join(ROOT, "dist", "cli", "code-cache")).sort();
    expect(files).toEqual(
      Object.keys(TRAINING)
        .map((n) => `${n}-${build}.bin`)
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
});
