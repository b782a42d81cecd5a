/**
 * The library: what `import … from "variorum"` gives. The engine's requests and results
 * (compiler/engine/: rulesets in, `{ value, diagnostics }` out, never a throw for anything a user
 * wrote), the one `Host` (file access, and the one rule finding a ruleset by id: beside the file
 * that names it, then the bundled rulesets) over the disk, and the runtime's errors.
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
import type { Host } from "../engine/index.js";
import { nodeHost, rulesetFolders } from "../node/host.js";

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
 * The `Host` over the file system: a path is read as given; a ruleset id that a file extends is
 * looked up beside that file, then in `dirs` (folders of your own, for ids asked on their own),
 * then in the package's bundled `rulesets/` and `rulesets/house/` — the CLI's rule.
 */
export function bundledHost(dirs: readonly string[] = []): Host {
  return nodeHost([...dirs.map((path) => ({ path, kind: "user" as const })), ...rulesetFolders()]);
}
