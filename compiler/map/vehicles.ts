/**
 * A map's `vehicles` (parse.ts): hex → the vehicle standing there, as a scenario's `vehicle` record
 * (`{ "D4": { "kind": "halftrack", "mp": 16 } }`), for a unit to board. A record that is not an object
 * or has no `kind`, a `kind` that is not a string, or a value that is not a number (not negative),
 * string, boolean or list of strings is V1003; a field name none of the rulesets' `vehicle` inputs
 * takes is V1002 (with the closest name); a kind none of them knows is V1004. When no ruleset asked has vehicles, names are not checked (each of
 * them lists the vehicle as not applicable instead).
 */
import type { Node } from "jsonc-parser";
import { diag, type Diagnostic, type Span } from "../diagnostics.js";
import { safeLine } from "../../diagnostics/safe-text.js";
import { closest } from "../suggest.js";
import type { MapVocabulary } from "./parse.js";

export function parseVehicles(
  node: Node,
  entries: (obj: Node) => [Node, Node][],
  hex: (n: Node) => string | null,
  vocabulary: MapVocabulary | null,
  span: (n: Node) => Span,
  out: Diagnostic[],
): Record<string, Record<string, unknown>> {
  const vehicles: Record<string, Record<string, unknown>> = {};
  const bad = (n: Node, message: string, hint?: string) =>
    out.push(diag("V1003", message, span(n), hint));
  if (node.type !== "object") {
    bad(
      node,
      '`vehicles` maps hex names to the vehicle standing there: { "D4": { "kind": "halftrack", "mp": 16 } }',
    );
    return vehicles;
  }
  const fieldNames = vocabulary === null ? [] : [...vocabulary.vehicleFields];
  const kinds = vocabulary === null ? [] : [...vocabulary.vehicle];
  for (const [k, v] of entries(node)) {
    const h = hex(k);
    const where = safeLine(String(k.value));
    if (v.type !== "object") {
      bad(
        v,
        `the vehicle in ${where} is an object, as a scenario's \`vehicle\`: { "kind": "halftrack", "mp": 16 }`,
      );
      continue;
    }
    const rec: Record<string, unknown> = {};
    let ok = true;
    for (const [fk, fv] of entries(v)) {
      const name = String(fk.value);
      if (Object.hasOwn(rec, name)) {
        bad(fk, `\`${safeLine(name)}\` is given twice`);
        ok = false;
        continue;
      }
      if (fieldNames.length > 0 && !fieldNames.includes(name)) {
        const near = closest(name, fieldNames);
        out.push(
          diag(
            "V1002",
            `unknown vehicle field \`${safeLine(name)}\``,
            span(fk),
            near ? `did you mean \`${near}\`?` : `vehicle fields: ${fieldNames.join(", ")}`,
          ),
        );
        ok = false;
        continue;
      }
      const value = plain(fv);
      if (value === undefined || (name === "kind" && typeof value !== "string")) {
        bad(
          fv,
          name === "kind"
            ? `the kind of the vehicle in ${where} must be a string`
            : `\`${safeLine(name)}\` of the vehicle in ${where} must be a number (not negative), a string, true or false, or a list of strings`,
        );
        ok = false;
        continue;
      }
      if (name === "kind" && kinds.length > 0 && !kinds.includes(value as string)) {
        const near = closest(value as string, kinds);
        out.push(
          diag(
            "V1004",
            `no ruleset asked knows the vehicle \`${safeLine(value as string)}\``,
            span(fv),
            near ? `did you mean \`${near}\`?` : undefined,
          ),
        );
        ok = false;
        continue;
      }
      rec[name] = value;
    }
    if (!Object.hasOwn(rec, "kind") && ok) {
      bad(v, `the vehicle in ${where} needs \`kind\``);
      ok = false;
    }
    if (h !== null && ok) vehicles[h] = rec;
  }
  return vehicles;
}

/** A JSON number (not negative), string, boolean or list of strings, or undefined. */
function plain(n: Node): unknown {
  if (n.type === "number")
    return Number.isFinite(n.value) && n.value >= 0 ? (n.value as number) : undefined;
  if (n.type === "string" || n.type === "boolean") return n.value as unknown;
  if (n.type === "array" && (n.children ?? []).every((c) => c.type === "string"))
    return (n.children ?? []).map((c) => c.value as string);
  return undefined;
}
