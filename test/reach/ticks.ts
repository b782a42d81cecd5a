/**
 * The interpreter in integer ticks, for the reach tests: a `ReachBinding<number>` whose model is the
 * interpreter's (exact rationals inside) with every number it hands the search turned into ticks of
 * the IR's scale, as a generated module computes. So one `.rules` text drives the search's integer
 * paths — the plain loop (Dial's queue, one label per state) where the profile allows it, the tick
 * heap otherwise — without emitting and loading a module.
 */
import type { EvalContext } from "../../compiler/interpret/eval.js";
import type { RulesetIR } from "../../compiler/ir/ir.js";
import { Rat, type Rat as RatT } from "../../runtime/rational.js";
import type { ReachBinding } from "../../runtime/reach-steps.js";
import { tickNum } from "../../runtime/ticks.js";
import type { MoveContext, MoveModel, Violation } from "../../runtime/types.js";

type TickCtx = MoveContext<number, unknown, unknown, unknown, unknown>;

/** `b` (an interpreted binding of `ir`) in ticks; `profile` replaces its profile where given. */
export function tickBinding(
  ir: RulesetIR,
  b: ReachBinding<RatT, EvalContext>,
  profile: Partial<ReachBinding<number, TickCtx>["profile"]> = {},
): ReachBinding<number, TickCtx> {
  const scale = ir.scale;
  const m = b.model;
  const key = b.profile.key;
  const toTicks = (r: RatT): number => (r.isNA() ? NaN : Math.round(r.toNumber() * scale));
  const toRat = (t: number): RatT => (t !== t ? Rat.NA : Rat.of(t, scale));
  // The interpreter's view of a tick context (numbers back to rationals), rebuilt per call.
  const view = (c: TickCtx): EvalContext => ({
    unit: c.unit as EvalContext["unit"],
    vehicle: c.vehicle as EvalContext["vehicle"],
    scenario: c.scenario as EvalContext["scenario"],
    path: c.path as EvalContext["path"],
    i: c.i,
    roll: c.roll,
    allowance: toRat(c.allowance),
    spent: toRat(c.spent),
    hexes: c.hexes,
  });
  const model: MoveModel<number, TickCtx> = {
    id: m.id,
    title: m.title,
    measure: m.measure,
    cite: m.cite,
    dice: m.dice,
    sides: m.sides,
    isHex: (c, i) => m.isHex(view(c), i),
    allowance: (c, t) => toTicks(m.allowance(view(c), t)),
    stepCost: (c, t) => toTicks(m.stepCost(view(c), t)),
    minimumMove: (c) => m.minimumMove(view(c)),
    checkMove: (c, out: Violation[]) => m.checkMove(view(c), out),
    checkStep: (c, out: Violation[]) => m.checkStep(view(c), out),
    vehicleSpent: (c) => {
      const v = m.vehicleSpent(view(c));
      return v === null ? null : toTicks(v);
    },
  };
  if (m.haltAt !== undefined) {
    const haltAt = m.haltAt.bind(m);
    model.haltAt = (c) => haltAt(view(c));
    Object.assign(model, { haltCite: m.haltCite });
    if (m.haltAllowance !== undefined) {
      const toward = m.haltAllowance.bind(m);
      model.haltAllowance = (c) => toTicks(toward(view(c)));
    }
  }
  return {
    ...(b as unknown as ReachBinding<number, TickCtx>),
    model,
    num: tickNum(scale),
    profile: {
      ...(b.profile as unknown as ReachBinding<number, TickCtx>["profile"]),
      key: key === null ? null : (c: TickCtx) => key(view(c)),
      ...profile,
    },
    prepare: (steps) => {
      const c = b.prepare(steps);
      return { ...c, allowance: 0, spent: 0 } as unknown as TickCtx;
    },
  };
}
