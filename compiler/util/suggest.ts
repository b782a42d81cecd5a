/**
 * "Did you mean …?": the one edit distance and nearest-name search behind every hint that names a
 * likely typo (check's unknown names, a scenario's unknown fields and values, section names).
 */

/** Edit distance counting a swap of two neighbours as one edit (optimal string alignment). */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

/** Names longer than this get no suggestion: nobody mistypes a name that long into another. */
export const MAX_SUGGESTED_NAME = 200;

/**
 * The candidate nearest to `name` (ignoring case; the first of equals), if near enough to be a likely
 * typo: at most max(2, ⌊length/3⌋) edits. A candidate whose length alone differs by as much as the
 * best distance so far is skipped unmeasured (the distance is at least the difference of the lengths),
 * and a name or candidate over MAX_SUGGESTED_NAME characters is never measured: the work stays
 * bounded whatever a file names (a 200,000-character name took 49 s against a ruleset's names).
 */
export function closest(
  name: string,
  candidates: Iterable<string>,
  /** The distance measured (tests count its calls). */
  measure: (a: string, b: string) => number = editDistance,
): string | null {
  if (name.length > MAX_SUGGESTED_NAME) return null;
  const lower = name.toLowerCase();
  let best: string | null = null;
  let bestD = Math.max(2, Math.floor(name.length / 3)) + 1;
  for (const c of candidates) {
    if (c.length > MAX_SUGGESTED_NAME) continue;
    const lc = c.toLowerCase();
    if (Math.abs(lc.length - lower.length) >= bestD) continue;
    const d = measure(lower, lc);
    if (d < bestD) {
      best = c;
      bestD = d;
    }
  }
  return best;
}
