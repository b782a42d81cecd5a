/**
 * The stacks of an example that places several units (`stack HEX { … }`) → the IR's counters, and
 * its expectations about them (`expect stack A1 legal`, `expect first.allowance = 4`). What it adds
 * to an example: hex names read and bounded (the example's map is the smallest one holding its
 * stacks, at most `MAX_COLUMNS` × `MAX_ROWS`), names unique, each unit's fields checked as a `unit`
 * record (required fields given, V0802), each weapon's fields quantities of that record, and a
 * ruleset that says who possesses a weapon (`possesses`); every mistake is V0803, located.
 */
import type * as A from "../../../grammar/ast.js";
import type { Span } from "../../../diagnostics/index.js";
import type { MessageArgs, MessageName } from "../../../diagnostics/messages.js";
import type * as I from "../../ir/ir.js";
import { parseHexName, hexName } from "../../../runtime/hex.js";
import { dict } from "../../util/dict.js";
import { num, typeText } from "./types.js";
import { isRule, type Scope } from "./scope.js";

/** The largest map an example's stacks may span: 26 columns (A–Z) by 99 rows. */
export const MAX_COLUMNS = 26;
export const MAX_ROWS = 99;
/** At most this many counters (units and weapons) in one example. */
export const MAX_COUNTERS = 64;

/** The prefix of the rules that say what one unit counts against a hex's stacking limit. */
export const STACKS_AS = "stacks-as-";

/** The predicate asked of each unit beneath a weapon, from the top: the first that holds possesses it. */
export const POSSESSES = "possesses";

/** What the stacks checker needs of the example checker. */
export interface StackHost {
  scope: Scope;
  /** Record literal `lit` as values of record `rec`'s fields; null when a field has an error. */
  record(rec: I.RecordName, lit: A.RecordLit): Record<string, I.Value> | null;
  /** Whether `lit` gives record `rec`'s required fields (else V0802, written `where`). */
  given(
    d: A.Decl & { kind: "example" },
    rec: I.RecordName,
    lit: A.RecordLit,
    where: string,
  ): boolean;
  /** Expression `e` as a constant of type `t`; null (reported) when it is not one. */
  constValue(e: A.Expr, t: I.Type): I.Value | null;
  /** Reports V0803. */
  stackError<M extends MessageName<"V0803">>(
    message: M,
    span: Span | null,
    args: MessageArgs<"V0803", M>,
    hint?: string,
  ): void;
  /** Reports V0210 (`noField`). */
  noField(span: Span, record: string, field: string, hint: string): void;
}

/** The example's counters, top of each stack first, and its map's far corner; null on an error. */
export function checkStacks(
  h: StackHost,
  d: A.Decl & { kind: "example" },
): { counters: I.ExampleCounter[]; corner: { col: number; row: number } } | null {
  let ok = true;
  // A single unit's records beside stacks: each unit's fields go in its stack.
  for (const r of d.records)
    if (r.rec !== "scenario") {
      h.stackError("mixed", r.value.span, { what: `\`${r.rec}\`` });
      ok = false;
    } else
      for (const f of r.value.fields)
        if (f.name !== "phase") {
          h.stackError("scenarioField", f.span, { field: `scenario.${f.name}` });
          ok = false;
        }
  if (d.path) {
    h.stackError("mixed", d.path[0]?.span ?? d.nameSpan, { what: "`path`" });
    ok = false;
  }
  if (d.roll) {
    h.stackError("mixed", d.nameSpan, { what: "`roll`" });
    ok = false;
  }
  const counters: I.ExampleCounter[] = [];
  const hexes = new Set<string>();
  const names = new Set<string>();
  const corner = { col: 0, row: 0 };
  let total = 0;
  for (const s of d.stacks) total += s.entries.length;
  if (total > MAX_COUNTERS) {
    h.stackError("tooMany", d.stacks[0]!.span, { count: total, max: MAX_COUNTERS });
    return null;
  }
  const unitFields = h.scope.inputs.get("unit");
  let weapons = false;
  for (const s of d.stacks) {
    const at = parseHexName(s.hex);
    if (at === null) {
      h.stackError("badHex", s.hexSpan, { hex: s.hex });
      ok = false;
    } else if (at.col >= MAX_COLUMNS || at.row >= MAX_ROWS) {
      h.stackError("tooFar", s.hexSpan, {
        hex: s.hex,
        max: `A1 to ${hexName(MAX_COLUMNS - 1, MAX_ROWS - 1)}`,
      });
      ok = false;
    } else {
      corner.col = Math.max(corner.col, at.col);
      corner.row = Math.max(corner.row, at.row);
    }
    if (hexes.has(s.hex)) {
      h.stackError("hexTwice", s.hexSpan, { hex: s.hex });
      ok = false;
    }
    hexes.add(s.hex);
    for (let i = 0; i < s.entries.length; i++) {
      const e = s.entries[i]!;
      if (names.has(e.name)) {
        h.stackError("nameTwice", e.nameSpan, { name: e.name });
        ok = false;
      }
      names.add(e.name);
      if (e.weapon) {
        weapons = true;
        if (!s.entries.slice(i + 1).some((x) => !x.weapon)) {
          h.stackError("nothingBeneath", e.nameSpan, { name: e.name });
          ok = false;
        }
        for (const f of e.fields.fields) {
          const sym = unitFields?.get(f.name);
          if (sym && sym.type.t !== "num") {
            h.stackError("weaponField", f.span, { field: f.name, type: typeText(sym.type) });
            ok = false;
          }
        }
      } else if (!h.given(d, "unit", e.fields, e.name)) ok = false;
      const v = h.record("unit", e.fields);
      if (v === null) ok = false;
      else counters.push({ name: e.name, hex: s.hex, weapon: e.weapon, fields: v });
    }
  }
  if (weapons && !isRule(h.scope.named(POSSESSES))) {
    const first = d.stacks.flatMap((s) => s.entries).find((e) => e.weapon)!;
    h.stackError("noPossession", first.nameSpan, {});
    ok = false;
  }
  return ok ? { counters, corner } : null;
}

/**
 * A `stack` or `member` expectation as the IR's, or null (reported): the hex on the example's map,
 * the unit one of its units (not a weapon), and the value of the type its name asks for.
 */
export function checkStackExpectation(
  h: StackHost,
  e: A.ExpectDecl & { e: "stack" | "member" },
  counters: readonly I.ExampleCounter[],
  corner: { col: number; row: number },
  measure: I.Type,
): I.Expectation | null {
  if (e.e === "stack") {
    const at = parseHexName(e.hex);
    if (at === null) {
      h.stackError("badHex", e.hexSpan, { hex: e.hex });
      return null;
    }
    if (at.col > corner.col || at.row > corner.row) {
      h.stackError("offMap", e.hexSpan, { hex: e.hex, corner: hexName(corner.col, corner.row) });
      return null;
    }
    return { e: "stack", hex: e.hex, want: !e.negated };
  }
  if (!counters.some((c) => c.name === e.unit && !c.weapon)) {
    const units = counters.filter((c) => !c.weapon).map((c) => c.name);
    h.stackError("unknownUnit", e.unitSpan, { name: e.unit, units: units.join(", ") });
    return null;
  }
  let type: I.Type;
  if (e.what === "allowance") type = measure;
  else if (e.what === "reaches") type = num(null);
  else {
    const fields = h.scope.inputs.get("unit");
    const sym = fields?.get(e.what);
    if (!sym) {
      h.noField(
        e.span,
        e.unit,
        e.what,
        `expect ${e.unit}.allowance, ${e.unit}.reaches, or a unit field: ${[...(fields?.keys() ?? [])].join(", ")}`,
      );
      return null;
    }
    type = sym.type;
  }
  const want = h.constValue(e.value, type);
  return want ? { e: "member", unit: e.unit, what: e.what, want } : null;
}

/** An empty record, for the single unit a `stack` example does not give. */
export const noUnit = (): Record<string, I.Value> => dict();
