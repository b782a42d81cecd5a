/**
 * grammar/parser.ts relies on internals of Chevrotain 11. It overrides one method of the CST
 * builder (`cstInvocationStateUpdate`) so CST children are plain objects (issue 27: a third of
 * parsing went to hash-table children). And its one grammar extends the class that CstParser and
 * EmbeddedActionsParser both only configure, passing `outputCst` itself, so that one grammar makes an
 * instance that builds the AST in its actions and one that builds a CST. The embedded-actions
 * instance replaces Chevrotain's repetition methods (`optionInternalLogic`, …; grammar/repetition.ts)
 * by allocation-free ones of the same names. Chevrotain is pinned to an
 * exact version in package.json; this test is what makes an upgrade that renames the method, changes
 * its body's assumptions or the classes' shape fail loudly instead of silently falling back to the
 * slow path.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { CstParser, EmbeddedActionsParser } from "chevrotain";
import { describe, expect, it } from "vitest";
import { AstBuilder } from "../../grammar/build.js";
import { lexText, parseAst, parser, parseText } from "../../grammar/parser.js";
import { SourceFile } from "../../diagnostics/index.js";
import { REPLACED } from "../../grammar/repetition.js";
import { MAX_EXPR_DEPTH, mayNestTooDeep, scanTokens } from "../../grammar/limits.js";

describe("the parser's reliance on Chevrotain internals", () => {
  it("overrides a method Chevrotain's CstParser has", () => {
    const proto = CstParser.prototype as unknown as Record<string, unknown>;
    expect(typeof proto["cstInvocationStateUpdate"]).toBe("function");
  });

  it("is the one that runs: every CST node's children are a plain object", () => {
    const { cst, parseErrors } = parseText(readFileSync("rulesets/sl-classic.rules", "utf8"));
    expect(parseErrors).toEqual([]);
    expect(cst).toBeDefined();
    const seen: unknown[] = [];
    const walk = (n: { children: Record<string, unknown[]> }) => {
      seen.push(Object.getPrototypeOf(n.children));
      for (const kids of Object.values(n.children))
        for (const k of kids)
          if (k !== null && typeof k === "object" && "children" in k) walk(k as never);
    };
    walk(cst as never);
    expect(seen.length).toBeGreaterThan(1);
    expect(new Set(seen)).toEqual(new Set([Object.prototype]));
  });

  it("CstParser and EmbeddedActionsParser extend one class, which takes `outputCst` from its config", () => {
    const base: unknown = Object.getPrototypeOf(CstParser);
    expect(base).toBe(Object.getPrototypeOf(EmbeddedActionsParser));
    expect(String(base)).toContain("initTreeBuilder");
  });

  it("the embedded-actions instance builds the AST and no CST", () => {
    expect((parser as unknown as { outputCst: boolean }).outputCst).toBe(false);
    const text = readFileSync("rulesets/sl-classic.rules", "utf8");
    const parts = parseAst(lexText(text).tokens, new AstBuilder(new SourceFile("sl.rules", text)));
    expect(parts?.header?.id).toBe("sl-classic");
    expect(parts!.decls.length).toBeGreaterThan(10);
  });

  it("the embedded-actions instance replaces Chevrotain's repetitions, by their names", () => {
    const base = Object.getPrototypeOf(CstParser) as { prototype: Record<string, unknown> };
    for (const name of REPLACED) {
      // A method Chevrotain renamed would leave the replacement unused: fail here instead.
      expect(typeof base.prototype[name], name).toBe("function");
      expect(Object.hasOwn(parser, name), name).toBe(true);
      expect((parser as unknown as Record<string, unknown>)[name]).not.toBe(base.prototype[name]);
    }
  });

  it("the embedded-actions instance lets go of each token once parsed, by Chevrotain's consumeToken", () => {
    const base = Object.getPrototypeOf(CstParser) as { prototype: Record<string, unknown> };
    // Chevrotain's own, on the prototype chain (its lexer adapter): the override must shadow it.
    expect(typeof (base.prototype["consumeToken"] ?? (parser as never)["consumeToken"])).toBe(
      "function",
    );
    expect(Object.hasOwn(parser, "consumeToken")).toBe(true);
    const text = readFileSync("rulesets/sl-classic.rules", "utf8");
    const tokens = lexText(text).tokens;
    const n = tokens.length;
    const parts = parseAst(tokens, new AstBuilder(new SourceFile("sl.rules", text)));
    expect(parts).not.toBeNull();
    // All but the last token (LA(0) when the file ends) are released.
    expect(tokens.length).toBe(n);
    expect(tokens.filter((t) => t !== undefined)).toHaveLength(1);
    expect(tokens[n - 1]?.image).toBe("}");
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
      const parts = parseAst(lexText(text).tokens, new AstBuilder(new SourceFile("t.rules", text)));
      if (parts === null) continue;
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
