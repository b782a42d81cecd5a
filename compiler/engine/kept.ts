/**
 * A report's model kept between runs: the store the CLI gives (compiler/node/report-store.ts) and
 * `kept`, which reads a model back or computes and keeps it. A file of its own so that a command
 * keeping one report (`card`) does not load every report's code (reports.ts: the diff, reach and
 * coverage).
 */

/**
 * Where diff reports may be kept between runs (the CLI's cache, compiler/node/report-store.ts). A
 * report is a function of the rulesets' IR and the options alone, so `key`, the JSON text of both,
 * names it exactly; the store may hash it. A report that cannot be read back is computed again.
 */
export interface ReportStore {
  /** The report's JSON kept under `key`, or null. */
  load(key: string): string | null;
  /** Keeps a report's JSON under `key` (a store that cannot write keeps nothing). */
  save(key: string, report: string): void;
}

/**
 * `compute()`, through `store` when there is one: the JSON kept under `key` read back (the models
 * kept are plain JSON data: test/engine/built-results.test.ts renders them read back in every format),
 * else computed and kept; a damaged entry is computed again and replaced. `key` must name everything
 * the value is computed from.
 */
export function kept<T>(store: ReportStore | undefined, key: () => string, compute: () => T): T {
  if (!store) return compute();
  const k = key();
  const text = store.load(k);
  if (text !== null) {
    try {
      return JSON.parse(text) as T;
    } catch {
      // computed again below
    }
  }
  const value = compute();
  store.save(k, JSON.stringify(value));
  return value;
}
