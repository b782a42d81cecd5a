/**
 * After evaluation: where in a scenario file an evaluation's complaint belongs. A scenario that passed
 * `parseScenario` may still not be evaluable under a ruleset (a move needs a field the file omits, a
 * fixed roll the move cannot use, a value beyond the exact range); these turn such a fault into a
 * located V0903, by the fault's `code` and `field` (never its message). They read the text again (it
 * parsed once already) and know only the global vocabulary's vehicle actions.
 */

import { findNodeAtLocation, parseTree } from "jsonc-parser";
import { SourceFile, type Diagnostic, type Span } from "../../diagnostics/index.js";
import { report } from "../../diagnostics/messages.js";
import { VEHICLE_ACTIONS } from "../ir/scenario-fields.js";
import { jsonText } from "./read.js";
import { spanOf } from "./tree.js";
import { InputError, type EvaluationFault } from "../../runtime/errors.js";

/**
 * The diagnostic for a scenario that passed validation but cannot be evaluated under `id` (the fault
 * `evaluateScenario` returns, or an `EvaluationFault` caught from `interpretScenario`): V0903, located
 * by the fault's `code` and `field` — a missing field at its record, a fixed roll the move cannot use
 * at `unit.dice`, anything else (a value with no table entry, a value beyond the exact range) at the
 * start of the file.
 */
export function evaluationDiagnostic(
  id: string,
  fault: EvaluationFault,
  text: string,
  file: string,
): Diagnostic {
  // The runtime's words for what it could not evaluate (runtime/ is below the table of messages).
  const args = { ruleset: id, fault: fault.message };
  if (fault instanceof InputError && fault.code === "missing" && fault.field !== null)
    return report("V0903", "evaluation", locateField(text, file, fault.field), args);
  const src = new SourceFile(file, text);
  const root = parseTree(jsonText(text));
  const dice =
    fault instanceof InputError && fault.code === "roll" && root !== undefined
      ? findNodeAtLocation(root, ["unit", "dice"])
      : undefined;
  return report(
    "V0903",
    "evaluation",
    dice !== undefined ? spanOf(src, dice) : src.span(0, Math.min(1, text.length)),
    args,
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
