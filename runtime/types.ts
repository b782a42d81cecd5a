/**
 * The movement interface shared by generated modules and the interpreter. The pricing loop
 * (`evaluateMove`) is written once, generic over the number representation `T`: generated modules
 * compute in integer ticks (`number`), the interpreter in exact rationals.
 */

/** Arithmetic the pricing loop needs from a number representation. */
export interface Num<T> {
  readonly zero: T;
  add(a: T, b: T): T;
  /** a > b (neither is NA). */
  gt(a: T, b: T): boolean;
  /** The special cost "not allowed". */
  isNA(a: T): boolean;
  /** Exact value as a JS number in the measure's unit (e.g. 0.5 for ½ MF). */
  toNumber(a: T): number;
  /** Exact value as text: "4", "1/2". */
  toExact(a: T): string;
}

/**
 * Mutable evaluation context, allocated once per move and reused for every step.
 * `U`, `V`, `S`, `C` are the prepared unit, vehicle, step and scenario records.
 */
export interface MoveContext<T, U = unknown, V = unknown, S = unknown, C = unknown> {
  unit: U;
  vehicle: V | null;
  scenario: C;
  path: readonly S[];
  /** Index of the step being priced (valid while pricing a step). */
  i: number;
  /** The dice faces rolled (fixed by the scenario or being enumerated), or null. */
  roll: readonly number[] | null;
  allowance: T;
  spent: T;
  /** Number of steps that enter a hex (as opposed to actions in place). */
  hexes: number;
}

export interface Violation {
  rule: string;
  message: string;
  /** 1-based step, when a step broke the rule. */
  step?: number;
}

/** What a ruleset (generated or interpreted) provides to the pricing loop. */
export interface MoveModel<T, X extends MoveContext<T> = MoveContext<T>> {
  readonly id: string;
  readonly title: string;
  /** The measure of allowance and costs ("MF", "MP", "inch"). */
  readonly measure: string;
  /** Citation of the movement binding (used for over-spending violations). */
  readonly cite: string;
  /** Number of dice the ruleset can roll at most (0 when it rolls none). */
  readonly dice: number;
  readonly sides: number;
  /**
   * The numbers of dice its dice expressions read, sorted (runtime/rolls.ts `DiceCuts`): rolls that
   * differ only by the order of faces within a block are priced once. Absent: every ordered roll.
   */
  readonly diceCuts?: readonly number[];
  /** Whether step `ctx.path[i]` enters a hex (false for an action in place). */
  isHex(ctx: X, i: number): boolean;
  allowance(ctx: X, trace: string[] | null): T;
  /** Cost of step `ctx.i`, reading `ctx.allowance` for `all`. */
  stepCost(ctx: X, trace: string[] | null): T;
  /** True when the ruleset allows a one-hex overspend here (Minimum Move); false if it has none. */
  minimumMove(ctx: X): boolean;
  /**
   * Appends violations of constraints on the unit and the whole path (ctx.spent/hexes are final).
   * With `open` (runtime/open.ts), a constraint that needs a field the scenario leaves out (its
   * `MissingInput`) is set aside: its field is appended to `open` and the next constraint asked.
   */
  checkMove(ctx: X, out: Violation[], open?: string[] | null): void;
  /** Appends violations of constraints on step `ctx.i` (`open` as for `checkMove`). */
  checkStep(ctx: X, out: Violation[], open?: string[] | null): void;
  /** What the vehicle spends (in `vehicleMeasure`), or null when the ruleset has no such rule or no vehicle. */
  vehicleSpent(ctx: X): T | null;
  /**
   * Distances (Chain of Command): step `ctx.i` is one the unit halts before unless its allowance
   * carries it strictly past the distance to it (an obstacle). Absent: no such steps.
   */
  haltAt?(ctx: X): boolean;
  /** How far the unit moves towards a step it cannot pass (it halts there, or short of it). */
  haltAllowance?(ctx: X): T;
  /** Citation of the halting rule. */
  readonly haltCite?: string;
}

/** Where a unit that cannot reach its destination stops, and the rule that stops it. */
export interface Halt {
  /** Distance moved, in the measure. */
  at: number;
  rule: string;
}

export interface StepResult {
  /** The step's cost as a number, or null when the step is not allowed (NA). */
  cost: number | null;
  /** How a reader sees the cost: "1", "½", "NA". */
  display: string;
  /** Citations of the rules that priced this step, in evaluation order, without repeats. */
  rules: string[];
}

export interface DistributionSummary {
  min: number;
  max: number;
  mean: number;
  /** Outcome → probability. */
  distribution: Record<string, number>;
}

/** The result contract of `variorum eval --json` (one entry of `results`). */
export interface MoveResult {
  ruleset: string;
  allowance: number | DistributionSummary;
  spent: number;
  legal: boolean;
  steps: StepResult[];
  violations: Violation[];
  vehicleSpent: number | null;
  notApplicable: string[];
  /** Exact values as "n/d" text, for the numbers above that are not whole. */
  exact: { allowance?: string; spent: string; vehicleSpent?: string };
  /** A ruleset with halting steps and a fixed roll (or none to roll): where a move that falls short stops. */
  halt?: Halt;
  /** A dice ruleset without a fixed roll: the probability that the move is legal (reaches its end). */
  probability?: number;
  /** Per step the unit halts before unless carried past it: the probability the roll carries it past. */
  crossings?: { step: number; probability: number }[];
}
