/**
 * Every test file that starts processes (the `variorum` binary, a server, Chromium) belongs to the
 * `processes` project of vitest.config.ts (its own timeouts, after the unit project); a new one left
 * in `unit` fails here. And the matcher below is checked to tell the two apart.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { PROCESSES } from "../vitest.config.js";
import { ROOT } from "./cli/run.js";

/** The two forms PROCESSES uses: an exact path, or `DIR/**\/*.test.ts`. */
function inProcesses(file: string): boolean {
  return PROCESSES.some((p) => {
    if (!p.includes("*")) return p === file;
    const m = /^(.*)\/\*\*\/\*\.test\.ts$/.exec(p);
    if (!m)
      throw new Error(`PROCESSES pattern ${p}: only a path or DIR/**/*.test.ts is understood`);
    return file.startsWith(`${m[1]}/`) && file.endsWith(".test.ts");
  });
}

function testFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((n) => {
      const p = join(dir, n);
      if (statSync(p).isDirectory()) return n === "fixtures" ? [] : testFiles(p);
      return n.endsWith(".test.ts") ? [relative(ROOT, p)] : [];
    });
}

/** Starts a process: spawns one (directly, or through test/cli/run.ts's `variorum()`) or drives Chromium. */
const startsProcesses = (text: string): boolean =>
  /node:child_process|playwright-core|\bvariorum\(/.test(text);

describe("vitest projects", () => {
  it("tells a path and a folder pattern apart", () => {
    expect(inProcesses("test/hostile/scale.test.ts")).toBe(true);
    expect(inProcesses("test/cli/cli.test.ts")).toBe(true);
    expect(inProcesses("test/cli/helpers.test.ts")).toBe(false);
    expect(startsProcesses('import { spawn } from "node:child_process";')).toBe(true);
    expect(startsProcesses('const r = await variorum(["check"]);')).toBe(true);
    expect(startsProcesses('import { ROOT } from "../cli/run.js";')).toBe(false);
  });

  it("puts every file that starts processes in the processes project", () => {
    const stray = testFiles(join(ROOT, "test")).filter(
      (f) =>
        f !== "test/projects.test.ts" && // names the patterns it looks for
        !inProcesses(f) &&
        startsProcesses(readFileSync(join(ROOT, f), "utf8")),
    );
    expect(stray).toEqual([]);
  });
});
