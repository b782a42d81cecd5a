/**
 * A generated module's input checks: a plain scenario (`ScenarioInput`, as a game aid builds it or
 * reads it from JSON) against the module's own domains, before anything is priced. What the CLI's
 * scenario reader reports as a located diagnostic, a module throws as an `InputError` with the same
 * code and the field's scenario path: an unknown field is V0902; a value of the wrong type, an unknown
 * member (kind, terrain …), a negative quantity, a number the module cannot represent, a missing
 * required field, a bad fixed roll or an empty step is V0903. A field of the scenario vocabulary that
 * this ruleset has no concept for is not an error but listed, as `eval` lists it, in `notApplicable`.
 * Runs in a browser (no Node API).
 */

import { InputError } from "./errors.js";
import { toTicks } from "./ticks.js";

/** The JSON shape of a field of the scenario vocabulary. */
export type InputShape = "string" | "number" | "boolean" | "string[]" | "number[]";

/** What one field of a record accepts. */
export type FieldDomain =
  | { readonly t: "bool"; readonly required: boolean }
  /** `quantity`: a number with a measure (`measure`: its name, "MP"), never negative. */
  | {
      readonly t: "num";
      readonly required: boolean;
      readonly quantity: boolean;
      readonly measure?: string;
    }
  /** `members`: each accepted name (a member, or this ruleset's own concept key) → the member. */
  | {
      readonly t: "enum" | "set";
      readonly required: boolean;
      readonly name: string;
      readonly members: ReadonlyMap<string, string>;
    };

/** One record (unit, vehicle, step, scenario) as a module reads it. */
export interface RecordDomain {
  /** The fields this ruleset declares, by JSON name. */
  readonly fields: ReadonlyMap<string, FieldDomain>;
  /** The rest of the scenario vocabulary: known, checked for shape, listed as not applicable. */
  readonly other: ReadonlyMap<string, InputShape>;
}

/** Everything a module accepts. */
export interface InputDomains {
  readonly unit: RecordDomain;
  /** null: the ruleset reads no vehicle (a given `vehicle` is not applicable). */
  readonly vehicle: RecordDomain | null;
  readonly step: RecordDomain;
  readonly scenario: RecordDomain;
  /** The dice this ruleset rolls at most, or null. */
  readonly dice: { readonly n: number; readonly sides: number } | null;
  /** The ticks per unit of measure of the module: every number given must be a whole number of them. */
  readonly scale: number;
}

/** An input record as checked: members resolved, fields this ruleset has no concept for left out. */
export type CheckedRecord = Record<string, unknown>;

/** The input as checked, and the fields of it that this ruleset has no concept for. */
export interface CheckedInput {
  unit: CheckedRecord;
  vehicle?: CheckedRecord;
  scenario: CheckedRecord;
  path: CheckedRecord[];
  roll?: readonly number[];
  notApplicable: string[];
  /**
   * Fields given as unknown (`null`, scenario paths): answered for every value they can take
   * (runtime/cases.ts), their defaults not assumed.
   */
  unknown?: string[];
}

function bad(field: string | null, message: string): never {
  throw new InputError("V0903", field, message);
}

/**
 * An array's elements with its holes as `undefined` (`[, , x]`, `new Array(2)`): `forEach`, `map` and
 * `every` skip holes, so a sparse array would pass unchecked.
 */
function dense(a: readonly unknown[]): unknown[] {
  return Array.from(a);
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

function kindOf(x: unknown): string {
  if (x === null) return "null";
  if (x === undefined) return "a hole (nothing at that index)";
  if (Array.isArray(x)) return "an array";
  if (typeof x === "object") return "an object";
  return `a ${typeof x}`;
}

const SHAPES: Readonly<Record<InputShape, string>> = {
  string: "a string",
  number: "a number",
  boolean: "true or false",
  "string[]": "an array of strings",
  "number[]": "an array of numbers",
};

function checkShape(v: unknown, shape: InputShape, path: string): void {
  const ok =
    shape === "string"
      ? typeof v === "string"
      : shape === "number"
        ? typeof v === "number"
        : shape === "boolean"
          ? typeof v === "boolean"
          : Array.isArray(v) &&
            dense(v).every((x) => typeof x === (shape === "string[]" ? "string" : "number"));
  if (!ok) bad(path, `\`${path}\` must be ${SHAPES[shape]}, not ${kindOf(v)}`);
}

function number(v: unknown, path: string, quantity: boolean, scale: number): number {
  if (typeof v !== "number") return bad(path, `\`${path}\` must be a number, not ${kindOf(v)}`);
  // The bound `eval` applies (an exact rational within the safe integers), in ticks too: beyond it
  // the arithmetic could not stay exact.
  if (!Number.isFinite(v) || Math.abs(v) > Number.MAX_SAFE_INTEGER)
    return bad(path, `\`${path}\` is out of range: ${v}`);
  if (!Number.isSafeInteger(toTicks(v, scale)) && toTicks(v, scale) === toTicks(v, scale))
    return bad(path, `\`${path}\` is out of range: ${v}`);
  if (quantity && v < 0)
    return bad(path, `\`${path}\` must be 0 or more (a quantity is never negative)`);
  if (toTicks(v, scale) !== toTicks(v, scale))
    return bad(path, `\`${path}\` is ${v}, which this module cannot represent exactly`);
  return v;
}

function member(
  name: unknown,
  path: string,
  d: { name: string; members: ReadonlyMap<string, string> },
): string {
  if (typeof name !== "string")
    return bad(path, `\`${path}\` must be a ${d.name} (a string), not ${kindOf(name)}`);
  const m = d.members.get(name);
  if (m !== undefined) return m;
  return bad(
    path,
    `unknown ${d.name} \`${name}\` in \`${path}\`; valid: ${[...new Set(d.members.values())].join(", ")}`,
  );
}

function value(v: unknown, d: FieldDomain, path: string, scale: number): unknown {
  switch (d.t) {
    case "bool":
      if (typeof v !== "boolean") bad(path, `\`${path}\` must be true or false, not ${kindOf(v)}`);
      return v;
    case "num":
      return number(v, path, d.quantity, scale);
    case "enum":
      return member(v, path, d);
    case "set":
      if (!Array.isArray(v))
        return bad(path, `\`${path}\` must be an array of ${d.name} names, not ${kindOf(v)}`);
      return dense(v).map((x: unknown, i) => member(x, `${path}[${i}]`, d));
  }
}

/** How deep an input may nest: as a scenario file (docs/cli.md, limits). */
const MAX_DEPTH = 64;
/** The longest array an input may hold (a path of a million steps is far past every work bound). */
const MAX_ITEMS = 1_000_000;

/**
 * The caller's input as plain data, read once, before any check: each own enumerable string-keyed
 * property read one at a time into a prototype-free object (a key `__proto__` stays a key), each
 * array index into an array that keeps its holes (the checks report them). So a getter that throws,
 * a Proxy whose traps throw, a cycle or an endless array becomes an `InputError` naming where, and
 * nothing later reads the caller's object again (a getter cannot answer one value to the check and
 * another to the pricing). Symbol keys are not data (JSON has none) and are not read.
 */
function snapshot(x: unknown, path: string, depth: number): unknown {
  if (typeof x !== "object" || x === null) return x;
  const where = path === "" ? null : path;
  if (depth >= MAX_DEPTH)
    throw new InputError("V0903", where, `the input nests deeper than ${MAX_DEPTH} (a cycle?)`);
  try {
    if (Array.isArray(x)) {
      if (x.length > MAX_ITEMS)
        throw new InputError(
          "V0903",
          where,
          `\`${path}\` holds ${x.length} items; at most ${MAX_ITEMS.toLocaleString("en")}`,
        );
      const out = new Array<unknown>(x.length);
      for (let i = 0; i < x.length; i++)
        if (Object.hasOwn(x, i)) out[i] = snapshot(x[i], `${path}[${i}]`, depth + 1);
      return out;
    }
    const out = Object.create(null) as Record<string, unknown>;
    for (const k of Object.keys(x))
      out[k] = snapshot(
        (x as Record<string, unknown>)[k],
        path === "" ? k : `${path}.${k}`,
        depth + 1,
      );
    return out;
  } catch (e) {
    if (e instanceof InputError) throw e;
    const why = e instanceof Error ? e.message : String(e);
    throw new InputError(
      "V0903",
      where,
      `reading \`${path === "" ? "the input" : path}\` failed: ${why.slice(0, 200)}`,
    );
  }
}

/**
 * A module's options argument as plain data, read once like the input (`snapshot`): a getter or a
 * Proxy trap that throws, a cycle, becomes an `InputError` naming `options`, never another throw.
 */
export function readOptions(x: unknown): unknown {
  return snapshot(x, "options", 0);
}

/** One record checked against `d`; `prefix` starts its fields' paths (`unit.`, `path[2].`, ``). */
function checkRecord(
  given: unknown,
  d: RecordDomain,
  at: string,
  prefix: string,
  scale: number,
  notApplicable: string[],
  /** For the unit: where a fixed roll given as `unit.dice` goes, when the ruleset rolls dice. */
  roll: { dice: unknown } | null = null,
  /** Where a field given as unknown (`null`) is listed. */
  unknown: string[] = [],
): CheckedRecord {
  if (given === undefined) given = {};
  if (!isRecord(given))
    return bad(at === "" ? null : at, `\`${at}\` must be an object, not ${kindOf(given)}`);
  // No prototype: a field named `__proto__` (a ruleset may name one) is an own key, not a setter.
  const out = Object.create(null) as CheckedRecord;
  for (const [k, v] of Object.entries(given)) {
    const path = `${prefix}${k}`;
    const f = d.fields.get(k);
    if (f === undefined && k === "dice" && roll !== null) {
      // An unknown roll is no fixed roll: the dice decide.
      if (v !== null) roll.dice = v;
      continue;
    }
    if (f !== undefined) {
      if (v === undefined) continue;
      // `null`: the player does not know it (docs/cli.md): answered for every value, no default.
      if (v === null) unknown.push(path);
      else out[k] = value(v, f, path, scale);
      continue;
    }
    const shape = d.other.get(k);
    if (shape === undefined) {
      const known = [...d.fields.keys(), ...d.other.keys()];
      throw new InputError("V0902", path, `unknown field \`${path}\`; known: ${known.join(", ")}`);
    }
    if (v === undefined) continue;
    if (v !== null) checkShape(v, shape, path);
    notApplicable.push(path);
  }
  for (const [k, f] of d.fields)
    if (f.required && out[k] === undefined && !unknown.includes(`${prefix}${k}`))
      bad(`${prefix}${k}`, `missing field: this ruleset requires \`${prefix}${k}\``);
  return out;
}

/**
 * Checks `input` against a module's domains (throwing `InputError` V0902 or V0903 at the first
 * mistake, naming its field) and returns it as the module reads it: members resolved, what this
 * ruleset has no concept for listed in `notApplicable` and left out (a whole in-place step where it
 * has no `action`), a fixed roll (`roll`, or `unit.dice` as in a scenario file) checked against its dice.
 */
export function checkInput(caller: unknown, d: InputDomains): CheckedInput {
  const input = snapshot(caller, "", 0);
  if (!isRecord(input)) return bad(null, `the input must be an object, not ${kindOf(input)}`);
  for (const k of Object.keys(input))
    if (!["unit", "vehicle", "scenario", "path", "roll"].includes(k))
      throw new InputError(
        "V0902",
        k,
        `unknown field \`${k}\`; known: unit, vehicle, scenario, path, roll`,
      );
  const notApplicable: string[] = [];
  const unknown: string[] = [];
  const scenario = checkRecord(
    input["scenario"],
    d.scenario,
    "scenario",
    "",
    d.scale,
    notApplicable,
    null,
    unknown,
  );
  const given = { dice: input["roll"] };
  const unit = checkRecord(
    input["unit"],
    d.unit,
    "unit",
    "unit.",
    d.scale,
    notApplicable,
    d.dice === null ? null : given,
    unknown,
  );
  const roll = given.dice;
  const out: CheckedInput = { unit, scenario, path: [], notApplicable };
  if (roll !== undefined) {
    if (d.dice === null) {
      // A roll for a ruleset without dice (`unit.dice` already went to notApplicable).
      checkShape(roll, "number[]", "roll");
      notApplicable.push("roll");
    } else {
      const { n, sides } = d.dice;
      if (!Array.isArray(roll) || roll.length === 0 || roll.length > n)
        bad(
          "unit.dice",
          `\`unit.dice\` must give 1 to ${n} dice, not ${Array.isArray(roll) ? roll.length : kindOf(roll)}`,
        );
      dense(roll).forEach((face: unknown, i) => {
        if (typeof face !== "number" || !Number.isInteger(face) || face < 1 || face > sides)
          bad(
            `unit.dice[${i}]`,
            `\`unit.dice[${i}]\` is ${String(face)}, not a face of a ${sides}-sided die (1 to ${sides})`,
          );
      });
      out.roll = roll as number[];
    }
  }
  const vehicle = input["vehicle"];
  if (vehicle !== undefined) {
    if (d.vehicle === null) {
      if (!isRecord(vehicle))
        bad("vehicle", `\`vehicle\` must be an object, not ${kindOf(vehicle)}`);
      notApplicable.push("vehicle");
    } else
      out.vehicle = checkRecord(
        vehicle,
        d.vehicle,
        "vehicle",
        "vehicle.",
        d.scale,
        notApplicable,
        null,
        unknown,
      );
  }
  const path = input["path"];
  if (!Array.isArray(path))
    return bad("path", `\`path\` must be an array of steps, not ${kindOf(path)}`);
  dense(path).forEach((step: unknown, i) => {
    const at = `path[${i}]`;
    if (!isRecord(step)) bad(at, `\`${at}\` must be an object, not ${kindOf(step)}`);
    if (Object.keys(step).length === 0) bad(at, `\`${at}\` is empty`);
    // An in-place action this ruleset has no concept of: the whole step is not applicable.
    if (step["action"] !== undefined && !d.step.fields.has("action")) {
      notApplicable.push(at);
      return;
    }
    out.path.push(checkRecord(step, d.step, at, `${at}.`, d.scale, notApplicable, null, unknown));
  });
  if (unknown.length > 0) out.unknown = unknown;
  return out;
}
