/**
 * Why an evaluation cannot go on, as values a caller can read without parsing a message.
 *
 * `EvalError` is an evaluation that cannot happen in a checked ruleset given a valid input (a bug: the
 * CLI exits 70). `InputError` is the user's: this input cannot be priced — a field a rule needs is
 * absent, a fixed roll has too few or too many dice, a value has no table entry. It carries a `code`
 * saying which and the scenario `field` it concerns, so callers decide and locate by those, never by
 * the message. A detail a rule needs and the scenario leaves out (scenario clarifications) is
 * `MissingInput`, thrown alike by generated modules (`need(…)`, through `missing`) and by the
 * interpreter: an error naming the field, never a silent "not legal".
 */

import { RatOverflow } from "./rational.js";

/** The message for a missing field, by its scenario path: `vehicle.kind`, `path[2].terrain`. */
export function missingMessage(path: string): string {
  return `this move needs \`${path}\`, which the scenario does not give`;
}

/** Raised for an evaluation that cannot go on; the base class is a bug, not the user's input. */
export class EvalError extends Error {}

/**
 * What about the input stops an evaluation: `missing` — a field a rule needs is not given (`field`
 * is its scenario path); `absent` — an input field read without a value; `roll` — the fixed roll does
 * not fit the dice the move rolls (`field` is `unit.dice`); `entry` — a table has no entry for the
 * values given (`field` is null). A generated module's input checks (runtime/input.ts) throw the CLI's
 * scenario codes: `V0902` — a field nobody knows; `V0903` — a value outside the module's domains (a
 * kind, a terrain, a number), a required field absent, a bad roll. `buildGraph` throws the map's:
 * `V1002` — a field the map format does not know; `V1003` — a value of the wrong shape, a hex off the
 * map (`field` is the JSON path, `roads[0][2]`); `V1101` — a start hex not on the map (`field` is `from`).
 */
export type InputCode =
  | "missing"
  | "absent"
  | "roll"
  | "entry"
  | "V0902"
  | "V0903"
  | "V1002"
  | "V1003"
  | "V1101";

/**
 * This input cannot be evaluated: a user's mistake, reported as a diagnostic (V0903 for a scenario, a
 * failed example for an example). A subclass of `EvalError`, so callers that ask hypothetical
 * questions (diff, cards, the constant folder) treat both as "cannot be asked".
 */
export class InputError extends EvalError {
  readonly code: InputCode;
  /** The scenario path of the field concerned (`vehicle.kind`, `path[2].terrain`, `unit.dice`), or null. */
  readonly field: string | null;
  constructor(code: InputCode, field: string | null, message: string) {
    super(message);
    this.name = "InputError";
    this.code = code;
    this.field = field;
  }
}

/** A rule needs a field the scenario leaves out (generated modules and the interpreter alike). */
export class MissingInput extends InputError {
  declare readonly field: string;
  constructor(field: string) {
    super("missing", field, missingMessage(field));
    this.name = "MissingInput";
  }
}

/** Throws `MissingInput` for `field` (used as `value ?? missing("vehicle.kind")`). */
export function missing(field: string): never {
  throw new MissingInput(field);
}

/** Throws `InputError` "absent" for `field` (a generated module reading a vehicle that is not there). */
export function absent(field: string): never {
  throw new InputError("absent", field, `${field} is absent`);
}

/**
 * What stops an evaluation that is the user's to fix, not a bug: an input the ruleset cannot price, or
 * a value the ruleset computes from it beyond the exact range (`RatOverflow`). Each boundary that
 * evaluates (an example, a scenario) catches exactly these, in one place, and reports them located.
 */
export type EvaluationFault = InputError | RatOverflow;

export function isEvaluationFault(e: unknown): e is EvaluationFault {
  return e instanceof InputError || e instanceof RatOverflow;
}
