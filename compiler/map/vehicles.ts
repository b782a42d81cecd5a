/**
 * A map's `vehicles` (parse.ts): hex → the vehicle standing there, as a scenario's `vehicle` record
 * (`{ "D4": { "kind": "halftrack", "mp": 16 } }`), for a unit to board. Each record is read by the
 * scenario's own record reader (scenario/validate.ts `readRecord`), so a map's vehicle and a
 * scenario's are validated alike — a field given twice, unknown, of the wrong shape or out of exact
 * range (`"mp": 1e16`) — and its diagnostics, located in the map file, take the map's codes (V1001,
 * V1002, V1003 for the scenario's V0901, V0902, V0903). Beyond that, a map's vehicle is an object with
 * a `kind` and no negative number (V1003), and a kind none of the rulesets asked knows is V1004. When no ruleset asked has vehicles, names are not checked (each of
 * them lists the vehicle as not applicable instead).
 */
import type { Node } from "jsonc-parser";
import type { Diagnostic, SourceFile } from "../../diagnostics/index.js";
import { report, type MessageArgs, type MessageName } from "../../diagnostics/messages.js";
import { safeLine } from "../../diagnostics/safe-text.js";
import { closest } from "../util/suggest.js";
import { spanOf } from "../scenario/tree.js";
import type { Known } from "../scenario/validate.js";
import { readMapRecord } from "./record.js";
import { vocabField } from "../ir/scenario-fields.js";
import type { MapVocabulary } from "./known-names.js";

/** The scenario's codes for a record's mistakes, as the map's. */

export function parseVehicles(
  node: Node,
  src: SourceFile,
  entries: (obj: Node, prefix: string) => [Node, Node][],
  hex: (n: Node) => string | null,
  vocabulary: MapVocabulary | null,
  out: Diagnostic[],
): Record<string, Record<string, unknown>> {
  const vehicles: Record<string, Record<string, unknown>> = {};
  const bad = <M extends MessageName<"V1003">>(
    n: Node,
    message: M,
    args: MessageArgs<"V1003", M>,
  ) => out.push(report("V1003", message, spanOf(src, n), args));
  if (node.type !== "object") {
    bad(node, "vehiclesShape", {});
    return vehicles;
  }
  const fieldNames = vocabulary === null ? [] : [...vocabulary.vehicleFields];
  const kinds = vocabulary === null ? [] : [...vocabulary.vehicle];
  for (const [k, v] of entries(node, "vehicles.")) {
    const h = hex(k);
    const where = safeLine(String(k.value));
    if (v.type !== "object") {
      bad(v, "vehicleNotObject", { hex: where });
      continue;
    }
    // The fields the rulesets asked take, shaped as the scenario contract says (a field only a
    // ruleset declares: its shape as given); when none takes a vehicle, any field (none is read).
    const known: Known = new Map();
    const names =
      fieldNames.length > 0
        ? fieldNames
        : (v.children ?? []).map((p) => String(p.children?.[0]?.value));
    for (const name of names) known.set(name, vocabField("vehicle", name)?.shape ?? null);
    const read = readMapRecord(v, `vehicles.${where}`, "the vehicle", src, known, out);
    let ok = read.ok;
    const rec: Record<string, unknown> = {};
    for (const f of read.fields) {
      const value = f.value;
      if (
        (typeof value === "number" && value < 0) ||
        (Array.isArray(value) && value.some((x) => typeof x === "number" && x < 0))
      ) {
        bad(f.node, "vehicleNegative", { field: safeLine(f.json), hex: where });
        ok = false;
        continue;
      }
      if (f.json === "kind" && kinds.length > 0 && !kinds.includes(value as string)) {
        const near = closest(value as string, kinds);
        out.push(
          report(
            "V1004",
            "unknownName",
            spanOf(src, f.node),
            { what: "vehicle", name: safeLine(value as string) },
            near ? `did you mean \`${near}\`?` : undefined,
          ),
        );
        ok = false;
        continue;
      }
      rec[f.json] = value;
    }
    if (ok && !Object.hasOwn(rec, "kind")) {
      bad(v, "vehicleKind", { hex: where });
      ok = false;
    }
    if (h !== null && ok) vehicles[h] = rec;
  }
  return vehicles;
}
