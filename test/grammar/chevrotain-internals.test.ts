/**
 * grammar/parser.ts overrides one internal method of Chevrotain 11's CST builder
 * (`cstInvocationStateUpdate`) so CST children are plain objects (issue 27: a third of parsing went to
 * hash-table children). Chevrotain is pinned to an exact version in package.json; this test is what
 * makes an upgrade that renames the method or changes its body's assumptions fail loudly instead of
 * silently falling back to the slow path.
 */
import { readFileSync } from "node:fs";
import { CstParser } from "chevrotain";
import { describe, expect, it } from "vitest";
import { parseText } from "../../grammar/parser.js";

describe("the parser's one override of a Chevrotain internal", () => {
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

  it("Chevrotain is pinned to the exact version the override was written for", () => {
    const pkg = JSON.parse(readFileSync("package.json", "utf8")) as {
      dependencies: Record<string, string>;
    };
    expect(pkg.dependencies["chevrotain"]).toBe("11.0.3");
  });
});
