/**
 * The interpreter's evaluator: an IR expression, in a move context, → a value. Numbers are exact
 * rationals (`Rat`, with `NA_RAT` for "not allowed"); members are strings; sets are ReadonlySets.
 * This is the reference semantics that generated code must agree with.
 */
import { NA_RAT, Rat } from "../../runtime/rational.js";
import type { MoveContext } from "../../runtime/types.js";
import { EvalError, InputError, MissingInput } from "../../runtime/errors.js";
import type { Exception, Expr, RecordName, RuleDef, RulesetIR, TableDef, Value } from "../ir/ir.js";
import { readsBase } from "../ir/walk.js";
import { dict, own } from "../util/dict.js";

export type RunValue = Rat | boolean | string | ReadonlySet<string>;
export type ValueRecord = Record<string, RunValue | null>;
export type EvalContext = MoveContext<Rat, ValueRecord, ValueRecord, ValueRecord, ValueRecord>;

/**
 * Why an evaluation stops: `EvalError` (a bug) and the user's `InputError`, with its `code` and
 * `field` (runtime/errors.ts: the one shape the interpreter and generated modules share).
 */
export {
  EvalError,
  InputError,
  MissingInput,
  isEvaluationFault,
  type EvaluationFault,
  type InputCode,
} from "../../runtime/errors.js";

export function valueOf(v: Value): RunValue {
  switch (v.v) {
    case "num":
      return Rat.parse(v.q);
    case "bool":
      return v.b;
    case "all":
      return NA_RAT; // resolved at lookup time; see `lookup`
    case "na":
      return NA_RAT;
    case "member":
      return v.name;
    case "set":
      return new Set(v.members);
  }
}

interface Frame {
  params: Map<string, RunValue>;
  /** What `base` denotes in the exception being evaluated (`withBase`), or null where it is not read. */
  base: RunValue | null;
}

/** The record read when no vehicle is there: every field absent. */
const NO_VEHICLE: ValueRecord = dict();

const EMPTY: Frame = { params: new Map(), base: null };

/**
 * Told what the evaluator chooses as it goes (the query layer records it for citations). Optional: the
 * plain path only tests that none is set.
 */
export interface EvalListener {
  /** Rule `r` is about to be evaluated. */
  rule(r: RuleDef): void;
  /** The evaluator chose exception `x` of rule `r`: the first that applies (of the rule, or of the exception chosen before). */
  exception(x: Exception, r: RuleDef): void;
  /** A table row was read. */
  row(table: string, keys: readonly string[], cite: string): void;
}

export class Evaluator {
  /** What the constructor was given, indexed on first use (below). */
  private readonly ir: Pick<RulesetIR, "rules" | "tables" | "inputs">;
  private rulesByName: Map<string, RuleDef> | null = null;
  private jsonByField: Map<string, string> | null = null;
  private tables: Map<string, TableDef> | null = null;
  /** Each table's rows by their keys joined, indexed on the table's first lookup. */
  private readonly rows = new Map<string, Map<string, { value: Value; cite: string }>>();

  /** Told of every rule entered, exception chosen and table row read, when set. */
  listener: EvalListener | null = null;

  /** Only the rules, tables and inputs are read: the checker folds constants before the IR is whole. */
  constructor(ir: Pick<RulesetIR, "rules" | "tables" | "inputs">) {
    // Indexed lazily: the checker's folder (examples) rarely evaluates anything, a query a part.
    this.ir = ir;
  }

  /** The rules by name. */
  private get rules(): Map<string, RuleDef> {
    return (this.rulesByName ??= new Map(this.ir.rules.map((r) => [r.name, r])));
  }

  /** `rec.name` → the field's scenario (JSON) name. */
  private get json(): Map<string, string> {
    return (this.jsonByField ??= new Map(
      this.ir.inputs.flatMap((i) => i.fields.map((f) => [`${i.rec}.${f.name}`, f.json] as const)),
    ));
  }

  /** The rows of table `name` by their keys joined, or undefined when there is no such table. */
  private rowsOf(name: string): Map<string, { value: Value; cite: string }> | undefined {
    let rows = this.rows.get(name);
    if (rows) return rows;
    this.tables ??= new Map(this.ir.tables.map((t) => [t.name, t]));
    const t = this.tables.get(name);
    if (!t) return undefined;
    rows = new Map(
      t.rows.map((r) => [r.keys.join("\u0000"), { value: r.value, cite: r.cite ?? t.cite }]),
    );
    this.rows.set(name, rows);
    return rows;
  }

  evaluate(expr: Expr, ctx: EvalContext, trace: string[] | null, frame: Frame = EMPTY): RunValue {
    switch (expr.k) {
      case "num":
        return Rat.parse(expr.q);
      case "bool":
        return expr.v;
      case "all":
        return ctx.allowance;
      case "na":
        return NA_RAT;
      case "member":
        return expr.name;
      case "set":
        return new Set(expr.members);
      case "field": {
        const v = own(this.record(ctx, expr.rec), expr.name);
        if (v === undefined || v === null)
          throw new InputError(
            "absent",
            this.fieldPath(ctx, expr.rec, expr.name),
            `${expr.rec}.${expr.name} is absent`,
          );
        return v;
      }
      case "flag": {
        const s = own(this.record(ctx, expr.rec), expr.field);
        return s instanceof Set ? s.has(expr.member) : false;
      }
      case "need": {
        const v = own(this.record(ctx, expr.rec), expr.name);
        if (v === undefined || v === null)
          throw new MissingInput(this.fieldPath(ctx, expr.rec, expr.name));
        return v;
      }
      case "present": {
        const v = own(this.record(ctx, expr.rec), expr.name);
        return v !== undefined && v !== null;
      }
      case "pos":
        return expr.name === "number" ? Rat.of(ctx.i + 1) : ctx.i === ctx.path.length - 1;
      case "path":
        if (expr.name === "hexes") return Rat.of(ctx.hexes);
        if (expr.name === "steps") return Rat.of(ctx.path.length);
        return ctx.spent;
      case "agg":
        return this.aggregate(expr.op, expr.body, ctx, trace, frame);
      case "rule": {
        const r = this.rules.get(expr.name);
        if (!r) throw new EvalError(`unknown rule ${expr.name}`);
        const args = expr.args.map((a) => this.evaluate(a, ctx, trace, frame));
        return this.rule(r, ctx, trace, args);
      }
      case "param": {
        const v = frame.params.get(expr.name);
        if (v === undefined) throw new EvalError(`unknown parameter ${expr.name}`);
        return v;
      }
      case "table":
        return this.lookup(
          expr.name,
          expr.keys.map((k) => this.evaluate(k, ctx, trace, frame) as string),
          ctx,
          trace,
        );
      case "base":
        if (frame.base === null) throw new EvalError("base outside an exception");
        return frame.base;
      case "neg":
        return (this.evaluate(expr.x, ctx, trace, frame) as Rat).neg();
      case "not":
        return !this.evaluate(expr.x, ctx, trace, frame);
      case "bin":
        return this.bin(expr.op, expr.a, expr.b, ctx, trace, frame);
      case "in":
        return (this.evaluate(expr.set, ctx, trace, frame) as ReadonlySet<string>).has(
          this.evaluate(expr.x, ctx, trace, frame) as string,
        );
      case "if":
        return this.evaluate(expr.c, ctx, trace, frame)
          ? this.evaluate(expr.t, ctx, trace, frame)
          : this.evaluate(expr.e, ctx, trace, frame);
      case "call": {
        const args = expr.args.map((a) => this.evaluate(a, ctx, trace, frame) as Rat);
        if (args.some((a) => a.isNA())) return NA_RAT;
        if (expr.fn === "fru") return args[0]!.ceil();
        if (expr.fn === "frd") return args[0]!.floor();
        return args.reduce((a, b) => (expr.fn === "max" ? a.max(b) : a.min(b)));
      }
      case "dice": {
        // The per-die modifier first, as a generated module reads it (an argument of its
        // `sumDice`): without a roll both have consulted its rules when the roll is found missing.
        const per = expr.perDie ? (this.evaluate(expr.perDie, ctx, trace, frame) as Rat) : Rat.ZERO;
        const roll = ctx.roll;
        if (!roll || roll.length < expr.n)
          throw new InputError(
            "roll",
            "unit.dice",
            `this move rolls ${expr.n} dice, but the fixed roll gives ${roll?.length ?? 0}`,
          );
        const faces = roll.slice(0, expr.n).map((x) => Rat.of(x).add(per).max(Rat.ZERO));
        let kept = faces;
        if (expr.keep) {
          const sorted = [...faces].sort((a, b) => a.cmp(b));
          kept =
            expr.keep.which === "highest"
              ? sorted.slice(sorted.length - expr.keep.count)
              : sorted.slice(0, expr.keep.count);
        }
        return kept.reduce((a, b) => a.add(b), Rat.ZERO);
      }
    }
  }

  /** A field's scenario path for messages: `vehicle.kind`, `path[2].terrain` (JSON names). */
  private fieldPath(c: EvalContext, rec: RecordName, name: string): string {
    const json = this.json.get(`${rec}.${name}`) ?? name;
    if (rec === "step") return `path[${c.i}].${json}`;
    return rec === "scenario" ? json : `${rec}.${json}`;
  }

  private record(c: EvalContext, rec: RecordName): ValueRecord {
    if (rec === "unit") return c.unit;
    if (rec === "scenario") return c.scenario;
    if (rec === "vehicle") return c.vehicle ?? NO_VEHICLE;
    const s = c.path[c.i];
    if (!s) throw new EvalError("no step is being priced");
    return s;
  }

  private bin(
    op: string,
    ae: Expr,
    be: Expr,
    c: EvalContext,
    t: string[] | null,
    f: Frame,
  ): RunValue {
    if (op === "and")
      return (this.evaluate(ae, c, t, f) as boolean) && (this.evaluate(be, c, t, f) as boolean);
    if (op === "or")
      return (this.evaluate(ae, c, t, f) as boolean) || (this.evaluate(be, c, t, f) as boolean);
    const a = this.evaluate(ae, c, t, f);
    const b = this.evaluate(be, c, t, f);
    if (op === "==") return same(a, b);
    if (op === "!=") return !same(a, b);
    const x = a as Rat;
    const y = b as Rat;
    const na = x.isNA() || y.isNA();
    switch (op) {
      case "+":
        return na ? NA_RAT : x.add(y);
      case "-":
        return na ? NA_RAT : x.sub(y);
      case "*":
        return na ? NA_RAT : x.mul(y);
      case "/":
        return na ? NA_RAT : x.div(y);
      case "<":
        return !na && x.lt(y);
      case "<=":
        return !na && x.le(y);
      case ">":
        return !na && x.gt(y);
      case ">=":
        return !na && x.ge(y);
    }
    throw new EvalError(`unknown operator ${op}`);
  }

  private aggregate(
    op: string,
    body: Expr,
    c: EvalContext,
    t: string[] | null,
    f: Frame,
  ): RunValue {
    const saved = c.i;
    try {
      if (op === "any" || op === "all" || op === "count") {
        let n = 0;
        for (let i = 0; i < c.path.length; i++) {
          c.i = i;
          const v = this.evaluate(body, c, t, f) as boolean;
          if (v) n++;
          if (op === "any" && v) return true;
          if (op === "all" && !v) return false;
        }
        return op === "count" ? Rat.of(n) : op === "all";
      }
      let acc: Rat | null = null;
      for (let i = 0; i < c.path.length; i++) {
        c.i = i;
        const v = this.evaluate(body, c, t, f) as Rat;
        acc = acc === null ? v : op === "sum" ? acc.add(v) : op === "max" ? acc.max(v) : acc.min(v);
      }
      return acc ?? Rat.ZERO;
    } finally {
      c.i = saved;
    }
  }

  lookup(name: string, keys: string[], c: EvalContext, t: string[] | null): RunValue {
    const row = this.rowsOf(name)?.get(keys.join("\u0000"));
    if (!row) throw new InputError("entry", null, `${name} has no entry for ${keys.join(", ")}`);
    if (t) t.push(row.cite);
    if (this.listener) this.listener.row(name, keys, row.cite);
    return row.value.v === "all" ? c.allowance : valueOf(row.value);
  }

  /** A rule's value: its first applying exception (recursively), else its base value. */
  rule(r: RuleDef, c: EvalContext, t: string[] | null, args: RunValue[] = []): RunValue {
    if (this.listener) this.listener.rule(r);
    const params = new Map<string, RunValue>();
    r.params.forEach((p, i) => params.set(p.name, args[i]!));
    const baseFrame: Frame = { params, base: null };
    // The base value cites the rule when an exception builds on it (`base`), and when it stands
    // alone unless it merely passes on another definition's value (`= cot`), which cites itself.
    const baseValue = () => {
      if (t) t.push(r.cite);
      return this.evaluate(r.value, c, t, baseFrame);
    };
    const hit = this.applying(r.exceptions, c, params);
    if (!hit) return delegates(r.value) ? this.evaluate(r.value, c, t, baseFrame) : baseValue();
    if (this.listener) this.listener.exception(hit, r);
    return this.exceptionValue(hit, r, c, t, params, baseValue);
  }

  private applying(
    list: Exception[],
    c: EvalContext,
    params: Map<string, RunValue>,
  ): Exception | null {
    for (const x of list) if (this.evaluate(x.when, c, null, { params, base: null })) return x;
    return null;
  }

  private exceptionValue(
    x: Exception,
    r: RuleDef,
    c: EvalContext,
    t: string[] | null,
    params: Map<string, RunValue>,
    base: () => RunValue,
  ): RunValue {
    if (t) t.push(x.cite);
    const own = () => this.withBase(x.value, c, t, params, base);
    const inner = this.applying(x.exceptions, c, params);
    if (!inner) return own();
    if (this.listener) this.listener.exception(inner, r);
    return this.exceptionValue(inner, r, c, t, params, own);
  }

  /**
   * An exception's value `value`, `base` in it the value the overridden definition gives for the
   * question being asked (docs/language.md, "Rules"): the step being priced, worked out once, before
   * the value, with that step current — so inside an aggregate (`count step (step.cost > base)`)
   * `base` is still this step's, not the aggregate's step's, and its citations come once, first.
   * The generated module does the same (compiler/emit/expr.ts: `base` computed into a local before
   * the statement that reads it, and passed into an aggregate's loop helper); reach asks this
   * evaluator or that module. `base` of an exception of an exception is its parent's value.
   */
  private withBase(
    value: Expr,
    c: EvalContext,
    t: string[] | null,
    params: Map<string, RunValue>,
    base: () => RunValue,
  ): RunValue {
    return this.evaluate(value, c, t, { params, base: readsBase(value) ? base() : null });
  }
}

/** A value that only passes on another definition's (a rule, a table entry, a parameter). */
export function delegates(e: Expr): boolean {
  return e.k === "rule" || e.k === "table" || e.k === "param";
}

export function same(a: RunValue, b: RunValue): boolean {
  if (a instanceof Rat && b instanceof Rat) return a.eq(b);
  if (a instanceof Set && b instanceof Set)
    return a.size === b.size && [...a].every((x) => b.has(x));
  return a === b;
}
