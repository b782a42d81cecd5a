/**
 * How many cases a fixed-seed property or fuzz test runs: a size fit for the suite by default (the
 * same cases on every run, so a failure reproduces), and the long sweep when `SWEEP=1` (`npm run
 * test:sweep`, over the unit project; `npm run test:fuzz` is the CLI fuzzer's own long sweep, sized by
 * FUZZ_COUNT). The sweep's counts are at least the sizes these tests ran at before issue 41 sized them
 * to the suite: the suite's cases are the first of the sweep's (fast-check and the fuzzers draw case i
 * from the seed and i alone), so the suite checks a prefix of what the sweep checks.
 */

/** Whether this run is the long sweep (`SWEEP=1`). */
export const SWEEP = process.env["SWEEP"] === "1";

/** `suite` cases in the default run, `sweep` in the long sweep. */
export function runs(suite: number, sweep: number): number {
  return SWEEP ? sweep : suite;
}

/** A test's guard against a hang, `ms` in the default run, grown with the sweep's counts. */
export function timeout(ms: number): number {
  return SWEEP ? ms * 25 : ms;
}
