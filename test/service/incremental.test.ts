/**
 * The incremental parser gives the very AST (spans included), diagnostics and tokens of a whole-file
 * parse, for every bundled ruleset and after edits, with errors too — parsing only the pieces that
 * changed.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse, type ParseOutput } from "../../grammar/index.js";
import { IncrementalParser } from "../../compiler/service/incremental.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const files = [
  ...readdirSync(join(ROOT, "rulesets"))
    .filter((f) => f.endsWith(".rules"))
    .map((f) => join(ROOT, "rulesets", f)),
  ...readdirSync(join(ROOT, "rulesets", "house"))
    .filter((f) => f.endsWith(".rules"))
    .map((f) => join(ROOT, "rulesets", "house", f)),
];
/** A parse as data: its AST, its diagnostics and where each token lies. */
const json = (v: ParseOutput): unknown =>
  JSON.parse(
    JSON.stringify({
      ast: v.ast,
      diagnostics: v.diagnostics,
      tokens: v.tokens.map((t) => [t.startOffset, t.image]),
    }),
  );

describe("incremental parsing", () => {
  for (const f of files) {
    it(`${f.slice(ROOT.length + 1)}: same AST as a whole-file parse, before and after edits`, () => {
      const text = readFileSync(f, "utf8");
      const inc = new IncrementalParser();
      expect(json(inc.parse("u", text))).toEqual(json(parse(text, "u")));
      // An edit that changes a length in the middle moves every later span.
      const i = text.indexOf('"', Math.floor(text.length / 2)) + 1;
      const edited = text.slice(0, i) + "longer " + text.slice(i);
      expect(json(inc.parse("u", edited))).toEqual(json(parse(edited, "u")));
      // A quote and a line break: a string left open (wherever `i` falls) is an error.
      const broken = text.slice(0, i) + '"\n' + text.slice(i);
      const b = inc.parse("u", broken);
      expect(b.diagnostics.length).toBeGreaterThan(0);
      expect(json(b)).toEqual(json(parse(broken, "u")));
    });
  }

  const dirs = ["parser", "diagnostics"].map((d) => join(ROOT, "test", "fixtures", d));
  const broken = dirs.flatMap((d) =>
    readdirSync(d)
      .filter((f) => f.endsWith(".rules"))
      .map((f) => join(d, f)),
  );
  it("gives the whole-file parse of every file with syntax errors (the parser and diagnostics fixtures)", () => {
    expect(broken.length).toBeGreaterThan(40);
    for (const f of broken) {
      const text = readFileSync(f, "utf8");
      expect(json(new IncrementalParser().parse("u", text)), f).toEqual(json(parse(text, "u")));
    }
  });

  it("re-parses only the piece edited when another has an error", () => {
    const text = readFileSync(join(ROOT, "rulesets", "asl-a4.rules"), "utf8");
    const at = text.indexOf("\nrule ", text.length / 3) + 1;
    // A missing `:` in one rule, then an edit far below it.
    const withError = text.slice(0, at) + text.slice(at).replace(":", "");
    const inc = new IncrementalParser();
    const first = inc.parse("u", withError);
    expect(first.diagnostics.map((d) => d.code)).toContain("V0102");
    const i = withError.indexOf('"', Math.floor((withError.length * 3) / 4)) + 1;
    const edited = withError.slice(0, i) + "longer " + withError.slice(i);
    const again = inc.parse("u", edited);
    expect(json(again)).toEqual(json(parse(edited, "u")));
    expect(inc.parsedChars).toBeGreaterThan(0);
    expect(inc.parsedChars).toBeLessThan(edited.length / 10);
  });
});
