/**
 * Error-heavy input scales linearly: sl-classic.rules pasted 40 and 400 times (every definition a
 * duplicate, a second header at each seam) is checked in time proportional to its length. This is
 * a complexity test, not a speed one: it compares two sizes in one process (best of three each),
 * and allows 2.5× the linear ratio, far below the 100× a quadratic pass would take.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compileText } from "../../compiler/pipeline.js";
import { breathe, ROOT } from "../cli/run.js";

const SL = readFileSync(join(ROOT, "rulesets", "sl-classic.rules"), "utf8");

async function bestOf3(text: string): Promise<{ ms: number; errors: number }> {
  let ms = Infinity;
  let errors = 0;
  for (let i = 0; i < 3; i++) {
    await breathe();
    const t0 = performance.now();
    const r = compileText(text, "copies.rules");
    ms = Math.min(ms, performance.now() - t0);
    errors = r.diagnostics.filter((d) => d.severity === "error").length;
  }
  return { ms, errors };
}

describe("checking pasted copies of a ruleset", () => {
  it("400 copies take about ten times as long as 40", { timeout: 300_000 }, async () => {
    const small = await bestOf3(SL.repeat(40));
    const large = await bestOf3(SL.repeat(400));
    // Every copy after the first reports its header and its duplicate definitions.
    expect(large.errors).toBeGreaterThan(small.errors * 9);
    expect(large.ms / small.ms).toBeLessThan(25);
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
