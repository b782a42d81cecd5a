/**
 * grammar/parser.ts relies on internals of Chevrotain 11. It replaces Chevrotain's `OPTION` and
 * `MANY` (`optionInternalLogic`, `manyInternalLogic`; grammar/repetition.ts) by allocation-free
 * ones of the same names, which read Chevrotain's cache of what follows a repetition
 * (`firstAfterRepMap`) and its rule stack (`RULE_STACK`) to decide when to hand over to its
 * in-repetition recovery; it hooks the two methods Chevrotain calls as each rule starts and ends
 * (`cstInvocationStateUpdate`, `cstFinallyStateUpdate`: no-ops without a CST) to undo a recovered
 * rule's state; and it places the tokens recovery inserts (`getTokenToInsert`). Chevrotain is pinned
 * to an exact version in package.json; this test is what makes an upgrade that renames a method or
 * a field fail loudly instead of silently skipping the recovery or the fast path.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { EmbeddedActionsParser } from "chevrotain";
import { describe, expect, it } from "vitest";
import { AstBuilder } from "../../grammar/build.js";
import { lexText, parser, parseTokens } from "../../grammar/parser.js";
import { SourceFile } from "../../diagnostics/index.js";
import { REPLACED } from "../../grammar/repetition.js";
import { MAX_EXPR_DEPTH, mayNestTooDeep, scanTokens } from "../../grammar/limits.js";

const proto = EmbeddedActionsParser.prototype as unknown as Record<string, unknown>;
const own = parser() as unknown as Record<string, unknown>;

describe("the parser's reliance on Chevrotain internals", () => {
  it("replaces Chevrotain's OPTION and MANY, by their names, keeping its MANY for recovery", () => {
    for (const name of REPLACED) {
      // A method Chevrotain renamed would leave the replacement unused: fail here instead.
      expect(typeof proto[name], name).toBe("function");
      expect(Object.hasOwn(parser(), name), name).toBe(true);
      expect(own[name]).not.toBe(proto[name]);
    }
    expect(own["originalMany"]).toBe(proto["manyInternalLogic"]);
  });

  it("reads the fields its repetitions and recovery hooks rely on", () => {
    const text = readFileSync("rulesets/sl-classic.rules", "utf8");
    parseTokens(lexText(text).tokens, new AstBuilder(new SourceFile("sl.rules", text)));
    // Filled by Chevrotain's own MANY the first time each repetition is left.
    const after = Object.values(own["firstAfterRepMap"] as object);
    expect(after.length).toBeGreaterThan(5);
    expect(after[0]).toHaveProperty("isEndOfRule");
    expect(Array.isArray(own["RULE_STACK"])).toBe(true);
  });

  it("hooks the rule start and end Chevrotain calls, and places inserted tokens", () => {
    for (const name of ["cstInvocationStateUpdate", "cstFinallyStateUpdate", "getTokenToInsert"])
      expect(typeof proto[name], name).toBe("function");
    expect(Object.hasOwn(parser(), "cstInvocationStateUpdate")).toBe(true);
    expect(Object.hasOwn(parser(), "cstFinallyStateUpdate")).toBe(true);
    // A missing `:` is inserted where `[1]` ends, not at NaN.
    const text = 'ruleset a "A"\nconstraint c [1] true';
    const parts = parseTokens(
      lexText(text).tokens,
      new AstBuilder(new SourceFile("a.rules", text)),
    );
    expect(parts.errors.map((e) => e.message)).toEqual(['expected ":"']);
    expect(parts.decls[0]?.span).toMatchObject({ start: 14, end: text.length });
  });

  it("counts each definition's tokens as mayNestTooDeep does on the token list", () => {
    // Definitions just under, at and over MAX_EXPR_DEPTH tokens, with and without `override` (which
    // the definition's span leaves out), in and out of a `section` block, after every bundled file.
    const terms = (k: number) => Array.from({ length: k }, (_, i) => `a${i}`).join(" + ");
    // `rule r [1]: MF = ` is 7 tokens, then 2k - 1 for k terms.
    const generated = [-2, -1, 0, 1, 2].flatMap((d) => {
      const k = (MAX_EXPR_DEPTH - 7 + d + 1) / 2;
      if (!Number.isInteger(k)) return [];
      return [
        `ruleset g "G"\nrule r [1]: MF = ${terms(k)}\noverride rule s [1]: MF = ${terms(k)}\n` +
          `section x { override rule t [1]: MF = ${terms(k)} rule u [1]: MF = ${terms(k)} }`,
      ];
    });
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) return files(path);
        return name.endsWith(".rules") ? [path] : [];
      });
    const texts = [
      ...[...files("rulesets"), ...files("test/fixtures")].map((f) => readFileSync(f, "utf8")),
      ...generated,
    ];
    let long = 0;
    let parsed = 0;
    for (const text of texts) {
      const tokens = lexText(text).tokens;
      // A file whose brackets nest too deep is not parsed (grammar/index.ts).
      if (scanTokens(tokens).deep !== null) continue;
      const parts = parseTokens(tokens, new AstBuilder(new SourceFile("t.rules", text)));
      if (parts.errors.length > 0) continue;
      parsed++;
      for (const d of parts.decls) {
        const expected = mayNestTooDeep(tokens, d.span.start, d.span.end);
        expect(parts.long.includes(d), `${d.kind} ${d.name}`).toBe(expected);
        if (expected) long++;
      }
    }
    expect(parsed).toBeGreaterThan(50);
    // Each generated file has two definitions of at least MAX_EXPR_DEPTH tokens or none.
    expect(long).toBeGreaterThanOrEqual(2 * 4);
  });

  it("Chevrotain is pinned to the exact version the override was written for", () => {
    const pkg = JSON.parse(readFileSync("package.json", "utf8")) as {
      dependencies: Record<string, string>;
    };
    expect(pkg.dependencies["chevrotain"]).toBe("11.0.3");
  });
});
