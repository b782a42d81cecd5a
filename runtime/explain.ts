/** What a generated module's `explain(ctx)` returns: each step's cost in ticks and the rules that priced it. */

/** One step of a path: its cost in ticks (NaN if the step is not allowed) and the rules cited. */
export interface PricedStep {
  /** Ticks (÷ the module's `SCALE` for the ruleset's measure); NaN if not allowed. */
  readonly cost: number;
  /** The citations that priced the step, each once, in the order they applied. */
  readonly rules: readonly string[];
}

/** A path priced step by step, with the sum of the costs in ticks (what `price` returns). */
export interface Explanation {
  /** The sum of the step costs in ticks (NaN if a step is not allowed). */
  readonly spent: number;
  /** Each step of the path, in order. */
  readonly steps: readonly PricedStep[];
}
