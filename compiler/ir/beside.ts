/**
 * Facts derived from an IR that were worked out ahead of time and are kept beside it, each as the
 * JSON text its reader parses: the CLI's build works out the diff's cells of the package's own
 * rulesets with their front-end results (compiler/node/front-cache-build.ts), and the front cache,
 * reading an entry back, keeps them beside its IR (front-cache.ts); the diff reads them
 * (diff/report.ts `sideOf`) instead of working them out on every first diff. A fact is a function of
 * the IR alone, so what was worked out for an IR serves any IR read from the same entry. No Node API.
 */
import type { RulesetIR } from "./ir.js";

/** The names of the facts kept (one reader each). */
export type BesideName = "diff-cells";

const kept = new WeakMap<RulesetIR, Map<BesideName, string>>();

/** Keeps `text`, the fact `name` of `ir`, beside it. */
export function keepBeside(ir: RulesetIR, name: BesideName, text: string): void {
  let m = kept.get(ir);
  if (m === undefined) kept.set(ir, (m = new Map()));
  m.set(name, text);
}

/** The fact `name` kept beside `ir`, as JSON text; undefined when none was. */
export function besideOf(ir: RulesetIR, name: BesideName): string | undefined {
  return kept.get(ir)?.get(name);
}
