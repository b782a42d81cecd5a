/**
 * Every dependency with an install script has a reviewed entry in package.json's `allowScripts`
 * (true: it runs; false: it does not): npm (11.16 and later) lists any other at every install, and
 * npm 12 skips its script. Each package the lockfile marks `hasInstallScript` must be named there,
 * installed or not (keytar, optional, is left out where its build fails), and each name there must be
 * such a package (a stale entry would decide for a script nobody reviewed in a later tree). Names
 * only: the lockfile records no resolved URLs, so npm cannot match a pinned `name@version`.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../cli/run.js";

interface LockEntry {
  hasInstallScript?: boolean;
}

const read = (file: string): unknown => JSON.parse(readFileSync(join(ROOT, file), "utf8"));
const lock = read("package-lock.json") as { packages: Record<string, LockEntry> };
const allowed = (read("package.json") as { allowScripts?: Record<string, boolean> }).allowScripts;

/** The packages of the lockfile that have install scripts, by name. */
function withScripts(): string[] {
  const names = new Set<string>();
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (path === "" || !entry.hasInstallScript) continue;
    names.add(path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length));
  }
  return [...names].sort();
}

describe("install scripts", () => {
  it("are each allowed or denied by package.json's allowScripts, which names no other", () => {
    const names = withScripts();
    // The tree has some (esbuild at least): an empty list means the scan is broken.
    expect(names).toContain("esbuild");
    expect(Object.keys(allowed ?? {}).sort()).toEqual(names);
    for (const name of names) expect(typeof allowed?.[name], name).toBe("boolean");
  });
});
