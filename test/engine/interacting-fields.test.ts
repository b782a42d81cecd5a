/**
 * Issue 45, item 6, as a ruleset author meets it: two left-out fields that interact
 * (test/fixtures/cases/wet-and-cold.rules: 2 MF when `wet` and `cold` agree). Its examples say the
 * answer depends on each field (before the fix, the case grouping listed `step.wet` as not needed).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compileText, runExamples } from "../../compiler/engine/index.js";

const FILE = join(import.meta.dirname, "..", "fixtures", "cases", "wet-and-cold.rules");

describe("two left-out fields that interact", () => {
  const { ir, diagnostics } = compileText(readFileSync(FILE, "utf8"), "wet-and-cold.rules");

  it("compiles, and its examples (`expect depends on step.wet`, `step.cold`) pass", () => {
    expect(diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(runExamples(ir!).filter((r) => !r.passed)).toEqual([]);
  });
});
