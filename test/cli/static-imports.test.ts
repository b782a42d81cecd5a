/**
 * Commands must start fast: the CLI's static import graph may not reach the heavy libraries
 * (ts-morph, prettier, handlebars, playwright), which the commands that need them load with `import()`;
 * nor the grammar and the checker, which compiler/cli/load.ts loads with `import()` only for a ruleset
 * without a built result (compiler/engine/built.ts), so a command over the package's own rulesets
 * loads neither (in the CLI's bundle a module imported with `import()` runs only on that import,
 * scripts/bundle-cli.mjs).
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

const COMMANDS = ["check", "eval", "test", "card", "reach", "diff", "coverage"];

describe("cold start", () => {
  for (const command of COMMANDS)
    it(`\`variorum ${command}\` reaches neither a heavy library nor the grammar or the checker statically`, () => {
      const main = closure(join(root, "compiler", "cli", "main.ts"));
      const cmd = closure(join(root, "compiler", "cli", `${command}.ts`));
      const files = [...main.files, ...cmd.files];
      const packages = new Set([...main.packages, ...cmd.packages]);
      // `card` renders with Handlebars' templates (templates/; its default format is the HTML page);
      // `diff` loads them only for `--format html` (compiler/cli/diff.ts's `render`).
      const allowed = command === "card" ? ["handlebars"] : [];
      for (const heavy of HEAVY.filter((h) => !allowed.includes(h)))
        expect([...packages]).not.toContain(heavy);
      expect(packages.has("chevrotain")).toBe(false);
      for (const part of [
        join("grammar", "parser.ts"),
        join("compiler", "engine", "front.ts"),
        join("compiler", "front", "check", "index.ts"),
      ])
        expect(files.filter((f) => f.endsWith(part))).toEqual([]);
    });

  it("`variorum eval` loads neither the reach command nor the map reader and reach drawings", () => {
    // `--unit ID=JSON` is read by compiler/cli/input.ts, which both commands share; eval importing
    // it from reach.ts once loaded the reach command on every eval (426 → 250 kB of chunks).
    const { files } = closure(join(root, "compiler", "cli", "eval.ts"));
    for (const part of [
      join("cli", "reach.ts"),
      join("engine", "reach.ts"),
      join("map", "parse.ts"),
      join("reach", "formats.ts"),
    ])
      expect([...files].filter((f) => f.endsWith(part))).toEqual([]);
    // …while the reach command does (so this test can fail).
    const reach = closure(join(root, "compiler", "cli", "reach.ts"));
    expect([...reach.files].some((f) => f.endsWith(join("engine", "reach.ts")))).toBe(true);
  });

  /** The diff's search, the reach map's and the scenarios' code, and the engine file joining them. */
  const REPORTS = [
    "diff/situations.ts",
    "diff/report.ts",
    "reach/build.ts",
    "map/parse.ts",
    "scenario/read.ts",
    "engine/reports.ts",
  ];
  /** The code each command must not load, and a file it does load (so each case can fail). */
  const lean: { command: string; why: string; absent: string[]; present: string }[] = [
    {
      // The card's model and its cache are their own files (compiler/engine/card.ts, kept.ts):
      // through compiler/engine/reports.ts a first card loaded the diff, reach and coverage
      // reports' code as well, ≈ 10% of its CPU.
      command: "card",
      why: "none of the diff's search, the reach map's or the scenarios' code",
      absent: REPORTS,
      present: "cards/raw-card.ts",
    },
    {
      // The report alone is compiler/engine/diff.ts; reports.ts (its scenario suite and reach
      // section) and the reach command's helpers are imported only for --scenarios or --map:
      // through them a first diff loaded 49 modules (642 KB) instead of 38 (295 KB).
      command: "diff",
      why: "neither the scenario reader nor the reach map's code (without --scenarios or --map)",
      absent: [
        "engine/reports.ts",
        "cli/reach.ts",
        "reach/build.ts",
        "reach/svg.ts",
        "map/parse.ts",
        "scenario/read.ts",
        "cards/raw-card.ts",
      ],
      present: "diff/situations.ts",
    },
    {
      // Coverage's model is a file of its own (compiler/engine/coverage.ts), as the card's is:
      // through compiler/engine/reports.ts the command loaded the diff, reach and scenario code.
      command: "coverage",
      why: "none of the diff's, the reach map's or the scenarios' code",
      absent: REPORTS,
      present: "coverage/build.ts",
    },
  ];
  for (const c of lean)
    it(`\`variorum ${c.command}\` reaches ${c.why} statically`, () => {
      const files = [...closure(join(root, "compiler", "cli", `${c.command}.ts`)).files];
      const at = (part: string) => join("compiler", ...part.split("/"));
      for (const part of c.absent) expect(files.filter((f) => f.endsWith(at(part)))).toEqual([]);
      expect(files.some((f) => f.endsWith(at(c.present)))).toBe(true);
    });

  it("`variorum test` reaches no JSON parser: a stack example's units are read from their values", () => {
    // compiler/scenario/stages.ts reads a value through the tree value-tree.ts builds; the parse
    // (compiler/scenario/read.ts, jsonc-parser) is for files, which `test` never reads.
    const { files, packages } = closure(join(root, "compiler", "cli", "test.ts"));
    expect(packages.has("jsonc-parser")).toBe(false);
    expect([...files].filter((f) => f.endsWith(join("scenario", "read.ts")))).toEqual([]);
    // …while the stack examples do reach the scenario reader's stages (so this test can fail).
    expect([...files].some((f) => f.endsWith(join("scenario", "validate.ts")))).toBe(true);
  });

  it("the front end does reach the grammar (so the test above can fail)", () => {
    const { files } = closure(join(root, "compiler", "engine", "front.ts"));
    expect([...files].some((f) => f.endsWith(join("grammar", "parser.ts")))).toBe(true);
  });

  it("Chevrotain's values come through grammar/chevrotain.ts (its one-file build), never its package entry", () => {
    // The entry pulls in several hundred lodash-es modules: importing a value from it anywhere on the
    // way doubled the cold start once (≈ 220 → 430 ms). grammar/chevrotain-static.ts is what the CLI's
    // bundle puts in place of the loader (the one-file build bundled in), never imported by a source.
    const { files } = closure(join(root, "compiler", "engine", "front.ts"));
    const loader = join(root, "grammar", "chevrotain.ts");
    const direct = [...files].filter(
      (f) => f !== loader && staticImports(f).includes("chevrotain"),
    );
    expect(direct).toEqual([]);
    expect(files.has(loader)).toBe(true);
    expect([...files].some((f) => f.endsWith("chevrotain-static.ts"))).toBe(false);
  });

  it("the emitter does import ts-morph and prettier (so the test above can fail)", () => {
    const { packages } = closure(join(root, "compiler", "emit", "index.ts"));
    expect([...packages]).toContain("ts-morph");
    expect([...packages]).toContain("prettier");
  });
});
