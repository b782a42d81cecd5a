/**
 * The input domain of a situation search, from the definitions of one row (a Subject per ruleset):
 * what each definition reads, and the dimensions worth varying, each with its values and default.
 *
 * Only inputs a definition actually reads (following the rules and tables it refers to) are varied,
 * and only those that at least two of the rulesets declare, by JSON name and record (unit, scenario,
 * step), with enum members that at least two of them share. For two rulesets that is exactly "the
 * fields both declare, with the values both share". Each dimension has a default: the declared
 * default (an enum's by the name most rulesets answer to, its concept keys included: sharedName),
 * else (a required enum) the member most rulesets share, else "absent". Each ruleset reads an enum
 * value by member name, then concept key (situation-answers.ts).
 * - enum fields: the shared members;  booleans: false, true;
 * - numbers: 0, the default, and every constant c (and c + 1) that the definitions use, up to 20 —
 *   whole ones only for a count (a measure no ruleset writes a fraction of: hexsides, PP);
 * - sets (statuses): each member a definition tests (`unit.cx`) is its own yes/no dimension.
 *
 * A situation is an assignment: a value per dimension, or `undefined` where it stays at its default.
 */

import { Rat } from "../../runtime/rational.js";
import type {
  ConstraintDef,
  Exception,
  Expr,
  InputField,
  RecordName,
  RuleDef,
  RulesetIR,
} from "../ir/ir.js";
import { addReads, noReads, reads, ruleExprs, ruleReader, walk } from "../ir/walk.js";
import { resolveMember } from "../ir/name-resolver.js";

/** One ruleset's definition in a row. */
export interface Subject {
  id: string;
  ir: RulesetIR;
  def: RuleDef | ConstraintDef;
  /** A definition bound at a call (bind.ts): its exceptions → the definition's own. */
  origin?: ReadonlyMap<Exception, Exception>;
}

/** A dimension's value: enum member, boolean, number as Q text ("n:3"), absent = null. */
export type Scalar = string | boolean | null;

/** A value per dimension; `undefined`: at the dimension's default. */
export type Assignment = (Scalar | undefined)[];

export interface Dim {
  rec: RecordName;
  json: string;
  /** For a status-like set: the member this yes/no dimension stands for. */
  member: string | null;
  kind: "enum" | "bool" | "num" | "flag";
  values: Scalar[];
  def: Scalar;
  required: boolean;
  measure: string | null;
  /**
   * Null for an input at least two rulesets share. Else the ids of the only rulesets that have it
   * (`unit.conscript`: asl-a4): a one-sided input, which the others ignore (situation-answers.ts).
   */
  only: readonly string[] | null;
}

export interface Reads {
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

export function isRule(d: RuleDef | ConstraintDef): d is RuleDef {
  return "exceptions" in d;
}

function exprsOf(d: RuleDef | ConstraintDef): readonly Expr[] {
  return isRule(d) ? ruleExprs(d) : [d.cond];
}

export function fieldDef(
  ir: RulesetIR,
  rec: RecordName,
  by: "name" | "json",
  key: string,
): InputField | undefined {
  for (const i of ir.inputs) {
    if (i.rec !== rec) continue;
    const f = i.fields.find((x) => x[by] === key);
    if (f) return f;
  }
  return undefined;
}

export function enumMembers(ir: RulesetIR, name: string): string[] {
  return ir.enums.find((e) => e.name === name)?.members.map((m) => m.name) ?? [];
}

/**
 * What a definition reads, following the rules and tables it refers to (ir-walk.ts's `reads`).
 * `pricing` (the default): with what pricing its move reads, as a path-level definition is asked
 * about a priced move; without, what the definition itself reads.
 */
export function readsOf(ir: RulesetIR, d: RuleDef | ConstraintDef, pricing = true): Reads {
  const ruleReads = ruleReader(ir.rules);
  const acc = noReads();
  const go = (e: Expr) => addReads(acc, reads(e, ruleReads));
  exprsOf(d).forEach(go);
  // The step's position reads the step and the path.
  const readsPath = () => acc.path || acc.position;
  // A path-level definition is asked about a priced move, so it also reads what pricing reads; one
  // that reads `all` reads the allowance (which may make it path-level).
  if (pricing && (readsPath() || acc.all)) go(ir.movement.allowance);
  if (pricing && readsPath()) go(ir.movement.cost);
  const consts = new Set(acc.consts);
  for (const t of ir.tables)
    if (acc.tables.has(t.name))
      for (const row of t.rows) if (row.value.v === "num") consts.add(row.value.q);
  const wholeSets = new Set<string>();
  for (const key of acc.values) {
    const dot = key.indexOf(".");
    const f = fieldDef(ir, key.slice(0, dot) as RecordName, "name", key.slice(dot + 1));
    if (f && f.type.t === "set") wholeSets.add(key);
  }
  return {
    fields: new Set([...acc.values, ...acc.present]),
    flags: acc.flags,
    wholeSets,
    consts,
    path: readsPath(),
    dice: acc.dice,
    all: acc.all,
    step: acc.stepField || acc.position,
  };
}

const RECS: RecordName[] = ["unit", "vehicle", "scenario", "step"];

/**
 * The measures some ruleset writes a fraction of (`1½ MF`, `½ inch`): a rule or table of that measure
 * with a constant that is not whole or a division, or a field defaulting to a fraction. Any other measure counts whole
 * things (hexsides skirted, PP carried), so a number input in it is searched over whole numbers only.
 */
export function fractionalMeasures(irs: readonly RulesetIR[]): Set<string> {
  return new Set(irs.flatMap((ir) => [...fractionalOf(ir)]));
}

const fractionalCache = new WeakMap<RulesetIR, ReadonlySet<string>>();
function fractionalOf(ir: RulesetIR): ReadonlySet<string> {
  const hit = fractionalCache.get(ir);
  if (hit !== undefined) return hit;
  const out = new Set<string>();
  const whole = (q: string) => {
    try {
      return Rat.parse(q).isInteger();
    } catch {
      return true;
    }
  };
  {
    for (const r of ir.rules) {
      if (r.type.t !== "num" || r.type.measure === null || out.has(r.type.measure)) continue;
      const m = r.type.measure;
      for (const e of ruleExprs(r))
        walk(e, (x) => {
          // A constant that is not whole, or a division (`1/2`, `x / 3`), can make a fraction.
          if ((x.k === "num" && !whole(x.q)) || (x.k === "bin" && x.op === "/")) out.add(m);
        });
    }
    for (const t of ir.tables)
      if (t.type.t === "num" && t.type.measure !== null)
        for (const row of t.rows)
          if (row.value.v === "num" && !whole(row.value.q)) out.add(t.type.measure);
    for (const i of ir.inputs)
      for (const f of i.fields)
        if (f.type.t === "num" && f.type.measure !== null && f.default?.v === "num")
          if (!whole(f.default.q)) out.add(f.type.measure);
  }
  fractionalCache.set(ir, out);
  return out;
}

/**
 * The dimensions to vary for these subjects, given what each reads. With `oneSided`, also the inputs
 * only one of them has (a field only it declares, a status only its set has), each marked `only`.
 */
export function buildDims(
  subjects: readonly Subject[],
  reads: readonly Reads[],
  oneSided = false,
): Dim[] {
  const dims: Dim[] = [];
  // Numbers the definitions use: the boundaries worth trying.
  const consts = new Set<string>();
  for (const r of reads) for (const q of r.consts) consts.add(q);
  const fractional = fractionalMeasures(subjects.map((s) => s.ir));
  const numbers = (def: string | null, measure: string | null): Scalar[] => {
    const out = new Map<string, Rat>();
    // A count (a measure no ruleset writes a fraction of) takes whole numbers only.
    const whole = measure !== null && !fractional.has(measure);
    const add = (x: Rat) => {
      if (whole && !x.isInteger()) return;
      if (!x.isNA() && x.ge(Rat.ZERO) && x.le(Rat.of(20))) out.set(x.toString(), x);
    };
    add(Rat.ZERO);
    if (def !== null) add(Rat.parse(def));
    for (const q of consts) {
      let x: Rat;
      try {
        x = Rat.parse(q);
      } catch {
        continue;
      }
      add(x);
      if (x.isInteger()) add(x.add(Rat.ONE));
    }
    return [...out.values()]
      .sort((a, b) => a.cmp(b))
      .slice(0, 10)
      .map((x) => `n:${x.toString()}`);
  };

  for (const rec of RECS) {
    // Field JSON names read by any subject, in the order the first declaring ruleset lists them.
    const read = new Set<string>();
    subjects.forEach((s, i) => {
      for (const key of [...reads[i]!.fields, ...reads[i]!.flags.keys(), ...reads[i]!.wholeSets]) {
        const [r, name] = [key.slice(0, key.indexOf(".")), key.slice(key.indexOf(".") + 1)];
        if (r !== rec) continue;
        const f = fieldDef(s.ir, rec, "name", name);
        if (f) read.add(f.json);
      }
    });
    const order: string[] = [];
    for (const s of subjects)
      for (const i of s.ir.inputs)
        if (i.rec === rec)
          for (const f of i.fields)
            if (read.has(f.json) && !order.includes(f.json)) order.push(f.json);

    for (const json of order) {
      const decl = subjects.map((s) => fieldDef(s.ir, rec, "json", json) ?? null);
      const first = decl.find((f) => f !== null)!;
      const same = decl.map((f) => (f !== null && f.type.t === first.type.t ? f : null));
      const declarers = same.filter((f) => f !== null).length;
      if (declarers < 2 && !(oneSided && subjects.length >= 2)) continue;
      // Declared by one ruleset only: its values are that ruleset's own.
      const only =
        declarers < 2 ? subjects.filter((_, i) => same[i] !== null).map((s) => s.id) : null;
      // A vehicle is varied only as an input one ruleset has (ASL's conveyance, A4.11–A4.12): asking
      // the vehicle rules two rulesets share prices a vehicle's move per situation, beyond the budget.
      if (rec === "vehicle" && only === null) continue;
      const least = only === null ? 2 : 1;
      const t = first.type;
      if (t.t === "enum") {
        const count = memberCounts(subjects, same, (ty) => (ty.t === "enum" ? ty.name : null));
        const shared = [...count.keys()].filter((m) => count.get(m)! >= least);
        if (shared.length === 0) continue;
        const firstDefault = same.find((f) => f !== null && f.default !== null)?.default ?? null;
        const optional = same.every((f) => f === null || f.optional);
        let def: Scalar;
        if (firstDefault !== null && firstDefault.v === "member")
          def = sharedName(subjects, same, firstDefault.name);
        else if (optional) def = null;
        else def = [...shared].sort((a, b) => count.get(b)! - count.get(a)!)[0]!;
        if (only !== null && firstDefault === null) def = null; // the others ignore it
        const values: Scalar[] =
          (optional || only !== null) && firstDefault === null ? [null, ...shared] : shared;
        if (def !== null && !values.includes(def)) values.unshift(def);
        dims.push({
          rec,
          json,
          member: null,
          kind: "enum",
          values,
          def,
          required: firstDefault === null && !optional && only === null,
          measure: null,
          only,
        });
      } else if (t.t === "bool") {
        const d = same.find((f) => f !== null && f.default !== null)?.default;
        const def = d !== undefined && d !== null && d.v === "bool" ? d.b : false;
        dims.push({
          rec,
          json,
          member: null,
          kind: "bool",
          values: [false, true],
          def,
          required: false,
          measure: null,
          only,
        });
      } else if (t.t === "num") {
        const d = same.find((f) => f !== null && f.default !== null)?.default;
        const def =
          d !== undefined && d !== null && d.v === "num" ? Rat.parse(d.q).toString() : null;
        const values = numbers(def, t.measure);
        if (def === null && (only !== null || same.every((f) => f === null || f.optional))) {
          // An optional number with no default (`bypass: hexsides?`): absent is its default (and
          // stands for none of it, so 0 is not tried), and a situation that leaves it absent says
          // nothing about it.
          dims.push({
            rec,
            json,
            member: null,
            kind: "num",
            values: [null, ...values.filter((v) => v !== "n:0")],
            def: null,
            required: false,
            measure: t.measure,
            only,
          });
        } else {
          dims.push({
            rec,
            json,
            member: null,
            kind: "num",
            values,
            def: def === null ? values[0]! : `n:${def}`,
            required: def === null,
            measure: t.measure,
            only,
          });
        }
      } else if (t.t === "set") {
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
        const count = memberCounts(subjects, same, (ty) => (ty.t === "set" ? ty.of : null));
        const shared = [...count.keys()].filter(
          (m) => count.get(m)! >= least && (whole || tested.has(m)),
        );
        for (const m of shared.slice(0, 6)) {
          dims.push({
            rec,
            json,
            member: m,
            kind: "flag",
            values: [false, true],
            def: false,
            required: false,
            measure: null,
            only,
          });
        }
        // A status only one ruleset's set has (`conscript`): one-sided, when tested.
        if (oneSided && only === null)
          for (const m of [...count.keys()].filter((m) => count.get(m)! === 1 && tested.has(m)))
            dims.push({
              rec,
              json,
              member: m,
              kind: "flag",
              values: [false, true],
              def: false,
              required: false,
              measure: null,
              only: subjects
                .filter((s, i) => {
                  const f = same[i];
                  return f?.type.t === "set" && enumMembers(s.ir, f.type.of).includes(m);
                })
                .map((s) => s.id),
            });
      }
    }
  }
  return dims;
}

/**
 * The name a declared default goes by in the most rulesets that declare the field: the member's own
 * name, or one of the concept keys its declarer gives it (Chain of Command's `terrain = open`, `open
 * … concept open-ground`: `open-ground`, which every ruleset's terrain answers to through its member
 * names and concept keys, compiler/ir/name-resolver.ts).
 */
function sharedName(
  subjects: readonly Subject[],
  fields: readonly (InputField | null)[],
  name: string,
): string {
  const enums = fields.map((f, i) =>
    f !== null && f.type.t === "enum"
      ? (subjects[i]!.ir.enums.find((e) => e.name === (f.type as { name: string }).name) ?? null)
      : null,
  );
  const declarer = enums.find((e) => e?.members.some((m) => m.name === name)) ?? null;
  const member = declarer?.members.find((m) => m.name === name);
  const names = [name, ...(member?.concepts ?? [])];
  const resolved = (n: string) =>
    enums.filter((e) => e !== null && resolveMember(e, n) !== null).length;
  return names.reduce((best, n) => (resolved(n) > resolved(best) ? n : best), name);
}

/**
 * For each member of the enum of the subjects' fields (`enumOf` their type: an enum's, a set's; null
 * for another type), how many of the subjects' rulesets have it.
 */
function memberCounts(
  subjects: readonly Subject[],
  fields: readonly (InputField | null)[],
  enumOf: (t: InputField["type"]) => string | null,
): Map<string, number> {
  const count = new Map<string, number>();
  fields.forEach((f, i) => {
    const e = f === null ? null : enumOf(f.type);
    if (e === null) return;
    for (const m of enumMembers(subjects[i]!.ir, e)) count.set(m, (count.get(m) ?? 0) + 1);
  });
  return count;
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

/** Per dimension, its values off the default; and the dimensions `assignments` sets among. */
function settable(dims: readonly Dim[], oneSided: boolean): { alt: Scalar[][]; live: number[] } {
  const alt = dims.map((d) => d.values.filter((v) => v !== d.def));
  // Only the dimensions that can be set (a value off the default; a one-sided one only when
  // `oneSided`) are chosen among: the same picks, in the same order, without trying every other.
  const live = dims.flatMap((d, i) =>
    alt[i]!.length > 0 && (oneSided || d.only === null) ? [i] : [],
  );
  return { alt, live };
}

/**
 * How many assignments `assignments(dims, oneSided, maxWeight)` yields, without making them (the
 * search's count of what it would skip); counts past `Number.MAX_SAFE_INTEGER` read as it.
 */
export function countAssignments(
  dims: readonly Dim[],
  oneSided = false,
  maxWeight = dims.length,
): number {
  const { alt, live } = settable(dims, oneSided);
  const top = Math.min(maxWeight, dims.length);
  const cap = (x: number) => Math.min(x, Number.MAX_SAFE_INTEGER);
  // Over the dimensions seen so far, the assignments setting w of them: `none[w]` leave every
  // one-sided one at its default, `some[w]` set one or more.
  const none = [1, ...Array<number>(top).fill(0)];
  const some = Array<number>(top + 1).fill(0);
  for (const i of live) {
    const c = alt[i]!.length;
    for (let w = top; w >= 1; w--) {
      if (dims[i]!.only === null) {
        none[w] = cap(none[w]! + none[w - 1]! * c);
        some[w] = cap(some[w]! + some[w - 1]! * c);
      } else some[w] = cap(some[w]! + (none[w - 1]! + some[w - 1]!) * c);
    }
  }
  let n = 0;
  for (let w = 0; w <= top; w++) n = cap(n + (oneSided ? some[w]! : none[w]!));
  return n;
}

/**
 * Every assignment, lightest first (fewest dimensions off their default). `oneSided`: false, only
 * those that leave every one-sided dimension at its default; true, only those that set one or more.
 * At most `maxWeight` dimensions off their default.
 */
export function* assignments(
  dims: readonly Dim[],
  oneSided = false,
  maxWeight = dims.length,
): Generator<Assignment> {
  const { alt, live } = settable(dims, oneSided);
  for (let w = 0; w <= Math.min(maxWeight, dims.length); w++) {
    for (const chosen of choose(live.length, w)) {
      const pick = chosen.map((j) => live[j]!);
      if (pick.some((i) => dims[i]!.only !== null) !== oneSided) continue;
      const pos = pick.map(() => 0);
      for (;;) {
        // Plain loops: thousands are made per row, mostly before V8 optimises this.
        const a: Assignment = new Array<Scalar | undefined>(dims.length);
        for (let i = 0; i < a.length; i++) a[i] = undefined;
        for (let j = 0; j < pick.length; j++) a[pick[j]!] = alt[pick[j]!]![pos[j]!]!;
        yield a;
        let j = w - 1;
        while (j >= 0 && pos[j] === alt[pick[j]!]!.length - 1) pos[j--] = 0;
        if (j < 0) break;
        pos[j]!++;
      }
    }
  }
}
