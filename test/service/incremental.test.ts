/**
 * The incremental parser gives the very AST (spans included) of a whole-file parse, for every bundled
 * ruleset and after edits, and falls back to the whole-file parse (same diagnostics) on an error.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "../../grammar/index.js";
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
const json = (v: unknown): unknown => JSON.parse(JSON.stringify(v));

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
});
