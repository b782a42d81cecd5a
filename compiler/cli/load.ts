/** Loading the rulesets named on the command line (default: all of them), printing their diagnostics. */

// The front end alone (not the engine's index, which brings the diff, the cards and reach), and only
// when a ruleset has no built result (compiler/engine/built.ts): a command over the package's own
// rulesets loads no grammar and no checker.
import { builtRuleset, type Loaded } from "../engine/built.js";
import { rulesetsIn, type Host } from "../engine/host.js";
import type { Ctx } from "./context.js";
import { fsHost, resolveRefs } from "./host.js";
import { printDiagnostics } from "./render.js";
import { displayPath } from "../node/paths.js";

export interface LoadedSet {
  host: Host;
  loaded: Loaded[];
  errors: number;
  warnings: number;
}

/** The `loadRuleset` references for command-line arguments: all bundled rulesets when there are none. */
export function refsFor(args: readonly string[], host: Host, ctx: Ctx): string[] {
  return args.length === 0
    ? rulesetsIn(host).map((r) => r.id)
    : [...new Set(resolveRefs(args, host, ctx.cwd))];
}

/**
 * Loads each ruleset and prints its diagnostics. `warnings: false` prints errors only (for `eval` and
 * `test`, whose users ask about scenarios and examples; `check` and `compile` show everything).
 */
export async function loadRulesets(
  refs: readonly string[],
  ctx: Ctx,
  host: Host = fsHost(ctx.root, ctx.built),
  opts: { warnings?: boolean } = {},
): Promise<LoadedSet> {
  const loaded: Loaded[] = [];
  // On a miss the front end runs over the files themselves: the built results were looked up already.
  const { built: _looked, ...plain } = host;
  let errors = 0;
  let warnings = 0;
  for (const ref of refs) {
    const l =
      builtRuleset(ref, host) ?? (await import("../engine/front.js")).loadRuleset(ref, plain);
    const shown =
      opts.warnings === false ? l.diagnostics.filter((d) => d.severity === "error") : l.diagnostics;
    const n = printDiagnostics(shown, l.sources, ctx, l.file);
    errors += n.errors;
    warnings += l.diagnostics.length - shown.length + n.warnings;
    // A ruleset that failed without saying why still counts as failed.
    if (l.ir === null && n.errors === 0) {
      ctx.err(
        `${displayPath(l.file, ctx.cwd)}: ${ctx.cErr.red("error")}: the ruleset could not be loaded\n`,
      );
      errors++;
    }
    loaded.push(l);
  }
  return { host, loaded, errors, warnings };
}
