/**
 * Fuzzing the front end with random edits of a real ruleset (rulesets/sl-classic.rules): delete a
 * slice, duplicate a slice elsewhere, insert a keyword or punctuation token. Whatever the edit,
 * `compileText` returns (never throws), every diagnostic has a code from CODES with that code's
 * severity, and its span is null or lies within the text with a line/column that matches its offset.
 *
 * The seed is fixed so the test is deterministic; set FUZZ_SEED (and FUZZ_RUNS) to explore others.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CODES, SourceFile } from "../../diagnostics/index.js";
import { compileText, runExamples } from "../../compiler/engine/index.js";
import { breathe } from "../cli/run.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const BASE = readFileSync(join(ROOT, "rulesets", "sl-classic.rules"), "utf8");
const PATH = "fuzz.rules";
const SEED = Number(process.env["FUZZ_SEED"] ?? 20_250_101);
const RUNS = Number(process.env["FUZZ_RUNS"] ?? 200);

const TOKENS = [
  // keywords, hard and soft
  "ruleset",
  "edition",
  "cites",
  "extends",
  "measure",
  "enum",
  "group",
  "input",
  "table",
  "rule",
  "predicate",
  "constraint",
  "movement",
  "example",
  "exception",
  "when",
  "override",
  "remove",
  "concept",
  "section",
  "set",
  "of",
  "bool",
  "if",
  "else",
  "and",
  "or",
  "not",
  "in",
  "true",
  "false",
  "all",
  "NA",
  "base",
  "expect",
  "legal",
  "violation",
  "otherwise",
  "unit",
  "vehicle",
  "step",
  "scenario",
  "path",
  "keep",
  "highest",
  "lowest",
  "each",
  "roll",
  "numbered",
  "headings",
  // punctuation and operators
  "->",
  "==",
  "!=",
  "<=",
  ">=",
  "<",
  ">",
  "=",
  "+",
  "-",
  "−",
  "*",
  "×",
  "/",
  "{",
  "}",
  "(",
  ")",
  ":",
  ",",
  ".",
  "|",
  "?",
  '"',
  "\\",
  "[",
  "]",
  "[]",
  "#",
  // literals and names that mean something in sl-classic
  "0",
  "1",
  "1/0",
  "½",
  "2d6",
  "3d6 keep highest 1 each -1",
  '"text"',
  "[5.4]",
  "[Movement/Roads]",
  "MF",
  "PP",
  "squad",
  "woods",
  "road",
  "allowance",
  "ipc",
  "terrain-cost",
  "sw-portage",
  "unit.kind",
  "step.hexside",
  "path.spent",
  "max step",
  "fru",
  "x-y",
  // characters the language does not use
  "@",
  "$",
  ";",
  "`",
  "~",
  "\u0000",
];

type Edit =
  | { op: "delete"; at: number; len: number }
  | { op: "duplicate"; at: number; len: number; to: number }
  | { op: "insert"; at: number; token: string; space: boolean };

const position = fc.double({ min: 0, max: 1, noNaN: true });
const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({
    op: fc.constant("delete" as const),
    at: position,
    len: fc.integer({ min: 1, max: 120 }),
  }),
  fc.record({
    op: fc.constant("duplicate" as const),
    at: position,
    len: fc.integer({ min: 1, max: 200 }),
    to: position,
  }),
  fc.record({
    op: fc.constant("insert" as const),
    at: position,
    token: fc.constantFrom(...TOKENS),
    space: fc.boolean(),
  }),
);

/** Positions are fractions of the current length, so every edit applies whatever came before it. */
function apply(text: string, edits: Edit[]): string {
  for (const e of edits) {
    const at = Math.floor(e.at * text.length);
    if (e.op === "delete") text = text.slice(0, at) + text.slice(at + e.len);
    else if (e.op === "duplicate") {
      const slice = text.slice(at, at + e.len);
      const to = Math.floor(e.to * text.length);
      text = text.slice(0, to) + slice + text.slice(to);
    } else text = text.slice(0, at) + (e.space ? ` ${e.token} ` : e.token) + text.slice(at);
  }
  return text;
}

function checkFrontEnd(text: string): void {
  let loaded: ReturnType<typeof compileText> | undefined;
  expect(() => {
    loaded = compileText(text, PATH);
  }).not.toThrow();
  const src = new SourceFile(PATH, text);
  for (const d of loaded!.diagnostics) {
    expect(Object.keys(CODES), d.message).toContain(d.code);
    expect(d.severity, d.code).toBe(CODES[d.code].severity);
    expect(typeof d.message).toBe("string");
    if (d.span === null) continue;
    expect(d.span.file, d.code).toBe(PATH);
    expect(d.span.start, d.code).toBeGreaterThanOrEqual(0);
    expect(d.span.end, d.code).toBeGreaterThanOrEqual(d.span.start);
    expect(d.span.end, d.code).toBeLessThanOrEqual(text.length);
    expect(src.span(d.span.start, d.span.end), d.code).toEqual(d.span);
  }
  // A ruleset that still compiles runs its examples without an internal error (failures are fine).
  if (loaded!.ir) expect(() => runExamples(loaded!.ir!)).not.toThrow();
}

describe("fuzzing the front end with edits of sl-classic.rules", () => {
  it("the unedited ruleset passes the same checks", () => {
    checkFrontEnd(BASE);
  });

  it(
    `compileText never throws and reports well-formed diagnostics (${RUNS} runs)`,
    { timeout: 120_000 },
    async () => {
      // Asynchronous, with a turn of the event loop before each run: a minute of synchronous
      // checking on a loaded machine would keep the worker from answering vitest's RPC.
      await fc.assert(
        fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 3 }), async (edits) => {
          await breathe();
          checkFrontEnd(apply(BASE, edits));
        }),
        { numRuns: RUNS, seed: SEED },
      );
    },
  );

  it("single-token insertions at every definition boundary", () => {
    // Deterministic companion to the random runs: a token at the start of each definition line.
    const starts = [...BASE.matchAll(/^(?=[a-z])/gm)]
      .map((m) => m.index!)
      .filter((_, i) => i % 7 === 0);
    for (const [i, at] of starts.entries()) {
      const token = TOKENS[(i * 13) % TOKENS.length]!;
      checkFrontEnd(BASE.slice(0, at) + token + " " + BASE.slice(at));
    }
  });
});
