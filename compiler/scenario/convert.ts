/**
 * The per-ruleset pass: raw records (validate.ts) × one ruleset's `input` declarations → the IR's
 * `ScenarioValue` and the fields the ruleset has no concept for. Checking and converting are one walk
 * here, since each check is about the value being built: a field the ruleset does not declare goes to
 * `notApplicable` (a whole in-place step when it has no `action`), enum values are resolved in the
 * ruleset's own enums (by member name, then by the ruleset's own concept key: name-resolver.ts), a
 * quantity with a measure is never negative, JSON shapes the vocabulary left open are checked against
 * the declared type, a fixed roll (`unit.dice`) against the ruleset's dice, declared defaults are
 * filled in and required fields are checked — all V0903.
 */

import type { Node } from "jsonc-parser";
import type { Diagnostic, SourceFile } from "../../diagnostics/index.js";
import { count, nameList, report } from "../../diagnostics/messages.js";
import type { EnumDef, InputField, RecordName, RulesetIR, ScenarioValue, Value } from "../ir/ir.js";
import { dict } from "../util/dict.js";
import { closest } from "../util/suggest.js";
import { diceOf } from "../ir/walk.js";
import { resolveMember } from "../ir/name-resolver.js";
import { spanOf } from "./tree.js";
import type { RawField, RawRecord, RawScenario } from "./validate.js";

export interface ScenarioForRuleset {
  id: string;
  value: ScenarioValue;
  /** Fields of the file that the ruleset has no concept for, as paths: `unit.doubleTime`, `path[1].hexside`. */
  notApplicable: string[];
}

/** The scenario as ruleset `ir` sees it; its mistakes go to `ds` (`root` locates a missing record). */
export function forRuleset(
  ir: RulesetIR,
  raw: RawScenario,
  root: Node,
  src: SourceFile,
  ds: Diagnostic[],
): ScenarioForRuleset {
  const notApplicable: string[] = [];
  const inputs = new Map<RecordName, Map<string, InputField>>();
  for (const input of ir.inputs) {
    const m = inputs.get(input.rec) ?? new Map<string, InputField>();
    for (const f of input.fields) m.set(f.json, f);
    inputs.set(input.rec, m);
  }
  const enums = new Map(ir.enums.map((e) => [e.name, e]));
  // The ruleset's dice, worked out (a walk of every expression) only for a scenario that gives `dice`.
  let diceKnown: ReturnType<typeof diceOf> | undefined;
  const rolls = () => (diceKnown === undefined ? (diceKnown = diceOf(ir)) : diceKnown);
  const value: ScenarioValue = { unit: dict(), vehicle: null, scenario: dict(), path: [] };

  const convertRecord = (rec: RecordName, r: RawRecord): Record<string, Value> => {
    const prefix = r.prefix;
    const decl = inputs.get(rec);
    const out: Record<string, Value> = dict();
    for (const f of r.fields) {
      const field = decl?.get(f.json);
      // An unknown roll is no fixed roll: the dice decide.
      if (rec === "unit" && f.json === "dice" && f.raw.s === "unknown" && rolls() !== null)
        continue;
      if (field !== undefined && f.raw.s === "unknown") {
        (value.unknown ??= []).push(f.path);
        continue;
      }
      if (field === undefined) {
        const dice = rec === "unit" && f.json === "dice" && f.raw.s === "number[]" ? rolls() : null;
        if (dice !== null) {
          const roll = checkRoll(ir, f, dice, src, ds);
          if (roll !== null) value.roll = roll;
          continue;
        }
        notApplicable.push(f.path);
        continue;
      }
      const v = convert(ir, enums, field, f, src, ds);
      if (v !== null) out[field.name] = v;
    }
    for (const field of decl?.values() ?? []) {
      if (Object.hasOwn(out, field.name) || r.given.has(field.json)) continue;
      if (field.default !== null) {
        out[field.name] = field.default;
        const finite = field.default.v === "bool" || field.default.v === "member";
        if (finite && rec !== "step") (value.defaulted ??= []).push(`${prefix}${field.json}`);
      } else if (!field.optional && r.broken !== true) {
        ds.push(
          report(
            "V0903",
            r.node === null ? "missingRecord" : "missingField",
            spanOf(src, r.node ?? root),
            {
              record: prefix.slice(0, -1),
              ruleset: ir.id,
              field: `${prefix}${field.json}`,
            },
          ),
        );
      }
    }
    return out;
  };

  value.scenario = convertRecord("scenario", raw.scenario);
  value.unit = convertRecord("unit", raw.unit);
  if (raw.vehicle.node !== null) {
    if (inputs.has("vehicle")) value.vehicle = convertRecord("vehicle", raw.vehicle);
    else notApplicable.push("vehicle");
  }
  const stepInputs = inputs.get("step");
  raw.path.forEach((step, i) => {
    // An in-place action a ruleset has no concept of (boarding, in a ruleset without transport):
    // the whole step is not applicable there, rather than a hex missing its terrain.
    const action = step.fields.find((f) => f.json === "action");
    if (action && !stepInputs?.has("action")) {
      notApplicable.push(`path[${i}]`);
      return;
    }
    value.path.push(convertRecord("step", step));
  });
  return { id: ir.id, value, notApplicable };
}

function convert(
  ir: RulesetIR,
  enums: Map<string, EnumDef>,
  field: InputField,
  f: RawField,
  src: SourceFile,
  ds: Diagnostic[],
): Value | null {
  const t = field.type;
  const mismatch = (expected: string): null => {
    ds.push(
      report(
        "V0903",
        "mustBeFor",
        spanOf(src, f.node),
        { path: f.path, expected, ruleset: ir.id },
        undefined,
        { scenario: "type", path: f.path, expected },
      ),
    );
    return null;
  };
  switch (t.t) {
    case "bool":
      return f.raw.s === "boolean" ? { v: "bool", b: f.raw.v } : mismatch("true or false");
    case "num":
      if (f.raw.s !== "number") return mismatch("a number");
      // A quantity (PP carried, MP, inches, points of Shock) is never negative.
      if (t.measure !== null && f.raw.q.startsWith("-"))
        return mismatch(`0 or more ${t.measure} (a quantity is never negative)`);
      return { v: "num", q: f.raw.q };
    case "enum": {
      if (f.raw.s !== "string") return mismatch(`a ${t.name} (a string)`);
      const e = enums.get(t.name);
      if (e === undefined) return mismatch(`a ${t.name}`);
      const name = memberOf(ir, e, f.raw.v, f.path, f.node, src, ds);
      return name === null ? null : { v: "member", enum: t.name, name };
    }
    case "set": {
      if (f.raw.s !== "string[]" && !(f.raw.s === "number[]" && f.raw.v.length === 0))
        return mismatch(`an array of ${t.of} names`);
      const e = enums.get(t.of);
      if (e === undefined) return mismatch(`an array of ${t.of} names`);
      const given = f.raw.s === "string[]" ? f.raw.v : [];
      let ok = true;
      const names = new Set<string>();
      given.forEach((g, i) => {
        const name = memberOf(ir, e, g.v, `${f.path}[${i}]`, g.node, src, ds);
        if (name !== null) names.add(name);
        else ok = false;
      });
      if (!ok) return null;
      return {
        v: "set",
        enum: t.of,
        members: e.members.map((m) => m.name).filter((n) => names.has(n)),
      };
    }
    case "dist":
      return mismatch("a value a scenario can give (this input is a distribution)");
  }
}

/**
 * The member `name` means in enum `e` of this ruleset (its own member name, then its own concept key:
 * name-resolver.ts), or null with a V0903.
 */
function memberOf(
  ir: RulesetIR,
  e: EnumDef,
  name: string,
  path: string,
  node: Node,
  src: SourceFile,
  ds: Diagnostic[],
): string | null {
  const member = resolveMember(e, name);
  if (member !== null) return member;
  const names = e.members.map((m) => m.name);
  const near = closest(name, names);
  ds.push(
    report(
      "V0903",
      "unknownMember",
      spanOf(src, node),
      { enum: e.name, name, path, ruleset: ir.id, valid: nameList(names) },
      near !== null ? `did you mean \`${near}\`?` : undefined,
      { scenario: "member", path, enum: e.name, name },
    ),
  );
  return null;
}

// ---------------------------------------------------------------------------------------------------
// Dice

function checkRoll(
  ir: RulesetIR,
  f: RawField,
  dice: { n: number; sides: number },
  src: SourceFile,
  ds: Diagnostic[],
): number[] | null {
  if (f.raw.s !== "number[]") return null;
  const faces = f.raw.v;
  // A move may roll fewer dice than the ruleset's largest roll (Chain of Command: 2D6 normal, 3D6 at
  // the double); one that needs more faces than given is reported when it is evaluated.
  if (faces.length > dice.n || faces.length === 0) {
    ds.push(
      report(
        "V0903",
        "tooManyDice",
        spanOf(src, f.node),
        { path: f.path, dice: count(faces.length, "die", "dice"), ruleset: ir.id, n: dice.n },
        `give ${dice.n} faces, e.g. [${Array.from({ length: dice.n }, (_, i) => Math.min(dice.sides, i + 3)).join(", ")}]`,
      ),
    );
    return null;
  }
  let ok = true;
  faces.forEach((face, i) => {
    if (!Number.isInteger(face.n) || face.n < 1 || face.n > dice.sides) {
      ds.push(
        report("V0903", "notFace", spanOf(src, face.node), {
          path: `${f.path}[${i}]`,
          value: face.q,
          sides: dice.sides,
        }),
      );
      ok = false;
    }
  });
  return ok ? faces.map((x) => x.n) : null;
}
