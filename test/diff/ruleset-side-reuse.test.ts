/**
 * The report reads each ruleset's own side (items, canonical forms, cells) once per IR and reuses it
 * (compiler/diff/report.ts `sideOf`): the studio diffs the draft against the same bundled IR on every
 * keystroke. A report built over reused sides is the report built afresh, and what one report marks
 * on its cells (`differs`) never shows in another.
 */
import { describe, expect, it } from "vitest";
import { buildReport } from "../../compiler/diff/index.js";
import type { RulesetIR } from "../../compiler/ir/ir.js";
import { load } from "./helpers.js";

/** A copy of an IR no report has read yet (its side is then made anew). */
const fresh = (ir: RulesetIR): RulesetIR => structuredClone(ir);

describe("a ruleset's side of the diff, made once", () => {
  it("gives the report built afresh, whichever side a ruleset was on before", () => {
    const sl = load("sl-classic");
    const asl = load("asl-a4");
    const first = buildReport([sl, asl], { situations: 0 });
    expect(first.rows.some((r) => r.cells["asl-a4"]?.differs === true)).toBe(true);
    // asl-a4 now first: its cells, read before and marked there, must not say they differ.
    const swapped = buildReport([asl, sl], { situations: 0 });
    expect(swapped.rows.every((r) => r.cells["asl-a4"]?.differs !== true)).toBe(true);
    expect(JSON.stringify(swapped)).toBe(
      JSON.stringify(buildReport([fresh(asl), fresh(sl)], { situations: 0 })),
    );
    expect(JSON.stringify(buildReport([sl, asl], { situations: 0 }))).toBe(JSON.stringify(first));
  });
});
