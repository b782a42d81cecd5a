/**
 * The suite's order (test/sequencer.ts): the slowest files first, by test/durations.json, then the
 * rest in vitest's own order; the table names only files the suite runs; and vitest.config.ts uses it.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import config, { COUNTER_EXAMPLES } from "../vitest.config.js";
import SlowestFirst, { durationKey, readDurations, slowestFirst } from "./sequencer.js";
import { ROOT } from "./cli/run.js";

describe("slowestFirst", () => {
  const table: Record<string, number> = { c: 5, e: 40, b: 5, a: 12 };
  const order = (files: string[]) => slowestFirst(files, (f) => table[f]);

  it("starts the files of known duration first, the slowest first", () => {
    expect(order(["a", "x", "b", "y", "e"])).toEqual(["e", "a", "b", "x", "y"]);
  });

  it("keeps the given order of equal durations and of the files it has no duration for", () => {
    expect(order(["y", "c", "x", "b"])).toEqual(["c", "b", "y", "x"]);
    expect(order(["b", "c", "x", "y"])).toEqual(["b", "c", "x", "y"]);
  });

  it("keys a file by its path from the root, with forward slashes", () => {
    expect(durationKey("/r", "/r/test/a/b.test.ts")).toBe("test/a/b.test.ts");
  });
});

describe("test/durations.json", () => {
  const table = readDurations();

  it("gives the slowest files of the suite a duration in seconds", () => {
    expect(Object.keys(table).length).toBeGreaterThan(10);
    for (const [file, seconds] of Object.entries(table)) {
      expect(seconds, file).toBeGreaterThan(0);
      expect(Number.isFinite(seconds), file).toBe(true);
    }
  });

  it("names only test files the suite runs", () => {
    const counter = COUNTER_EXAMPLES.map((g) => g.replace(/\*\*$/, ""));
    const stale = Object.keys(table).filter(
      (f) =>
        !f.endsWith(".test.ts") ||
        !f.startsWith("test/") ||
        counter.some((c) => f.startsWith(c)) ||
        !existsSync(join(ROOT, f)),
    );
    expect(stale, "refresh it: node scripts/test-durations.mjs REPORT").toEqual([]);
  });
});

describe("vitest.config.ts", () => {
  it("orders the files with SlowestFirst", () => {
    expect(config.test?.sequence?.sequencer).toBe(SlowestFirst);
  });
});
