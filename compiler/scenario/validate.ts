/**
 * The vocabulary pass: a scenario's JSON tree × the scenario fields (../scenario-fields.ts), widened
 * by the fields the rulesets asked declare in their `input` blocks → raw records of typed fields
 * (`RawScenario`) and diagnostics. A field given twice is V0901, a field nobody knows is V0902, a
 * value of the wrong JSON shape, an empty step or a number beyond exact range is V0903. What this
 * adds to the tree: every field is known, of the right shape, and every number is an exact rational.
 * It does not yet know which ruleset a field belongs to (convert.ts does that, per ruleset).
 */

import type { Node } from "jsonc-parser";
import type { Diagnostic, SourceFile } from "../../diagnostics/index.js";
import { nameList, report } from "../../diagnostics/messages.js";
import type { RatText, RulesetIR, Type } from "../ir/ir.js";
import {
  describeShape,
  TOP_LEVEL_RECORDS,
  VOCABULARY,
  type Shape,
  type VocabRecord,
} from "../ir/scenario-fields.js";
import { closest } from "../util/suggest.js";
import { decimalToQ } from "../../runtime/rational.js";
import { jsonKind, objectProperties, spanOf } from "./tree.js";

// ---------------------------------------------------------------------------------------------------
// Raw values (after the vocabulary pass)

export type Raw =
  | { s: "string"; v: string }
  | { s: "number"; q: RatText }
  | { s: "boolean"; v: boolean }
  | { s: "string[]"; v: { v: string; node: Node }[] }
  | { s: "number[]"; v: { q: RatText; n: number; node: Node }[] }
  /** `null`: the player does not know it; answered for every value (docs/cli.md). */
  | { s: "unknown" };

export interface RawField {
  /** Field path for messages: `unit.kind`, `path[2].terrain`, `phase`. */
  path: string;
  json: string;
  key: Node;
  node: Node;
  raw: Raw;
}

export interface RawRecord {
  /** The object node, or null when the file omits the record. */
  node: Node | null;
  /** How field paths start: `` (top level), `unit.`, `vehicle.`, `path[2].`. */
  prefix: string;
  fields: RawField[];
  /** Every field name the file gives, including those already reported as wrong. */
  given: Set<string>;
  /** The record is of the wrong shape or has an unknown field (already reported): a missing required
   *  field there is most likely the same mistake, so it is not reported again. */
  broken?: boolean;
}

export interface RawScenario {
  name: string | null;
  scenario: RawRecord;
  unit: RawRecord;
  vehicle: RawRecord;
  path: RawRecord[];
}

/** A known field: its JSON shape (null: the declarations disagree on the shape, checked per ruleset). */
export type Known = Map<string, Shape | null>;

// ---------------------------------------------------------------------------------------------------

function shapeOfType(t: Type): Shape | null {
  switch (t.t) {
    case "bool":
      return "boolean";
    case "num":
      return "number";
    case "enum":
      return "string";
    case "set":
      return "string[]";
    case "dist":
      return null;
  }
}

/** The global vocabulary, widened by every field the rulesets declare. */
export function knownFields(irs: RulesetIR[]): Record<VocabRecord, Known> {
  const out = {} as Record<VocabRecord, Known>;
  for (const rec of ["scenario", "unit", "vehicle", "step"] as const) {
    const m: Known = new Map();
    for (const f of VOCABULARY[rec]) m.set(f.json, f.shape);
    for (const ir of irs) {
      for (const input of ir.inputs) {
        if (input.rec !== rec) continue;
        for (const f of input.fields) {
          if (m.has(f.json)) continue;
          m.set(f.json, shapeOfType(f.type));
        }
      }
    }
    out[rec] = m;
  }
  return out;
}

/** The raw records of a scenario's tree, every mistake reported into `ds`; null when the root is no object. */
export function validateScenario(
  root: Node,
  src: SourceFile,
  known: Record<VocabRecord, Known>,
  ds: Diagnostic[],
): RawScenario | null {
  if (root.type !== "object") {
    ds.push(
      report(
        "V0903",
        "notObject",
        spanOf(src, root),
        { found: jsonKind(root) },
        'write `{ "name": …, "unit": {…}, "path": […] }`',
      ),
    );
    return null;
  }
  const out: RawScenario = {
    name: null,
    scenario: { node: root, prefix: "", fields: [], given: new Set() },
    unit: { node: null, prefix: "unit.", fields: [], given: new Set() },
    vehicle: { node: null, prefix: "vehicle.", fields: [], given: new Set() },
    path: [],
  };
  const topNames = [...known.scenario.keys(), ...Object.keys(TOP_LEVEL_RECORDS)];
  for (const { key, value, name } of objectProperties(root, "", src, ds)) {
    out.scenario.given.add(name);
    if (name === "unit" || name === "vehicle") {
      if (value.type !== "object") {
        ds.push(
          report("V0903", "fieldNotObject", spanOf(src, value), {
            field: name,
            found: jsonKind(value),
          }),
        );
        out[name].broken = true;
        continue;
      }
      const given = new Set<string>();
      const before = ds.length;
      const fields = readRecord(value, name, name, src, known[name], given, ds);
      out[name] = {
        node: value,
        prefix: `${name}.`,
        fields,
        given,
        broken: hasUnknown(ds, before),
      };
    } else if (name === "path") {
      if (value.type !== "array") {
        ds.push(
          report(
            "V0903",
            "pathNotArray",
            spanOf(src, value),
            { found: jsonKind(value) },
            'write `"path": [ { "terrain": "open-ground" } ]`',
          ),
        );
        continue;
      }
      (value.children ?? []).forEach((step, i) => {
        const at = `path[${i}]`;
        if (step.type !== "object") {
          ds.push(
            report(
              "V0903",
              "fieldNotObject",
              spanOf(src, step),
              { field: at, found: jsonKind(step) },
              'a step is `{ "terrain": … }` or `{ "action": … }`',
            ),
          );
          return;
        }
        const given = new Set<string>();
        const before = ds.length;
        const fields = readRecord(step, at, "a path step", src, known.step, given, ds);
        const broken = hasUnknown(ds, before);
        if ((step.children ?? []).length === 0) {
          ds.push(
            report(
              "V0903",
              "emptyStep",
              spanOf(src, step),
              { step: at },
              "a step enters a hex (`terrain`) or acts in place (`action`)",
            ),
          );
        }
        out.path.push({ node: step, prefix: `${at}.`, fields, given, broken });
      });
    } else if (known.scenario.has(name)) {
      const f = readField(key, value, name, name, known.scenario.get(name)!, src, ds);
      if (f === null) continue;
      if (name === "name") {
        if (f.raw.s === "string") out.name = f.raw.v;
      } else out.scenario.fields.push(f);
    } else {
      ds.push(unknownField(name, name, "the top level", topNames, src, key));
    }
  }
  return out;
}

function hasUnknown(ds: readonly Diagnostic[], from: number): boolean {
  return ds.slice(from).some((d) => d.code === "V0902");
}

/**
 * The fields of one record (`unit`, `vehicle`, a step) checked against `known`: a field given twice,
 * unknown (V0902) or of the wrong shape or range (V0903). Maps read their vehicles with it too.
 */
export function readRecord(
  obj: Node,
  at: string,
  where: string,
  src: SourceFile,
  known: Known,
  given: Set<string>,
  ds: Diagnostic[],
): RawField[] {
  const fields: RawField[] = [];
  for (const { key, value, name } of objectProperties(obj, `${at}.`, src, ds)) {
    given.add(name);
    const path = `${at}.${name}`;
    if (!known.has(name)) {
      ds.push(unknownField(path, name, where, [...known.keys()], src, key));
      continue;
    }
    const f = readField(key, value, name, path, known.get(name)!, src, ds);
    if (f !== null) fields.push(f);
  }
  return fields;
}

function unknownField(
  path: string,
  name: string,
  where: string,
  valid: string[],
  src: SourceFile,
  key: Node,
): Diagnostic {
  const near = closest(name, valid);
  return report(
    "V0902",
    "unknownField",
    spanOf(src, key),
    { path, where, valid: nameList(valid) },
    near !== null ? `did you mean \`${near}\`?` : undefined,
    { scenario: "field", path, name },
  );
}

function readField(
  key: Node,
  node: Node,
  json: string,
  path: string,
  shape: Shape | null,
  src: SourceFile,
  ds: Diagnostic[],
): RawField | null {
  const bad = (expected: string): null => {
    ds.push(
      report("V0903", "mustBe", spanOf(src, node), { path, expected, found: jsonKind(node) }),
    );
    return null;
  };
  // `null` is the one spelling of "unknown" (as SQL's NULL): any field may be given so.
  if (node.type === "null") return { path, json, key, node, raw: { s: "unknown" } };
  const wanted = shape ?? inferShape(node);
  if (wanted === null) return bad("a string, number, boolean or array");
  switch (wanted) {
    case "string":
      if (node.type !== "string") return bad(describeShape(wanted));
      return { path, json, key, node, raw: { s: "string", v: node.value as string } };
    case "boolean":
      if (node.type !== "boolean") return bad(describeShape(wanted));
      return { path, json, key, node, raw: { s: "boolean", v: node.value as boolean } };
    case "number": {
      if (node.type !== "number") return bad(describeShape(wanted));
      const q = exactNumber(src, node, path, ds);
      return q === null ? null : { path, json, key, node, raw: { s: "number", q: q.q } };
    }
    case "string[]": {
      if (node.type !== "array") return bad(describeShape(wanted));
      const v = elements(node, "string", path, src, ds, (c) => ({ v: c.value as string, node: c }));
      return v === null ? null : { path, json, key, node, raw: { s: "string[]", v } };
    }
    case "number[]": {
      if (node.type !== "array") return bad(describeShape(wanted));
      const v = elements(node, "number", path, src, ds, (c, at) => {
        const q = exactNumber(src, c, at, ds);
        return q === null ? null : { q: q.q, n: q.n, node: c };
      });
      return v === null ? null : { path, json, key, node, raw: { s: "number[]", v } };
    }
  }
}

/**
 * The elements of the array `node` at `path`, each of JSON type `type` and read by `read` (given its
 * own path, `path[i]`): null when one is of another type (a V0903) or cannot be read.
 */
function elements<T>(
  node: Node,
  type: "string" | "number",
  path: string,
  src: SourceFile,
  ds: Diagnostic[],
  read: (c: Node, at: string) => T | null,
): T[] | null {
  const out: T[] = [];
  let ok = true;
  (node.children ?? []).forEach((c, i) => {
    if (c.type !== type) {
      ds.push(
        report("V0903", "itemMustBe", spanOf(src, c), {
          path: `${path}[${i}]`,
          type,
          found: jsonKind(c),
        }),
      );
      ok = false;
      return;
    }
    const x = read(c, `${path}[${i}]`);
    if (x === null) ok = false;
    else out.push(x);
  });
  return ok ? out : null;
}

function inferShape(node: Node): Shape | null {
  switch (node.type) {
    case "string":
      return "string";
    case "number":
      return "number";
    case "boolean":
      return "boolean";
    case "array": {
      const first = node.children?.[0];
      return first?.type === "number" ? "number[]" : "string[]";
    }
    default:
      return null;
  }
}

/** A JSON number as an exact rational (from its text, not the float), or a V0903 when out of range. */
function exactNumber(
  src: SourceFile,
  node: Node,
  path: string,
  ds: Diagnostic[],
): { q: RatText; n: number } | null {
  const text = src.text.slice(node.offset, node.offset + node.length);
  const n = node.value as number;
  const q = Number.isFinite(n) ? decimalToQ(text) : null;
  if (q === null) {
    ds.push(
      report(
        "V0903",
        "outOfRange",
        spanOf(src, node),
        { path, text },
        "numbers must be finite, with at most 15 significant digits",
      ),
    );
    return null;
  }
  return { q, n };
}
