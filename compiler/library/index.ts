/**
 * The library: what `import … from "variorum"` gives. The engine's requests and results
 * (compiler/engine/: rulesets in, `{ value, diagnostics }` out, never a throw for anything a user
 * wrote), a `Host` over the bundled rulesets and the files beside them, and the runtime's errors.
 * The rules modules themselves are `variorum/rules/<id>` (each bundled ruleset compiled to
 * JavaScript with its types), the runtime they import `variorum/runtime`.
 *
 * @example
 * ```ts
 * import { bundledHost, evaluateScenario, loadRuleset } from "variorum";
 * const sl = loadRuleset("sl-classic", bundledHost());
 * const r = evaluateScenario({ rulesets: [sl.ir!], text: JSON.stringify(scenario), file: "s.json" });
 * ```
 *
 * @packageDocumentation
 * @module variorum
 */
import { join } from "node:path";
import type { Host } from "../engine/index.js";
import { dirsHost } from "../node/host.js";
import { projectRoot } from "../node/root.js";
import { RULESET_ID } from "../util/ruleset-id.js";

export * from "../engine/index.js";
export type { Diagnostic, Severity, Span } from "../../diagnostics/index.js";
export type { RulesetIR } from "../ir/ir.js";
export type {
  MoveResult,
  StepResult,
  Violation,
  DistributionSummary,
} from "../../runtime/types.js";
export { EvalError, InputError, MissingInput, type InputCode } from "../../runtime/errors.js";

/**
 * A `Host` over the file system: a ruleset id is looked up in `dirs` (a house rule's own folder, say),
 * then in the package's bundled `rulesets/` and `rulesets/house/`; a path is read as given.
 */
export function bundledHost(dirs: readonly string[] = []): Host {
  const root = projectRoot();
  return dirsHost([...dirs, join(root, "rulesets"), join(root, "rulesets", "house")]);
}
