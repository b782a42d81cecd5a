/**
 * A map's `units` (parse.ts): hex → the units placed there, each a scenario's `unit` record with two
 * more fields, `side` (`friendly`, the default, or `enemy`), `name` (how reports call it; default
 * the hex and its place in the list, `C3.1`) and `with` (the name of the leader in its hex it moves
 * with as one stack, `reach --all`):
 *
 *   "units": { "C3": [{ "kind": "squad" }, { "kind": "leader", "name": "Lt. Ross" }],
 *              "H5": [{ "kind": "squad", "side": "enemy", "portage": 2 }] }
 *
 * Each record is read by the scenario's own record reader (scenario/validate.ts `readRecord`) for its
 * shape — its fields are the scenario contract's `unit` fields and those the rulesets asked declare;
 * a field given twice, unknown, or of the wrong shape is reported with the map's codes (V1001, V1002,
 * V1003). Whether a ruleset asked can move the unit (its kind, its values) is asked of each ruleset
 * by `variorum reach --all` (compiler/reach/units.ts): a kind one ruleset lacks is listed there, not an
 * error of the map.
 */
import type { Node } from "jsonc-parser";
import type { Diagnostic, SourceFile } from "../../diagnostics/index.js";
import { report, type MessageArgs, type MessageName } from "../../diagnostics/messages.js";
import { safeLine } from "../../diagnostics/safe-text.js";
import { spanOf } from "../scenario/tree.js";
import type { Known } from "../scenario/validate.js";
import { readMapRecord } from "./record.js";
import { VOCABULARY } from "../ir/scenario-fields.js";
import type { MapVocabulary } from "./known-names.js";
import type { PlacedUnit } from "../../runtime/map.js";

/** A placed unit with where its object lies in the map's text (for located diagnostics). */
export interface PlacedAt extends PlacedUnit {
  offset: number;
  length: number;
}

/** The sides a placed unit may be on. */
export const SIDES = ["friendly", "enemy"] as const;

export function parseUnits(
  node: Node,
  src: SourceFile,
  entries: (obj: Node, prefix: string) => [Node, Node][],
  hex: (n: Node) => string | null,
  vocabulary: MapVocabulary | null,
  out: Diagnostic[],
): Record<string, PlacedAt[]> {
  const units: Record<string, PlacedAt[]> = {};
  const bad = <M extends MessageName<"V1003">>(
    n: Node,
    message: M,
    args: MessageArgs<"V1003", M>,
  ) => out.push(report("V1003", message, spanOf(src, n), args));
  if (node.type !== "object") {
    bad(node, "unitsShape", {});
    return units;
  }
  const known: Known = new Map();
  for (const f of VOCABULARY.unit) known.set(f.json, f.shape);
  // A field a ruleset asked declares beyond the contract (SL's `squadPortage`, 5.76): its shape as
  // that ruleset's reader checks it.
  for (const f of vocabulary?.unitFields ?? []) if (!known.has(f)) known.set(f, null);
  known.set("side", "string");
  known.set("name", "string");
  known.set("with", "string");
  for (const [k, list] of entries(node, "units.")) {
    const h = hex(k);
    const where = safeLine(String(k.value));
    if (list.type !== "array") {
      bad(list, "unitsList", { hex: where });
      continue;
    }
    const placed: PlacedAt[] = [];
    (list.children ?? []).forEach((v, i) => {
      if (v.type !== "object") {
        bad(v, "unitNotObject", { hex: where });
        return;
      }
      const read = readMapRecord(v, `units.${where}[${i}]`, "the unit", src, known, out);
      let ok = read.ok;
      const rec: Record<string, unknown> = {};
      for (const f of read.fields) {
        const value = f.value;
        // `null` (unknown) is a unit field searched once per value (compiler/reach/units.ts); the
        // fields of the placing itself are always known.
        if (value === null && (f.json === "side" || f.json === "name" || f.json === "with")) {
          bad(f.node, "unitUnknown", { path: `units.${where}[${i}].${f.json}` });
          ok = false;
          continue;
        }
        if (f.json === "side" && !(SIDES as readonly string[]).includes(value as string)) {
          bad(f.node, "unitSide", {});
          ok = false;
          continue;
        }
        rec[f.json] = value;
      }
      if (ok && !Object.hasOwn(rec, "kind")) {
        bad(v, "unitKind", { hex: where });
        ok = false;
      }
      if (!ok) return;
      const { side, name, with: leader, ...unit } = rec;
      placed.push({
        name: typeof name === "string" ? safeLine(name) : `${where}.${i + 1}`,
        side: side === "enemy" ? "enemy" : "friendly",
        unit,
        ...(typeof leader === "string" ? { with: safeLine(leader) } : {}),
        offset: v.offset,
        length: v.length,
      });
    });
    if (h !== null && placed.length > 0) units[h] = placed;
  }
  return units;
}
