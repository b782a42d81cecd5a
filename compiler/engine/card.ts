/**
 * A ruleset's reference card as the engine's outcome: a file of its own (reports.ts re-exports it)
 * so that `variorum card` loads the card's code without the diff's, the reach map's and coverage's.
 */
import { buildCard, type BuildOptions } from "../cards/build.js";
import type { Card } from "../cards/card-model.js";
import type { RulesetIR } from "../ir/ir.js";
import type { Outcome } from "./outcome.js";

/** A ruleset's reference card, its changes marked against `base` when given. */
export function card(ir: RulesetIR, opts: BuildOptions = {}): Outcome<Card> {
  return { value: buildCard(ir, opts), diagnostics: [] };
}
