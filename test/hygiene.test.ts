/**
 * The house rules of a test (ARCHITECTURE.md's invariants): no sleeps, no skip guards, no timing
 * assertions in any test source (test/hygiene.ts reads them), and every file that starts a process
 * belongs to the `processes` project of vitest.config.ts. Each rule is also run on its counter-examples
 * in test/fixtures/hygiene/ (kept, never run), each of which must be found breaking the rule its first
 * line names; and on one file that breaks nothing.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { COUNTER_EXAMPLES, PROCESSES } from "../vitest.config.js";
import { ROOT } from "./cli/run.js";
import { findings, type Finding } from "./hygiene.js";

const COUNTER = join(ROOT, "test", "fixtures", "hygiene");

/** The two forms PROCESSES uses: an exact path, or `DIR/**\/*.test.ts`. */
function inPattern(patterns: string[], file: string): boolean {
  return patterns.some((p) => {
    if (!p.includes("*")) return p === file;
    const m = /^(.*)\/\*\*(\/\*\.test\.ts)?$/.exec(p);
    if (!m) throw new Error(`pattern ${p}: only a path, DIR/** or DIR/**/*.test.ts is understood`);
    return file.startsWith(`${m[1]}/`) && (!m[2] || file.endsWith(".test.ts"));
  });
}

/** Every .ts file under `dir` (relative to the root), counter-examples left out. */
function sources(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((n) => {
      const p = join(dir, n);
      if (statSync(p).isDirectory()) return n === "fixtures" ? [] : sources(p);
      return n.endsWith(".ts") ? [relative(ROOT, p)] : [];
    });
}

/** Starts a process: spawns one (directly, the binary, the language server, the studio) or drives Chromium. */
const startsProcesses = (text: string): boolean =>
  /from\s+["'](node:child_process|playwright-core)["']|\bspawnVariorum\(|\bnew LspClient\(|\bserveStudio\(/.test(
    text,
  );

/** Files that name the patterns they look for. */
const SELF = ["test/hygiene.ts", "test/hygiene.test.ts"];

/**
 * Known exceptions, each with its reason; remove the entry with the line.
 * test/browser/cards.test.ts checks the PDF's text only when pdftotext is installed: its owner (the
 * cards work of issue 41) makes pdftotext required; until that lands, its `skip` finding is expected.
 */
const KNOWN: { file: string; rule: Finding["rule"] }[] = [
  { file: "test/browser/cards.test.ts", rule: "skip" },
];

describe("test house rules", () => {
  const counter = readdirSync(COUNTER)
    .filter((n) => n.endsWith(".test.ts"))
    .sort();

  it("has a counter-example of each rule, and one clean file", () => {
    const rules = counter.map(
      (n) => /^\/\/ breaks: (\w+)/.exec(readFileSync(join(COUNTER, n), "utf8"))?.[1],
    );
    expect(new Set(rules)).toEqual(new Set(["sleep", "skip", "timing", "nothing"]));
  });

  for (const name of counter) {
    it(`finds what ${name} breaks`, () => {
      const text = readFileSync(join(COUNTER, name), "utf8");
      const rule = /^\/\/ breaks: (\w+)/.exec(text)![1]!;
      const found = findings(text);
      if (rule === "nothing") expect(found).toEqual([]);
      else {
        expect(found.length, name).toBeGreaterThan(0);
        expect(new Set(found.map((f) => f.rule))).toEqual(new Set([rule]));
      }
    });
  }

  it("test sources have no sleep, no skip guard and no timing assertion", () => {
    const broken = sources(join(ROOT, "test"))
      .filter((f) => !SELF.includes(f))
      .flatMap((file) =>
        findings(readFileSync(join(ROOT, file), "utf8"))
          .filter((x) => !KNOWN.some((k) => k.file === file && k.rule === x.rule))
          .map((x) => `${file}:${x.line}: ${x.rule} (${x.why}): ${x.text}`),
      );
    expect(broken).toEqual([]);
  });

  it("counter-examples are never run", () => {
    for (const n of counter)
      expect(inPattern(COUNTER_EXAMPLES, `test/fixtures/hygiene/${n}`), n).toBe(true);
  });
});

describe("vitest projects", () => {
  it("tells a path and a folder pattern apart, and what starts a process", () => {
    expect(inPattern(PROCESSES, "test/browser/studio.test.ts")).toBe(true);
    expect(inPattern(PROCESSES, "test/cli/watch.test.ts")).toBe(true);
    expect(inPattern(PROCESSES, "test/cli/helpers.test.ts")).toBe(false);
    expect(startsProcesses('import { spawn } from "node:child_process";')).toBe(true);
    expect(startsProcesses('const r = await spawnVariorum(["check"]);')).toBe(true);
    expect(startsProcesses('const r = await variorum(["check"]);')).toBe(false);
    expect(startsProcesses('import { ROOT } from "../cli/run.js";')).toBe(false);
    // The counter-example that spawns, left in `unit`, is what the next test would refuse.
    const spawns = readFileSync(join(COUNTER, "tool-status.test.ts"), "utf8");
    expect(startsProcesses(spawns)).toBe(true);
  });

  it("puts every test file that starts processes in the processes project", () => {
    const stray = sources(join(ROOT, "test")).filter(
      (f) =>
        f.endsWith(".test.ts") &&
        !SELF.includes(f) &&
        !inPattern(PROCESSES, f) &&
        startsProcesses(readFileSync(join(ROOT, f), "utf8")),
    );
    expect(stray).toEqual([]);
  });
});
