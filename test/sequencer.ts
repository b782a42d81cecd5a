/**
 * The order the suite's files start in (vitest.config.ts's `sequence.sequencer`): the slowest first,
 * so that the two workers of a 2-core machine end together instead of one idling while the other
 * finishes a long file started last (longest-processing-time-first scheduling).
 *
 * Vitest's own order is by the durations of the last run, from its cache in node_modules/.vite —
 * which a fresh clone has not got: it then starts the largest files first, and the largest are not
 * the slowest (test/golden/cli.test.ts, among the slowest of the `unit` project, is among its
 * smallest files, and started last). Here the order comes from test/durations.json, each file's
 * duration in seconds in a run of the suite (`node scripts/test-durations.mjs` writes it from
 * vitest's cache after `npm test`): the files it names first, the slowest first, then the rest in
 * vitest's own order. A file missing from it, or a duration grown stale, changes only the order,
 * never what runs.
 */
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Seconds per file, keyed by its path from the root (a file belongs to one project). */
export type Durations = Record<string, number>;

const TABLE = new URL("./durations.json", import.meta.url);

/** test/durations.json. */
export function readDurations(): Durations {
  return JSON.parse(readFileSync(TABLE, "utf8")) as Durations;
}

/** The key of a file in test/durations.json: its path from the root, posix separators. */
export function durationKey(root: string, moduleId: string): string {
  return relative(root, moduleId).split("\\").join("/");
}

/**
 * `files` in the order they should start: those with a known duration first, the slowest first,
 * then the others in the order given. Stable: files of equal duration keep the order given.
 */
export function slowestFirst<T>(files: T[], duration: (f: T) => number | undefined): T[] {
  const known = files.filter((f) => duration(f) !== undefined);
  const unknown = files.filter((f) => duration(f) === undefined);
  return [...known.sort((a, b) => duration(b)! - duration(a)!), ...unknown];
}

export default class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const table = readDurations();
    const root = this.ctx.config.root;
    return slowestFirst(await super.sort(files), (f) => table[durationKey(root, f.moduleId)]);
  }
}
