/**
 * Conflicting exceptions (as in Catala): two sibling exceptions of a rule that can both apply and give
 * different values are an error. Found by evaluating both over the finite domain of the inputs they
 * read: every member of each enum field, both booleans, each referenced status alone and none, and for
 * numbers the constants the ruleset compares against and their neighbours.
 */
import { NA_RAT, Rat } from "../../../runtime/rational.js";
import type { Diagnostic, Span } from "../../../diagnostics/index.js";
import { report, type MessageArgs } from "../../../diagnostics/messages.js";
import type * as A from "../../../grammar/ast.js";
import {
  Evaluator,
  InputError,
  same,
  type EvalContext,
  type ValueRecord,
  type RunValue,
} from "../../interpret/eval.js";
import type * as I from "../../ir/ir.js";
import type { Merged } from "../resolve.js";
import type { Checked } from "./types.js";
import { diceOf, readsBase, ruleExprs, walk } from "../../ir/walk.js";
import { MeaningMemo, type Part } from "./memo.js";
import type { Dependencies } from "./graph.js";
import { dict } from "../../util/dict.js";

const MAX_SITUATIONS = 4096;

interface Axis {
  rec: I.RecordName;
  field: string;
  values: (RunValue | null)[];
}

/**
 * A conflict found: the rule, what the message says of it, and where the two exceptions are in the rule (the index of
 * each, then of each exception inside it, from the rule's list down), so that one an extending ruleset
 * added can be located in its file.
 */
interface Found {
  rule: string;
  args: MessageArgs<"V0601", "conflict">;
  a: readonly number[];
  b: readonly number[];
}

/**
 * The search is the most expensive part of `check`, and the language service checks the same ruleset
 * after every keystroke: so it is incremental, one rule at a time. Each rule's answer is kept in MEMO
 * (memo.ts) under its name, with the meaning of what its search reads: the rule, the rules it calls and
 * the tables they consult (`closure`), and what every search shares (`sharedKey`: the inputs and the members of
 * their enums, the numeric probes and the dice rolls), so an edit searches again only the rules whose
 * meaning it touched. A rule with parameters (its inputs are not a finite domain) or without two
 * sibling exceptions has nothing to search.
 */
const MEMO = new MeaningMemo<readonly Found[]>();
/** Each shared key met, by the short id that stands for it in MEMO (the most recent 64). */
const SHARED = new Map<string, number>();
let sharedCount = 0;

/**
 * Reports V0601 for each conflict in `c`. `deps` (graph.ts `dependencies`) says what each rule
 * reads, the number constants the rules read, which seed the probes, and whether anything but the
 * movement binding rolls dice, so the rules are not walked again for either.
 */
export function checkConflicts(
  c: Checked,
  merged: Merged,
  out: Diagnostic[],
  deps: Pick<Dependencies, "reads" | "consts" | "rolling" | "rules" | "calls">,
): void {
  const found: Found[] = [];
  const defs = byName(c, deps.rules as ReadonlyMap<string, I.RuleDef>);
  let search: Search | null = null;
  let shared = -1;
  for (let i = 0; i < c.rules.length; i++) {
    const r = c.rules[i]!;
    if (r.params.length > 0 || !hasSiblings(r.exceptions)) continue;
    search ??= newSearch(c, defs, deps);
    if (shared < 0) shared = sharedId(sharedKey(c, search));
    const parts = closure(r, defs, deps);
    let answer = MEMO.get(r.name, shared, parts);
    if (answer === undefined) {
      answer = searchRule(search, c, r);
      let bytes = 16;
      for (const f of answer) {
        const x = f.args;
        bytes += 160 + f.rule.length + String(x.situation).length + 8 * f.b.length;
      }
      MEMO.set(r.name, shared, parts, answer, bytes);
    }
    for (const f of answer) found.push(f);
  }
  if (found.length === 0) return;
  for (const f of found) {
    out.push(
      report(
        "V0601",
        "conflict",
        conflictSpan(merged, f),
        f.args,
        "nest one inside the other (an exception to the exception), or narrow a condition",
      ),
    );
  }
}

/**
 * Where conflict `f` is reported: at the rule's name, or where this ruleset `extend`s a rule it
 * inherits and one of the two exceptions is its own, at that exception (the later one if both are),
 * in this ruleset's file: the edit caused the conflict, and the rule's name is in the parent's file.
 */
function conflictSpan(merged: Merged, f: Found): Span | null {
  const o = merged.byKey.get(f.rule);
  if (o === undefined || (o.decl.kind !== "rule" && o.decl.kind !== "predicate")) return null;
  if (o.editSpan !== undefined) {
    const id = merged.header.id;
    for (const path of [f.b, f.a]) {
      const x = exceptionAt(o.decl.exceptions, path);
      if (x?.origin === id) return x.span;
    }
  }
  return o.decl.nameSpan;
}

/** The exception `path` leads to (an index at each depth), or null. */
function exceptionAt(
  list: readonly A.ExceptionDecl[],
  path: readonly number[],
): A.ExceptionDecl | null {
  let x: A.ExceptionDecl | null = null;
  for (const i of path) {
    x = list[i] ?? null;
    if (x === null) return null;
    list = x.exceptions;
  }
  return x;
}

/** The rules by name (the dependency analysis made them) and the tables by name, made on first use (a check with every answer kept needs none). */
interface ByName {
  rules(): ReadonlyMap<string, I.RuleDef>;
  tables(): ReadonlyMap<string, I.TableDef>;
}

function byName(c: Checked, rules: ReadonlyMap<string, I.RuleDef>): ByName {
  let tables: Map<string, I.TableDef> | null = null;
  return {
    rules: () => rules,
    tables: () => (tables ??= new Map(c.tables.map((t) => [t.name, t]))),
  };
}

/** Whether two exceptions of `xs`, or of the exceptions nested in one of them, are siblings. */
function hasSiblings(xs: readonly I.Exception[]): boolean {
  if (xs.length > 1) return true;
  for (let i = 0; i < xs.length; i++) if (hasSiblings(xs[i]!.exceptions)) return true;
  return false;
}

/**
 * What the searches of one ruleset share: its evaluator (made at the first search), the numeric
 * probes and the representative rolls.
 */
interface Search {
  ev: Evaluator | null;
  defs: ByName;
  numbers: Rat[];
  rolls: (number[] | null)[];
}

function newSearch(
  c: Checked,
  defs: ByName,
  deps: Pick<Dependencies, "consts" | "rolling">,
): Search {
  // The constants the rules read (the probes are sorted: the order does not matter).
  return { ev: null, defs, numbers: numericProbes(deps.consts), rolls: rollsOf(c, deps.rolling) };
}

/** The short id of a shared key (a new one for a key not among the most recent). */
function sharedId(key: string): number {
  let id = SHARED.get(key);
  if (id === undefined) {
    id = sharedCount++;
    if (SHARED.size >= 64) SHARED.delete(SHARED.keys().next().value!);
  } else SHARED.delete(key);
  SHARED.set(key, id);
  return id;
}

/** The part of every rule's key that all share: the inputs, their enums' members, probes and rolls. */
function sharedKey(c: Checked, s: Search): string {
  const enumNames = new Set<string>();
  for (const i of c.inputs)
    for (const f of i.fields) if (f.type.t === "enum") enumNames.add(f.type.name);
  const enums = c.enums
    .filter((e) => enumNames.has(e.name))
    .map((e) => [e.name, e.members.map((m) => m.name)]);
  return JSON.stringify([c.inputs, enums, s.numbers.map((q) => q.toString()), s.rolls]);
}

/**
 * What the search of `r` reads: `r`, then the rules it calls (as the dependency analysis met them,
 * callers before callees, each once), then the tables they consult (`r`'s reads, its callees' among
 * them), each once; one list, `[r]`, for a rule that calls no rule and consults no table.
 */
function closure(r: I.RuleDef, defs: ByName, deps: Pick<Dependencies, "reads" | "calls">): Part[] {
  const parts: Part[] = [r];
  const calls = deps.calls.get(r.name);
  if (calls !== undefined) {
    const seen = new Set<string>([r.name]);
    const go = (names: readonly string[]): void => {
      for (let i = 0; i < names.length; i++) {
        const name = names[i]!;
        if (seen.has(name)) continue;
        seen.add(name);
        const called = defs.rules().get(name);
        if (!called) {
          parts.push(`no rule ${name}`);
          continue;
        }
        parts.push(called);
        const next = deps.calls.get(name);
        if (next !== undefined) go(next);
      }
    };
    go(calls);
  }
  const tables = deps.reads.get(r.name)?.tables;
  if (tables !== undefined && tables.size > 0)
    tables.forEach((name) => parts.push(defs.tables().get(name) ?? `no table ${name}`));
  return parts;
}

/** The conflicts between sibling exceptions of `r`, in the order its exceptions are written. */
function searchRule(s: Search, c: Checked, r: I.RuleDef): Found[] {
  const found: Found[] = [];
  // `parents`: the values that give the siblings their `base` — the rule's, then each exception's
  // they sit in (an exception's `base` is its parent's value: docs/language.md, "Rules").
  const visit = (
    siblings: I.Exception[],
    guard: I.Expr[],
    parents: I.Expr[],
    at: readonly number[],
  ) => {
    for (let i = 0; i < siblings.length; i++) {
      for (let j = i + 1; j < siblings.length; j++) {
        const a = siblings[i]!;
        const b = siblings[j]!;
        const ev = (s.ev ??= new Evaluator(c));
        const witness = findConflict(
          ev,
          c,
          s.defs.rules(),
          r,
          a,
          b,
          guard,
          parents,
          s.numbers,
          s.rolls,
        );
        if (witness) {
          found.push({
            rule: r.name,
            args: {
              rule: r.name,
              a: a.cite,
              b: b.cite,
              situation: witness.situation,
              valueA: witness.a,
              valueB: witness.b,
            },
            a: [...at, i],
            b: [...at, j],
          });
        }
      }
    }
    siblings.forEach((x, i) =>
      visit(x.exceptions, [...guard, x.when], [...parents, x.value], [...at, i]),
    );
  };
  visit(r.exceptions, [], [r.value], []);
  return found;
}

/** 0–6, and each number constant `texts` of the rules with its neighbours, the least 12. */
function numericProbes(texts: ReadonlySet<string>): Rat[] {
  const set = new Map<string, Rat>();
  const add = (q: Rat) => set.set(q.toString(), q);
  [0, 1, 2, 3, 4, 5, 6].forEach((n) => add(Rat.of(n)));
  for (const t of texts) {
    const q = Rat.parse(t);
    [q, q.add(Rat.ONE), q.sub(Rat.ONE)].forEach((v) => {
      if (!v.lt(Rat.ZERO)) add(v);
    });
  }
  return [...set.values()].sort((a, b) => a.cmp(b)).slice(0, 12);
}

function axesOf(
  c: Checked,
  rules: ReadonlyMap<string, I.RuleDef>,
  exprs: I.Expr[],
  numbers: Rat[],
): Axis[] {
  const fields = new Map<string, { rec: I.RecordName; field: string; members: Set<string> }>();
  const seenRules = new Set<string>();
  const go = (e: I.Expr) =>
    walk(e, (x) => {
      if (x.k === "field" || x.k === "present") {
        const key = `${x.rec}.${x.name}`;
        if (!fields.has(key)) fields.set(key, { rec: x.rec, field: x.name, members: new Set() });
      } else if (x.k === "flag") {
        const key = `${x.rec}.${x.field}`;
        const f = fields.get(key) ?? { rec: x.rec, field: x.field, members: new Set<string>() };
        f.members.add(x.member);
        fields.set(key, f);
      } else if (x.k === "rule" && !seenRules.has(x.name)) {
        seenRules.add(x.name);
        const r = rules.get(x.name);
        if (r) ruleExprs(r).forEach(go);
      }
    });
  exprs.forEach(go);
  const axes: Axis[] = [];
  for (const f of fields.values()) {
    const decl = c.inputs.find((i) => i.rec === f.rec)?.fields.find((x) => x.name === f.field);
    if (!decl) continue;
    const t = decl.type;
    let values: (RunValue | null)[];
    if (t.t === "bool") values = [false, true];
    else if (t.t === "enum")
      values = c.enums.find((e) => e.name === t.name)?.members.map((m) => m.name) ?? [];
    else if (t.t === "set") {
      const ms = [...f.members];
      values = [
        new Set<string>(),
        ...ms.map((m) => new Set([m])),
        ...(ms.length > 1 ? [new Set(ms)] : []),
      ];
    } else values = numbers;
    if (decl.optional) values = [null, ...values];
    axes.push({ rec: f.rec, field: f.field, values });
  }
  return axes;
}

/**
 * Representative rolls for a ruleset that rolls dice: all low, all high, and mixed faces. The rules
 * and constraints are walked for their dice only when one rolls (`rolling`), the movement always.
 */
function rollsOf(c: Checked, rolling: boolean): (number[] | null)[] {
  const dice = diceOf(rolling ? c : { rules: [], constraints: [], movement: c.movement });
  if (dice === null) return [null];
  const { n, sides } = dice;
  const mixed = Array.from({ length: n }, (_, i) => (i % 2 === 0 ? Math.min(sides, 2 + i) : 1));
  return [Array(n).fill(1), Array(n).fill(sides), mixed, [...mixed].reverse()];
}

function findConflict(
  ev: Evaluator,
  c: Checked,
  rules: ReadonlyMap<string, I.RuleDef>,
  r: I.RuleDef,
  a: I.Exception,
  b: I.Exception,
  guard: I.Expr[],
  parents: I.Expr[],
  numbers: Rat[],
  rolls: (number[] | null)[],
) {
  const axes = axesOf(c, rules, [a.when, a.value, b.when, b.value, ...guard], numbers);
  const total = axes.reduce((n, x) => n * Math.max(1, x.values.length), 1);
  const stride =
    total * rolls.length > MAX_SITUATIONS ? Math.ceil((total * rolls.length) / MAX_SITUATIONS) : 1;
  const params = r.params.length ? null : new Map<string, RunValue>();
  if (!params) return null; // parameterised rules: their inputs are not a finite domain
  const frame = { params, base: NA_RAT as RunValue };
  for (let n = 0; n < total * rolls.length; n += stride) {
    const ctx = blankCtx();
    ctx.roll = rolls[Math.floor(n / total)] ?? null;
    let k = n % total;
    const parts: string[] = [];
    for (const ax of axes) {
      const v = ax.values[k % ax.values.length] ?? null;
      k = Math.floor(k / ax.values.length);
      const rec =
        ax.rec === "step"
          ? ctx.path[0]!
          : ax.rec === "vehicle"
            ? (ctx.vehicle ??= dict())
            : (ctx[ax.rec] as ValueRecord);
      rec[ax.field] = v;
      if (v !== null && !(v instanceof Set && v.size === 0) && v !== false)
        parts.push(`${ax.rec}.${ax.field} = ${show(v)}`);
    }
    try {
      if (!guard.every((g) => ev.evaluate(g, ctx, null, frame))) continue;
      if (!ev.evaluate(a.when, ctx, null, frame) || !ev.evaluate(b.when, ctx, null, frame))
        continue;
      // `base`: the parent's value in this situation (the rule's, or that of the exception the two
      // sit in, its own `base` its parent's), worked out only where a value reads it.
      let parent: RunValue | null = null;
      if (readsBase(a.value) || readsBase(b.value))
        for (const p of parents)
          parent = ev.evaluate(p, ctx, null, { params, base: readsBase(p) ? parent : null });
      const va = ev.evaluate(a.value, ctx, null, {
        params,
        base: readsBase(a.value) ? parent : null,
      });
      const vb = ev.evaluate(b.value, ctx, null, {
        params,
        base: readsBase(b.value) ? parent : null,
      });
      if (ctx.roll) parts.push(`roll ${ctx.roll.join(", ")}`);
      if (!same(va, vb))
        return { situation: parts.length ? parts.join(", ") : "always", a: show(va), b: show(vb) };
    } catch (e) {
      // A situation the inputs cannot reach (an absent field read, a table with no such entry): not
      // a conflict. Anything else is a bug and propagates.
      if (!(e instanceof InputError)) throw e;
    }
  }
  return null;
}

function blankCtx(): EvalContext {
  return {
    unit: dict(),
    vehicle: null,
    scenario: dict(),
    path: [dict()],
    i: 0,
    roll: null,
    allowance: Rat.of(4),
    spent: Rat.ZERO,
    hexes: 1,
  };
}

function show(v: RunValue): string {
  if (v instanceof Rat) return v.isNA() ? "NA" : v.toString();
  if (v instanceof Set) return `{${[...v].join(", ")}}`;
  return String(v);
}
