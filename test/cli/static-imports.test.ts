/**
 * `variorum check` must start fast: the CLI's static import graph may not reach the heavy libraries
 * (ts-morph, prettier, handlebars, playwright), which the commands that need them load with `import()`.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..");
const HEAVY = ["ts-morph", "prettier", "handlebars", "playwright-core"];

/** Static `import … from '…'` / `export … from '…'` specifiers of a TypeScript file (not `import()`). */
function staticImports(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const out: string[] = [];
  for (const m of text.matchAll(
    /^\s*(?:import|export)\s+(?!type\b)[^;'"]*?from\s+['"]([^'"]+)['"]/gm,
  ))
    out.push(m[1]!);
  for (const m of text.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)) out.push(m[1]!);
  return out;
}

function closure(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const spec of staticImports(file)) {
      if (spec.startsWith(".")) {
        const ts = resolve(dirname(file), spec.replace(/\.js$/, ".ts"));
        if (existsSync(ts)) visit(ts);
      } else {
        packages.add(
          spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0]!,
        );
      }
    }
  };
  visit(entry);
  return { files, packages };
}

describe("cold start", () => {
  it("`variorum check` (main.ts, then check.ts) reaches the front end but no heavy library statically", () => {
    const main = closure(join(root, "compiler", "cli", "main.ts"));
    const check = closure(join(root, "compiler", "cli", "check.ts"));
    const files = new Set([...main.files, ...check.files]);
    const packages = new Set([...main.packages, ...check.packages]);
    expect([...files].some((f) => f.endsWith(join("compiler", "engine", "front.ts")))).toBe(true);
    expect([...files].some((f) => f.endsWith(join("grammar", "parser.ts")))).toBe(true);
    for (const heavy of HEAVY) expect([...packages]).not.toContain(heavy);
  });

  it("Chevrotain's values come through grammar/chevrotain.ts (its one-file build), never its package entry", () => {
    // The entry pulls in several hundred lodash-es modules: importing a value from it anywhere on the
    // way doubled the cold start once (≈ 220 → 430 ms).
    const { files } = closure(join(root, "compiler", "cli", "main.ts"));
    for (const f of closure(join(root, "compiler", "cli", "check.ts")).files) files.add(f);
    const loader = join(root, "grammar", "chevrotain.ts");
    const direct = [...files].filter(
      (f) => f !== loader && staticImports(f).includes("chevrotain"),
    );
    expect(direct).toEqual([]);
    expect(files.has(loader)).toBe(true);
  });

  it("the emitter does import ts-morph and prettier (so the test above can fail)", () => {
    const { packages } = closure(join(root, "compiler", "emit", "index.ts"));
    expect([...packages]).toContain("ts-morph");
    expect([...packages]).toContain("prettier");
  });
});
