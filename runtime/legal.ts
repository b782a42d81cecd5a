/**
 * Move legality, written once: what makes a move illegal, asked by the pricing pass (move.ts
 * `evaluateMove`, which reports every violation) and by reach (reach.ts `searchReach`, which asks
 * whether a path may end or be extended). Both call these functions, so the two cannot disagree.
 *
 * A move is legal when it is the move "none" (no step at all: a unit may always stay where it is,
 * SL 5.1, ASL A4.1 — whatever its allowance or the constraints say), or when:
 * - its allowance is not NA (`allowanceViolation`);
 * - no step halts it (`haltsBefore`: an obstacle its allowance does not carry it past);
 * - no step costs NA and no step breaks a constraint on steps (`stepViolations`);
 * - every constraint on the move holds, and it does not spend more than its allowance, unless it is
 *   the one-hex move Minimum Move lets overspend (`moveViolations`, `overspends`).
 */

import { formatCost } from "./format.js";
import type { MoveContext, MoveModel, Num, Violation } from "./types.js";

/** The move "none": `ctx.path` holds no step. It is always legal, at cost 0 (SL 5.1, ASL A4.1). */
export function movesNone<T, X extends MoveContext<T>>(ctx: X): boolean {
  return ctx.path.length === 0;
}

function lastCite(trace: readonly string[] | null, fallback: string): string {
  return trace !== null && trace.length > 0 ? trace[trace.length - 1]! : fallback;
}

/**
 * The violation of a move whose allowance (`ctx.allowance`, evaluated with `trace`) is NA, or null.
 * Its citation is found by evaluating the allowance again with a trace when `trace` is null.
 */
export function allowanceViolation<T, X extends MoveContext<T>>(
  model: MoveModel<T, X>,
  num: Num<T>,
  ctx: X,
  trace: string[] | null,
): Violation | null {
  if (!num.isNA(ctx.allowance)) return null;
  let t = trace;
  if (t === null) model.allowance(ctx, (t = []));
  return { rule: lastCite(t, model.cite), message: "this unit may not move (its allowance is NA)" };
}

/**
 * Step `ctx.i` is one the unit halts before (a ruleset with `haltAt`): its allowance (not NA) does not
 * carry it strictly past `spentBefore`, what the steps before it cost.
 */
export function haltsBefore<T, X extends MoveContext<T>>(
  model: MoveModel<T, X>,
  num: Num<T>,
  ctx: X,
  allowance: T,
  spentBefore: T,
): boolean {
  return model.haltAt !== undefined && model.haltAt(ctx) && !num.gt(allowance, spentBefore);
}

/**
 * Appends the violations of step `ctx.i` (`ctx.spent` zero, `ctx.hexes` and `ctx.allowance` the
 * move's), priced at `cost` (with `trace`, when tracing; null: priced elsewhere and not NA): NA (its
 * citation found by pricing again with a trace when `trace` is null), then the constraints on steps.
 * Returns whether the step passed.
 */
export function stepViolations<T, X extends MoveContext<T>>(
  model: MoveModel<T, X>,
  num: Num<T>,
  ctx: X,
  cost: T | null,
  trace: string[] | null,
  out: Violation[],
): boolean {
  const before = out.length;
  if (cost !== null && num.isNA(cost)) {
    let why = trace;
    if (why === null) model.stepCost(ctx, (why = []));
    out.push({
      rule: lastCite(why, model.cite),
      message: `step ${ctx.i + 1}: this move is not allowed`,
      step: ctx.i + 1,
    });
  }
  model.checkStep(ctx, out);
  return out.length === before;
}

/**
 * The allowance rule: the move in `ctx` (`hexes`, `allowance` and `spent` final; the allowance not
 * NA) spends more than its allowance, and is not the one-hex move Minimum Move lets overspend.
 */
export function overspends<T, X extends MoveContext<T>>(
  model: MoveModel<T, X>,
  num: Num<T>,
  ctx: X,
): boolean {
  return num.gt(ctx.spent, ctx.allowance) && !(ctx.hexes === 1 && model.minimumMove(ctx));
}

/**
 * Appends the violations of the whole move in `ctx` (`hexes`, `allowance` and `spent` final): the
 * constraints on the move (unless `checkMove` is false: the caller knows they hold — reach asks them
 * once per search state), then overspending (when the allowance is not NA). Returns whether the move
 * passed.
 */
export function moveViolations<T, X extends MoveContext<T>>(
  model: MoveModel<T, X>,
  num: Num<T>,
  ctx: X,
  out: Violation[],
  checkMove = true,
): boolean {
  const before = out.length;
  if (checkMove) model.checkMove(ctx, out);
  if (!num.isNA(ctx.allowance) && overspends(model, num, ctx))
    out.push({
      rule: model.cite,
      message: `spends ${formatCost(num, ctx.spent)} ${model.measure} but has only ${formatCost(num, ctx.allowance)}`,
    });
  return out.length === before;
}
