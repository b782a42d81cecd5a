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

/**
 * Where rule values are remembered by what each rule reads (memo.ts `RuleMemo`): `at` finds the
 * place of a rule's value in a context (null: not remembered), under `key`, read at once; `keep`
 * puts a value there.
 */
export interface RuleValues {
  at(r: RuleDef, c: EvalContext, args: readonly RunValue[]): Map<number, unknown> | null;
  readonly key: number;
  keep(level: Map<number, unknown>, key: number, v: RunValue): void;
}

interface Frame {
  params: ReadonlyMap<string, RunValue>;
  /** What `base` denotes in the exception being evaluated (`withBase`), or null where it is not read. */
  base: RunValue | null;
}

/** The record read when no vehicle is there: every field absent. */
const NO_VEHICLE: ValueRecord = dict();

const EMPTY: Frame = { params: new Map(), base: null };

/** A table's row as the evaluator reads it: its value (`run`: read once, on its first lookup). */
interface Row {
  value: Value;
  cite: string;
  run?: RunValue;
}

/** The parameters of a rule that takes none (never written to). */
const NO_PARAMS: ReadonlyMap<string, RunValue> = new Map();

/** An expression compiled (`Evaluator.compile`): its value in a context, with the citations noted in `trace`. */
type Code = (ctx: EvalContext, trace: string[] | null, frame: Frame) => RunValue;

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
  private readonly rows = new Map<string, Map<string, Row>>();

  /** Told of every rule entered, exception chosen and table row read, when set. */
  listener: EvalListener | null = null;

  /**
   * Rule values remembered by what each rule reads (memo.ts), when set: consulted only on the plain
   * path (no citations asked, no listener), so a remembered value never hides a citation or a choice.
   */
  memo: RuleValues | null = null;

  /** While `chosenIn` evaluates rule `rule`: the exceptions of it chosen so far. */
  private chosen: { rule: RuleDef; list: Exception[] } | null = null;

  /**
   * Rule `r`'s value (without arguments, no citations noted) with the exceptions of `r` itself the
   * evaluator chose, outer first, as a listener is told them: `r` is evaluated (never served from
   * the memo), the rules it calls as `rule` evaluates them.
   */
  chosenIn(r: RuleDef, c: EvalContext): { value: RunValue; chosen: Exception[] } {
    const saved = this.chosen;
    const list: Exception[] = [];
    this.chosen = { rule: r, list };
    try {
      return { value: this.ruleValue(r, c, null, []), chosen: list };
    } finally {
      this.chosen = saved;
    }
  }

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
  private rowsOf(name: string): Map<string, Row> | undefined {
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

  /** Each expression's compiled form (`compile`), made on its first evaluation. */
  private readonly code = new WeakMap<Expr, Code>();

  /**
   * `expr`'s value. The expression is compiled once into a closure (`compile`) and that is run: the
   * tree is walked when it is first evaluated, not on every evaluation.
   */
  evaluate(expr: Expr, ctx: EvalContext, trace: string[] | null, frame: Frame = EMPTY): RunValue {
    return this.codeOf(expr)(ctx, trace, frame);
  }

  private codeOf(expr: Expr): Code {
    let f = this.code.get(expr);
    if (f === undefined) this.code.set(expr, (f = this.compile(expr)));
    return f;
  }

  /**
   * The one semantics of an expression, as a closure over its compiled subexpressions: what it reads
   * and the order it evaluates them in, the citations it notes and what stops it are fixed here.
   * Constants are read once (a number's text parsed when compiled, or its error raised when run).
   * A rule, a table or a parameter is looked up by name when run, as the IR names them.
   */
  private compile(expr: Expr): Code {
    switch (expr.k) {
      case "num": {
        let q: Rat;
        try {
          q = Rat.parse(expr.q);
        } catch {
          return () => Rat.parse(expr.q); // raises its error when evaluated, as it always did
        }
        return () => q;
      }
      case "bool": {
        const v = expr.v;
        return () => v;
      }
      case "all":
        return (c) => c.allowance;
      case "na":
        return () => NA_RAT;
      case "member": {
        const name = expr.name;
        return () => name;
      }
      case "set": {
        const members = expr.members;
        return () => new Set(members);
      }
      case "field": {
        const { rec, name } = expr;
        return (c) => {
          const v = own(this.record(c, rec), name);
          if (v === undefined || v === null)
            throw new InputError(
              "absent",
              this.fieldPath(c, rec, name),
              `${rec}.${name} is absent`,
            );
          return v;
        };
      }
      case "flag": {
        const { rec, field, member } = expr;
        return (c) => {
          const s = own(this.record(c, rec), field);
          return s instanceof Set ? s.has(member) : false;
        };
      }
      case "need": {
        const { rec, name } = expr;
        return (c) => {
          const v = own(this.record(c, rec), name);
          if (v === undefined || v === null) throw new MissingInput(this.fieldPath(c, rec, name));
          return v;
        };
      }
      case "present": {
        const { rec, name } = expr;
        return (c) => {
          const v = own(this.record(c, rec), name);
          return v !== undefined && v !== null;
        };
      }
      case "pos":
        return expr.name === "number" ? (c) => Rat.of(c.i + 1) : (c) => c.i === c.path.length - 1;
      case "path":
        if (expr.name === "hexes") return (c) => Rat.of(c.hexes);
        if (expr.name === "steps") return (c) => Rat.of(c.path.length);
        return (c) => c.spent;
      case "agg":
        return this.aggregate(expr.op, this.compile(expr.body));
      case "rule": {
        const name = expr.name;
        const args = expr.args.map((a) => this.compile(a));
        return (c, t, f) => {
          const r = this.rules.get(name);
          if (!r) throw new EvalError(`unknown rule ${name}`);
          const vs = args.map((a) => a(c, t, f));
          return this.rule(r, c, t, vs);
        };
      }
      case "param": {
        const name = expr.name;
        return (_c, _t, f) => {
          const v = f.params.get(name);
          if (v === undefined) throw new EvalError(`unknown parameter ${name}`);
          return v;
        };
      }
      case "table": {
        const name = expr.name;
        const keys = expr.keys.map((k) => this.compile(k));
        return (c, t, f) =>
          this.lookup(
            name,
            keys.map((k) => k(c, t, f) as string),
            c,
            t,
          );
      }
      case "base":
        return (_c, _t, f) => {
          if (f.base === null) throw new EvalError("base outside an exception");
          return f.base;
        };
      case "neg": {
        const x = this.compile(expr.x);
        return (c, t, f) => (x(c, t, f) as Rat).neg();
      }
      case "not": {
        const x = this.compile(expr.x);
        return (c, t, f) => !x(c, t, f);
      }
      case "bin":
        return this.bin(expr.op, this.compile(expr.a), this.compile(expr.b));
      case "in": {
        const set = this.compile(expr.set);
        const x = this.compile(expr.x);
        return (c, t, f) => (set(c, t, f) as ReadonlySet<string>).has(x(c, t, f) as string);
      }
      case "if": {
        const cond = this.compile(expr.c);
        const then = this.compile(expr.t);
        const other = this.compile(expr.e);
        return (c, t, f) => (cond(c, t, f) ? then(c, t, f) : other(c, t, f));
      }
      case "call": {
        const fn = expr.fn;
        const args = expr.args.map((a) => this.compile(a));
        return (c, t, f) => {
          const vs = args.map((a) => a(c, t, f) as Rat);
          if (vs.some((a) => a.isNA())) return NA_RAT;
          if (fn === "fru") return vs[0]!.ceil();
          if (fn === "frd") return vs[0]!.floor();
          return vs.reduce((a, b) => (fn === "max" ? a.max(b) : a.min(b)));
        };
      }
      case "dice": {
        const { n, keep } = expr;
        const perDie = expr.perDie ? this.compile(expr.perDie) : null;
        return (c, t, f) => {
          // The per-die modifier first, as a generated module reads it (an argument of its
          // `sumDice`): without a roll both have consulted its rules when the roll is found missing.
          const per = perDie ? (perDie(c, t, f) as Rat) : Rat.ZERO;
          const roll = c.roll;
          if (!roll || roll.length < n)
            throw new InputError(
              "roll",
              "unit.dice",
              `this move rolls ${n} dice, but the fixed roll gives ${roll?.length ?? 0}`,
            );
          const faces = roll.slice(0, n).map((x) => Rat.of(x).add(per).max(Rat.ZERO));
          let kept = faces;
          if (keep) {
            const sorted = [...faces].sort((a, b) => a.cmp(b));
            kept =
              keep.which === "highest"
                ? sorted.slice(sorted.length - keep.count)
                : sorted.slice(0, keep.count);
          }
          return kept.reduce((a, b) => a.add(b), Rat.ZERO);
        };
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

  /** A binary operator over its compiled operands (`and`/`or` short-circuit). */
  private bin(op: string, ae: Code, be: Code): Code {
    if (op === "and") return (c, t, f) => (ae(c, t, f) as boolean) && (be(c, t, f) as boolean);
    if (op === "or") return (c, t, f) => (ae(c, t, f) as boolean) || (be(c, t, f) as boolean);
    if (op === "==") return (c, t, f) => same(ae(c, t, f), be(c, t, f));
    if (op === "!=") return (c, t, f) => !same(ae(c, t, f), be(c, t, f));
    const arith = (g: (x: Rat, y: Rat) => Rat): Code => {
      return (c, t, f) => {
        const x = ae(c, t, f) as Rat;
        const y = be(c, t, f) as Rat;
        return x.isNA() || y.isNA() ? NA_RAT : g(x, y);
      };
    };
    const order = (g: (x: Rat, y: Rat) => boolean): Code => {
      return (c, t, f) => {
        const x = ae(c, t, f) as Rat;
        const y = be(c, t, f) as Rat;
        return !(x.isNA() || y.isNA()) && g(x, y);
      };
    };
    switch (op) {
      case "+":
        return arith((x, y) => x.add(y));
      case "-":
        return arith((x, y) => x.sub(y));
      case "*":
        return arith((x, y) => x.mul(y));
      case "/":
        return arith((x, y) => x.div(y));
      case "<":
        return order((x, y) => x.lt(y));
      case "<=":
        return order((x, y) => x.le(y));
      case ">":
        return order((x, y) => x.gt(y));
      case ">=":
        return order((x, y) => x.ge(y));
    }
    // Both operands are evaluated before an unknown operator is reported, as they always were.
    return (c, t, f) => {
      ae(c, t, f);
      be(c, t, f);
      throw new EvalError(`unknown operator ${op}`);
    };
  }

  /** An aggregate over the path's steps, its body compiled (each step made current in turn). */
  private aggregate(op: string, body: Code): Code {
    return (c, t, f) => {
      const saved = c.i;
      try {
        if (op === "any" || op === "all" || op === "count") {
          let n = 0;
          for (let i = 0; i < c.path.length; i++) {
            c.i = i;
            const v = body(c, t, f) as boolean;
            if (v) n++;
            if (op === "any" && v) return true;
            if (op === "all" && !v) return false;
          }
          return op === "count" ? Rat.of(n) : op === "all";
        }
        let acc: Rat | null = null;
        for (let i = 0; i < c.path.length; i++) {
          c.i = i;
          const v = body(c, t, f) as Rat;
          acc =
            acc === null ? v : op === "sum" ? acc.add(v) : op === "max" ? acc.max(v) : acc.min(v);
        }
        return acc ?? Rat.ZERO;
      } finally {
        c.i = saved;
      }
    };
  }

  lookup(name: string, keys: string[], c: EvalContext, t: string[] | null): RunValue {
    const row = this.rowsOf(name)?.get(keys.join("\u0000"));
    if (!row) throw new InputError("entry", null, `${name} has no entry for ${keys.join(", ")}`);
    if (t) t.push(row.cite);
    if (this.listener) this.listener.row(name, keys, row.cite);
    const v = row.value;
    if (v.v === "all") return c.allowance;
    if (v.v === "set") return valueOf(v); // a set of its own for each read, as before
    return (row.run ??= valueOf(v));
  }

  /** A rule's value: its first applying exception (recursively), else its base value. */
  rule(r: RuleDef, c: EvalContext, t: string[] | null, args: RunValue[] = []): RunValue {
    const memo = this.memo;
    if (memo === null || t !== null || this.listener !== null) return this.ruleValue(r, c, t, args);
    const level = memo.at(r, c, args);
    if (level === null) return this.ruleValue(r, c, null, args);
    const key = memo.key;
    const hit = level.get(key) as RunValue | undefined;
    if (hit !== undefined) return hit;
    const v = this.ruleValue(r, c, null, args);
    memo.keep(level, key, v);
    return v;
  }

  private ruleValue(r: RuleDef, c: EvalContext, t: string[] | null, args: RunValue[]): RunValue {
    if (this.listener) this.listener.rule(r);
    let params = NO_PARAMS;
    if (r.params.length > 0) {
      const m = new Map<string, RunValue>();
      for (let i = 0; i < r.params.length; i++) m.set(r.params[i]!.name, args[i]!);
      params = m;
    }
    const baseFrame: Frame = { params, base: null };
    const hit = this.applying(r.exceptions, c, baseFrame);
    // The base value cites the rule when an exception builds on it (`base`), and when it stands
    // alone unless it merely passes on another definition's value (`= cot`), which cites itself.
    if (!hit) {
      if (t && !delegates(r.value)) t.push(r.cite);
      return this.evaluate(r.value, c, t, baseFrame);
    }
    const baseValue = () => {
      if (t) t.push(r.cite);
      return this.evaluate(r.value, c, t, baseFrame);
    };
    if (this.listener) this.listener.exception(hit, r);
    if (this.chosen !== null && this.chosen.rule === r) this.chosen.list.push(hit);
    return this.exceptionValue(hit, r, c, t, params, baseValue);
  }

  /** The first exception of `list` whose condition holds (conditions note no citations). */
  private applying(list: Exception[], c: EvalContext, frame: Frame): Exception | null {
    for (let i = 0; i < list.length; i++) {
      const x = list[i]!;
      if (this.evaluate(x.when, c, null, frame)) return x;
    }
    return null;
  }

  private exceptionValue(
    x: Exception,
    r: RuleDef,
    c: EvalContext,
    t: string[] | null,
    params: ReadonlyMap<string, RunValue>,
    base: () => RunValue,
  ): RunValue {
    if (t) t.push(x.cite);
    const own = () => this.withBase(x.value, c, t, params, base);
    const inner = this.applying(x.exceptions, c, { params, base: null });
    if (!inner) return own();
    if (this.listener) this.listener.exception(inner, r);
    if (this.chosen !== null && this.chosen.rule === r) this.chosen.list.push(inner);
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
    params: ReadonlyMap<string, RunValue>,
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
