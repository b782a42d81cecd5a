/**
 * Scenario files: JSON situations asked of one or more rulesets (`variorum eval`). Pure: the caller
 * reads the file and passes its text.
 *
 * Two passes. The first checks the file against the global vocabulary (vocabulary.ts), widened by the
 * fields the rulesets asked declare in their `input` blocks: malformed JSON is V0901, a field nobody
 * knows is V0902, a value of the wrong JSON shape is V0903. The second converts the file for each
 * ruleset: a field the ruleset does not declare goes to its `notApplicable` list, enum members are
 * checked against the ruleset's own enums (V0903), numbers become exact rationals, declared defaults
 * are filled in, and required fields are checked.
 */

import { findNodeAtLocation, parseTree, type Node, type ParseError, ParseErrorCode } from 'jsonc-parser';
import { diag, hasErrors, SourceFile, type Diagnostic, type Span } from './diagnostics.js';
import type { EnumDef, Expr, InputField, Q, RecordName, RulesetIR, ScenarioValue, Type, Value } from './ir.js';
import { describeShape, TOP_LEVEL_RECORDS, VEHICLE_ACTIONS, VOCABULARY, type Shape, type VocabRecord } from './vocabulary.js';
import { dict } from './dict.js';
import { safeLine } from './safe-text.js';
import { closest } from './suggest.js';
import { diceOf } from './ir-walk.js';
import { parseDecimal } from '../runtime/rational.js';

export interface ScenarioForRuleset {
  id: string;
  value: ScenarioValue;
  /** Fields of the file that the ruleset has no concept for, as paths: `unit.doubleTime`, `path[1].hexside`. */
  notApplicable: string[];
}

export interface ParsedScenario {
  name: string;
  perRuleset: ScenarioForRuleset[];
  diagnostics: Diagnostic[];
}

// ---------------------------------------------------------------------------------------------------
// Raw values (after the vocabulary pass)

type Raw =
  | { s: 'string'; v: string }
  | { s: 'number'; q: Q }
  | { s: 'boolean'; v: boolean }
  | { s: 'string[]'; v: { v: string; node: Node }[] }
  | { s: 'number[]'; v: { q: Q; n: number; node: Node }[] };

interface RawField {
  /** Field path for messages: `unit.kind`, `path[2].terrain`, `phase`. */
  path: string;
  json: string;
  key: Node;
  node: Node;
  raw: Raw;
}

interface RawRecord {
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

interface RawScenario {
  name: string | null;
  scenario: RawRecord;
  unit: RawRecord;
  vehicle: RawRecord;
  path: RawRecord[];
}

/** A known field: its JSON shape (null: the declarations disagree on the shape, checked per ruleset). */
type Known = Map<string, Shape | null>;

// ---------------------------------------------------------------------------------------------------

export function parseScenario(text: string, file: string, irs: RulesetIR[]): ParsedScenario {
  const src = new SourceFile(file, text);
  const diagnostics: Diagnostic[] = [];
  const fallbackName = defaultName(file);

  const limit = beyondLimits(text, src);
  if (limit !== null) {
    diagnostics.push(limit);
    return { name: fallbackName, perRuleset: [], diagnostics };
  }
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  if (errors.length > 0 || root === undefined) {
    diagnostics.push(jsonError(text, src, errors[0] ?? { error: ParseErrorCode.ValueExpected, offset: 0, length: 0 }));
    return { name: fallbackName, perRuleset: [], diagnostics };
  }

  const known = knownFields(irs);
  const raw = readScenario(root, src, known, diagnostics);
  if (raw === null) return { name: fallbackName, perRuleset: [], diagnostics };

  const perRuleset: ScenarioForRuleset[] = [];
  for (const ir of irs) {
    const ds: Diagnostic[] = [];
    const r = forRuleset(ir, raw, root, src, ds);
    diagnostics.push(...ds);
    perRuleset.push(r);
  }
  // Every mistake is reported in one run, but a scenario with errors is not evaluated.
  // The name is printed to terminals and reports: control characters never pass.
  return { name: safeLine(raw.name ?? fallbackName), perRuleset: hasErrors(diagnostics) ? [] : perRuleset, diagnostics };
}

/** The largest scenario file read (bytes of text), and the deepest nesting of `[`/`{` in it. */
export const MAX_SCENARIO_SIZE = 1_000_000;
export const MAX_SCENARIO_DEPTH = 64;

/**
 * A scenario too large or nested too deep to parse safely (the JSON parser recurses per level), as a
 * located V0901; null when within bounds. One linear scan that skips strings.
 */
export function beyondLimits(text: string, src: SourceFile, what = 'scenario', code: 'V0901' | 'V1001' = 'V0901'): Diagnostic | null {
  if (text.length > MAX_SCENARIO_SIZE) {
    return diag(code, `the ${what} is ${text.length.toLocaleString('en')} characters long; at most ${MAX_SCENARIO_SIZE.toLocaleString('en')}`, src.span(0, 0));
  }
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 34) {
      // a string: skip to its closing quote
      for (i++; i < text.length && text.charCodeAt(i) !== 34; i++) if (text.charCodeAt(i) === 92) i++;
    } else if (ch === 91 || ch === 123) {
      if (++depth > MAX_SCENARIO_DEPTH) return diag(code, `the ${what} nests more than ${MAX_SCENARIO_DEPTH} levels deep here`, src.span(i, i + 1));
    } else if ((ch === 93 || ch === 125) && depth > 0) depth--;
  }
  return null;
}

function defaultName(file: string): string {
  const base = file.split(/[\\/]/).pop() ?? file;
  return base.replace(/\.json$/i, '');
}

// ---------------------------------------------------------------------------------------------------
// Malformed JSON

const JSON_MESSAGES: Partial<Record<ParseErrorCode, string>> = {
  [ParseErrorCode.InvalidSymbol]: 'unexpected character',
  [ParseErrorCode.InvalidNumberFormat]: 'invalid number',
  [ParseErrorCode.PropertyNameExpected]: 'expected a field name in double quotes',
  [ParseErrorCode.ValueExpected]: 'expected a value',
  [ParseErrorCode.ColonExpected]: 'expected `:`',
  [ParseErrorCode.CommaExpected]: 'expected `,`',
  [ParseErrorCode.CloseBraceExpected]: 'expected `}`',
  [ParseErrorCode.CloseBracketExpected]: 'expected `]`',
  [ParseErrorCode.EndOfFileExpected]: 'unexpected text after the end of the scenario',
  [ParseErrorCode.InvalidCommentToken]: 'comments are not allowed in JSON',
  [ParseErrorCode.UnexpectedEndOfComment]: 'comments are not allowed in JSON',
  [ParseErrorCode.UnexpectedEndOfString]: 'unterminated string',
  [ParseErrorCode.UnexpectedEndOfNumber]: 'invalid number',
  [ParseErrorCode.InvalidUnicode]: 'invalid unicode escape',
  [ParseErrorCode.InvalidEscapeCharacter]: 'invalid escape in string',
  [ParseErrorCode.InvalidCharacter]: 'invalid character in string',
};

export function jsonError(text: string, src: SourceFile, e: ParseError, code: 'V0901' | 'V1001' = 'V0901'): Diagnostic {
  // A trailing comma shows up as "expected a value/name" at the closing bracket.
  const at = e.offset;
  if (
    (e.error === ParseErrorCode.ValueExpected || e.error === ParseErrorCode.PropertyNameExpected) &&
    (text[at] === '}' || text[at] === ']')
  ) {
    let k = at - 1;
    while (k >= 0 && /\s/.test(text[k]!)) k--;
    if (text[k] === ',') {
      return diag(code, 'malformed JSON: trailing comma', src.span(k, k + 1), 'JSON allows no comma before `}` or `]`');
    }
  }
  if (text.trim() === '') return diag(code, 'malformed JSON: the file is empty', src.span(0, 0));
  const what = JSON_MESSAGES[e.error] ?? 'syntax error';
  const end = Math.min(text.length, at + Math.max(e.length, 0));
  const hint = e.error === ParseErrorCode.PropertyNameExpected || e.error === ParseErrorCode.InvalidSymbol
    ? 'JSON field names and strings are written in double quotes'
    : undefined;
  return diag(code, `malformed JSON: ${what}`, src.span(at, end), hint);
}

// ---------------------------------------------------------------------------------------------------
// Pass 1: the vocabulary

function shapeOfType(t: Type): Shape | null {
  switch (t.t) {
    case 'bool':
      return 'boolean';
    case 'num':
      return 'number';
    case 'enum':
      return 'string';
    case 'set':
      return 'string[]';
    case 'dist':
      return null;
  }
}

/** The global vocabulary, widened by every field the rulesets declare. */
function knownFields(irs: RulesetIR[]): Record<VocabRecord, Known> {
  const out = {} as Record<VocabRecord, Known>;
  for (const rec of ['scenario', 'unit', 'vehicle', 'step'] as const) {
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

function readScenario(root: Node, src: SourceFile, known: Record<VocabRecord, Known>, ds: Diagnostic[]): RawScenario | null {
  if (root.type !== 'object') {
    ds.push(diag('V0903', `a scenario is a JSON object, not ${jsonKind(root)}`, spanOf(src, root), 'write `{ "name": …, "unit": {…}, "path": […] }`'));
    return null;
  }
  const out: RawScenario = {
    name: null,
    scenario: { node: root, prefix: '', fields: [], given: new Set() },
    unit: { node: null, prefix: 'unit.', fields: [], given: new Set() },
    vehicle: { node: null, prefix: 'vehicle.', fields: [], given: new Set() },
    path: [],
  };
  const topNames = [...known.scenario.keys(), ...Object.keys(TOP_LEVEL_RECORDS)];
  for (const { key, value, name } of properties(root, '', src, ds)) {
    out.scenario.given.add(name);
    if (name === 'unit' || name === 'vehicle') {
      if (value.type !== 'object') {
        ds.push(diag('V0903', `\`${name}\` must be an object, not ${jsonKind(value)}`, spanOf(src, value)));
        out[name].broken = true;
        continue;
      }
      const given = new Set<string>();
      const before = ds.length;
      const fields = readRecord(value, name, name, src, known[name], given, ds);
      out[name] = { node: value, prefix: `${name}.`, fields, given, broken: hasUnknown(ds, before) };
    } else if (name === 'path') {
      if (value.type !== 'array') {
        ds.push(diag('V0903', `\`path\` must be an array of steps, not ${jsonKind(value)}`, spanOf(src, value), 'write `"path": [ { "terrain": "open-ground" } ]`'));
        continue;
      }
      (value.children ?? []).forEach((step, i) => {
        const at = `path[${i}]`;
        if (step.type !== 'object') {
          ds.push(diag('V0903', `\`${at}\` must be an object, not ${jsonKind(step)}`, spanOf(src, step), 'a step is `{ "terrain": … }` or `{ "action": … }`'));
          return;
        }
        const given = new Set<string>();
        const before = ds.length;
        const fields = readRecord(step, at, 'a path step', src, known.step, given, ds);
        const broken = hasUnknown(ds, before);
        if ((step.children ?? []).length === 0) {
          ds.push(diag('V0903', `\`${at}\` is empty`, spanOf(src, step), 'a step enters a hex (`terrain`) or acts in place (`action`)'));
        }
        out.path.push({ node: step, prefix: `${at}.`, fields, given, broken });
      });
    } else if (known.scenario.has(name)) {
      const f = readField(key, value, name, name, known.scenario.get(name)!, src, ds);
      if (f === null) continue;
      if (name === 'name') {
        if (f.raw.s === 'string') out.name = f.raw.v;
      } else out.scenario.fields.push(f);
    } else {
      ds.push(unknownField(name, name, 'the top level', topNames, src, key));
    }
  }
  return out;
}

function hasUnknown(ds: readonly Diagnostic[], from: number): boolean {
  return ds.slice(from).some((d) => d.code === 'V0902');
}

/** The properties of an object, reporting a field given twice. */
function properties(obj: Node, prefix: string, src: SourceFile, ds: Diagnostic[]): { key: Node; value: Node; name: string }[] {
  const seen = new Set<string>();
  const out: { key: Node; value: Node; name: string }[] = [];
  for (const prop of obj.children ?? []) {
    const key = prop.children?.[0];
    const value = prop.children?.[1];
    if (key === undefined || value === undefined) continue;
    const name = String(key.value);
    if (seen.has(name)) {
      ds.push(diag('V0901', `malformed JSON: \`${prefix}${name}\` is given twice`, spanOf(src, key), 'keep one of them'));
      continue;
    }
    seen.add(name);
    out.push({ key, value, name });
  }
  return out;
}

function readRecord(obj: Node, at: string, where: string, src: SourceFile, known: Known, given: Set<string>, ds: Diagnostic[]): RawField[] {
  const fields: RawField[] = [];
  for (const { key, value, name } of properties(obj, `${at}.`, src, ds)) {
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

function unknownField(path: string, name: string, where: string, valid: string[], src: SourceFile, key: Node): Diagnostic {
  const near = closest(name, valid);
  return diag(
    'V0902',
    `unknown field \`${path}\`; ${where} has: ${valid.join(', ')}`,
    spanOf(src, key),
    near !== null ? `did you mean \`${near}\`?` : undefined,
  );
}

function readField(key: Node, node: Node, json: string, path: string, shape: Shape | null, src: SourceFile, ds: Diagnostic[]): RawField | null {
  const bad = (expected: string): null => {
    ds.push(diag('V0903', `\`${path}\` must be ${expected}, not ${jsonKind(node)}`, spanOf(src, node)));
    return null;
  };
  const wanted = shape ?? inferShape(node);
  if (wanted === null) return bad('a string, number, boolean or array');
  switch (wanted) {
    case 'string':
      if (node.type !== 'string') return bad(describeShape(wanted));
      return { path, json, key, node, raw: { s: 'string', v: node.value as string } };
    case 'boolean':
      if (node.type !== 'boolean') return bad(describeShape(wanted));
      return { path, json, key, node, raw: { s: 'boolean', v: node.value as boolean } };
    case 'number': {
      if (node.type !== 'number') return bad(describeShape(wanted));
      const q = exactNumber(src, node, path, ds);
      return q === null ? null : { path, json, key, node, raw: { s: 'number', q: q.q } };
    }
    case 'string[]': {
      if (node.type !== 'array') return bad(describeShape(wanted));
      const v: { v: string; node: Node }[] = [];
      let ok = true;
      (node.children ?? []).forEach((c, i) => {
        if (c.type !== 'string') {
          ds.push(diag('V0903', `\`${path}[${i}]\` must be a string, not ${jsonKind(c)}`, spanOf(src, c)));
          ok = false;
        } else v.push({ v: c.value as string, node: c });
      });
      return ok ? { path, json, key, node, raw: { s: 'string[]', v } } : null;
    }
    case 'number[]': {
      if (node.type !== 'array') return bad(describeShape(wanted));
      const v: { q: Q; n: number; node: Node }[] = [];
      let ok = true;
      (node.children ?? []).forEach((c, i) => {
        if (c.type !== 'number') {
          ds.push(diag('V0903', `\`${path}[${i}]\` must be a number, not ${jsonKind(c)}`, spanOf(src, c)));
          ok = false;
          return;
        }
        const q = exactNumber(src, c, `${path}[${i}]`, ds);
        if (q === null) ok = false;
        else v.push({ q: q.q, n: q.n, node: c });
      });
      return ok ? { path, json, key, node, raw: { s: 'number[]', v } } : null;
    }
  }
}

function inferShape(node: Node): Shape | null {
  switch (node.type) {
    case 'string':
      return 'string';
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'array': {
      const first = node.children?.[0];
      return first?.type === 'number' ? 'number[]' : 'string[]';
    }
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------------------------------
// Exact numbers

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

export function decimalToQ(text: string): Q | null {
  const q = parseDecimal(text);
  if (q === null || q.n > MAX_SAFE || -q.n > MAX_SAFE || q.d > MAX_SAFE) return null;
  return q.d === 1n ? `${q.n}` : `${q.n}/${q.d}`;
}

function exactNumber(src: SourceFile, node: Node, path: string, ds: Diagnostic[]): { q: Q; n: number } | null {
  const text = src.text.slice(node.offset, node.offset + node.length);
  const n = node.value as number;
  const q = Number.isFinite(n) ? decimalToQ(text) : null;
  if (q === null) {
    ds.push(diag('V0903', `\`${path}\` is out of range: ${text}`, spanOf(src, node), 'numbers must be finite, with at most 15 significant digits'));
    return null;
  }
  return { q, n };
}

// ---------------------------------------------------------------------------------------------------
// Pass 2: one ruleset

function forRuleset(ir: RulesetIR, raw: RawScenario, root: Node, src: SourceFile, ds: Diagnostic[]): ScenarioForRuleset {
  const notApplicable: string[] = [];
  const inputs = new Map<RecordName, Map<string, InputField>>();
  for (const input of ir.inputs) {
    const m = inputs.get(input.rec) ?? new Map<string, InputField>();
    for (const f of input.fields) m.set(f.json, f);
    inputs.set(input.rec, m);
  }
  const enums = new Map(ir.enums.map((e) => [e.name, e]));
  const dice = diceOf(ir);
  const value: ScenarioValue = { unit: dict(), vehicle: null, scenario: dict(), path: [] };

  const convertRecord = (rec: RecordName, r: RawRecord): Record<string, Value> => {
    const prefix = r.prefix;
    const decl = inputs.get(rec);
    const out: Record<string, Value> = dict();
    for (const f of r.fields) {
      const field = decl?.get(f.json);
      if (field === undefined) {
        if (rec === 'unit' && f.json === 'dice' && f.raw.s === 'number[]' && dice !== null) {
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
      if (field.default !== null) out[field.name] = field.default;
      else if (!field.optional && r.broken !== true) {
        const at = r.node === null ? `the scenario has no \`${prefix.slice(0, -1)}\`, but` : 'missing field:';
        ds.push(diag('V0903', `${at} ruleset ${ir.id} requires \`${prefix}${field.json}\``, spanOf(src, r.node ?? root)));
      }
    }
    return out;
  };

  value.scenario = convertRecord('scenario', raw.scenario);
  value.unit = convertRecord('unit', raw.unit);
  if (raw.vehicle.node !== null) {
    if (inputs.has('vehicle')) value.vehicle = convertRecord('vehicle', raw.vehicle);
    else notApplicable.push('vehicle');
  }
  const stepInputs = inputs.get('step');
  raw.path.forEach((step, i) => {
    // An in-place action a ruleset has no concept of (boarding, in a ruleset without transport):
    // the whole step is not applicable there, rather than a hex missing its terrain.
    const action = step.fields.find((f) => f.json === 'action');
    if (action && !stepInputs?.has('action')) {
      notApplicable.push(`path[${i}]`);
      return;
    }
    value.path.push(convertRecord('step', step));
  });
  return { id: ir.id, value, notApplicable };
}

function convert(ir: RulesetIR, enums: Map<string, EnumDef>, field: InputField, f: RawField, src: SourceFile, ds: Diagnostic[]): Value | null {
  const t = field.type;
  const mismatch = (expected: string): null => {
    ds.push(diag('V0903', `\`${f.path}\` must be ${expected} for ruleset ${ir.id}`, spanOf(src, f.node)));
    return null;
  };
  switch (t.t) {
    case 'bool':
      return f.raw.s === 'boolean' ? { v: 'bool', b: f.raw.v } : mismatch('true or false');
    case 'num':
      if (f.raw.s !== 'number') return mismatch('a number');
      // A quantity (PP carried, MP, inches, points of Shock) is never negative.
      if (t.measure !== null && f.raw.q.startsWith('-')) return mismatch(`0 or more ${t.measure} (a quantity is never negative)`);
      return { v: 'num', q: f.raw.q };
    case 'enum': {
      if (f.raw.s !== 'string') return mismatch(`a ${t.name} (a string)`);
      const e = enums.get(t.name);
      if (e === undefined) return mismatch(`a ${t.name}`);
      return memberOf(ir, e, f.raw.v, f.path, f.node, src, ds) ? { v: 'member', enum: t.name, name: f.raw.v } : null;
    }
    case 'set': {
      if (f.raw.s !== 'string[]' && !(f.raw.s === 'number[]' && f.raw.v.length === 0)) return mismatch(`an array of ${t.of} names`);
      const e = enums.get(t.of);
      if (e === undefined) return mismatch(`an array of ${t.of} names`);
      const given = f.raw.s === 'string[]' ? f.raw.v : [];
      let ok = true;
      const names = new Set<string>();
      given.forEach((g, i) => {
        if (memberOf(ir, e, g.v, `${f.path}[${i}]`, g.node, src, ds)) names.add(g.v);
        else ok = false;
      });
      if (!ok) return null;
      return { v: 'set', enum: t.of, members: e.members.map((m) => m.name).filter((n) => names.has(n)) };
    }
    case 'dist':
      return mismatch('a value a scenario can give (this input is a distribution)');
  }
}

function memberOf(ir: RulesetIR, e: EnumDef, name: string, path: string, node: Node, src: SourceFile, ds: Diagnostic[]): boolean {
  const names = e.members.map((m) => m.name);
  if (names.includes(name)) return true;
  const near = closest(name, names);
  ds.push(
    diag(
      'V0903',
      `unknown ${e.name} \`${name}\` in \`${path}\` for ruleset ${ir.id}; valid: ${names.join(', ')}`,
      spanOf(src, node),
      near !== null ? `did you mean \`${near}\`?` : undefined,
    ),
  );
  return false;
}

// ---------------------------------------------------------------------------------------------------
// Dice

export { diceOf } from './ir-walk.js';

function checkRoll(ir: RulesetIR, f: RawField, dice: { n: number; sides: number }, src: SourceFile, ds: Diagnostic[]): number[] | null {
  if (f.raw.s !== 'number[]') return null;
  const faces = f.raw.v;
  // A move may roll fewer dice than the ruleset's largest roll (Chain of Command: 2D6 normal, 3D6 at
  // the double); one that needs more faces than given is reported when it is evaluated.
  if (faces.length > dice.n || faces.length === 0) {
    ds.push(diag('V0903', `\`${f.path}\` gives ${faces.length} ${faces.length === 1 ? 'die' : 'dice'}, but ruleset ${ir.id} rolls at most ${dice.n}`, spanOf(src, f.node), `give ${dice.n} faces, e.g. [${Array.from({ length: dice.n }, (_, i) => Math.min(dice.sides, i + 3)).join(', ')}]`));
    return null;
  }
  let ok = true;
  faces.forEach((face, i) => {
    if (!Number.isInteger(face.n) || face.n < 1 || face.n > dice.sides) {
      ds.push(diag('V0903', `\`${f.path}[${i}]\` is ${face.q}, not a face of a ${dice.sides}-sided die (1 to ${dice.sides})`, spanOf(src, face.node)));
      ok = false;
    }
  });
  return ok ? faces.map((x) => x.n) : null;
}

// ---------------------------------------------------------------------------------------------------
// Helpers

function spanOf(src: SourceFile, node: Node): Span {
  return src.span(node.offset, node.offset + node.length);
}

function jsonKind(node: Node): string {
  switch (node.type) {
    case 'object':
      return 'an object';
    case 'array':
      return 'an array';
    case 'string':
      return `a string (${JSON.stringify(node.value)})`;
    case 'number':
      return `a number (${String(node.value)})`;
    case 'boolean':
      return String(node.value);
    case 'null':
      return 'null';
    default:
      return 'a value';
  }
}

export { closest, editDistance } from './suggest.js';

/**
 * The diagnostic for a scenario that passed validation but cannot be evaluated under `id` (an
 * `InputError`'s message): V0903, located at the missing field's record when a rule needs one.
 */
export function evaluationDiagnostic(id: string, message: string, text: string, file: string): Diagnostic {
  const field = /^this move needs `([^`]+)`/.exec(message)?.[1];
  if (field !== undefined) return diag('V0903', `under ${id}: ${message}`, locateField(text, file, field));
  // A fixed roll the move cannot use: at `unit.dice`; anything else at the start of the file.
  const src = new SourceFile(file, text);
  const root = parseTree(text);
  const dice = /fixed roll|dice/.test(message) && root !== undefined ? findNodeAtLocation(root, ['unit', 'dice']) : undefined;
  return diag('V0903', `under ${id}: ${message}`, dice !== undefined ? spanOf(src, dice) : src.span(0, Math.min(1, text.length)));
}

/**
 * Where in the scenario file a missing field belongs (`vehicle.kind`, `path[2].terrain`,
 * `unit.squadPortage`): its record's object, or for a vehicle the scenario leaves out, the step that
 * implies it (a board or enter-transport step); the file's start when neither is there.
 */
export function locateField(text: string, file: string, field: string): Span {
  const src = new SourceFile(file, text);
  const root = parseTree(text);
  const start: Span = src.span(0, Math.min(1, text.length));
  if (root === undefined) return start;
  const step = /^path\[(\d+)\]\./.exec(field);
  const rec = step ? null : field.includes('.') ? field.slice(0, field.indexOf('.')) : null;
  let node = step ? findNodeAtLocation(root, ['path', Number(step[1])]) : rec ? findNodeAtLocation(root, [rec]) : undefined;
  if (node === undefined && rec === 'vehicle') {
    const steps = findNodeAtLocation(root, ['path'])?.children ?? [];
    node = steps.find((s) => {
      const a = findNodeAtLocation(s, ['action'])?.value;
      return typeof a === 'string' && VEHICLE_ACTIONS.includes(a);
    });
  }
  return node === undefined ? start : spanOf(src, node);
}
