/**
 * The language service runs in a browser (the studio): no module it imports, transitively, may
 * import a Node built-in or use `process`. Follows relative imports from compiler/service/index.ts.
 */
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { builtinModules } from "node:module";
import { expect, it } from "vitest";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

it("compiler/service imports no Node API, transitively", () => {
  const seen = new Set<string>();
  const bad: string[] = [];
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+['"]([^'"]+)['"]/gm)) {
      const spec = m[1]!;
      if (spec.startsWith(".")) visit(resolve(dirname(file), spec.replace(/\.js$/, ".ts")));
      else if (spec.startsWith("node:") || builtinModules.includes(spec))
        bad.push(`${file}: ${spec}`);
    }
    if (
      /\bprocess\.(?:env|cwd|argv|exit)/.test(
        text.replace(/\(globalThis as[^)]*\)\.process\?\.env/g, ""),
      )
    )
      bad.push(`${file}: process`);
  };
  visit(join(ROOT, "compiler", "service", "index.ts"));
  expect(seen.size).toBeGreaterThan(10);
  expect(bad).toEqual([]);
});
