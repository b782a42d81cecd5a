/**
 * A record a map holds (a vehicle, a placed unit), read as a scenario's record is (the scenario
 * reader's `readRecord`), its diagnostics recoded to the map's own codes (V0901–V0903 → V1001–V1003),
 * each field with its JSON value.
 */
import type { Node } from "jsonc-parser";
import type { Diagnostic, SourceFile } from "../../diagnostics/index.js";
import { readRecord, type Known } from "../scenario/validate.js";

const MAP_CODE = { V0901: "V1001", V0902: "V1002", V0903: "V1003" } as const;

export interface MapRecordField {
  json: string;
  node: Node;
  value: unknown;
}

/** The fields of `v` (at `at`, "the vehicle", "the unit"); `ok` is false when the reader objected. */
export function readMapRecord(
  v: Node,
  at: string,
  what: string,
  src: SourceFile,
  known: Known,
  out: Diagnostic[],
): { fields: MapRecordField[]; ok: boolean } {
  const ds: Diagnostic[] = [];
  const fields = readRecord(v, at, what, src, known, new Set(), ds);
  for (const d of ds) out.push({ ...d, code: MAP_CODE[d.code as keyof typeof MAP_CODE] ?? d.code });
  return {
    ok: ds.length === 0,
    fields: fields.map((f) => ({
      json: f.json,
      node: f.node,
      value:
        f.raw.s === "string[]"
          ? f.raw.v.map((x) => x.v)
          : f.raw.s === "number[]"
            ? f.raw.v.map((x) => x.n)
            : f.node.value,
    })),
  };
}
