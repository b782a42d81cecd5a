/**
 * Error-heavy input: sl-classic.rules pasted 2 and 16 times (every definition a duplicate, a second
 * header at each seam; 16 copies are just under the 1,000,000-character file limit, V0108) reports
 * every duplicate, in proportion to the copies. How long it takes is measured by `npm run bench`
 * (the front end's lines a second), never here: tests time nothing.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compileText } from "../../compiler/engine/index.js";
import { MAX_FILE_CHARS } from "../../grammar/limits.js";
import { ROOT } from "../cli/run.js";

const SL = readFileSync(join(ROOT, "rulesets", "sl-classic.rules"), "utf8");

const errorsOf = (text: string): number =>
  compileText(text, "copies.rules").diagnostics.filter((d) => d.severity === "error").length;

describe("checking pasted copies of a ruleset", () => {
  it("16 copies report fifteen times the duplicates of 2", () => {
    expect(SL.length * 16).toBeLessThan(MAX_FILE_CHARS);
    const small = errorsOf(SL.repeat(2));
    const large = errorsOf(SL.repeat(16));
    // Every copy after the first reports its header and its duplicate definitions.
    expect(small).toBeGreaterThan(10);
    expect(large).toBe(small * 15);
  });

  it("a second header is one located syntax error, not a rescan", () => {
    const r = compileText(SL + SL, "two.rules");
    const headers = r.diagnostics.filter((d) => d.code === "V0102");
    expect(headers).toHaveLength(1);
    expect(headers[0]!.message).toBe("a second `ruleset` header: a file holds one ruleset");
    expect(headers[0]!.span!.line).toBe(
      (SL + SL.slice(0, SL.search(/^ruleset /m))).split("\n").length,
    );
  });
});
