/**
 * Integer ticks, the number representation of generated modules: a quantity x is stored as the
 * integer x × scale, where the compiler chose `scale` so that every value the ruleset can compute is
 * a whole number of ticks (with scale 12, ⅓ MP is 4 ticks and twelve of them are exactly 48 = 4 MP).
 * NA ("not allowed") is NaN, which `+` propagates for free.
 */

import { gcd } from "./rational.js";
import type { Num } from "./types.js";

function checkScale(scale: number): void {
  if (!Number.isSafeInteger(scale) || scale < 1)
    throw new RangeError(`tick scale must be a positive integer, got ${scale}`);
}

/** The `Num` of integer ticks at `scale` ticks per unit of measure. */
export function tickNum(scale: number): Num<number> {
  checkScale(scale);
  return {
    zero: 0,
    add: (a, b) => a + b,
    gt: (a, b) => a > b,
    isNA: (a) => a !== a,
    toNumber: (a) => a / scale,
    toExact: (a) => ticksToExact(a, scale),
  };
}

/** Ticks as reduced exact text: "4", "1/2", "-5/3"; "NA" for NaN. Non-integer ticks are a bug: RangeError. */
export function ticksToExact(ticks: number, scale: number): string {
  if (ticks !== ticks) return "NA";
  if (!Number.isSafeInteger(ticks)) throw new RangeError(`not a whole number of ticks: ${ticks}`);
  const g = gcd(ticks, scale);
  const n = ticks / g + 0; // + 0 turns -0 into 0
  const d = scale / g;
  return d === 1 ? `${n}` : `${n}/${d}`;
}

/**
 * A user-given JS number (e.g. 0.5 from a scenario) as ticks, or NaN when x × scale is not within 1e-9
 * of an integer (the value cannot be represented at this scale) or x is not finite.
 */
export function toTicks(x: number, scale: number): number {
  const t = x * scale;
  if (!Number.isFinite(t)) return NaN;
  const r = Math.round(t);
  return Math.abs(t - r) <= 1e-9 ? r + 0 : NaN;
}

/** Exact text ("3", "-1/2", as in IR `Q`) as ticks, or NaN when it is not a whole number of ticks. */
export function exactToTicks(text: string, scale: number): number {
  const m = /^\s*(-?\d+)(?:\/(\d+))?\s*$/.exec(text);
  if (m === null) return NaN;
  const n = Number(m[1]);
  const d = m[2] === undefined ? 1 : Number(m[2]);
  if (d === 0) return NaN;
  const t = n * scale;
  return Number.isSafeInteger(t) && t % d === 0 ? t / d + 0 : NaN;
}
