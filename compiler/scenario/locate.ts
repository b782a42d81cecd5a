/**
 * After evaluation: where in a scenario file an evaluation's complaint belongs. A scenario that passed
 * `parseScenario` may still not be evaluable under a ruleset (a move needs a field the file omits, a
 * fixed roll the move cannot use); these turn such an `InputError` into a located V0903. They read
 * the text again (it parsed once already) and know only the global vocabulary's vehicle actions.
 */

import { findNodeAtLocation, parseTree } from "jsonc-parser";
import { diag, SourceFile, type Diagnostic, type Span } from "../diagnostics.js";
import { VEHICLE_ACTIONS } from "../vocabulary.js";
import { jsonText, spanOf } from "./read.js";

/**
 * The diagnostic for a scenario that passed validation but cannot be evaluated under `id` (an
 * `InputError`'s message): V0903, located at the missing field's record when a rule needs one.
 */
export function evaluationDiagnostic(
  id: string,
  message: string,
  text: string,
  file: string,
): Diagnostic {
  const field = /^this move needs `([^`]+)`/.exec(message)?.[1];
  if (field !== undefined)
    return diag("V0903", `under ${id}: ${message}`, locateField(text, file, field));
  // A fixed roll the move cannot use: at `unit.dice`; anything else at the start of the file.
  const src = new SourceFile(file, text);
  const root = parseTree(jsonText(text));
  const dice =
    /fixed roll|dice/.test(message) && root !== undefined
      ? findNodeAtLocation(root, ["unit", "dice"])
      : undefined;
  return diag(
    "V0903",
    `under ${id}: ${message}`,
    dice !== undefined ? spanOf(src, dice) : src.span(0, Math.min(1, text.length)),
  );
}

/**
 * Where in the scenario file a missing field belongs (`vehicle.kind`, `path[2].terrain`,
 * `unit.squadPortage`): its record's object, or for a vehicle the scenario leaves out, the step that
 * implies it (a board or enter-transport step); the file's start when neither is there.
 */
export function locateField(text: string, file: string, field: string): Span {
  const src = new SourceFile(file, text);
  const root = parseTree(jsonText(text));
  const start: Span = src.span(0, Math.min(1, text.length));
  if (root === undefined) return start;
  const step = /^path\[(\d+)\]\./.exec(field);
  const rec = step ? null : field.includes(".") ? field.slice(0, field.indexOf(".")) : null;
  let node = step
    ? findNodeAtLocation(root, ["path", Number(step[1])])
    : rec
      ? findNodeAtLocation(root, [rec])
      : undefined;
  if (node === undefined && rec === "vehicle") {
    const steps = findNodeAtLocation(root, ["path"])?.children ?? [];
    node = steps.find((s) => {
      const a = findNodeAtLocation(s, ["action"])?.value;
      return typeof a === "string" && VEHICLE_ACTIONS.includes(a);
    });
  }
  return node === undefined ? start : spanOf(src, node);
}
