/**
 * String-keyed records that are safe for any name a `.rules` file or a scenario may use. A plain `{}`
 * inherits `constructor`, `toString`, … and treats `__proto__` as its prototype; a ruleset may name an
 * input field `__proto__` or `constructor`, so every record keyed by such names is made here, without
 * a prototype, and read with `own` (an own property or nothing).
 */

/** An empty record with no prototype, optionally filled from entries. */
export function dict<T>(entries?: Iterable<readonly [string, T]>): Record<string, T> {
  const out = Object.create(null) as Record<string, T>;
  if (entries) for (const [k, v] of entries) out[k] = v;
  return out;
}

/** `r[k]` when `k` is an own property of `r`, else undefined (never an inherited member). */
export function own<T>(r: Readonly<Record<string, T>>, k: string): T | undefined {
  return Object.hasOwn(r, k) ? r[k] : undefined;
}
