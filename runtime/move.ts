/**
 * The pricing loop, written once and generic over the number representation `T` (ticks in generated
 * modules, `Rat` in the interpreter). `evaluateMove` prices a whole move into a `MoveResult` (the
 * `variorum eval --json` contract), enumerating dice when the ruleset rolls and no roll is fixed;
 * `pricePath` is the allocation-free hot path that only sums the costs.
 *
 * Semantics (docs/language.md, "The movement binding"): the allowance is evaluated once; each step is
 * priced with `ctx.i` set (and `ctx.spent` still zero — the final total is set before `checkMove`); a
 * step costing NA is a violation and adds nothing to `spent`; a move spending more than its allowance
 * is illegal unless it enters exactly one hex and `minimumMove` holds; every constraint must hold.
 */

import { summarizeWeighted } from "./dice.js";
import { forEachBlockRoll } from "./rolls.js";
import { formatQuantity } from "./format.js";
import { ASK_ALL, judgeMove, overspends, type HaltLog } from "./legal.js";
import { unique } from "./lists.js";
import type {
  Halt,
  MoveContext,
  MoveModel,
  MoveResult,
  Num,
  StepResult,
  Violation,
} from "./types.js";

export interface EvaluateOptions {
  /** Scenario fields the ruleset has no concept for (copied into the result). */
  notApplicable?: readonly string[];
  /** Collect each step's citations into `StepResult.rules` (otherwise they are empty). */
  trace?: boolean;
}

/** The outcome of one pass over the path with one roll (or none). */
interface Pass<T> {
  allowance: T;
  spent: T;
  steps: StepResult[];
  violations: Violation[];
  vehicleSpent: T | null;
  halt: Halt | null;
  /** Indexes of the halting steps the allowance carried the unit past (null: the ruleset has none). */
  crossed: number[] | null;
  /** Indexes of every halting step. */
  halting: number[] | null;
}

/** The steps of `ctx.path` that enter a hex (not in-place actions). */
export function countHexes<T, X extends MoveContext<T>>(model: MoveModel<T, X>, ctx: X): number {
  let hexes = 0;
  for (let i = 0, n = ctx.path.length; i < n; i++) if (model.isHex(ctx, i)) hexes++;
  return hexes;
}

/**
 * One pricing pass: each step priced (with its trace, when tracing) as legal.ts `judgeMove`, the one
 * composition of legality reach calls too, walks the move and reports every violation. NA citations
 * are found by re-pricing with a trace, so they do not depend on `trace`. The move "none" (no step)
 * is legal whatever the allowance and the constraints say, so it is asked nothing.
 */
function pass<T, X extends MoveContext<T>>(
  model: MoveModel<T, X>,
  num: Num<T>,
  ctx: X,
  trace: boolean,
): Pass<T> {
  const violations: Violation[] = [];
  ctx.hexes = countHexes(model, ctx);
  ctx.spent = num.zero;
  const at: string[] | null = trace ? [] : null;
  const allowance = model.allowance(ctx, at);
  ctx.allowance = allowance;
  const steps: StepResult[] = [];
  // Halting steps (an obstacle): passed only with the allowance to spare beyond the distance to them.
  const log: HaltLog | null = model.haltAt ? { halt: null, halting: [], crossed: [] } : null;
  let t: string[] | null = null;
  judgeMove(
    model,
    num,
    ctx,
    {
      cost: () => {
        t = trace ? [] : null;
        const c = model.stepCost(ctx, t);
        const rules = t === null ? [] : unique(t);
        if (num.isNA(c)) steps.push({ cost: null, display: "NA", rules });
        else
          steps.push({
            cost: num.toNumber(c),
            display: formatQuantity(num.toExact(c)),
            rules,
          });
        return c;
      },
      trace: () => t,
      spentBefore: null,
      spent: null,
      none: null,
      allowanceTrace: at,
      steps: true,
      ask: ASK_ALL,
      checkMove: true,
      first: false,
      log,
    },
    violations,
  );
  const spent = ctx.spent;
  // Short of the destination with nothing to halt before: the unit moves the full distance.
  if (log !== null && log.halt === null && !num.isNA(allowance) && overspends(model, num, ctx))
    log.halt = { at: num.toNumber(allowance), rule: model.cite };
  return {
    allowance,
    spent,
    steps,
    violations,
    vehicleSpent: model.vehicleSpent(ctx),
    halt: log?.halt ?? null,
    crossed: log?.crossed ?? null,
    halting: log?.halting ?? null,
  };
}

function isWhole(exact: string): boolean {
  return !exact.includes("/") && exact !== "NA";
}

/**
 * Prices the move in `ctx` (unit, vehicle, scenario, path and roll set by the caller) and reports it.
 * When the ruleset rolls dice (`model.dice > 0`) and `ctx.roll` is null, every ordered roll is
 * enumerated: `allowance` is then the distribution of allowances, `legal` holds only if the move is
 * legal under every roll, `violations` is the union over rolls (first occurrence order), and `spent`,
 * `steps`, `vehicleSpent` come from the first roll. `ctx.roll` is null again afterwards.
 * An NA allowance is reported as NaN (null in JSON) with `exact.allowance` "NA".
 */
export function evaluateMove<T, X extends MoveContext<T>>(
  model: MoveModel<T, X>,
  num: Num<T>,
  ctx: X,
  opts: EvaluateOptions = {},
): MoveResult {
  const trace = opts.trace === true;
  let first: Pass<T>;
  let allowance: MoveResult["allowance"];
  let legal: boolean;
  let violations: Violation[];

  let probability: number | undefined;
  let crossings: { step: number; probability: number }[] | undefined;
  if (model.dice > 0 && ctx.roll === null) {
    const passes: Pass<T>[] = [];
    const allowances = new Map<number, number>();
    const seen = new Set<string>();
    violations = [];
    legal = true;
    let rolls = 0;
    let legalRolls = 0;
    const crossedBy = new Map<number, number>();
    try {
      // Rolls that differ only by the order of faces no dice expression tells apart are priced once,
      // weighted by the ordered rolls they stand for (runtime/rolls.ts).
      forEachBlockRoll(model.dice, model.sides, model.diceCuts, (roll, weight) => {
        ctx.roll = roll.slice();
        const p = pass(model, num, ctx, trace && passes.length === 0);
        if (passes.length === 0) passes.push(p);
        const a = num.toNumber(p.allowance);
        allowances.set(a, (allowances.get(a) ?? 0) + weight);
        rolls += weight;
        if (p.violations.length > 0) legal = false;
        else legalRolls += weight;
        if (p.halting !== null) {
          for (const i of p.halting) if (!crossedBy.has(i)) crossedBy.set(i, 0);
          for (const i of p.crossed!) crossedBy.set(i, crossedBy.get(i)! + weight);
        }
        for (const v of p.violations) {
          const key = JSON.stringify([v.rule, v.message, v.step ?? null]);
          if (!seen.has(key)) {
            seen.add(key);
            violations.push(v);
          }
        }
      });
    } finally {
      ctx.roll = null;
    }
    first = passes[0]!;
    allowance = summarizeWeighted(allowances);
    probability = legalRolls / rolls;
    if (crossedBy.size > 0)
      crossings = [...crossedBy]
        .sort((a, b) => a[0] - b[0])
        .map(([i, n]) => ({ step: i + 1, probability: n / rolls }));
  } else {
    first = pass(model, num, ctx, trace);
    allowance = num.toNumber(first.allowance);
    violations = first.violations;
    legal = violations.length === 0;
  }

  // Keys in a fixed order (allowance, spent, vehicleSpent) for deterministic JSON.
  const exactAllowance = typeof allowance === "number" ? num.toExact(first.allowance) : "";
  const exact: MoveResult["exact"] = isWhole(exactAllowance)
    ? { spent: num.toExact(first.spent) }
    : { allowance: exactAllowance, spent: num.toExact(first.spent) };
  let vehicleSpent: number | null = null;
  if (first.vehicleSpent !== null) {
    const v = num.toExact(first.vehicleSpent);
    if (!num.isNA(first.vehicleSpent)) vehicleSpent = num.toNumber(first.vehicleSpent);
    if (!isWhole(v)) exact.vehicleSpent = v;
  }
  const out: MoveResult = {
    ruleset: model.id,
    allowance,
    spent: num.toNumber(first.spent),
    legal,
    steps: first.steps,
    violations,
    vehicleSpent,
    notApplicable: opts.notApplicable === undefined ? [] : [...opts.notApplicable],
    exact,
  };
  if (probability !== undefined) {
    out.probability = probability;
    if (crossings !== undefined) out.crossings = crossings;
  } else if (first.halt !== null) out.halt = first.halt;
  return out;
}

/**
 * Hot path: sets `ctx.hexes`, `ctx.allowance` and `ctx.spent`, and returns the sum of the step costs
 * (NA if any step is NA), tracing nothing and allocating nothing per step. It checks no constraint
 * and enumerates no dice: for a dice ruleset, fix `ctx.roll` first.
 */
export function pricePath<T, X extends MoveContext<T>>(
  model: MoveModel<T, X>,
  num: Num<T>,
  ctx: X,
): T {
  const n = ctx.path.length;
  ctx.hexes = countHexes(model, ctx);
  ctx.spent = num.zero;
  ctx.allowance = model.allowance(ctx, null);
  let spent = num.zero;
  for (let i = 0; i < n; i++) {
    ctx.i = i;
    spent = num.add(spent, model.stepCost(ctx, null));
  }
  ctx.spent = spent;
  return spent;
}
