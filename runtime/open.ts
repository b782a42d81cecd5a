/**
 * A move judged while a number it needs is left out (DESIGN.md, scenario clarifications; issue 42):
 * legal.ts `judgeMove`, the one composition of legality, asked of the move with every piece that reads
 * a field the scenario leaves out set aside as open — a step's cost, a constraint (the model's
 * `checkStep`/`checkMove` with an `open` list), a halting test past a step of unknown cost, and the
 * total spent (read by a constraint or by the overspending test). Every violation found without such a
 * piece holds whatever the left-out values are, so "not legal at any distance" is said only when it is
 * so. Generic over the number type (generated modules in ticks, the interpreter in rationals); runs in
 * a browser (no Node API).
 */
import { MissingInput } from "./errors.js";
import { judgeMove, type HaltLog } from "./legal.js";
import { countHexes } from "./move.js";
import { Rat } from "./rational.js";
import type { MoveContext, MoveModel, Num, Violation } from "./types.js";

/** What `judgeOpen` finds. */
export interface OpenJudgement {
  /** Violations found without any left-out field: each holds for every value of them. */
  violations: Violation[];
  /**
   * Left-out fields (scenario paths) some piece of legality needed: empty when legality is decided
   * (legal exactly when `violations` is empty).
   */
  open: string[];
  /**
   * When legality turns only on whether the move overspends and one step's cost is left out: the most
   * that step may cost for the move to stay legal (null otherwise).
   */
  upTo: string | null;
  /** The step whose cost `upTo` bounds (0-based), or -1. */
  upToStep: number;
}

/**
 * Judges the move in `ctx` (its path, unit, vehicle, scenario and roll set; the allowance must not
 * need a left-out field — its `MissingInput` propagates) as `judgeMove` does, setting aside what
 * needs a left-out field. `ctx.spent` is a plain zero again afterwards.
 */
export function judgeOpen<T, X extends MoveContext<T>>(
  model: MoveModel<T, X>,
  num: Num<T>,
  ctx: X,
): OpenJudgement {
  const open: string[] = [];
  const note = (e: unknown): void => {
    if (!(e instanceof MissingInput)) throw e;
    if (!open.includes(e.field)) open.push(e.field);
  };
  ctx.hexes = countHexes(model, ctx);
  ctx.spent = num.zero;
  ctx.allowance = model.allowance(ctx, null);
  // The steps whose cost is left out, and the field each first needed.
  const unknown: { step: number; field: string }[] = [];
  let overspendOnly = true;
  const asked: MoveModel<T, X> = Object.create(model) as MoveModel<T, X>;
  asked.checkStep = (c, out) => {
    const at = open.length;
    model.checkStep(c, out, open);
    if (open.length > at) overspendOnly = false;
  };
  asked.checkMove = (c, out) => {
    const at = open.length;
    model.checkMove(c, out, open);
    if (open.length > at) overspendOnly = false;
  };
  const haltAt = model.haltAt?.bind(model);
  if (haltAt !== undefined)
    asked.haltAt = (c) => {
      let halting: boolean;
      try {
        halting = haltAt(c);
      } catch (e) {
        note(e);
        overspendOnly = false;
        return false;
      }
      // Past a step of unknown cost, whether the roll carries the unit beyond this one is open.
      if (halting && unknown.some((u) => u.step < c.i)) {
        note(new MissingInput(unknown[0]!.field));
        overspendOnly = false;
        return false;
      }
      return halting;
    };
  // The move's total is open once a step's cost is: reading it needs the left-out field.
  let total = num.zero;
  let totalOpen = false;
  Object.defineProperty(ctx, "spent", {
    configurable: true,
    enumerable: true,
    get: () => {
      if (totalOpen) throw new MissingInput(unknown[0]!.field);
      return total;
    },
    set: (v: T) => {
      total = v;
    },
  });
  const violations: Violation[] = [];
  const log: HaltLog | null = model.haltAt ? { halt: null, halting: [], crossed: [] } : null;
  let spentOpen = false;
  let minimum = false;
  try {
    judgeMove(
      asked,
      num,
      ctx,
      {
        cost: (i) => {
          try {
            return model.stepCost(ctx, null);
          } catch (e) {
            if (!(e instanceof MissingInput)) throw e;
            unknown.push({ step: i, field: e.field });
            return null;
          }
        },
        trace: () => null,
        spentBefore: null,
        // Set once the steps are judged: the total is open when a step's cost is.
        get spent() {
          totalOpen = unknown.length > 0;
          return null;
        },
        none: null,
        allowanceTrace: null,
        steps: true,
        ask: { halts: true, checks: true },
        checkMove: true,
        first: false,
        log,
      },
      violations,
    );
  } catch (e) {
    // Only the overspending test reads the total outside a constraint.
    note(e);
    spentOpen = true;
    // Minimum Move would let a one-hex move overspend whatever it costs (asked with the total still
    // open: a Minimum Move that reads it cannot be told, and no threshold is given).
    minimum = ctx.hexes === 1 && minimumMoveMay(model, ctx);
  } finally {
    Object.defineProperty(ctx, "spent", {
      configurable: true,
      enumerable: true,
      writable: true,
      value: num.zero,
    });
  }
  let upTo: string | null = null;
  let upToStep = -1;
  const clean = overspendOnly && open.length === 1 && unknown.length === 1;
  if (spentOpen && clean && !minimum && violations.length === 0 && !num.isNA(ctx.allowance)) {
    // Legal exactly when the known costs plus the unknown one stay within the allowance.
    const left = Rat.parse(num.toExact(ctx.allowance)).sub(Rat.parse(num.toExact(total)));
    if (!left.lt(Rat.ZERO)) {
      upTo = left.toString();
      upToStep = unknown[0]!.step;
    }
  }
  return { violations, open, upTo, upToStep };
}

/** Whether Minimum Move may apply (true also when it cannot be told without the left-out field). */
function minimumMoveMay<T, X extends MoveContext<T>>(model: MoveModel<T, X>, ctx: X): boolean {
  try {
    return model.minimumMove(ctx);
  } catch (e) {
    if (e instanceof MissingInput) return true;
    throw e;
  }
}

/**
 * Whether a constraint holds, asked with `open` (a model's `checkMove`/`checkStep`): one that needs a
 * left-out field is set aside — the field appended to `open`, the constraint not reported.
 */
export function holdsOpen(holds: () => boolean, open: string[]): boolean {
  try {
    return holds();
  } catch (e) {
    if (!(e instanceof MissingInput)) throw e;
    if (!open.includes(e.field)) open.push(e.field);
    return true;
  }
}
