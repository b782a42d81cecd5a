/**
 * A ruleset's front-end result built ahead of time (`Host.built`: the CLI's bundle keeps those of the
 * package's own rulesets), found without loading the grammar or the checker, so a command whose
 * rulesets are all built loads neither (compiler/cli/load.ts). `loadRuleset` (front.ts) asks here
 * first. No Node API.
 */
import type { Diagnostic } from "../../diagnostics/index.js";
import type { RulesetIR } from "../ir/ir.js";
import { resolveRuleset, type Host } from "./host.js";

/** The front end's result for one ruleset: its IR (null on an error), its diagnostics, what it read. */
export interface Loaded {
  ir: RulesetIR | null;
  diagnostics: Diagnostic[];
  /** path → text of every file read, for code frames */
  sources: Map<string, string>;
  file: string;
}

/**
 * The built result of the ruleset `ref` (an id, or a path ending in `.rules`) when the host keeps one
 * for it and every file it was built from reads the same; null otherwise (then `loadRuleset` runs the
 * front end).
 */
export function builtRuleset(ref: string, host: Host): Loaded | null {
  if (!host.built) return null;
  const file = ref.endsWith(".rules") ? ref : resolveRuleset(host, ref, null);
  if (file === null) return null;
  const sources = new Map<string, string>();
  const ir = host.built.lookup(file, (path) => {
    const text = host.readFile(path);
    if (text !== null) sources.set(path, text);
    return text;
  });
  return ir === null ? null : { ir, diagnostics: [], sources, file };
}
