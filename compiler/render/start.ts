/**
 * Where a reach question starts, as `reach` and the diff's "reach on the map" section both say it:
 * "B2", or with `--aboard` "B2, aboard the vehicle there (it gets off first)". Pure, plain text.
 */

/** The start hex, and that the unit starts aboard the vehicle there when it does. */
export function startText(from: string, aboard: boolean | undefined): string {
  return aboard === true ? `${from}, aboard the vehicle there (it gets off first)` : from;
}
