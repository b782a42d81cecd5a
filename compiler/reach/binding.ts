/**
 * The interpreter's side of reach: an IR and a validated unit (a scenario value with an empty path)
 * → a `ReachBinding<Rat>` for runtime/reach-map.ts. The same search then runs over the interpreter
 * as over a generated module. A map's vehicle becomes the scenario's `vehicle` through the scenario
 * reader (`{ unit, vehicle, path: [] }` for this ruleset, with the fields it does not take left out,
 * handed over as a value: `scenarioOfValue`).
 */
import { ratNum, type Rat } from "../../runtime/rational.js";
import { MAP_STEP_FIELDS, type PlainStep, type ReachBinding } from "../../runtime/reach-steps.js";
import { InputError, type EvalContext } from "../interpret/eval.js";
import { interpreterFor, prepare } from "../interpret/interpreter.js";
import type { RulesetIR, ScenarioValue } from "../ir/ir.js";
import { stepValues } from "./steps.js";
import { reachProfile } from "./profile.js";
import { boardMember, mapNames, unloadMember } from "../ir/name-resolver.js";
import { scenarioOfValue, type JsonValue } from "../scenario/stages.js";

type Resolve = ReachBinding<Rat, EvalContext>["resolve"];
/**
 * Per ruleset, the one `resolve` every unit's binding shares: runtime/reach-map.ts prepares a map's
 * steps once per (map, `resolve`), so the units of one ruleset on one map share them (`reach --all`
 * prepares the map once, not once per unit).
 */
const RESOLVERS = new WeakMap<RulesetIR, Resolve>();
function resolverOf(ir: RulesetIR): Resolve {
  let r = RESOLVERS.get(ir);
  if (r === undefined) {
    const names = mapNames(ir);
    r = (field, name) => names[field].get(name) ?? null;
    RESOLVERS.set(ir, r);
  }
  return r;
}

/**
 * `unit` is the unit as JSON gave it (the scenario's `unit`, which `base` holds as values). A map's
 * names mean what they mean in this ruleset alone (name-resolver.ts), whatever else is asked beside it.
 */
export function interpretedBinding(
  ir: RulesetIR,
  base: ScenarioValue,
  unit: unknown = null,
): ReachBinding<Rat, EvalContext> {
  const model = interpreterFor(ir);
  const board = boardMember(ir);
  const unload = unloadMember(ir);
  const vehicleFields = new Set(
    ir.inputs.find((i) => i.rec === "vehicle")?.fields.map((f) => f.json) ?? [],
  );
  const vehicles = new WeakMap<object, ScenarioValue["vehicle"]>();
  /** A map's vehicle as this ruleset's scenario value, or null when the scenario reader refuses it. */
  const vehicleValue = (vehicle: Record<string, unknown>): ScenarioValue["vehicle"] => {
    if (vehicles.has(vehicle)) return vehicles.get(vehicle)!;
    const taken = Object.fromEntries(Object.entries(vehicle).filter(([k]) => vehicleFields.has(k)));
    const parsed =
      vehicleFields.size === 0
        ? null
        : scenarioOfValue({ unit, vehicle: taken, path: [] } as JsonValue, "vehicle", [ir]);
    const v = parsed?.perRuleset[0]?.value.vehicle ?? null;
    vehicles.set(vehicle, v);
    return v;
  };
  const p = reachProfile(ir);
  const fields = ir.inputs.find((i) => i.rec === "step")?.fields ?? [];
  const byJson = new Set(fields.map((f) => f.json));
  const action = fields.find((f) => f.json === "action");
  /**
   * The unit with `vehicle` and the map's `steps`, one `action: member` step before them (unload,
   * then move) or after them (move, then board); null when the ruleset has no such member, no enum
   * `action` field, or does not take this vehicle.
   */
  const prepareWithAction = (
    member: string | null,
    position: "before" | "after",
    steps: readonly PlainStep[],
    vehicle: Record<string, unknown>,
  ): EvalContext | null => {
    const v = vehicleValue(vehicle);
    if (member === null || action === undefined || action.type.t !== "enum" || v === null)
      return null;
    const actionStep = {
      [action.name]: { v: "member" as const, enum: action.type.name, name: member },
    };
    const mapSteps = steps.map((s) => stepValues(ir, s));
    const path = position === "before" ? [actionStep, ...mapSteps] : [...mapSteps, actionStep];
    return prepare(ir, { ...base, vehicle: v, path }).ctx;
  };
  const key =
    p.aggregates.length === 0
      ? null
      : (ctx: EvalContext): string =>
          p.aggregates.map((a) => String(model.ev.evaluate(a, ctx, null))).join("|");
  return {
    model,
    num: ratNum,
    profile: {
      hexCap: p.hexCap,
      localCost: p.localCost,
      pathAllowance: p.pathAllowance,
      stateAllowance: p.stateAllowance,
      stepChecks: p.stepChecks,
      localStepChecks: p.localStepChecks,
      checksReadCost: p.checksReadCost,
      localKey: p.localKey,
      keyFolds: p.keyFolds,
      pathKey: p.pathKey,
      pathHalts: p.pathHalts,
      key,
    },
    resolve: resolverOf(ir),
    stepFields: MAP_STEP_FIELDS.filter((f) => byJson.has(f)),
    prepare: (steps) => prepare(ir, { ...base, path: steps.map((s) => stepValues(ir, s)) }).ctx,
    boardAction: board,
    // The interpreter's "cannot be asked with this input" (a field absent, no table entry); an
    // `EvalError` that is not an `InputError` is a bug and propagates.
    inputError: (e) => e instanceof InputError,
    unloadAction: unload,
    prepareUnload: (steps, vehicle) => prepareWithAction(unload, "before", steps, vehicle),
    prepareAboard: (steps, vehicle) => prepareWithAction(board, "after", steps, vehicle),
  };
}
