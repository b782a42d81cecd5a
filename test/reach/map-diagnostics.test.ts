/**
 * Map fixtures as data: every `test/fixtures/maps/NAME.json` has a `NAME.expect` listing each
 * diagnostic `parseMap` must report (`# expect: LINE:COL error CODE message`), checked against the
 * vocabulary of the ruleset named by `# ruleset:` (default sl-classic). Every V10xx code has one.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CODES } from "../../diagnostics/index.js";
import { parseMap } from "../../compiler/map/parse.js";
import { mapVocabulary } from "../../compiler/map/known-names.js";
import { ROOT, ir } from "./helpers.js";

const DIR = join(ROOT, "test", "fixtures", "maps");
const fixtures = readdirSync(DIR)
  .filter((f) => f.endsWith(".json"))
  .sort();

describe("map diagnostics fixtures", () => {
  for (const name of fixtures) {
    it(name, () => {
      const text = readFileSync(join(DIR, name), "utf8");
      const exp = readFileSync(join(DIR, name.replace(/\.json$/, ".expect")), "utf8");
      const ruleset = /^# ruleset:\s*(\S+)/m.exec(exp)?.[1] ?? "sl-classic";
      const want = [...exp.matchAll(/^# expect: (.*)$/gm)].map((m) => m[1]!.trim());
      const got = parseMap(text, name, mapVocabulary([ir(ruleset)])).diagnostics.map(
        (d) => `${d.span!.line}:${d.span!.col} ${d.severity} ${d.code} ${d.message}`,
      );
      expect(got).toEqual(want);
    });
  }
  it("every V10xx code has a fixture named after it", () => {
    const have = new Set(fixtures.map((f) => f.slice(0, 5)));
    expect(Object.keys(CODES).filter((c) => c >= "V1000" && c < "V1100" && !have.has(c))).toEqual(
      [],
    );
  });
  it("a clean map has no diagnostics and the bundled maps are clean", () => {
    for (const f of readdirSync(join(ROOT, "maps")).filter((x) => x.endsWith(".json"))) {
      const r = parseMap(
        readFileSync(join(ROOT, "maps", f), "utf8"),
        f,
        mapVocabulary([ir("sl-classic"), ir("asl-a4")]),
      );
      expect(r.diagnostics, f).toEqual([]);
      expect(r.map).not.toBeNull();
    }
  });
});
