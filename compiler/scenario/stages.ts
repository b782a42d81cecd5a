/**
 * The scenario reader's stages after the parse, on a JSON tree: the vocabulary pass (validate.ts),
 * then each ruleset's (convert.ts). A file's tree comes from its text (`parseScenario`, index.ts,
 * through read.ts); a value handed over in memory (a map's placed unit or vehicle) gets the tree the
 * parser would make of its JSON text, built from the value (`scenarioOfValue`, value-tree.ts), so it
 * is read with no parser loaded and says exactly what the file would.
 */

import type { Node } from "jsonc-parser";
import { hasErrors, SourceFile, type Diagnostic } from "../../diagnostics/index.js";
import type { RulesetIR } from "../ir/ir.js";
import { safeLine } from "../../diagnostics/safe-text.js";
import { forRuleset, type ScenarioForRuleset } from "./convert.js";
import { beyondLimits } from "./tree.js";
import { knownFields, validateScenario } from "./validate.js";
import { valueTree, type JsonValue } from "./value-tree.js";

export type { JsonValue } from "./value-tree.js";

export interface ParsedScenario {
  name: string;
  perRuleset: ScenarioForRuleset[];
  diagnostics: Diagnostic[];
}

/**
 * A scenario handed over as a value (a map's placed unit, `{ name, phase, path: [], unit }`), read
 * as `parseScenario` reads `JSON.stringify(value)` — the same diagnostics, located in that text —
 * without writing and parsing the text (value-tree.ts builds the tree the parser would).
 */
export function scenarioOfValue(value: JsonValue, file: string, irs: RulesetIR[]): ParsedScenario {
  const { root, text } = valueTree(value);
  const src = new SourceFile(file, text);
  // The one limit a handed-over value can meet (its nesting is its own): the text's size.
  const limit = beyondLimits(text, src);
  if (limit !== null) return { name: defaultName(file), perRuleset: [], diagnostics: [limit] };
  return scenarioOf(root, src, irs);
}

/** The stages after the parse: the vocabulary pass (validate.ts), then each ruleset's (convert.ts). */
export function scenarioOf(root: Node, src: SourceFile, irs: RulesetIR[]): ParsedScenario {
  const diagnostics: Diagnostic[] = [];
  const fallbackName = defaultName(src.path);
  const known = knownFields(irs);
  const raw = validateScenario(root, src, known, diagnostics);
  if (raw === null) return { name: fallbackName, perRuleset: [], diagnostics };

  const perRuleset: ScenarioForRuleset[] = [];
  for (const ir of irs) {
    const ds: Diagnostic[] = [];
    const r = forRuleset(ir, raw, root, src, ds);
    diagnostics.push(...ds);
    perRuleset.push(r);
  }
  // Every mistake is reported in one run, but a scenario with errors is not evaluated.
  // The name is printed to terminals and reports: control characters never pass.
  return {
    name: safeLine(raw.name ?? fallbackName),
    perRuleset: hasErrors(diagnostics) ? [] : perRuleset,
    diagnostics,
  };
}

/** A scenario's name when it gives none: its file's, without `.json`. */
export function defaultName(file: string): string {
  const base = file.split(/[\\/]/).pop() ?? file;
  return base.replace(/\.json$/i, "");
}
