/**
 * Scenario files: JSON situations asked of one or more rulesets (`variorum eval`). Pure: the caller
 * reads the file and passes its text. `parseScenario` runs three stages, each adding to the last:
 *   - read.ts: text → a JSON tree with offsets, within size and depth limits (malformed JSON: V0901);
 *   - validate.ts: tree × the scenario fields (../scenario-fields.ts) widened by the fields the rulesets
 *     asked declare → raw records whose fields are all known (V0902 otherwise), of the right JSON shape,
 *     with exact numbers (V0903 otherwise);
 *   - convert.ts: raw records × each ruleset → its `ScenarioValue` (enum values resolved in its own
 *     enums by ../name-resolver.ts, defaults filled in, required fields checked, V0903) and its
 *     `notApplicable` fields.
 * Every mistake is reported in one run, but a scenario with errors is evaluated under no ruleset.
 * A scenario handed over as a value (a map's placed unit or vehicle) skips the first stage:
 * `scenarioOfValue` builds the tree the parser would make of its JSON text (value-tree.ts).
 * After evaluation, locate.ts places an evaluation's complaint about the file (`evaluationDiagnostic`).
 */

import type { Node } from "jsonc-parser";
import { hasErrors, SourceFile, type Diagnostic } from "../../diagnostics/index.js";
import type { RulesetIR } from "../ir/ir.js";
import { safeLine } from "../../diagnostics/safe-text.js";
import { forRuleset, type ScenarioForRuleset } from "./convert.js";
import { beyondLimits, readJson } from "./read.js";
import { valueTree, type JsonValue } from "./value-tree.js";
import { knownFields, validateScenario } from "./validate.js";

export type { ScenarioForRuleset } from "./convert.js";
export type { JsonValue } from "./value-tree.js";
export { beyondLimits, jsonError, MAX_SCENARIO_DEPTH, MAX_SCENARIO_SIZE } from "./read.js";
export { evaluationDiagnostic, locateField } from "./locate.js";

export interface ParsedScenario {
  name: string;
  perRuleset: ScenarioForRuleset[];
  diagnostics: Diagnostic[];
}

export function parseScenario(text: string, file: string, irs: RulesetIR[]): ParsedScenario {
  const src = new SourceFile(file, text);
  const read = readJson(text, src);
  if ("error" in read)
    return { name: defaultName(file), perRuleset: [], diagnostics: [read.error] };
  return scenarioOf(read.root, src, irs);
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
function scenarioOf(root: Node, src: SourceFile, irs: RulesetIR[]): ParsedScenario {
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

function defaultName(file: string): string {
  const base = file.split(/[\\/]/).pop() ?? file;
  return base.replace(/\.json$/i, "");
}
