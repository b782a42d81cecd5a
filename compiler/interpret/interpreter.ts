/**
 * The interpreter as a `MoveModel<Rat>`: the IR's movement binding, constraints and inputs, evaluated
 * by `Evaluator`. The runtime's one pricing loop (`evaluateMove`) runs it exactly as it runs a
 * generated module.
 */
import { answerMove, type MoveAnswers, type Question } from "../../runtime/answers.js";
import { diceRead } from "../../runtime/dice.js";
import { evaluateMove } from "../../runtime/move.js";
import { holdsOpen } from "../../runtime/open.js";
import { markUnknown } from "../../runtime/unknown.js";
import { ratNum, Rat } from "../../runtime/rational.js";
import type { MoveContext, MoveModel, MoveResult, Violation } from "../../runtime/types.js";
import type {
  InputDef,
  InputField,
  RecordName,
  RulesetIR,
  ScenarioValue,
  Value,
} from "../ir/ir.js";
import { diceCutsOf, diceOf } from "../ir/walk.js";
import {
  Evaluator,
  InputError,
  valueOf,
  type EvalContext,
  type RunValue,
  type ValueRecord,
} from "./eval.js";
import {
  isEvaluationFault,
  MissingInput,
  missingMessage,
  type EvaluationFault,
} from "../../runtime/errors.js";
import { dict, own } from "../util/dict.js";
import { vehicleActions } from "../ir/name-resolver.js";

export class Interpreter implements MoveModel<Rat, EvalContext> {
  readonly ev: Evaluator;
  readonly id: string;
  readonly title: string;
  readonly measure: string;
  readonly cite: string;
  readonly dice: number;
  readonly sides: number;
  readonly diceCuts: readonly number[];
  private readonly hasAction: boolean;

  constructor(readonly ir: RulesetIR) {
    this.ev = new Evaluator(ir);
    this.id = ir.id;
    this.title = ir.title;
    this.measure = ir.movement.measure;
    this.cite = ir.movement.cite;
    const dice = diceOf(ir);
    this.dice = dice?.n ?? 0;
    this.sides = dice?.sides ?? 6;
    this.diceCuts = diceCutsOf(ir);
    this.hasAction = ir.inputs.some(
      (i) => i.rec === "step" && i.fields.some((f) => f.name === "action"),
    );
    const m = ir.movement;
    if (m.haltAt !== undefined) {
      const at = m.haltAt;
      const toward = m.haltAllowance;
      this.haltCite = m.haltCite ?? m.cite;
      this.haltAt = (c) => this.ev.evaluate(at, c, null) === true;
      if (toward !== undefined)
        this.haltAllowance = (c) => this.ev.evaluate(toward, c, null) as Rat;
    }
  }

  isHex(c: EvalContext, i: number): boolean {
    if (!this.hasAction) return true;
    const a = c.path[i]?.["action"];
    return a === undefined || a === null;
  }
  allowance(c: EvalContext, t: string[] | null): Rat {
    return this.ev.evaluate(this.ir.movement.allowance, c, t) as Rat;
  }
  stepCost(c: EvalContext, t: string[] | null): Rat {
    return this.ev.evaluate(this.ir.movement.cost, c, t) as Rat;
  }
  minimumMove(c: EvalContext): boolean {
    return this.ir.movement.minimumMove
      ? (this.ev.evaluate(this.ir.movement.minimumMove, c, null) as boolean)
      : false;
  }
  checkMove(c: EvalContext, out: Violation[], open: string[] | null = null): void {
    for (const k of this.ir.constraints) {
      if (k.context !== "step" && !this.holds(k.cond, c, open))
        out.push({ rule: k.cite, message: k.title });
    }
  }
  checkStep(c: EvalContext, out: Violation[], open: string[] | null = null): void {
    for (const k of this.ir.constraints) {
      if (k.context === "step" && !this.holds(k.cond, c, open))
        out.push({ rule: k.cite, message: k.title, step: c.i + 1 });
    }
  }
  /** A constraint's condition; with `open`, one that needs a left-out field counts as holding (runtime/open.ts). */
  private holds(
    cond: RulesetIR["constraints"][number]["cond"],
    c: EvalContext,
    open: string[] | null,
  ): boolean {
    if (open === null) return this.ev.evaluate(cond, c, null) as boolean;
    return holdsOpen(() => this.ev.evaluate(cond, c, null) as boolean, open);
  }
  readonly haltCite?: string;
  haltAt?(c: EvalContext): boolean;
  haltAllowance?(c: EvalContext): Rat;

  vehicleSpent(c: EvalContext): Rat | null {
    const e = this.ir.movement.vehicleSpent;
    if (!e || c.vehicle === null) return null;
    return this.ev.evaluate(e, c, null) as Rat;
  }
}

/** What `prepare` reads of a ruleset's declarations, worked out once per ruleset. */
interface Shape {
  /** Each record's input declaration. */
  inputs: ReadonlyMap<RecordName, InputDef>;
  /** The step actions that mean a vehicle is there (name-resolver.ts). */
  vehicleActions: readonly string[];
  /**
   * Each field's default as the evaluator reads it, made on first use, for records built as the
   * evaluator reads them (`prepareBuilt`: a value is only ever read, so one serves every context).
   */
  defaults: Map<InputField, RunValue>;
}
const shapes = new WeakMap<RulesetIR, Shape>();
function shapeOf(ir: RulesetIR): Shape {
  let s = shapes.get(ir);
  if (s === undefined) {
    const inputs = new Map<RecordName, InputDef>();
    for (const i of ir.inputs) if (!inputs.has(i.rec)) inputs.set(i.rec, i);
    shapes.set(ir, (s = { inputs, vehicleActions: vehicleActions(ir), defaults: new Map() }));
  }
  return s;
}

/** Field `f`'s default as the evaluator reads it, one value for every built context (`Shape.defaults`). */
function builtDefault(shape: Shape, f: InputField): RunValue {
  let v = shape.defaults.get(f);
  if (v === undefined) shape.defaults.set(f, (v = valueOf(f.default!)));
  return v;
}

/**
 * A step boards or leaves a vehicle (`board`, `enter-transport` …), so a vehicle is there. `action`:
 * the member a step's action names (a scenario's `Value`, or a built record's value itself).
 */
function impliesVehicle<R>(
  shape: Shape,
  path: readonly R[],
  action: (step: R) => unknown,
): boolean {
  const actions = shape.vehicleActions;
  return actions.length > 0 && path.some((s) => actions.includes(action(s) as string));
}

/**
 * A situation's records as the evaluator reads them (`RunValue`s), built from the ruleset's own
 * declarations (the diff's situation search, situation-answers.ts): each value one of its field's
 * type, each required field given, nothing unknown. `prepareBuilt` fills them in place.
 */
export interface BuiltScenario {
  unit: ValueRecord;
  vehicle: ValueRecord | null;
  scenario: ValueRecord;
  path: ValueRecord[];
}

/**
 * Scenario values → the interpreter's context: defaults applied, absent optional fields null; a
 * path that boards or leaves a vehicle without a `vehicle` record gets one with its defaults.
 * `problems` says what makes the input invalid; `needs` names the implied vehicle's required fields
 * the input cannot give (scenario paths, `vehicle.kind`), each also in `problems`.
 */
export function prepare(
  ir: RulesetIR,
  sv: ScenarioValue,
): { ctx: EvalContext; problems: string[]; needs: string[] } {
  return contextOf(ir, sv, false);
}

/**
 * `prepare` of records built as the evaluator reads them (`BuiltScenario`): the same filling —
 * defaults applied, absent optional fields null, an implied vehicle — done in the records
 * themselves, without converting or checking again what their builder made; so no problem, and no
 * field given as unknown.
 */
export function prepareBuilt(ir: RulesetIR, b: BuiltScenario): EvalContext {
  return contextOf(ir, b, true).ctx;
}

/** `prepare`, or with `built`, `prepareBuilt` (whose records are filled in place). */
function contextOf(
  ir: RulesetIR,
  sv: ScenarioValue | BuiltScenario,
  built: boolean,
): { ctx: EvalContext; problems: string[]; needs: string[] } {
  const problems: string[] = [];
  const needs: string[] = [];
  const shape = shapeOf(ir);
  const input = (rec: RecordName) => shape.inputs.get(rec);
  const unknown = built ? NO_UNKNOWN : new Set((sv as ScenarioValue).unknown);
  // A field's default: one value for every built context, a fresh one for a scenario's.
  const dflt = (f: InputField): RunValue => (built ? builtDefault(shape, f) : valueOf(f.default!));
  // Where a field's path starts ("unit", "path[2]": step `at`), written only when read.
  const where = (rec: RecordName, at: number) => (rec === "step" ? `path[${at}]` : rec);
  const record = (
    rec: RecordName,
    given: Record<string, Value> | ValueRecord,
    at = 0,
  ): ValueRecord => {
    const def: InputDef | undefined = input(rec);
    const out: ValueRecord = built ? (given as ValueRecord) : dict();
    const fields = def?.fields ?? [];
    for (let i = 0; i < fields.length; i++) {
      const f = fields[i]!;
      const v = built ? given[f.name] : own(given as Record<string, Value>, f.name);
      if (v !== undefined) {
        if (!built) out[f.name] = valueOf(v as Value);
      } else if (f.default) out[f.name] = dflt(f);
      else if (
        f.optional ||
        (unknown.size > 0 &&
          unknown.has(`${rec === "scenario" ? "" : `${where(rec, at)}.`}${f.json}`))
      )
        out[f.name] = null;
      else problems.push(`${where(rec, at)}.${f.json} is required`);
    }
    return out;
  };
  // A vehicle implied by a boarding step: defaults, absent optional fields; a required field is missing.
  const implied = (def: InputDef | undefined): ValueRecord => {
    const out: ValueRecord = dict();
    for (const f of def?.fields ?? []) {
      if (f.default) out[f.name] = dflt(f);
      else if (f.optional) out[f.name] = null;
      else {
        needs.push(`vehicle.${f.json}`);
        problems.push(missingMessage(`vehicle.${f.json}`));
      }
    }
    return out;
  };
  const vehicle = (): ValueRecord | null => {
    if (sv.vehicle) return record("vehicle", sv.vehicle);
    const boards = built
      ? impliesVehicle(shape, (sv as BuiltScenario).path, (s) => s["action"])
      : impliesVehicle(shape, (sv as ScenarioValue).path, (s) => {
          const a = s["action"];
          return a?.v === "member" ? a.name : undefined;
        });
    return boards ? implied(input("vehicle")) : null;
  };
  const ctx: EvalContext = {
    unit: record("unit", sv.unit),
    vehicle: vehicle(),
    scenario: record("scenario", sv.scenario),
    path: (sv.path as (Record<string, Value> | ValueRecord)[]).map((s, i) => record("step", s, i)),
    i: 0,
    roll: built ? null : ((sv as ScenarioValue).roll ?? null),
    allowance: Rat.ZERO,
    spent: Rat.ZERO,
    hexes: 0,
  };
  // A field given as unknown reads as missing (runtime/unknown.ts): answered per value.
  if (unknown.size > 0)
    markUnknown(ctx as MoveContext<unknown>, [...unknown], (rec, json) => {
      const f = input(rec)?.fields.find((x) => x.json === json);
      return f === undefined ? [] : [f.name];
    });
  return { ctx, problems, needs };
}

/** The fields given as unknown of built records: none. */
const NO_UNKNOWN: ReadonlySet<string> = new Set();

const cache = new WeakMap<RulesetIR, Interpreter>();
export function interpreterFor(ir: RulesetIR): Interpreter {
  let m = cache.get(ir);
  if (!m) cache.set(ir, (m = new Interpreter(ir)));
  return m;
}

/** A scenario's answer, or why the user's input cannot be answered (never a bug: those throw). */
export type Evaluation = { ok: true; result: MoveResult } | { ok: false; fault: EvaluationFault };

/**
 * `interpretScenario` with errors as values: the one place a scenario's evaluation catches what is the
 * user's to fix (an `InputError`, a `RatOverflow`); `evaluationDiagnostic` (compiler/scenario/)
 * turns the fault into a located diagnostic. Anything else is a bug and propagates.
 */
export function evaluateScenario(
  ir: RulesetIR,
  input: ScenarioValue,
  notApplicable: string[],
  trace = true,
): Evaluation {
  try {
    return { ok: true, result: interpretScenario(ir, input, notApplicable, trace) };
  } catch (e) {
    if (isEvaluationFault(e)) return { ok: false, fault: e };
    throw e;
  }
}

/** A scenario's answer; throws an `EvaluationFault` for input it cannot answer (see `evaluateScenario`). */
export function interpretScenario(
  ir: RulesetIR,
  input: ScenarioValue,
  notApplicable: string[],
  trace = true,
): MoveResult {
  return interpretAnswers(ir, input, notApplicable, trace, [], []).result;
}

/**
 * A scenario's move priced once and `predicates` and `perStep` asked of it (runtime/answers.ts
 * `answerMove`, the builder generated modules use too); an input with a problem asks nothing. Throws
 * as `interpretScenario` does.
 */
export function interpretAnswers(
  ir: RulesetIR,
  input: ScenarioValue,
  notApplicable: string[],
  trace: boolean,
  predicates: readonly Question<EvalContext>[],
  perStep: readonly Question<EvalContext>[],
): MoveAnswers {
  const { ctx, needs, problems } = prepare(ir, input);
  // Only an implied vehicle's required field can be missing here (a scenario's own are checked first).
  if (needs.length > 0) throw new MissingInput(needs[0]!);
  const ok = problems.length === 0;
  const answers = answerMove(
    interpreterFor(ir),
    ratNum,
    ctx,
    { notApplicable, trace },
    ok ? predicates : [],
    ok ? perStep : [],
  );
  if (input.roll !== undefined && input.roll.length > 0) checkRollLength(ir, input, notApplicable);
  return answers;
}

/**
 * A fixed roll must be exactly the dice the move rolls: one with more faces than the move reads is a
 * mistake in the scenario (two dice given to a Tactical move), not something to trim silently.
 */
function checkRollLength(ir: RulesetIR, input: ScenarioValue, notApplicable: string[]): void {
  const roll = input.roll!;
  const k = diceRead(roll.length, (k) => {
    const { ctx } = prepare(ir, { ...input, roll: roll.slice(0, k) });
    evaluateMove(interpreterFor(ir), ratNum, ctx, { notApplicable, trace: false });
  });
  if (k < roll.length)
    throw new InputError(
      "roll",
      "unit.dice",
      `this move rolls ${k} ${k === 1 ? "die" : "dice"}, but the fixed roll gives ${roll.length}`,
    );
}
