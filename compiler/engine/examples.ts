/**
 * The worked examples of a ruleset, every kind: an example of one unit's move runs through the
 * interpreter (compiler/interpret/examples.ts), one that places several units (`stack HEX { … }`)
 * through reach's machinery for a map's units (compiler/reach/examples.ts). What it adds: the one
 * entry every surface calls (`variorum test`, the language service's V0801, the studio, the library),
 * so both kinds run wherever examples run.
 */
import type { SourceFile } from "../../diagnostics/index.js";
import type { RulesetIR } from "../ir/ir.js";
import * as interpret from "../interpret/examples.js";
import type { ExampleMemo, ExampleResult } from "../interpret/examples.js";
import { runStackExample } from "../reach/examples.js";

export { exampleDiagnostic, type ExampleMemo, type ExampleResult } from "../interpret/examples.js";

/** Runs every example; give the ruleset file's text to locate failures (`file:line:col`). */
export function runExamples(
  ir: RulesetIR,
  file: string | null = null,
  text: string | null = null,
): ExampleResult[] {
  return interpret.runExamples(ir, file, text, runStackExample);
}

/** `runExamples`, skipping those that passed last time when the examples are unchanged. */
export function runExamplesMemo(
  ir: RulesetIR,
  memo: ExampleMemo,
  file: string | null = null,
  text: string | null = null,
): ExampleResult[] {
  return interpret.runExamplesMemo(ir, memo, file, text, runStackExample);
}

/** Runs one example (`src` locates its failure). */
export function runExample(
  ir: RulesetIR,
  ex: RulesetIR["examples"][number],
  src: SourceFile | null = null,
): ExampleResult {
  return interpret.runExample(ir, ex, src, runStackExample);
}
