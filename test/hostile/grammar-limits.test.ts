/**
 * Issue 23's front-end defects (items 1, 2, 6, 7, 10), in-process: every bound of the grammar answers
 * with a located diagnostic — through `compileText` as the CLI checks a file, and through the
 * language service as an editor asks — never a stack overflow or a heap exhausted.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LanguageService } from "../../compiler/service/index.js";
import { ROOT } from "../cli/run.js";

const FIX = join(ROOT, "test", "fixtures", "diagnostics");

describe("1. deep prefix operators and `if … else` chains", () => {
  it("the language service answers a file of 5,000 nested prefixes: diagnostics, hover, symbols", () => {
    const text = readFileSync(join(FIX, "V0104-prefix.rules"), "utf8");
    const uri = "file:///deep.rules";
    const s = new LanguageService({ readRuleset: () => null });
    s.open(uri, text);
    const ds = s.diagnostics(uri);
    expect(
      ds.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.code}`),
    ).toEqual(["12:295 V0104", "13:1055 V0104", "14:1580 V0104"]);
    // Hover over the first `-`, and over the movement binding's `allowance`: no throw either way.
    expect(() => s.hover(uri, text.indexOf("= -") + 2)).not.toThrow();
    expect(() => s.hover(uri, text.lastIndexOf("allowance"))).not.toThrow();
    // The definitions nested too deep are left out; the rest of the file is outlined.
    expect(JSON.stringify(s.symbols(uri))).toContain('"name":"MF"');
    expect(() => s.semanticTokens(uri)).not.toThrow();
  });
});
