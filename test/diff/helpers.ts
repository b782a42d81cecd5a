/** Loading rulesets for the diff tests: fixtures by file, bundled rulesets by id. */

import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { fsHost } from "../../compiler/cli/host.js";
import type { RulesetIR } from "../../compiler/ir/ir.js";
import { loadRuleset } from "../../compiler/engine/index.js";
import { templatesFrom, type Templates } from "../../compiler/diff/index.js";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const FIXTURES = join(ROOT, "test", "diff", "fixtures");

const cache = new Map<string, RulesetIR>();

/** A fixture (`alpha`) or a bundled ruleset id (`sl-classic`) → its IR; fails the test if it does not check. */
export function load(ref: string): RulesetIR {
  const hit = cache.get(ref);
  if (hit) return hit;
  const fixture = join(FIXTURES, `${ref}.rules`);
  const l = loadRuleset(existsSync(fixture) ? fixture : ref, fsHost(ROOT));
  if (!l.ir)
    throw new Error(
      `${ref} does not check:\n${l.diagnostics.map((d) => `${d.code} ${d.message}`).join("\n")}`,
    );
  cache.set(ref, l.ir);
  return l.ir;
}

/** The five bundled rulesets (a missing one fails the test that loads it). */
export const FIVE = ["sl-classic", "sqla-31", "asl-a4", "tide-of-iron", "chain-of-command"];

export function templates(): Templates {
  return templatesFrom((f) => readFileSync(join(ROOT, "templates", "diff", f), "utf8"));
}
