/**
 * Move legality, composed once: `judgeMove` decides whether a move is legal, and the pricing pass
 * (move.ts `evaluateMove`, which reports every violation) and both loops of reach (reach.ts
 * `searchReach`, which asks whether a path may end) call it; the search's prunes (whether a path may
 * be extended) are the functions below it asks per edge (`judgeStep`, `mayGoOn`, `goesOn`), each a
 * consequence of the composition under the search's assumptions (reach.ts). So pricing and reach
 * cannot disagree.
 *
 * A move is legal when it is the move "none" (no step at all: a unit may always stay where it is,
 * SL 5.1, ASL A4.1 — whatever its allowance or the constraints say), or when, in this order:
 * - its allowance is not NA (`allowanceViolation`);
 * - no step halts it (an obstacle its allowance does not carry it past), costs NA or breaks a
 *   constraint on steps (`judgeStep`);
 * - every constraint on the move holds (`model.checkMove`);
 * - it does not spend more than its allowance, unless it is the one-hex move Minimum Move lets
 *   overspend (`overspends`).
 */

import { formatCost } from "./format.js";
import type { Halt, MoveContext, MoveModel, Num, Violation } from "./types.js";

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

/** What pricing keeps of the halting steps of a move (a ruleset with `haltAt`). */
export interface HaltLog {
  /** Where the unit halts (the first step it does not pass), or null. */
  halt: Halt | null;
  /** Indexes of every halting step. */
  halting: number[];
  /** Indexes of the halting steps the allowance carried the unit past. */
  crossed: number[];
}

/** What `judgeStep` asks of a step besides its cost. */
export interface StepAsks {
  /** Whether it halts the unit (`haltsBefore`). */
  readonly halts: boolean;
  /** The constraints on steps (`model.checkStep`). */
  readonly checks: boolean;
}

/** Every step asked everything (pricing). */
export const ASK_ALL: StepAsks = { halts: true, checks: true };

/**
 * Whether step `ctx.i` (`ctx.spent` zero, `ctx.hexes` and `ctx.allowance` the move's, `allowance` not
 * NA or NA) passes: it does not halt the unit (`haltsBefore`, against `spentBefore`, what the steps
 * before it cost; with `log`, every halting step is logged and the first the unit halts before is a
 * violation), its `cost` (with `trace` when tracing; null: priced elsewhere and not NA) is not NA (its
 * citation found by pricing again with a trace when `trace` is null), and it breaks no constraint on
 * steps. Violations are appended to `out` in that order (a halt only with `log`).
 */
export function judgeStep<T, X extends MoveContext<T>>(
  model: MoveModel<T, X>,
  num: Num<T>,
  ctx: X,
  allowance: T,
  spentBefore: T,
  cost: T | null,
  trace: string[] | null,
  out: Violation[],
  log: HaltLog | null = null,
  ask: StepAsks = ASK_ALL,
): boolean {
  const before = out.length;
  let halts = false;
  if (ask.halts && model.haltAt !== undefined && !num.isNA(allowance) && model.haltAt(ctx)) {
    halts = haltsBefore(model, num, ctx, allowance, spentBefore);
    if (log !== null) {
      log.halting.push(ctx.i);
      if (!halts) log.crossed.push(ctx.i);
      else if (log.halt === null) {
        const toward = model.haltAllowance ? model.haltAllowance(ctx) : allowance;
        const at = num.gt(toward, spentBefore) ? spentBefore : toward;
        log.halt = { at: num.toNumber(at), rule: model.haltCite ?? model.cite };
        out.push({
          rule: log.halt.rule,
          message: `step ${ctx.i + 1}: the roll does not carry the unit past it; it halts after ${formatCost(num, at)} ${model.measure}`,
          step: ctx.i + 1,
        });
      }
    }
  }
  if (cost !== null && num.isNA(cost)) {
    let why = trace;
    if (why === null) model.stepCost(ctx, (why = []));
    out.push({
      rule: lastCite(why, model.cite),
      message: `step ${ctx.i + 1}: this move is not allowed`,
      step: ctx.i + 1,
    });
  }
  if (ask.checks) model.checkStep(ctx, out);
  return !halts && out.length === before;
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

/** How a move is judged: what the caller already knows, and where the steps' costs come from. */
export interface Judging<T> {
  /**
   * Step `ctx.i`'s cost (null: priced elsewhere and not NA), its trace left for `trace` when tracing;
   * pricing records the step here. Called for every step walked, in order.
   */
  cost(i: number): T | null;
  /** The trace `cost` filled for the step just priced (null: none). */
  trace(): string[] | null;
  /**
   * What the steps before step `i` cost, and `spent` the move's total, where `cost` does not give
   * them (reach: the costs of the labels on the path); null: the steps' costs are summed here.
   */
  spentBefore: ((i: number) => T) | null;
  spent: T | null;
  /** The move is the move "none" (null: `ctx.path` says, `movesNone`). */
  none: boolean | null;
  /** The trace the allowance was evaluated with (null: none; the NA citation is then found again). */
  allowanceTrace: string[] | null;
  /** Whether the steps are walked (false: the caller asked each step when it was entered). */
  steps: boolean;
  /** What is asked of each step walked. */
  ask: StepAsks;
  /** Whether the constraints on the move are asked (false: the caller knows they hold). */
  checkMove: boolean;
  /** Stop at the first violation (reach needs only the verdict). */
  first: boolean;
  /** Pricing's log of the halting steps (null: not kept). */
  log: HaltLog | null;
}

/**
 * `judgeMove`'s verdict: legal, or the first part of the composition the move failed — its allowance
 * (NA), a step, a constraint on the move, overspending. (Without `first`, the first of every
 * violation's part.)
 */
export type Verdict = "legal" | "allowance" | "step" | "move" | "overspent";

/**
 * The one composition of legality: appends to `out` the violations of the move in `ctx` (its path,
 * `ctx.hexes` and `ctx.allowance` set; `ctx.spent` is zero while steps are judged — a step is priced
 * before the total is known — then the total, as `checkMove` reads it) in the order the module
 * comment gives, and returns its verdict. The move "none" is asked nothing.
 */
export function judgeMove<T, X extends MoveContext<T>>(
  model: MoveModel<T, X>,
  num: Num<T>,
  ctx: X,
  j: Judging<T>,
  out: Violation[],
): Verdict {
  let verdict: Verdict = "legal";
  const none = j.none ?? movesNone(ctx);
  const allowance = ctx.allowance;
  if (!none) {
    const na = allowanceViolation(model, num, ctx, j.allowanceTrace);
    if (na !== null) {
      out.push(na);
      verdict = "allowance";
      if (j.first) return verdict;
    }
  }
  let spent = num.zero;
  if (j.steps) {
    ctx.spent = num.zero;
    const before = j.spentBefore;
    for (let i = 0, n = ctx.path.length; i < n; i++) {
      ctx.i = i;
      const c = j.cost(i);
      const ok = judgeStep(
        model,
        num,
        ctx,
        allowance,
        before !== null ? before(i) : spent,
        c,
        j.trace(),
        out,
        j.log,
        j.ask,
      );
      if (!ok && verdict === "legal") {
        verdict = "step";
        if (j.first) return verdict;
      }
      if (before === null && c !== null && !num.isNA(c)) spent = num.add(spent, c);
    }
  }
  ctx.spent = j.spent ?? spent;
  if (none) return verdict;
  if (j.checkMove) {
    const at = out.length;
    model.checkMove(ctx, out);
    if (out.length > at && verdict === "legal") {
      verdict = "move";
      if (j.first) return verdict;
    }
  }
  if (!num.isNA(allowance) && overspends(model, num, ctx)) {
    out.push({
      rule: model.cite,
      message: `spends ${formatCost(num, ctx.spent)} ${model.measure} but has only ${formatCost(num, allowance)}`,
    });
    if (verdict === "legal") verdict = "overspent";
  }
  return verdict;
}

/**
 * The Minimum Move prune: a path of `hexesBefore` hexes extended by a step to a total of `total` may
 * still end legally, or be extended to a legal end — not when it enters a second hex or more beyond
 * its allowance (only a first hex may overspend, `overspends`; costs are never negative and the
 * allowance never grows, so every longer path overspends too).
 */
export function mayGoOn<T>(num: Num<T>, total: T, allowance: T, hexesBefore: number): boolean {
  return hexesBefore === 0 || !num.gt(total, allowance);
}

/**
 * Whether a path whose allowance is `allowance` may be extended at all: not when it is NA (the unit
 * may not move; the allowance never grows as a path lengthens). A path that spent more than its
 * allowance is still asked per edge: `mayGoOn` ends every step from it but a first hex, which Minimum
 * Move may let overspend from any allowance (one below zero too) — a second prune on spending would
 * only repeat `mayGoOn`, and a test could not tell it was there.
 */
export function expands<T>(num: Num<T>, allowance: T): boolean {
  return !num.isNA(allowance);
}
