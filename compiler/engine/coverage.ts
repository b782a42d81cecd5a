/**
 * A ruleset's coverage of its source as the engine's outcome: a file of its own (reports.ts
 * re-exports it), as card.ts is for the card, so that `variorum coverage` loads the coverage code
 * without the diff's, the reach map's and the scenarios'.
 */
import { buildCoverage } from "../coverage/build.js";
import type { CoverageReport } from "../coverage/model.js";
import type { RulesetIR } from "../ir/ir.js";
import type { Outcome } from "./outcome.js";

/** A ruleset's coverage of its source: every paragraph of its index and every worked example. */
export function coverage(ir: RulesetIR): Outcome<CoverageReport> {
  return { value: buildCoverage(ir), diagnostics: [] };
}
