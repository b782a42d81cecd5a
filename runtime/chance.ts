/**
 * A dice move without a fixed roll, roll by roll: how many of the equally likely rolls make it legal,
 * and the union of the rolls' violations with each that varies from roll to roll folded into one — a
 * shortfall ("short on 21 of 36 rolls: needs 6, rolls 0–5") and a halt before a step ("step 2: not
 * passed on 20 of 36 rolls"). The one implementation behind `eval` (the interpreter's answers) and the
 * generated modules' `evaluate()`.
 */
import { diceRead } from "./dice.js";
import { blockRollCount, forEachBlockRoll } from "./rolls.js";
import { evaluateMove } from "./move.js";
import type { MoveContext, MoveModel, MoveResult, Num, Violation } from "./types.js";

export interface Chance {
  /** Rolls that make the move legal. */
  legal: number;
  /** Every ordered outcome of the dice the move reads. */
  rolls: number;
  violations: Violation[];
}

/**
 * The chance of a move, pricing it once per roll: `prepareRoll(roll)` is the move's context with that
 * fixed roll. The dice it reads are counted first (runtime/dice.ts `diceRead`).
 */
export function chanceOfMove<T, X extends MoveContext<T>>(
  model: MoveModel<T, X>,
  num: Num<T>,
  prepareRoll: (roll: readonly number[]) => X,
  notApplicable: string[],
): Chance {
  const priced = (roll: readonly number[]): MoveResult =>
    evaluateMove(model, num, prepareRoll([...roll]), { notApplicable, trace: false });
  const k = diceRead(model.dice, (n) => priced(new Array<number>(n).fill(1)));
  const out: Violation[] = [];
  const seen = new Set<string>();
  const short: number[] = [];
  let shortRolls = 0;
  let needs = 0;
  let rolls = 0;
  let legal = 0;
  let shortAt = -1;
  const halts = new Map<string, { v: Violation; rolls: number }>();
  // Rolls that differ only by the order of faces no dice expression tells apart are priced once,
  // weighted by the ordered rolls they stand for (runtime/rolls.ts).
  forEachBlockRoll(k, model.sides, model.diceCuts, (roll, weight) => {
    const r = priced(roll);
    rolls += weight;
    if (r.legal) legal += weight;
    for (const v of r.violations) {
      const allowance = typeof r.allowance === "number" ? r.allowance : NaN;
      if (v.rule === model.cite && v.step === undefined && r.spent > allowance) {
        if (shortAt < 0) shortAt = out.length;
        short.push(allowance);
        shortRolls += weight;
        needs = r.spent;
        continue;
      }
      if (v.step !== undefined && v.rule === model.haltCite && r.halt !== undefined) {
        const key = JSON.stringify([v.rule, v.step]);
        const h = halts.get(key);
        if (h) h.rolls += weight;
        else {
          halts.set(key, { v, rolls: weight });
          out.push(v);
        }
        continue;
      }
      const key = JSON.stringify([v.rule, v.message, v.step ?? null]);
      if (!seen.has(key)) {
        seen.add(key);
        out.push(v);
      }
    }
  });
  for (const h of halts.values()) {
    const folded: Violation = {
      rule: h.v.rule,
      message: `step ${h.v.step}: not passed on ${h.rolls} of ${rolls} rolls`,
    };
    if (h.v.step !== undefined) folded.step = h.v.step;
    out[out.indexOf(h.v)] = folded;
  }
  if (short.length > 0) {
    const lo = Math.min(...short);
    const hi = Math.max(...short);
    const range = lo === hi ? num3(lo) : `${num3(lo)}–${num3(hi)}`;
    out.splice(shortAt, 0, {
      rule: model.cite,
      message: `short on ${shortRolls} of ${rolls} rolls: needs ${num3(needs)}, rolls ${range}`,
    });
  }
  return { legal, rolls, violations: out };
}

/**
 * The most step pricings one scenario's answer may take, over all its cases (runtime/cases.ts counts
 * them with `moveWork`): a dice move without a fixed roll is priced once per roll, so six dice over a
 * long path or many left-out values would otherwise take minutes (docs/cli.md, limits).
 */
export const MAX_WORK = 3_000_000;

/**
 * The step pricings of answering one move of `steps` steps: once, or for a dice move without a fixed
 * roll twice per roll priced (its distribution, `evaluateMove`, and its chance, `chanceOfMove`), the
 * rolls counted as the pricing loop enumerates them (runtime/rolls.ts `blockRollCount`).
 */
export function moveWork<T, X extends MoveContext<T>>(
  model: MoveModel<T, X>,
  steps: number,
  fixedRoll: boolean,
): number {
  const once = steps + 1;
  if (model.dice === 0 || fixedRoll) return once;
  return 2 * once * blockRollCount(model.dice, model.sides, model.diceCuts);
}

/** Legal when every roll is, not legal when none is, else null: the roll decides. */
export function legalByChance(c: Chance): boolean | null {
  return c.legal === c.rolls ? true : c.legal === 0 ? false : null;
}

/**
 * A move's result as `eval --json` gives it when the roll decides: `legal` by the chance, the exact
 * `probability` "15/36", the folded violations.
 */
export function withChance<R extends { legal: boolean | null; violations: Violation[] }>(
  result: R & { probability?: unknown; crossings?: unknown },
  c: Chance,
): Omit<R, "legal" | "probability"> & { legal: boolean | null; probability: string } {
  const { probability: _p, crossings, ...rest } = result;
  return {
    ...(rest as Omit<R, "legal" | "probability">),
    legal: legalByChance(c),
    probability: `${c.legal}/${c.rolls}`,
    violations: c.violations,
    ...(crossings !== undefined ? { crossings } : {}),
  };
}

function num3(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Math.round(n * 1000) / 1000);
}
