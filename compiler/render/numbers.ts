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
