/**
 * Coverage of the bundled rulesets (issue 43): every paragraph of each source index is encoded,
 * carried by examples or declared out of scope, and every worked example is carried or declared out
 * of scope — nothing missing; and docs/rulesets.md's **Coverage** line of each is what
 * `variorum coverage` computes, so the prose cannot drift from the rulesets.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildCoverage, leavesOutLine, totalsLine } from "../../compiler/coverage/index.js";
import { compileText } from "../../compiler/engine/index.js";
import type { RulesetIR } from "../../compiler/ir/ir.js";
import { ROOT } from "../cli/run.js";

const text = (id: string) => readFileSync(join(ROOT, "rulesets", `${id}.rules`), "utf8");
const SL = text("sl-classic");
const BUNDLED = ["sl-classic", "sqla-31", "asl-a4", "tide-of-iron", "chain-of-command"];
const irOf = (id: string): RulesetIR => {
  const l = compileText(text(id), `${id}.rules`, id === "sqla-31" ? { "sl-classic": SL } : {});
  expect(l.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return l.ir!;
};
const DOC = readFileSync(join(ROOT, "docs", "rulesets.md"), "utf8").replace(/\s+/g, " ");

describe("coverage of the bundled rulesets", () => {
  for (const id of BUNDLED) {
    it(`${id}: every paragraph and worked example accounted for, as docs/rulesets.md says`, () => {
      const ir = irOf(id);
      const r = buildCoverage(ir);
      expect(r.indexOf).toBe(id);
      const missing = r.sections.flatMap((s) =>
        [...s.paragraphs, ...s.examples].filter((p) => p.status === "missing").map((p) => p.cite),
      );
      expect(missing).toEqual([]);
      // Every out-of-scope entry says why.
      for (const s of r.sections)
        for (const p of [...s.paragraphs, ...s.examples])
          if (p.status === "out-of-scope") expect(p.reason, p.cite).toMatch(/\w{3}/);
      expect(DOC).toContain(`**Coverage** (\`variorum coverage ${id}\`): ${totalsLine(r.totals)}.`);
    });
  }

  it("a paragraph nothing cites is missing, and the card's line says so", () => {
    const ir = irOf("chain-of-command");
    // Drop the declaration of 10.5: the paragraph is then neither cited nor out of scope.
    const without = { ...ir, outOfScope: ir.outOfScope!.filter((o) => o.cite !== "10.5") };
    const r = buildCoverage(without);
    expect(r.totals.missing).toBe(1);
    expect(leavesOutLine(without, false)).toContain("1 neither encoded nor declared out of scope");
  });
});
