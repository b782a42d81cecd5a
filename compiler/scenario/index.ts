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
 * `scenarioOfValue` (stages.ts) builds the tree the parser would make of its JSON text
 * (value-tree.ts) and loads no parser.
 * After evaluation, locate.ts places an evaluation's complaint about the file (`evaluationDiagnostic`).
 */

import { SourceFile } from "../../diagnostics/index.js";
import type { RulesetIR } from "../ir/ir.js";
import { readJson } from "./read.js";
import { defaultName, scenarioOf, type ParsedScenario } from "./stages.js";

export type { ScenarioForRuleset } from "./convert.js";
export { scenarioOfValue, type JsonValue, type ParsedScenario } from "./stages.js";
export { jsonError } from "./read.js";
export { beyondLimits, MAX_SCENARIO_DEPTH, MAX_SCENARIO_SIZE } from "./tree.js";
export { evaluationDiagnostic, locateField } from "./locate.js";

/** A scenario file's text read under each ruleset asked (the stages: this file's comment). */
export function parseScenario(text: string, file: string, irs: RulesetIR[]): ParsedScenario {
  const src = new SourceFile(file, text);
  const read = readJson(text, src);
  if ("error" in read)
    return { name: defaultName(file), perRuleset: [], diagnostics: [read.error] };
  return scenarioOf(read.root, src, irs);
}
