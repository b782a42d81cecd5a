/**
 * Numbers and dice distributions as the reports (cards, diff, eval, the studio) print them: `7`,
 * `3.5`, `4.47`; `2–12 (mean 7)`, or with a measure `2–12 inch (mean 7)`; `72.2% (26/36)`. Pure, and
 * plain text.
 */

import { formatQuantity } from "../../runtime/format.js";
import type { DistributionSummary } from "../../runtime/types.js";

/** A number as a scenario's answer prints it, at most three decimals: 7, 3.5, 4.472. */
export function decimalText(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Math.round(n * 1000) / 1000);
}

/** A quantity from its exact text when there is one ("3/2" → "1½"), else from the number. */
export function quantityText(exact: string | undefined, n: number): string {
  return formatQuantity(exact ?? decimalText(n));
}

/** 0.7222… → "72.2% (26/36)" when a small denominator of dice outcomes gives it exactly, else "72.2%". */
export function percentText(p: number): string {
  const text = `${(p * 100).toFixed(1)}%`;
  for (const d of [6, 36, 216, 1296]) {
    const n = Math.round(p * d);
    if (Math.abs(n / d - p) < 1e-12) return `${text} (${n}/${d})`;
  }
  return text;
}

/**
 * A probability as a whole percentage, for a label with little room (a reach hex, a card's cover line):
 * 0.8333 → "83%"; never rounds a possible outcome to 0% ("<1%") or an uncertain one to 100% (">99%").
 */
export function wholePercentText(p: number): string {
  const r = Math.round(p * 100);
  if (p > 0 && r === 0) return "<1%";
  if (p < 1 && r === 100) return ">99%";
  return `${r}%`;
}

/**
 * A cost or an allowance as the rulebooks print it: from its exact text when there is one ("3/2" →
 * "1½"), else from the number, halves, thirds and quarters as glyphs, other fractions at most two
 * decimals.
 */
export function costText(h: { cost: number; exact?: string }): string {
  if (h.exact !== undefined) return formatQuantity(h.exact);
  if (Number.isInteger(h.cost)) return String(h.cost);
  for (const d of [2, 3, 4]) {
    const n = Math.round(h.cost * d);
    if (Math.abs(h.cost * d - n) < 1e-9) return formatQuantity(`${n}/${d}`);
  }
  return String(Math.round(h.cost * 100) / 100);
}

/**
 * The allowance of a move in `measure`: "6 MF", "2½ MF", a distribution as "2–12 MF (mean 7)", or
 * "may not move" (null).
 */
export function allowanceText(
  a: number | Pick<DistributionSummary, "min" | "max" | "mean"> | null,
  measure: string,
): string {
  if (a === null) return "may not move";
  if (typeof a === "number") return `${costText({ cost: a })} ${measure}`;
  return `${a.min}–${a.max} ${measure} (mean ${shortNumber(a.mean)})`;
}

/** A number for reading, at most two decimals: 7, 3.5, 4.47. */
export function shortNumber(x: number): string {
  if (Number.isInteger(x)) return String(x);
  return String(Math.round(x * 100) / 100);
}

/**
 * A distribution as its range and mean, "2–12 (mean 7)", the measure (when given) after the range:
 * "2–12 inch (mean 7)". A certain result reads as its one value.
 */
export function distText(
  d: Pick<DistributionSummary, "min" | "max" | "mean">,
  measure: string | null = null,
): string {
  if (d.min === d.max) return shortNumber(d.min);
  return `${shortNumber(d.min)}–${shortNumber(d.max)}${measure ? ` ${measure}` : ""} (mean ${shortNumber(d.mean)})`;
}

/** `1 hex`, `2 hexes`: a count with its noun. */
export function plural(n: number, one: string, many = one + "s"): string {
  return `${n} ${n === 1 ? one : many}`;
}
