/**
 * How a reader sees a quantity: exact text "5/2" becomes "2½". Halves, thirds and quarters use the
 * vulgar-fraction glyphs (½ ⅓ ⅔ ¼ ¾), as the rulebooks print them; other fractions stay "n/d".
 * Negative numbers keep a plain ASCII "-".
 */

import { gcd } from "./rational.js";
import type { Num } from "./types.js";

const GLYPHS: Record<string, string> = {
  "1/2": "½",
  "1/3": "⅓",
  "2/3": "⅔",
  "1/4": "¼",
  "3/4": "¾",
};

/** "1/2" → "½", "5/2" → "2½", "-1/4" → "-¼", "4" → "4", "7/5" → "7/5". Text that is not "n" or "n/d" is returned as is ("NA"). */
export function formatQuantity(exact: string): string {
  const m = /^(-?)(\d+)(?:\/(\d+))?$/.exec(exact);
  if (m === null) return exact;
  let n = Number(m[2]);
  let d = m[3] === undefined ? 1 : Number(m[3]);
  if (d === 0) return exact;
  const g = gcd(n, d);
  n /= g;
  d /= g;
  const sign = m[1] === "-" && n !== 0 ? "-" : "";
  if (d === 1) return `${sign}${n}`;
  const whole = Math.floor(n / d);
  const glyph = GLYPHS[`${n % d}/${d}`];
  if (glyph === undefined) return `${sign}${n}/${d}`;
  return `${sign}${whole === 0 ? "" : whole}${glyph}`;
}

/** A cost as a reader sees it: "NA" for NA, else `formatQuantity` of its exact value. */
export function formatCost<T>(num: Num<T>, value: T): string {
  return num.isNA(value) ? "NA" : formatQuantity(num.toExact(value));
}
