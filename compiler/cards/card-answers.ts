/**
 * Asking the interpreter what a card prints: a unit's allowance (exact, or a distribution over every
 * roll for a dice ruleset), a step's cost, the constraints a unit breaks, and which exceptions and
 * table rows produced each answer (for the citations).
 *
 * `Recorder` is the interpreter's `Evaluator` with two hooks: every rule evaluated notes the chain of
 * exceptions that applies (the same first-applying search the evaluator makes), and every table
 * lookup notes the row's citation. Values are computed by the evaluator itself, unchanged.
 */

import { forEachRoll, summarize } from '../../runtime/dice.js';
import { formatQuantity } from '../../runtime/format.js';
import { distText } from '../render/numbers.js';
import { Rat } from '../../runtime/rational.js';
import type { DistributionSummary, Violation } from '../../runtime/types.js';
import type { EnumDef, Exception, InputField, RecordName, RuleDef, RulesetIR, Value } from '../ir.js';
import { EvalError, Evaluator, type ICtx, type RV } from '../interpret/eval.js';
import { Interpreter, prepare } from '../interpret/interpreter.js';

export interface RowHit {
  table: string;
  keys: string[];
  cite: string;
}

export interface Log {
  /** Exceptions that applied, in evaluation order (each once). */
  exceptions: Exception[];
  /** Rules evaluated (each once). */
  rules: RuleDef[];
  /** Table rows looked up. */
  rows: RowHit[];
}

export class Recorder extends Evaluator {
  private log: Log | null = null;
  private quiet = 0;
  private readonly rowCites: Map<string, Map<string, string>>;

  constructor(ir: RulesetIR) {
    super(ir);
    this.rowCites = new Map(ir.tables.map((t) => [t.name, new Map(t.rows.map((r) => [r.keys.join('\u0000'), r.cite ?? t.cite]))]));
  }

  start(): void {
    this.log = { exceptions: [], rules: [], rows: [] };
  }

  stop(): Log {
    const l = this.log ?? { exceptions: [], rules: [], rows: [] };
    this.log = null;
    return l;
  }

  override rule(r: RuleDef, c: ICtx, t: string[] | null, args: RV[] = []): RV {
    const log = this.log;
    if (log !== null && this.quiet === 0) {
      if (!log.rules.includes(r)) log.rules.push(r);
      const params = new Map<string, RV>();
      r.params.forEach((p, i) => params.set(p.name, args[i]!));
      this.quiet++;
      try {
        let list = r.exceptions;
        for (;;) {
          const hit = list.find((x) => this.eval(x.when, c, null, { params, base: null }) === true);
          if (!hit) break;
          if (!log.exceptions.includes(hit)) log.exceptions.push(hit);
          list = hit.exceptions;
        }
      } catch (e) {
        if (!(e instanceof EvalError)) throw e;
      } finally {
        this.quiet--;
      }
    }
    return super.rule(r, c, t, args);
  }

  override lookup(name: string, keys: string[], c: ICtx, t: string[] | null): RV {
    const log = this.log;
    if (log !== null && this.quiet === 0) {
      const cite = this.rowCites.get(name)?.get(keys.join('\u0000'));
      if (cite !== undefined && !log.rows.some((r) => r.table === name && r.keys.join('\u0000') === keys.join('\u0000'))) {
        log.rows.push({ table: name, keys: [...keys], cite });
      }
    }
    return super.lookup(name, keys, c, t);
  }
}

/** A computed quantity as a card shows it. */
export interface Outcome {
  /** "4 MF", "NA", "2–12 (mean 7)", "all", "2 × all". */
  text: string;
  /** The exact value (null for NA, a distribution or an error). */
  exact: Rat | null;
  na: boolean;
  dist: DistributionSummary | null;
  log: Log;
  /** An evaluation the ruleset cannot answer without more input (e.g. a vehicle's MP). */
  error: string | null;
}

export type Fields = Record<string, Value>;

export class Probe {
  readonly rec: Recorder;
  readonly interp: Interpreter;
  readonly measure: string;

  constructor(readonly ir: RulesetIR) {
    this.rec = new Recorder(ir);
    this.interp = new Interpreter(ir);
    this.measure = ir.movement.measure;
  }

  get dice(): boolean {
    return this.interp.dice > 0;
  }

  input(rec: RecordName): InputField[] {
    return this.ir.inputs.find((i) => i.rec === rec)?.fields ?? [];
  }

  field(rec: RecordName, name: string): InputField | null {
    return this.input(rec).find((f) => f.name === name) ?? null;
  }

  enumDef(name: string): EnumDef | null {
    return this.ir.enums.find((e) => e.name === name) ?? null;
  }

  /** The unit kinds: the enum of `unit.kind`. */
  kinds(): EnumDef | null {
    const f = this.field('unit', 'kind');
    return f && f.type.t === 'enum' ? this.enumDef(f.type.name) : null;
  }

  /** A prepared context, or null when the ruleset needs input the card cannot invent. */
  ctx(unit: Fields, path: Fields[] = [], vehicle: Fields | null = null, scenario: Fields = {}): ICtx | null {
    const { ctx, problems } = prepare(this.ir, { unit, vehicle, scenario, path });
    if (problems.length > 0) return null;
    let hexes = 0;
    for (let i = 0; i < ctx.path.length; i++) if (this.interp.isHex(ctx, i)) hexes++;
    ctx.hexes = hexes;
    ctx.i = 0;
    ctx.spent = Rat.ZERO;
    ctx.allowance = Rat.ZERO;
    return ctx;
  }

  private ones(): number[] | null {
    return this.dice ? new Array<number>(this.interp.dice).fill(1) : null;
  }

  /** The unit's allowance: exact, or the distribution over every roll. */
  allowance(ctx: ICtx, rec: Recorder = this.rec): Outcome {
    const e = this.ir.movement.allowance;
    rec.start();
    try {
      if (this.dice) {
        const values: number[] = [];
        let na = 0;
        forEachRoll(this.interp.dice, this.interp.sides, (roll) => {
          ctx.roll = roll.slice();
          const a = rec.eval(e, ctx, null) as Rat;
          if (a.isNA()) na++;
          else values.push(a.toNumber());
        });
        ctx.roll = null;
        if (values.length === 0) return { text: 'NA', exact: null, na: true, dist: null, log: rec.stop(), error: null };
        const dist = summarize(values);
        const text = na > 0 ? `${distText(dist)}, else NA` : distText(dist);
        return { text, exact: null, na: false, dist, log: rec.stop(), error: null };
      }
      const a = rec.eval(e, ctx, null) as Rat;
      const log = rec.stop();
      if (a.isNA()) return { text: 'NA', exact: null, na: true, dist: null, log, error: null };
      return { text: `${formatQuantity(a.toString())} ${this.measure}`, exact: a, na: false, dist: null, log, error: null };
    } catch (err) {
      ctx.roll = null;
      const log = rec.stop();
      if (!(err instanceof EvalError)) throw err;
      return { text: 'varies', exact: null, na: false, dist: null, log, error: err.message };
    }
  }

  private readonly without = new Map<Exception, Recorder>();

  /**
   * The exceptions of `o.log` that decide the allowance: those without which it would be different
   * (an exception that applied, e.g. a smaller IPC, but changed nothing for this unit is left out).
   */
  relevant(ctx: ICtx, o: Outcome, candidates: readonly Exception[] = o.log.exceptions): Exception[] {
    const out: Exception[] = [];
    for (const x of candidates) {
      let rec = this.without.get(x);
      if (!rec) this.without.set(x, (rec = new Recorder(disable(this.ir, x))));
      const alt = this.allowance(ctx, rec);
      if (alt.text !== o.text) out.push(x);
    }
    return out;
  }

  /**
   * The cost of step `i` (default: the only step). A cost that reads "all of the allowance" is found by
   * pricing with two different allowances: the cost is then k × all + c, printed "all", "2 × all".
   */
  cost(ctx: ICtx, i = 0): Outcome {
    const e = this.ir.movement.cost;
    ctx.i = i;
    ctx.roll = this.ones();
    const A1 = Rat.of(1009);
    const A2 = Rat.of(2017);
    try {
      ctx.allowance = A1;
      this.rec.start();
      const v1 = this.rec.eval(e, ctx, null) as Rat;
      const log = this.rec.stop();
      ctx.allowance = A2;
      const v2 = this.rec.eval(e, ctx, null) as Rat;
      if (v1.isNA() || v2.isNA()) return { text: 'NA', exact: null, na: true, dist: null, log, error: null };
      const k = v2.sub(v1).div(A2.sub(A1));
      const c = v1.sub(k.mul(A1));
      if (k.isZero()) return { text: formatQuantity(c.toString()), exact: c, na: false, dist: null, log, error: null };
      let text = k.eq(Rat.ONE) ? 'all' : `${formatQuantity(k.toString())} × all`;
      if (!c.isZero()) text += c.isNA() ? '' : ` ${c.lt(Rat.ZERO) ? '−' : '+'} ${formatQuantity((c.lt(Rat.ZERO) ? c.neg() : c).toString())}`;
      return { text, exact: null, na: false, dist: null, log, error: null };
    } catch (err) {
      const log = this.rec.stop();
      if (!(err instanceof EvalError)) throw err;
      return { text: 'varies', exact: null, na: false, dist: null, log, error: err.message };
    } finally {
      ctx.roll = null;
      ctx.allowance = Rat.ZERO;
    }
  }

  /** Violations of the constraints on the unit, the path and each step (first roll of a dice ruleset). */
  violations(ctx: ICtx): Violation[] {
    const out: Violation[] = [];
    ctx.roll = this.ones();
    try {
      ctx.allowance = this.interp.allowance(ctx, null);
      ctx.spent = Rat.ZERO;
      for (let i = 0; i < ctx.path.length; i++) {
        ctx.i = i;
        this.interp.checkStep(ctx, out);
      }
      ctx.i = 0;
      this.interp.checkMove(ctx, out);
    } catch (err) {
      if (!(err instanceof EvalError)) throw err;
    } finally {
      ctx.roll = null;
      ctx.allowance = Rat.ZERO;
    }
    return out;
  }

  /** Evaluates a rule without parameters for the unit (null when it cannot be answered). */
  ruleValue(r: RuleDef, ctx: ICtx): { value: RV; log: Log } | null {
    if (r.params.length > 0) return null;
    ctx.roll = this.ones();
    this.rec.start();
    try {
      const value = this.rec.rule(r, ctx, null);
      return { value, log: this.rec.stop() };
    } catch (err) {
      this.rec.stop();
      if (!(err instanceof EvalError)) throw err;
      return null;
    } finally {
      ctx.roll = null;
    }
  }
}

/** Values for scenario records. */
export const val = {
  member: (e: string, name: string): Value => ({ v: 'member', enum: e, name }),
  bool: (b: boolean): Value => ({ v: 'bool', b }),
  set: (e: string, members: string[]): Value => ({ v: 'set', enum: e, members }),
  num: (n: number): Value => ({ v: 'num', q: String(n) }),
};

/** Citations of a log: exceptions that applied and table rows read, in order, without repeats. */
export function logCites(log: Log): string[] {
  return unique([...log.rows.map((r) => r.cite), ...log.exceptions.map((x) => x.cite)]);
}

/** What `log` has that `base` has not: new exceptions, new table rows; and rules whose exceptions dropped. */
export function newCites(log: Log, base: Log): string[] {
  const out: string[] = [];
  for (const r of log.rows) {
    if (!base.rows.some((b) => b.table === r.table && b.keys.join('\u0000') === r.keys.join('\u0000'))) out.push(r.cite);
  }
  for (const x of log.exceptions) if (!base.exceptions.includes(x)) out.push(x.cite);
  // An exception that applied in the base case and no longer does: the rule's own value decides now.
  return unique([...out, ...droppedCites(log, base)]);
}

/** The ruleset with exception `x` never applying (its condition replaced by `false`). */
function disable(ir: RulesetIR, x: Exception): RulesetIR {
  const strip = (xs: readonly Exception[]): Exception[] =>
    xs.map((y) => (y === x ? { ...y, when: { k: 'bool', v: false } } : containsException(y.exceptions, x) ? { ...y, exceptions: strip(y.exceptions) } : y));
  return { ...ir, rules: ir.rules.map((r) => (containsException(r.exceptions, x) ? { ...r, exceptions: strip(r.exceptions) } : r)) };
}

/** Owners' citations of exceptions that applied in `base` and no longer apply in `log`. */
export function droppedCites(log: Log, base: Log): string[] {
  const out: string[] = [];
  for (const x of base.exceptions) {
    if (log.exceptions.includes(x)) continue;
    const owner = log.rules.find((r) => containsException(r.exceptions, x));
    if (owner) out.push(owner.cite);
  }
  return unique(out);
}

function containsException(list: readonly Exception[], x: Exception): boolean {
  return list.some((y) => y === x || containsException(y.exceptions, x));
}

export function newExceptions(log: Log, base: Log): Exception[] {
  return log.exceptions.filter((x) => !base.exceptions.includes(x));
}

export function unique<T>(xs: readonly T[]): T[] {
  return [...new Set(xs)];
}
