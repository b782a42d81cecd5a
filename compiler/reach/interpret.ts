/**
 * The interpreter's side of reach: an IR and a validated unit (a scenario value with an empty path)
 * → a `ReachBinding<Rat>` for runtime/reach-map.ts. The same search then runs over the interpreter
 * as over a generated module.
 */
import { ratNum, type Rat } from '../../runtime/rational.js';
import type { ReachBinding } from '../../runtime/reach-map.js';
import type { ICtx } from '../interpret/eval.js';
import { interpreterFor, prepare } from '../interpret/interpreter.js';
import type { RulesetIR, ScenarioValue } from '../ir.js';
import { stepValues } from './steps.js';
import { reachProfile } from './profile.js';
import { resolveName } from '../map/vocabulary.js';

const STEP_FIELDS = ['viaRoad', 'uphill', 'downhill', 'inches'] as const;

export function interpretedBinding(ir: RulesetIR, base: ScenarioValue, irs: readonly RulesetIR[] = [ir]): ReachBinding<Rat, ICtx> {
  const model = interpreterFor(ir);
  const p = reachProfile(ir);
  const fields = ir.inputs.find((i) => i.rec === 'step')?.fields ?? [];
  const byJson = new Set(fields.map((f) => f.json));
  const key =
    p.aggregates.length === 0
      ? null
      : (ctx: ICtx): string => p.aggregates.map((a) => String(model.ev.eval(a, ctx, null))).join('|');
  return {
    model,
    num: ratNum,
    profile: { hexCap: p.hexCap, localCost: p.localCost, pathAllowance: p.pathAllowance, stepChecks: p.stepChecks, localStepChecks: p.localStepChecks, checksReadCost: p.checksReadCost, key },
    resolve: (field, name) => resolveName(ir, field, name, irs),
    stepFields: STEP_FIELDS.filter((f) => byJson.has(f)),
    prepare: (steps) => prepare(ir, { ...base, path: steps.map((s) => stepValues(ir, s)) }).ctx,
  };
}
