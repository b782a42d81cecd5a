/**
 * Situations: for a row whose rulesets define a rule, predicate or constraint differently, the smallest
 * inputs under which their answers differ ("half-squad carrying 3 PP: SL 3 MF, ASL 4 MF").
 *
 * The domain. Only inputs a definition actually reads (following the rules and tables it refers to)
 * are varied, and only those that at least two of the rulesets declare, by JSON name and record
 * (unit, scenario, step), with enum members that at least two of them share. For two rulesets that
 * is exactly "the fields both declare, with the values both share". Each dimension has a default: the
 * declared default, else (a required enum) the member most rulesets share, else "absent".
 * - enum fields: the shared members;  booleans: false, true;
 * - numbers: 0, the default, and every constant c (and c + 1) that the definitions use, up to 20;
 * - sets (statuses): each member a definition tests (`unit.cx`) is its own yes/no dimension.
 *
 * The search. Situations are tried in order of weight (how many dimensions are off their default),
 * so the first ones found are minimal; a situation that contains one already found (the same values
 * plus more) is skipped, and one that differs from a found one only in a number is kept only when
 * there are too few others. A ruleset that does not declare a varied field, or lacks its value, gives
 * no answer (null) in that situation; a situation counts when two answers differ. Every definition
 * without parameters is searched: unit-level ones on the unit alone, step-level ones on one step,
 * path-level ones (totals, aggregates) on a one-hex move (into the situation's step, else the first
 * terrain each ruleset lists), priced first. A definition that rolls dice is answered by its distribution over every roll.
 */

import { forEachRoll, summarize } from '../../runtime/dice.js';
import { pricePath } from '../../runtime/move.js';
import { Rat, ratNum } from '../../runtime/rational.js';
import type { DistributionSummary } from '../../runtime/types.js';
import type { ConstraintDef, Expr, InputField, RecordName, RuleDef, RulesetIR, ScenarioValue, Value } from '../ir.js';
import { EvalError, type RV } from '../interpret/eval.js';
import { interpreterFor, prepare } from '../interpret/model.js';
import { humanise, measureOf, memberDisplay, quantity, scopeOf } from '../render/expr.js';

export type Answer = number | boolean | string | string[] | DistributionSummary | null;

/** Inputs of a situation, shaped as a scenario file (`variorum eval` reads the same fields). */
export interface SituationInputs {
  unit?: Record<string, string | number | boolean | string[]>;
  phase?: string;
  [scenarioField: string]: unknown;
  path?: Record<string, string | number | boolean | string[]>[];
}

export interface Situation {
  inputs: SituationInputs;
  /** ruleset id → the answer (null: the ruleset cannot be asked this situation). */
  values: Record<string, Answer>;
  /** ruleset id → the answer as a reader sees it ("3 MF", "NA", "yes"). */
  display: Record<string, string | null>;
  /** ruleset id → citations of the definitions that gave the answer. */
  rules: Record<string, string[]>;
  /** The inputs as a reader sees them: "Half-squad, portage 3 PP". */
  text: string;
}

/** One ruleset's definition in a row. */
export interface Subject {
  id: string;
  ir: RulesetIR;
  def: RuleDef | ConstraintDef;
}

export interface SearchOptions {
  /** At most this many situations (default 5). */
  limit?: number;
  /**
   * Give up when one ruleset has been evaluated this many times (default 400; situations that differ
   * only in inputs a definition does not read are answered from a cache and do not count), or after
   * 20 times as many situations.
   */
  budget?: number;
}

type Scalar = string | boolean | null; // enum member, boolean, number as Q text ("n:3"), absent = null

interface Dim {
  rec: RecordName;
  json: string;
  /** For a status-like set: the member this yes/no dimension stands for. */
  member: string | null;
  kind: 'enum' | 'bool' | 'num' | 'flag';
  values: Scalar[];
  def: Scalar;
  required: boolean;
  measure: string | null;
}

interface Reads {
  /** `rec.fieldName` */
  fields: Set<string>;
  /** `rec.fieldName` → members tested */
  flags: Map<string, Set<string>>;
  /** set-valued fields read as a whole */
  wholeSets: Set<string>;
  consts: Set<string>;
  path: boolean;
  dice: boolean;
  all: boolean;
  step: boolean;
}

function isRule(d: RuleDef | ConstraintDef): d is RuleDef {
  return 'exceptions' in d;
}

function exprsOf(d: RuleDef | ConstraintDef): Expr[] {
  if (!isRule(d)) return [d.cond];
  const out: Expr[] = [d.value];
  const go = (xs: RuleDef['exceptions']) => xs.forEach((x) => { out.push(x.when, x.value); go(x.exceptions); });
  go(d.exceptions);
  return out;
}

function fieldDef(ir: RulesetIR, rec: RecordName, by: 'name' | 'json', key: string): InputField | undefined {
  for (const i of ir.inputs) {
    if (i.rec !== rec) continue;
    const f = i.fields.find((x) => x[by] === key);
    if (f) return f;
  }
  return undefined;
}

function enumMembers(ir: RulesetIR, name: string): string[] {
  return ir.enums.find((e) => e.name === name)?.members.map((m) => m.name) ?? [];
}

/** What a definition reads, following the rules and tables it refers to. */
export function readsOf(ir: RulesetIR, d: RuleDef | ConstraintDef): Reads {
  const r: Reads = { fields: new Set(), flags: new Map(), wholeSets: new Set(), consts: new Set(), path: false, dice: false, all: false, step: false };
  const rules = new Map(ir.rules.map((x) => [x.name, x]));
  const tables = new Map(ir.tables.map((x) => [x.name, x]));
  const seen = new Set<string>();
  const flag = (rec: string, field: string, member: string) => {
    const k = `${rec}.${field}`;
    let s = r.flags.get(k);
    if (!s) r.flags.set(k, (s = new Set()));
    s.add(member);
  };
  const go = (e: Expr): void => {
    switch (e.k) {
      case 'num': r.consts.add(e.q); return;
      case 'all': r.all = true; return;
      case 'field': {
        r.fields.add(`${e.rec}.${e.name}`);
        if (e.rec === 'step') r.step = true;
        const f = fieldDef(ir, e.rec, 'name', e.name);
        if (f && f.type.t === 'set') r.wholeSets.add(`${e.rec}.${e.name}`);
        return;
      }
      case 'flag':
        if (e.rec === 'step') r.step = true;
        flag(e.rec, e.field, e.member);
        return;
      case 'present':
        if (e.rec === 'step') r.step = true;
        r.fields.add(`${e.rec}.${e.name}`);
        return;
      case 'path': r.path = true; return;
      case 'agg': r.path = true; go(e.body); return;
      case 'dice': r.dice = true; if (e.perDie) go(e.perDie); return;
      case 'rule': {
        e.args.forEach(go);
        if (seen.has(`r:${e.name}`)) return;
        seen.add(`r:${e.name}`);
        const x = rules.get(e.name);
        if (x) exprsOf(x).forEach(go);
        return;
      }
      case 'table': {
        e.keys.forEach(go);
        if (seen.has(`t:${e.name}`)) return;
        seen.add(`t:${e.name}`);
        const t = tables.get(e.name);
        for (const row of t?.rows ?? []) if (row.value.v === 'num') r.consts.add(row.value.q);
        return;
      }
      case 'in':
        if (e.x.k === 'member' && e.set.k === 'field') {
          flag(e.set.rec, e.set.name, e.x.name);
          if (e.set.rec === 'step') r.step = true;
          return;
        }
        go(e.x);
        go(e.set);
        return;
      case 'neg': case 'not': go(e.x); return;
      case 'bin': go(e.a); go(e.b); return;
      case 'if': go(e.c); go(e.t); go(e.e); return;
      case 'call': e.args.forEach(go); return;
      default: return;
    }
  };
  exprsOf(d).forEach(go);
  // A path-level definition is asked about a priced move, so it also reads what pricing reads.
  if (r.path) {
    go(ir.movement.allowance);
    go(ir.movement.cost);
  } else if (r.all) go(ir.movement.allowance);
  if (r.path) {
    go(ir.movement.cost); // the allowance may have set `path` only now
  }
  return r;
}

/** Whether the search can ask this definition at all. */
export function searchable(s: Subject): boolean {
  return !(isRule(s.def) && s.def.params.length > 0);
}

const RECS: RecordName[] = ['unit', 'scenario', 'step'];

function buildDims(subjects: readonly Subject[], reads: readonly Reads[]): Dim[] {
  const dims: Dim[] = [];
  // Numbers the definitions use: the boundaries worth trying.
  const consts = new Set<string>();
  for (const r of reads) for (const q of r.consts) consts.add(q);
  const numbers = (def: string | null): Scalar[] => {
    const out = new Map<string, Rat>();
    const add = (x: Rat) => { if (!x.isNA() && x.ge(Rat.ZERO) && x.le(Rat.of(20))) out.set(x.toString(), x); };
    add(Rat.ZERO);
    if (def !== null) add(Rat.parse(def));
    for (const q of consts) {
      let x: Rat;
      try { x = Rat.parse(q); } catch { continue; }
      add(x);
      if (x.isInteger()) add(x.add(Rat.ONE));
    }
    return [...out.values()].sort((a, b) => a.cmp(b)).slice(0, 10).map((x) => `n:${x.toString()}`);
  };

  for (const rec of RECS) {
    // Field JSON names read by any subject, in the order the first declaring ruleset lists them.
    const read = new Map<string, { set: boolean }>();
    subjects.forEach((s, i) => {
      for (const key of [...reads[i]!.fields, ...reads[i]!.flags.keys(), ...reads[i]!.wholeSets]) {
        const [r, name] = [key.slice(0, key.indexOf('.')), key.slice(key.indexOf('.') + 1)];
        if (r !== rec) continue;
        const f = fieldDef(s.ir, rec, 'name', name);
        if (f) read.set(f.json, { set: f.type.t === 'set' });
      }
    });
    const order: string[] = [];
    for (const s of subjects) for (const i of s.ir.inputs) if (i.rec === rec) for (const f of i.fields) if (read.has(f.json) && !order.includes(f.json)) order.push(f.json);

    for (const json of order) {
      const decl = subjects.map((s) => fieldDef(s.ir, rec, 'json', json) ?? null);
      const first = decl.find((f) => f !== null)!;
      const same = decl.map((f) => (f !== null && f.type.t === first.type.t ? f : null));
      const declarers = same.filter((f) => f !== null).length;
      if (declarers < 2) continue;
      const t = first.type;
      if (t.t === 'enum') {
        const count = new Map<string, number>();
        same.forEach((f, i) => {
          if (f === null || f.type.t !== 'enum') return;
          for (const m of enumMembers(subjects[i]!.ir, f.type.name)) count.set(m, (count.get(m) ?? 0) + 1);
        });
        const shared = [...count.keys()].filter((m) => count.get(m)! >= 2);
        if (shared.length === 0) continue;
        const firstDefault = same.find((f) => f !== null && f.default !== null)?.default ?? null;
        const optional = same.every((f) => f === null || f.optional);
        let def: Scalar;
        if (firstDefault !== null && firstDefault.v === 'member') def = firstDefault.name;
        else if (optional) def = null;
        else def = [...shared].sort((a, b) => count.get(b)! - count.get(a)!)[0]!;
        const values: Scalar[] = optional && firstDefault === null ? [null, ...shared] : shared;
        if (def !== null && !values.includes(def)) values.unshift(def);
        dims.push({ rec, json, member: null, kind: 'enum', values, def, required: firstDefault === null && !optional, measure: null });
      } else if (t.t === 'bool') {
        const d = same.find((f) => f !== null && f.default !== null)?.default;
        const def = d !== undefined && d !== null && d.v === 'bool' ? d.b : false;
        dims.push({ rec, json, member: null, kind: 'bool', values: [false, true], def, required: false, measure: null });
      } else if (t.t === 'num') {
        const d = same.find((f) => f !== null && f.default !== null)?.default;
        const def = d !== undefined && d !== null && d.v === 'num' ? Rat.parse(d.q).toString() : null;
        const values = numbers(def);
        dims.push({ rec, json, member: null, kind: 'num', values, def: def === null ? values[0]! : `n:${def}`, required: def === null, measure: t.measure });
      } else if (t.t === 'set') {
        // The members tested, shared by two declarers; a set read whole: every shared member (at most 6).
        const tested = new Set<string>();
        let whole = false;
        subjects.forEach((_, i) => {
          const f = same[i];
          if (!f) return;
          const key = `${rec}.${f.name}`;
          for (const m of reads[i]!.flags.get(key) ?? []) tested.add(m);
          if (reads[i]!.wholeSets.has(key)) whole = true;
        });
        const count = new Map<string, number>();
        same.forEach((f, i) => {
          if (f === null || f.type.t !== 'set') return;
          for (const m of enumMembers(subjects[i]!.ir, f.type.of)) count.set(m, (count.get(m) ?? 0) + 1);
        });
        const shared = [...count.keys()].filter((m) => count.get(m)! >= 2 && (whole || tested.has(m)));
        for (const m of shared.slice(0, 6)) {
          dims.push({ rec, json, member: m, kind: 'flag', values: [false, true], def: false, required: false, measure: null });
        }
      }
    }
  }
  return dims;
}

/** Yields index tuples of `k` out of `n`, in lexicographic order. */
function* choose(n: number, k: number): Generator<number[]> {
  const idx = Array.from({ length: k }, (_, i) => i);
  if (k > n) return;
  for (;;) {
    yield idx.slice();
    let i = k - 1;
    while (i >= 0 && idx[i] === n - k + i) i--;
    if (i < 0) return;
    idx[i]!++;
    for (let j = i + 1; j < k; j++) idx[j] = idx[j - 1]! + 1;
  }
}

/** Every assignment, lightest first: `null` in the returned array means "at its default". */
function* assignments(dims: readonly Dim[]): Generator<(Scalar | undefined)[]> {
  const alt = dims.map((d) => d.values.filter((v) => v !== d.def));
  for (let w = 0; w <= dims.length; w++) {
    for (const pick of choose(dims.length, w)) {
      if (pick.some((i) => alt[i]!.length === 0)) continue;
      const pos = pick.map(() => 0);
      for (;;) {
        const a: (Scalar | undefined)[] = dims.map(() => undefined);
        pick.forEach((di, j) => (a[di] = alt[di]![pos[j]!]!));
        yield a;
        let j = w - 1;
        while (j >= 0 && pos[j] === alt[pick[j]!]!.length - 1) pos[j--] = 0;
        if (j < 0) break;
        pos[j]!++;
      }
    }
  }
}

interface Outcome {
  key: string;
  answer: Answer;
  display: string;
  rules: string[];
}

function toValue(f: InputField, v: Scalar): Value | null {
  if (v === null) return null;
  switch (f.type.t) {
    case 'enum': return typeof v === 'string' ? { v: 'member', enum: f.type.name, name: v } : null;
    case 'bool': return typeof v === 'boolean' ? { v: 'bool', b: v } : null;
    case 'num': return typeof v === 'string' ? { v: 'num', q: v.slice(2) } : null;
    default: return null;
  }
}

/** Values for required fields the situation does not vary (the first member, false, 0). */
function filler(ir: RulesetIR, f: InputField): Value | null {
  switch (f.type.t) {
    case 'enum': {
      const m = enumMembers(ir, f.type.name)[0];
      return m === undefined ? null : { v: 'member', enum: f.type.name, name: m };
    }
    case 'bool': return { v: 'bool', b: false };
    case 'num': return { v: 'num', q: '0' };
    case 'set': return { v: 'set', enum: f.type.of, members: [] };
    default: return null;
  }
}

class Asker {
  private readonly reads: Reads;
  private readonly isStep: boolean;
  private readonly measure: string | null;

  constructor(readonly s: Subject, reads: Reads) {
    this.reads = reads;
    // Step-level definitions are asked about one step; path-level ones about a one-hex move.
    this.isStep = s.def.context !== 'unit' || reads.step || reads.path;
    this.measure = isRule(s.def) ? measureOf(s.def.type) : null;
  }

  private readonly cache = new Map<string, Outcome | null>();
  /** Evaluations made (cache misses). */
  evaluations = 0;

  /** The answer in one situation, or null when this ruleset cannot be asked it. */
  ask(dims: readonly Dim[], a: readonly (Scalar | undefined)[]): Outcome | null {
    // Situations that differ only in inputs this definition does not read get the same answer.
    const key = this.keyOf(dims, a);
    if (key === null) return null;
    const hit = this.cache.get(key);
    if (hit !== undefined) return hit;
    this.evaluations++;
    const out = this.compute(dims, a);
    this.cache.set(key, out);
    return out;
  }

  /** What of a situation this definition can see (null: it cannot be asked the situation at all). */
  private keyOf(dims: readonly Dim[], a: readonly (Scalar | undefined)[]): string | null {
    const { ir } = this.s;
    const parts: string[] = [];
    for (let i = 0; i < dims.length; i++) {
      const d = dims[i]!;
      const given = a[i] !== undefined;
      const v = given ? a[i]! : d.def;
      const f = fieldDef(ir, d.rec, 'json', d.json);
      if (f === undefined) {
        if (given) return null;
        continue;
      }
      const key = `${d.rec}.${f.name}`;
      const readsIt = this.reads.fields.has(key) || this.reads.flags.has(key) || this.reads.wholeSets.has(key);
      if (readsIt) {
        parts.push(String(v));
        continue;
      }
      // Not read: only whether the situation gives it a value this ruleset lacks (then no answer).
      const fits = d.kind === 'flag' ? f.type.t === 'set' : d.kind === f.type.t;
      const known =
        d.kind === 'flag' ? f.type.t === 'set' && enumMembers(ir, f.type.of).includes(d.member!)
        : d.kind === 'enum' ? v === null || (f.type.t === 'enum' && enumMembers(ir, f.type.name).includes(v as string))
        : true;
      parts.push(given && !(fits && known) ? 'X' : '-');
    }
    return parts.join('\u0000');
  }

  private compute(dims: readonly Dim[], a: readonly (Scalar | undefined)[]): Outcome | null {
    const { ir } = this.s;
    const recs: Record<string, Record<string, Value>> = { unit: {}, scenario: {}, step: {} };
    const flags = new Map<string, string[]>();
    for (let i = 0; i < dims.length; i++) {
      const d = dims[i]!;
      const given = a[i] !== undefined;
      const v = given ? a[i]! : d.def;
      const f = fieldDef(ir, d.rec, 'json', d.json);
      const readsIt = f !== undefined && (this.reads.fields.has(`${d.rec}.${f.name}`) || this.reads.flags.has(`${d.rec}.${f.name}`) || this.reads.wholeSets.has(`${d.rec}.${f.name}`));
      const fits = f !== undefined && (d.kind === 'flag' ? f.type.t === 'set' : d.kind === f.type.t);
      if (f === undefined || !fits) {
        if (given) return null; // the situation sets a field this ruleset has no concept of
        continue;
      }
      if (d.kind === 'flag') {
        const members = f.type.t === 'set' ? enumMembers(ir, f.type.of) : [];
        if (!members.includes(d.member!)) {
          if (given) return null;
          continue;
        }
        if (v === true) {
          const list = flags.get(f.name) ?? [];
          list.push(d.member!);
          flags.set(f.name, list);
        }
        continue;
      }
      if (d.kind === 'enum' && v !== null && f.type.t === 'enum' && !enumMembers(ir, f.type.name).includes(v as string)) {
        if (given || readsIt) return null;
        continue;
      }
      const val = toValue(f, v);
      if (val !== null) recs[d.rec]![f.name] = val;
    }
    for (const [name, members] of flags) {
      const f = fieldDef(ir, 'unit', 'name', name) ?? fieldDef(ir, 'scenario', 'name', name) ?? fieldDef(ir, 'step', 'name', name);
      if (!f || f.type.t !== 'set') continue;
      const rec = (['unit', 'scenario', 'step'] as const).find((r) => fieldDef(ir, r, 'name', name) === f)!;
      const order = enumMembers(ir, f.type.of);
      recs[rec]![name] = { v: 'set', enum: f.type.of, members: order.filter((m) => members.includes(m)) };
    }
    // Required fields nobody varies still need a value.
    for (const input of ir.inputs) {
      if (input.rec === 'vehicle') continue;
      if (input.rec === 'step' && !this.isStep) continue;
      for (const f of input.fields) {
        if (f.default !== null || f.optional || recs[input.rec]![f.name] !== undefined) continue;
        const v = filler(ir, f);
        if (v !== null) recs[input.rec]![f.name] = v;
      }
    }
    const sv: ScenarioValue = { unit: recs.unit!, vehicle: null, scenario: recs.scenario!, path: this.isStep ? [recs.step!] : [] };
    const { ctx } = prepare(ir, sv);
    ctx.hexes = sv.path.length;
    ctx.i = 0;
    const model = interpreterFor(ir);
    const one = (): { v: RV; t: string[] } => {
      if (this.reads.path) {
        // A path-level definition is asked about a priced one-hex move.
        try {
          pricePath(model, ratNum, ctx);
        } catch (e) {
          if (!(e instanceof EvalError || e instanceof RangeError)) throw e;
        }
        ctx.i = 0;
      } else if (this.reads.all) {
        try {
          ctx.allowance = model.allowance(ctx, null);
        } catch (e) {
          if (!(e instanceof EvalError || e instanceof RangeError)) throw e;
        }
      }
      const t: string[] = [];
      const d = this.s.def;
      const v = isRule(d) ? model.ev.rule(d, ctx, t) : (t.push(d.cite), model.ev.eval(d.cond, ctx, t));
      return { v, t };
    };
    try {
      if (model.dice > 0 && (this.reads.dice || (this.reads.all && usesDice(ir)))) {
        const values: RV[] = [];
        let trace: string[] = [];
        forEachRoll(model.dice, model.sides, (roll) => {
          ctx.roll = roll.slice();
          const r = one();
          if (values.length === 0) trace = r.t;
          values.push(r.v);
        });
        ctx.roll = null;
        if (values.every((v) => v instanceof Rat && !v.isNA())) {
          const nums = values.map((v) => (v as Rat).toNumber());
          const sum = summarize(nums);
          if (sum.min === sum.max) return this.outcome(values[0]!, trace);
          const m = this.measure ? ` ${this.measure}` : '';
          return { key: `d:${JSON.stringify(sum)}`, answer: sum, display: `${fmt(sum.min)}–${fmt(sum.max)}${m} (mean ${fmt(sum.mean)})`, rules: unique(trace) };
        }
        return this.outcome(values[0]!, trace);
      }
      const r = one();
      return this.outcome(r.v, r.t);
    } catch (e) {
      if (e instanceof EvalError || e instanceof RangeError) return null; // cannot be asked (or overflows)
      throw e;
    }
  }

  private outcome(v: RV, t: string[]): Outcome {
    const rules = unique(t);
    if (v instanceof Rat) {
      if (v.isNA()) return { key: 'NA', answer: 'NA', display: 'NA', rules };
      return { key: `n:${v.toString()}`, answer: v.toNumber(), display: quantity(v.toString(), this.measure), rules };
    }
    if (typeof v === 'boolean') {
      const display = isRule(this.s.def) ? (v ? 'yes' : 'no') : v ? 'allowed' : 'not allowed';
      return { key: `b:${v}`, answer: v, display, rules };
    }
    if (typeof v === 'string') {
      const d = isRule(this.s.def) && this.s.def.type.t === 'enum' ? memberDisplay(scopeOf(this.s.ir), this.s.def.type.name, v) : v;
      return { key: `m:${v}`, answer: v, display: d, rules };
    }
    const members = [...v].sort();
    return { key: `s:${members.join(',')}`, answer: members, display: members.join(', ') || 'none', rules };
  }
}

function usesDice(ir: RulesetIR): boolean {
  return interpreterFor(ir).dice > 0;
}

function fmt(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Math.round(n * 100) / 100);
}

function unique(xs: readonly string[]): string[] {
  return [...new Set(xs)];
}

/** The inputs of a situation as a scenario-shaped object, and as text. */
function describe(subjects: readonly Subject[], dims: readonly Dim[], a: readonly (Scalar | undefined)[], oneHex: boolean): { inputs: SituationInputs; text: string } {
  const inputs: SituationInputs = {};
  const unit: Record<string, string | number | boolean | string[]> = {};
  const step: Record<string, string | number | boolean | string[]> = {};
  const unitText: string[] = [];
  const scenText: string[] = [];
  const stepText: string[] = [];
  const displayOf = (d: Dim, member: string): string => {
    for (const s of subjects) {
      const f = fieldDef(s.ir, d.rec, 'json', d.json);
      const e = f?.type.t === 'enum' ? f.type.name : f?.type.t === 'set' ? f.type.of : null;
      if (e && enumMembers(s.ir, e).includes(member)) return memberDisplay(scopeOf(s.ir), e, member);
    }
    return member;
  };
  dims.forEach((d, i) => {
    const given = a[i] !== undefined;
    if (!given && !d.required) return;
    const v = given ? a[i]! : d.def;
    if (v === null) return;
    const words = d.rec === 'unit' ? unitText : d.rec === 'step' ? stepText : scenText;
    let jsonValue: string | number | boolean;
    if (d.kind === 'flag') {
      if (v !== true) return;
      const holder: Record<string, unknown> = d.rec === 'unit' ? unit : d.rec === 'step' ? step : inputs;
      const list = (holder[d.json] as string[] | undefined) ?? [];
      list.push(d.member!);
      holder[d.json] = list;
      words.push(displayOf(d, d.member!));
      return;
    }
    if (d.kind === 'enum') {
      jsonValue = v as string;
      words.push(displayOf(d, v as string));
    } else if (d.kind === 'bool') {
      jsonValue = v as boolean;
      const name = humanise(d.json).toLowerCase();
      words.push(v ? name : `no ${name}`);
    } else {
      const q = (v as string).slice(2);
      jsonValue = Rat.parse(q).toNumber();
      words.push(`${humanise(d.json).toLowerCase()} ${quantity(q, d.measure)}`);
    }
    if (d.rec === 'unit') unit[d.json] = jsonValue;
    else if (d.rec === 'step') step[d.json] = jsonValue;
    else inputs[d.json] = jsonValue;
  });
  const out: SituationInputs = {};
  if (Object.keys(unit).length > 0) out.unit = unit;
  for (const [k, v] of Object.entries(inputs)) out[k] = v;
  if (Object.keys(step).length > 0) out.path = [step];
  let text = unitText.join(', ');
  if (scenText.length > 0) text += (text ? ', ' : '') + scenText.join(', ');
  if (stepText.length > 0) text += (text ? ', ' : '') + `entering ${stepText.join(', ')}`;
  else if (oneHex) text += (text ? ', ' : '') + 'moving one hex';
  return { inputs: out, text: text || 'the default unit' };
}

/**
 * Up to `limit` minimal situations in which the subjects' answers differ (none when they agree on
 * the whole domain, or when fewer than two subjects can be searched).
 */
export function findSituations(all: readonly Subject[], opts: SearchOptions = {}): Situation[] {
  const limit = opts.limit ?? 5;
  const budget = opts.budget ?? 400;
  const subjects = all.filter(searchable);
  if (subjects.length < 2) return [];
  const reads = subjects.map((s) => readsOf(s.ir, s.def));
  const dims = buildDims(subjects, reads);
  // Definitions that read no shared input differ everywhere alike: no situation says more than the cells.
  if (dims.length === 0) return [];
  const askers = subjects.map((s, i) => new Asker(s, reads[i]!));
  const pathLevel = subjects.some((s, i) => s.def.context === 'path' || reads[i]!.path);
  // `found` are minimal and of a new kind; `more` differ from one found only in a number (the
  // same fields off their defaults, the same enum values): used only when there are too few others.
  const found: { a: (Scalar | undefined)[]; sit: Situation }[] = [];
  const more: { a: (Scalar | undefined)[]; sit: Situation }[] = [];
  const classOf = (a: readonly (Scalar | undefined)[]) => a.map((v, i) => (v === undefined ? '-' : dims[i]!.kind === 'num' ? '#' : String(v))).join('\u0000');
  const classes = new Set<string>();
  let tried = 0;
  for (const a of assignments(dims)) {
    if (++tried > budget * 20 || found.length >= limit || askers.some((k) => k.evaluations >= budget)) break;
    // Skip a situation that contains one already found.
    if ([...found, ...more].some((f) => f.a.every((v, i) => v === undefined || v === a[i]))) continue;
    const outs = askers.map((k) => k.ask(dims, a));
    const keys = new Set(outs.filter((o) => o !== null).map((o) => o!.key));
    if (keys.size < 2) continue;
    const { inputs, text } = describe(subjects, dims, a, pathLevel);
    const values: Record<string, Answer> = {};
    const display: Record<string, string | null> = {};
    const rules: Record<string, string[]> = {};
    for (const s of all) {
      const i = subjects.indexOf(s);
      const o = i < 0 ? null : outs[i]!;
      values[s.id] = o ? o.answer : null;
      display[s.id] = o ? o.display : null;
      rules[s.id] = o ? o.rules : [];
    }
    const cls = classOf(a);
    const entry = { a, sit: { inputs, values, display, rules, text } };
    if (classes.has(cls)) more.push(entry);
    else {
      classes.add(cls);
      found.push(entry);
    }
  }
  return [...found, ...more].slice(0, limit).map((f) => f.sit);
}
