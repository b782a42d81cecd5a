/**
 * Numbers and dice distributions as the reports (cards, diff) print them: `7`, `3.5`, `4.47`;
 * `2–12 (mean 7)`, or with a measure `2–12 inch (mean 7)`. Pure, and plain text.
 */

import type { DistributionSummary } from '../../runtime/types.js';

/** A number for reading, at most two decimals: 7, 3.5, 4.47. */
export function shortNumber(x: number): string {
  if (Number.isInteger(x)) return String(x);
  return String(Math.round(x * 100) / 100);
}

/**
 * A distribution as its range and mean, "2–12 (mean 7)", the measure (when given) after the range:
 * "2–12 inch (mean 7)". A certain result reads as its one value.
 */
export function distText(d: Pick<DistributionSummary, 'min' | 'max' | 'mean'>, measure: string | null = null): string {
  if (d.min === d.max) return shortNumber(d.min);
  return `${shortNumber(d.min)}–${shortNumber(d.max)}${measure ? ` ${measure}` : ''} (mean ${shortNumber(d.mean)})`;
}
