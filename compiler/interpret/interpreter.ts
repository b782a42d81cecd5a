/**
 * The interpreter as a `MoveModel<Rat>`: the IR's movement binding, constraints and inputs, evaluated
 * by `Evaluator`. The runtime's one pricing loop (`evaluateMove`) runs it exactly as it runs a
 * generated module.
 */
import { evaluateMove } from '../../runtime/move.js';
import { ratNum, Rat } from '../../runtime/rational.js';
import type { MoveModel, MoveResult, Violation } from '../../runtime/types.js';
import type { InputDef, RecordName, RulesetIR, ScenarioValue, Value } from '../ir.js';
import { walk } from '../check/graph.js';
import { Evaluator, valueOf, type ICtx, type Rec } from './eval.js';
import { dict, own } from '../dict.js';

export class Interpreter implements MoveModel<Rat, ICtx> {
  readonly ev: Evaluator;
  readonly id: string;
  readonly title: string;
  readonly measure: string;
  readonly cite: string;
  readonly dice: number;
  readonly sides: number;
  private readonly hasAction: boolean;

  constructor(readonly ir: RulesetIR) {
    this.ev = new Evaluator(ir);
    this.id = ir.id;
    this.title = ir.title;
    this.measure = ir.movement.measure;
    this.cite = ir.movement.cite;
    let dice = 0;
    let sides = 6;
    const see = (e: Parameters<typeof walk>[0]) =>
      walk(e, (x) => {
        if (x.k === 'dice') {
          dice = Math.max(dice, x.n);
          sides = x.sides;
        }
      });
    for (const r of ir.rules) { see(r.value); const go = (xs: typeof r.exceptions) => xs.forEach((x) => { see(x.when); see(x.value); go(x.exceptions); }); go(r.exceptions); }
    for (const c of ir.constraints) see(c.cond);
    see(ir.movement.allowance);
    see(ir.movement.cost);
    this.dice = dice;
    this.sides = sides;
    this.hasAction = ir.inputs.some((i) => i.rec === 'step' && i.fields.some((f) => f.name === 'action'));
  }

  isHex(c: ICtx, i: number): boolean {
    if (!this.hasAction) return true;
    const a = c.path[i]?.['action'];
    return a === undefined || a === null;
  }
  allowance(c: ICtx, t: string[] | null): Rat {
    return this.ev.eval(this.ir.movement.allowance, c, t) as Rat;
  }
  stepCost(c: ICtx, t: string[] | null): Rat {
    return this.ev.eval(this.ir.movement.cost, c, t) as Rat;
  }
  minimumMove(c: ICtx): boolean {
    return this.ir.movement.minimumMove ? (this.ev.eval(this.ir.movement.minimumMove, c, null) as boolean) : false;
  }
  checkMove(c: ICtx, out: Violation[]): void {
    for (const k of this.ir.constraints) {
      if (k.context !== 'step' && !this.ev.eval(k.cond, c, null)) out.push({ rule: k.cite, message: k.title });
    }
  }
  checkStep(c: ICtx, out: Violation[]): void {
    for (const k of this.ir.constraints) {
      if (k.context === 'step' && !this.ev.eval(k.cond, c, null)) out.push({ rule: k.cite, message: k.title, step: c.i + 1 });
    }
  }
  vehicleSpent(c: ICtx): Rat | null {
    const e = this.ir.movement.vehicleSpent;
    if (!e || c.vehicle === null) return null;
    return this.ev.eval(e, c, null) as Rat;
  }
}

/** Scenario values → the interpreter's context: defaults applied, absent optional fields null. */
export function prepare(ir: RulesetIR, sv: ScenarioValue): { ctx: ICtx; problems: string[] } {
  const problems: string[] = [];
  const input = (rec: RecordName) => ir.inputs.find((i) => i.rec === rec);
  const record = (rec: RecordName, given: Record<string, Value>, where: string): Rec => {
    const def: InputDef | undefined = input(rec);
    const out: Rec = dict();
    for (const f of def?.fields ?? []) {
      const v = own(given, f.name);
      if (v !== undefined) out[f.name] = valueOf(v);
      else if (f.default) out[f.name] = valueOf(f.default);
      else if (f.optional) out[f.name] = null;
      else problems.push(`${where}.${f.json} is required`);
    }
    return out;
  };
  const ctx: ICtx = {
    unit: record('unit', sv.unit, 'unit'),
    vehicle: sv.vehicle ? record('vehicle', sv.vehicle, 'vehicle') : null,
    scenario: record('scenario', sv.scenario, 'scenario'),
    path: sv.path.map((s, i) => record('step', s, `path[${i}]`)),
    i: 0,
    roll: sv.roll ?? null,
    allowance: Rat.ZERO,
    spent: Rat.ZERO,
    hexes: 0,
  };
  return { ctx, problems };
}

const cache = new WeakMap<RulesetIR, Interpreter>();
export function interpreterFor(ir: RulesetIR): Interpreter {
  let m = cache.get(ir);
  if (!m) cache.set(ir, (m = new Interpreter(ir)));
  return m;
}

export function interpretScenario(ir: RulesetIR, input: ScenarioValue, notApplicable: string[], trace = true): MoveResult {
  const { ctx } = prepare(ir, input);
  return evaluateMove(interpreterFor(ir), ratNum, ctx, { notApplicable, trace });
}
