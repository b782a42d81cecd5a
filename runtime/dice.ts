/**
 * Dice: enumerate every ordered outcome of a roll, count the dice a move reads, and summarise equally
 * likely results as an exact distribution (frequencies over the whole enumeration, no sampling).
 */

import { InputError } from "./errors.js";
import type { DistributionSummary } from "./types.js";

/**
 * How many dice a move reads: the fewest k, from 0 up to `most`, for which `price(k)` — pricing the
 * move with a roll of k dice — does not fail for want of a die (`InputError` with code "roll"); `most`
 * when every shorter roll falls short. Any other failure (a missing field, an overflow, a bug) is not
 * the question asked here and propagates. Reach counts the dice that price its start this way, and
 * the interpreter the dice a scenario's fixed roll must give.
 */
export function diceRead(most: number, price: (k: number) => void): number {
  for (let k = 0; k < most; k++) {
    try {
      price(k);
      return k;
    } catch (e) {
      if (!(e instanceof InputError && e.code === "roll")) throw e;
    }
  }
  return most;
}

/**
 * Calls `fn` once for each of the sides^dice ordered outcomes of rolling `dice` dice with faces
 * 1..sides, in lexicographic order ([1,1], [1,2], …, [6,6]). Zero dice is one outcome, the empty roll.
 * The array passed to `fn` is reused and overwritten between calls: `fn` must copy it to keep it.
 */
export function forEachRoll(
  dice: number,
  sides: number,
  fn: (roll: readonly number[]) => void,
): void {
  if (!Number.isSafeInteger(dice) || dice < 0)
    throw new RangeError(`dice must be a non-negative integer, got ${dice}`);
  if (!Number.isSafeInteger(sides) || sides < 1)
    throw new RangeError(`sides must be a positive integer, got ${sides}`);
  const roll: number[] = new Array<number>(dice).fill(1);
  for (;;) {
    fn(roll);
    let k = dice - 1;
    while (k >= 0 && roll[k] === sides) roll[k--] = 1;
    if (k < 0) return;
    roll[k] = roll[k]! + 1;
  }
}

/**
 * The distribution of `values`, each entry equally likely. Keys are the outcomes as decimal strings
 * (`String(x)`), inserted in numeric order; probabilities are count/total. Note that a JS object lists
 * non-negative integer keys first whatever the insertion order, so readers that may meet negative or
 * fractional outcomes should sort keys numerically. An empty list is a RangeError.
 */
export function summarize(values: readonly number[]): DistributionSummary {
  if (values.length === 0) throw new RangeError("summarize needs at least one value");
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return summarizeWeighted(counts);
}

/**
 * The distribution of outcomes given with their weights (`outcome → weight`, such as the number of
 * ordered rolls a sorted roll stands for): as `summarize`, probabilities weight/total. An empty map
 * is a RangeError.
 */
export function summarizeWeighted(weights: ReadonlyMap<number, number>): DistributionSummary {
  if (weights.size === 0) throw new RangeError("summarize needs at least one value");
  const keys = [...weights.keys()].sort((a, b) => a - b);
  let total = 0;
  for (const k of keys) total += weights.get(k)!;
  const distribution: Record<string, number> = {};
  let weighted = 0;
  for (const k of keys) {
    const c = weights.get(k)!;
    distribution[String(k)] = c / total;
    weighted += k * c;
  }
  return { min: keys[0]!, max: keys[keys.length - 1]!, mean: weighted / total, distribution };
}
