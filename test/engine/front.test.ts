/**
 * One front end (compiler/engine/front.ts): the CLI's loader and the language service report the same
 * diagnostics for the same text, lowering included — V0106 reached `variorum check` but not an editor
 * whose service ran without examples, because the service skipped lowering then.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compileText, memoryHost } from "../../compiler/engine/index.js";
import { LanguageService } from "../../compiler/service/index.js";
import { ROOT } from "../cli/run.js";

const V0106 = readFileSync(join(ROOT, "test", "fixtures", "diagnostics", "V0106.rules"), "utf8");
const none = memoryHost({});

function serviceCodes(text: string, examples: boolean): string[] {
  const s = new LanguageService(none, { examples });
  s.open("file:///v0106.rules", text);
  return s.diagnostics("file:///v0106.rules").map((d) => `${d.range.start.line + 1} ${d.code}`);
}

describe("one front end", () => {
  it("the loader reports V0106 at the header", () => {
    const l = compileText(V0106, "v0106.rules");
    expect(l.diagnostics.map((d) => `${d.span?.line} ${d.code}`)).toEqual(["5 V0106"]);
    expect(l.ir).toBeNull();
  });

  for (const examples of [true, false]) {
    it(`the language service reports it too (examples ${examples ? "on" : "off"})`, () => {
      expect(serviceCodes(V0106, examples)).toEqual(["5 V0106"]);
    });
  }

  it("the service's IR is the loader's for a clean ruleset, with or without examples", () => {
    const text = readFileSync(join(ROOT, "rulesets", "sl-classic.rules"), "utf8");
    const loaded = compileText(text, "sl.rules").ir;
    for (const examples of [true, false]) {
      const s = new LanguageService(none, { examples });
      s.open("sl.rules", text);
      expect(JSON.stringify(s.analysis("sl.rules")?.ir)).toBe(JSON.stringify(loaded));
    }
  });
});
