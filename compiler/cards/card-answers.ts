/**
 * Asking the interpreter what a card prints: a unit's allowance (exact, or a distribution over every
 * roll for a dice ruleset), a step's cost, the constraints a unit breaks, and which exceptions and
 * table rows produced each answer (for the citations). The questions go through the query layer
 * (interpret/query.ts), which records what the evaluator itself chose; this file turns the answers
 * into the texts a card prints.
 */

import { formatQuantity } from "../../runtime/format.js";
import { distText } from "../render/numbers.js";
import { unique } from "../../runtime/lists.js";
import { Rat } from "../../runtime/rational.js";
import type { DistributionSummary, Violation } from "../../runtime/types.js";
import type {
  EnumDef,
  Exception,
  InputField,
  RecordName,
  RuleDef,
  RulesetIR,
  ScenarioValue,
  Value,
} from "../ir/ir.js";
import type { RunValue } from "../interpret/eval.js";
import { interpreterFor, type Interpreter } from "../interpret/interpreter.js";
import { ask, situationProblems, type Applied, type Situation } from "../interpret/query.js";

/** What an answer consulted: exceptions that applied, rules evaluated, table rows read (each once, in order). */
export type Log = Applied;

const EMPTY_LOG = (): Log => ({ exceptions: [], rules: [], rows: [] });

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
  readonly interp: Interpreter;
  readonly measure: string;

  constructor(readonly ir: RulesetIR) {
    this.interp = interpreterFor(ir);
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
    const f = this.field("unit", "kind");
    return f && f.type.t === "enum" ? this.enumDef(f.type.name) : null;
  }

  /** A situation, or null when the ruleset needs input the card cannot invent. */
  ctx(
    unit: Fields,
    path: Fields[] = [],
    vehicle: Fields | null = null,
    scenario: Fields = {},
  ): ScenarioValue | null {
    const sv: ScenarioValue = { unit, vehicle, scenario, path };
    return situationProblems(this.ir, sv).length > 0 ? null : sv;
  }

  /** The situation with the first roll fixed (all ones) for a dice ruleset. */
  private firstRoll(sv: ScenarioValue, extra: Omit<Situation, "scenario"> = {}): Situation {
    return {
      scenario: this.dice ? { ...sv, roll: new Array<number>(this.interp.dice).fill(1) } : sv,
      everyRoll: false,
      ...extra,
    };
  }

  /** The unit's allowance: exact, or the distribution over every roll. */
  allowance(sv: ScenarioValue, ir: RulesetIR = this.ir): Outcome {
    const r = ask(ir, { scenario: sv, everyRoll: this.dice }, { allowance: true }, true);
    const log = r.applied!;
    const v = r.value;
    if (v.k === "cannot")
      return { text: "varies", exact: null, na: false, dist: null, log, error: v.reason };
    if (v.k === "rolls") {
      if (v.dist === null)
        return { text: "NA", exact: null, na: true, dist: null, log, error: null };
      const text = v.na > 0 ? `${distText(v.dist)}, else NA` : distText(v.dist);
      return { text, exact: null, na: false, dist: v.dist, log, error: null };
    }
    const a = v.k === "exact" ? (v.v as Rat) : Rat.ZERO;
    if (a.isNA()) return { text: "NA", exact: null, na: true, dist: null, log, error: null };
    return {
      text: `${formatQuantity(a.toString())} ${this.measure}`,
      exact: a,
      na: false,
      dist: null,
      log,
      error: null,
    };
  }

  /** The ruleset without exception `x`, one per exception asked about. */
  private readonly without = new Map<Exception, RulesetIR>();

  /**
   * The exceptions of `o.log` that decide the allowance: those without which it would be different
   * (an exception that applied, e.g. a smaller IPC, but changed nothing for this unit is left out).
   */
  relevant(
    sv: ScenarioValue,
    o: Outcome,
    candidates: readonly Exception[] = o.log.exceptions,
  ): Exception[] {
    const out: Exception[] = [];
    for (const x of candidates) {
      let ir = this.without.get(x);
      if (!ir) this.without.set(x, (ir = disable(this.ir, x)));
      const alt = this.allowance(sv, ir);
      if (alt.text !== o.text) out.push(x);
    }
    return out;
  }

  /**
   * The cost of step `i` (default: the only step). A cost that reads "all of the allowance" is found by
   * pricing with two different allowances: the cost is then k × all + c, printed "all", "2 × all".
   */
  cost(sv: ScenarioValue, i = 0): Outcome {
    const A1 = Rat.of(1009);
    const A2 = Rat.of(2017);
    const r1 = ask(this.ir, this.firstRoll(sv, { allowance: A1 }), { cost: i }, true);
    const log = r1.applied!;
    if (r1.value.k === "cannot")
      return { text: "varies", exact: null, na: false, dist: null, log, error: r1.value.reason };
    // Only the first pricing is recorded; when the second cannot be asked, nothing is cited (as before the query layer).
    const r2 = ask(this.ir, this.firstRoll(sv, { allowance: A2 }), { cost: i });
    if (r2.value.k === "cannot")
      return {
        text: "varies",
        exact: null,
        na: false,
        dist: null,
        log: EMPTY_LOG(),
        error: r2.value.reason,
      };
    const v1 = r1.value.k === "exact" ? (r1.value.v as Rat) : Rat.ZERO;
    const v2 = r2.value.k === "exact" ? (r2.value.v as Rat) : Rat.ZERO;
    if (v1.isNA() || v2.isNA())
      return { text: "NA", exact: null, na: true, dist: null, log, error: null };
    const k = v2.sub(v1).div(A2.sub(A1));
    const c = v1.sub(k.mul(A1));
    if (k.isZero())
      return {
        text: formatQuantity(c.toString()),
        exact: c,
        na: false,
        dist: null,
        log,
        error: null,
      };
    let text = k.eq(Rat.ONE) ? "all" : `${formatQuantity(k.toString())} × all`;
    if (!c.isZero())
      text += c.isNA()
        ? ""
        : ` ${c.lt(Rat.ZERO) ? "−" : "+"} ${formatQuantity((c.lt(Rat.ZERO) ? c.neg() : c).toString())}`;
    return { text, exact: null, na: false, dist: null, log, error: null };
  }

  /**
   * Violations of the constraints on the unit, the path and each step (first roll of a dice ruleset);
   * an evaluation that cannot be asked stops the check with those found before it.
   */
  violations(sv: ScenarioValue): Violation[] {
    const v = ask(this.ir, this.firstRoll(sv), { violations: true }).value;
    return v.k === "violations" ? v.list : v.k === "cannot" ? v.found : [];
  }

  /** Evaluates a rule without parameters for the unit (null when it cannot be answered). */
  ruleValue(r: RuleDef, sv: ScenarioValue): { value: RunValue; log: Log } | null {
    if (r.params.length > 0) return null;
    const q = ask(this.ir, this.firstRoll(sv), { def: r }, true);
    return q.value.k === "exact" ? { value: q.value.v, log: q.applied! } : null;
  }
}

/** Values for scenario records. */
export const val = {
  member: (e: string, name: string): Value => ({ v: "member", enum: e, name }),
  bool: (b: boolean): Value => ({ v: "bool", b }),
  set: (e: string, members: string[]): Value => ({ v: "set", enum: e, members }),
  num: (n: number): Value => ({ v: "num", q: String(n) }),
};

/** Citations of a log: exceptions that applied and table rows read, in order, without repeats. */
export function logCites(log: Log): string[] {
  return unique([...log.rows.map((r) => r.cite), ...log.exceptions.map((x) => x.cite)]);
}

/** What `log` has that `base` has not: new exceptions, new table rows; and rules whose exceptions dropped. */
export function newCites(log: Log, base: Log): string[] {
  const out: string[] = [];
  for (const r of log.rows) {
    if (
      !base.rows.some((b) => b.table === r.table && b.keys.join("\u0000") === r.keys.join("\u0000"))
    )
      out.push(r.cite);
  }
  for (const x of log.exceptions) if (!base.exceptions.includes(x)) out.push(x.cite);
  // An exception that applied in the base case and no longer does: the rule's own value decides now.
  return unique([...out, ...droppedCites(log, base)]);
}

/** The ruleset with exception `x` never applying (its condition replaced by `false`). */
function disable(ir: RulesetIR, x: Exception): RulesetIR {
  const strip = (xs: readonly Exception[]): Exception[] =>
    xs.map((y) =>
      y === x
        ? { ...y, when: { k: "bool", v: false } }
        : containsException(y.exceptions, x)
          ? { ...y, exceptions: strip(y.exceptions) }
          : y,
    );
  return {
    ...ir,
    rules: ir.rules.map((r) =>
      containsException(r.exceptions, x) ? { ...r, exceptions: strip(r.exceptions) } : r,
    ),
  };
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
