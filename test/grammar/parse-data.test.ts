/**
 * Parser tests as data (rust-analyzer's test_data shape): every `test/fixtures/parser/NAME.rules` is
 * parsed, and its AST (a compact dump, spans included) and diagnostics must equal
 * `NAME.txt` beside it. Valid constructs and recovery cases alike: a recovered parse is held to its
 * whole tree, not only to its errors.
 *
 * Refresh after a deliberate change with
 *   UPDATE_GOLDEN=1 npx vitest run test/grammar/parse-data.test.ts
 * and review each changed file with `git diff test/fixtures/parser/`. A `.rules` file without its
 * `.txt` fails (it is never written silently).
 *
 * The dump: one line per node, its scalar fields as `key=value` (strings quoted), a span as
 * `@LINE:COL START..END` (offsets, end exclusive), and the fields that hold nodes or lists below it,
 * indented, each under its name.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Lexer } from "chevrotain";
import { describe, expect, it } from "vitest";
import { parse } from "../../grammar/index.js";
import { validatingParser } from "../../grammar/parser.js";
import { allTokens } from "../../grammar/tokens.js";
import type { Diagnostic, Span } from "../../diagnostics/index.js";

const DIR = join(import.meta.dirname, "..", "fixtures", "parser");
const UPDATE = process.env.UPDATE_GOLDEN === "1";

const isSpan = (v: object): v is Span => "line" in v && "col" in v && "start" in v && "end" in v;
const spanText = (s: Span): string => `@${s.line}:${s.col} ${s.start}..${s.end}`;

/** The compact dump of an AST value (see the header), `depth` levels indented. */
export function dumpValue(v: unknown, depth = 0): string[] {
  const pad = "  ".repeat(depth);
  if (Array.isArray(v)) return v.flatMap((x) => dumpValue(x, depth));
  if (v === null || typeof v !== "object") return [`${pad}${JSON.stringify(v)}`];
  if (isSpan(v)) return [`${pad}${spanText(v)}`];
  const scalars: string[] = [];
  const nested: string[] = [];
  let span = "";
  for (const [k, x] of Object.entries(v)) {
    if (k === "span" && x && typeof x === "object") span = ` ${spanText(x as Span)}`;
    else if (x !== null && typeof x === "object" && isSpan(x)) scalars.push(`${k}=${spanText(x)}`);
    else if (Array.isArray(x) && x.every((y) => y === null || typeof y !== "object"))
      scalars.push(`${k}=[${x.map((y) => JSON.stringify(y)).join(", ")}]`);
    else if (x !== null && typeof x === "object") {
      const inner = dumpValue(x, depth + 2);
      nested.push(`${pad}  ${k}:${Array.isArray(x) ? ` (${x.length})` : ""}`, ...inner);
    } else scalars.push(`${k}=${JSON.stringify(x)}`);
  }
  return [`${pad}${scalars.join(" ")}${span}`.trimEnd() || `${pad}{}`, ...nested];
}

function dumpDiagnostic(d: Diagnostic): string {
  const at = d.span ? spanText(d.span) : "-";
  return `${d.severity} ${d.code} ${at} ${d.message}`;
}

/** What a fixture's `.txt` holds: the AST dump, then the diagnostics. */
export function dumpParse(text: string, path: string): string {
  const { ast, diagnostics } = parse(text, path);
  const lines = ["# header", ...dumpValue(ast.header, 1), "# decls"];
  for (const d of ast.decls) lines.push(...dumpValue(d, 1));
  // A source index and out-of-scope declarations, where the file has any.
  if (ast.sources) lines.push("# sources", ...dumpValue(ast.sources, 1));
  if (ast.outOfScope) lines.push("# out of scope", ...dumpValue(ast.outOfScope, 1));
  lines.push("# diagnostics", ...diagnostics.map((d) => `  ${dumpDiagnostic(d)}`));
  return lines.join("\n") + "\n";
}

const fixtures = readdirSync(DIR)
  .filter((f) => f.endsWith(".rules"))
  .sort();

describe("parser test data (test/fixtures/parser)", () => {
  it("holds valid constructs and recovery cases", () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(10);
    expect(fixtures.filter((f) => f.startsWith("valid-")).length).toBeGreaterThanOrEqual(3);
  });

  for (const name of fixtures) {
    it(name, () => {
      const text = readFileSync(join(DIR, name), "utf8");
      const actual = dumpParse(text, name);
      const file = join(DIR, name.replace(/\.rules$/, ".txt"));
      if (UPDATE) writeFileSync(file, actual);
      else if (!existsSync(file))
        expect.fail(
          `${file} is missing: run UPDATE_GOLDEN=1 npx vitest run ${import.meta.filename}`,
        );
      expect(actual).toBe(readFileSync(file, "utf8"));
      // A valid construct parses without a diagnostic; a recovery case reports at least one.
      const { diagnostics } = parse(text, name);
      if (name.startsWith("valid-")) expect(diagnostics).toEqual([]);
      else expect(diagnostics.length).toBeGreaterThan(0);
    });
  }

  it("the grammar and the tokens pass Chevrotain's own checks (the CLI skips them)", () => {
    expect(() => validatingParser()).not.toThrow();
    const lexer = new Lexer(allTokens, {
      positionTracking: "onlyOffset",
      ensureOptimizations: false,
    });
    expect(lexer.lexerDefinitionErrors).toEqual([]);
  });
});
