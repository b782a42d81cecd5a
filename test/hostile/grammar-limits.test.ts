/**
 * Issue 23's front-end defects (items 1, 2, 6, 7, 10), in-process: every bound of the grammar answers
 * with a located diagnostic — through `compileText` as the CLI checks a file, and through the
 * language service as an editor asks — never a stack overflow or a heap exhausted.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { shortWord } from "../../diagnostics/index.js";
import { compileText, memoryHost } from "../../compiler/engine/index.js";
import { LanguageService } from "../../compiler/service/index.js";
import { parse } from "../../grammar/index.js";
import { lexText } from "../../grammar/parser.js";
import { ROOT } from "../cli/run.js";

const FIX = join(ROOT, "test", "fixtures", "diagnostics");

describe("1. deep prefix operators and `if … else` chains", () => {
  it("the language service answers a file of 5,000 nested prefixes: diagnostics, hover, symbols", () => {
    const text = readFileSync(join(FIX, "V0104-prefix.rules"), "utf8");
    const uri = "file:///deep.rules";
    const s = new LanguageService(memoryHost({}));
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

const HEAD = 'ruleset big "Big"\n  cites numbered\n\nmeasure MF [1.1] "m"\n';

describe("2. a 10,000,000-character string literal", () => {
  it("the lexer scans long strings and names in one pass (the editor and the studio lex directly)", () => {
    const n = 10_000_000;
    for (const [text, type] of [
      [`"${"x".repeat(n)}"`, "StringLit"],
      [`"${"\\x".repeat(n / 2)}"`, "StringLit"],
      [`"${"x".repeat(n)}`, "BadString"],
      [`${"a-".repeat(n / 2)}a`, "Ident"],
    ] as const) {
      const { tokens, lexErrors } = lexText(text);
      expect(lexErrors).toEqual([]);
      expect(tokens.map((t) => [t.tokenType.name, t.image.length])).toEqual([[type, text.length]]);
    }
  });

  it("a file holding one is V0108 at the first character past 1,000,000", () => {
    const text = `${HEAD}rule r [1.2] "${"x".repeat(10_000_000)}" : MF = 1 MF\n`;
    const { diagnostics } = parse(text, "big.rules");
    expect(diagnostics.map((d) => [d.code, d.span!.start, d.span!.line])).toEqual([
      ["V0108", 1_000_000, 5],
    ]);
    expect(diagnostics[0]!.message).toBe(
      `this file is ${text.length.toLocaleString("en")} characters long; a ruleset is at most 1,000,000`,
    );
  });
});

describe("7. messages window the names they quote", () => {
  it("a 900,000-character unknown name makes a message of about a hundred characters", () => {
    const name = "a".repeat(900_000);
    const r = compileText(`${HEAD}rule r [1.2] "r" : MF = ${name}\n`, "name.rules");
    const unknown = r.diagnostics.find((d) => d.code === "V0201")!;
    expect(unknown.span!.end - unknown.span!.start).toBe(name.length);
    expect(unknown.message).toBe(`unknown name ${shortWord(name)}`);
    expect(unknown.message.length).toBeLessThan(120);
    for (const d of r.diagnostics)
      expect(d.message.length + (d.hint ?? "").length).toBeLessThan(400);
  });

  it("shortWord keeps a word of up to 100 characters and cuts the middle of a longer one", () => {
    expect(shortWord("x".repeat(100))).toBe("x".repeat(100));
    const long = "a".repeat(60) + "b".repeat(60);
    expect(shortWord(long)).toBe(`${"a".repeat(50)}…${"b".repeat(49)}`);
    expect(shortWord(long)).toHaveLength(100);
  });
});

describe("10. a leading byte-order mark", () => {
  it("is skipped by the lexer and counts for no column", () => {
    const text = '\ufeffruleset bom "With a mark" @';
    const { diagnostics } = parse(text, "bom.rules");
    expect(diagnostics.map((d) => [d.code, d.span!.line, d.span!.col])).toEqual([
      ["V0101", 1, text.indexOf("@")],
    ]);
    // Anywhere else it is no white space.
    expect(parse('ruleset bom "x" \ufeff', "bom.rules").diagnostics.map((d) => d.code)).toEqual([
      "V0101",
    ]);
  });
});
