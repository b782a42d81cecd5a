/**
 * A detail a rule needs and the scenario leaves out (DESIGN.md, scenario clarifications): an error
 * naming the field, never a silent "not legal". Generated modules throw `MissingInput` from
 * `need(…)`; the interpreter throws its own input error with the same message (`missingMessage`).
 */

/** The message for a missing field, by its scenario path: `vehicle.kind`, `path[2].terrain`. */
export function missingMessage(path: string): string {
  return `this move needs \`${path}\`, which the scenario does not give`;
}

/** Thrown by a generated module when a rule needs a field the scenario leaves out. */
export class MissingInput extends Error {
  constructor(readonly field: string) {
    super(missingMessage(field));
    this.name = "MissingInput";
  }
}

/** Throws `MissingInput` for `field` (used as `value ?? missing("vehicle.kind")`). */
export function missing(field: string): never {
  throw new MissingInput(field);
}
