/**
 * `variorum/node`: the parts of the library that need Node — the file system and the emitter
 * (ts-morph and prettier). The main entry (`variorum`) stays free of them, so a browser bundle of it
 * never meets `node:fs`.
 *
 * @example
 * ```ts
 * import { loadRuleset, evaluateScenario } from "variorum";
 * import { bundledHost } from "variorum/node";
 * const sl = loadRuleset("sl-classic", bundledHost());
 * ```
 *
 * @packageDocumentation
 * @module variorum/node
 */
import { compileModules } from "../engine/compile.js";
import type { Host, Loaded } from "../engine/index.js";
import type { Diagnostic } from "../../diagnostics/index.js";
import { nodeHost, rulesetFolders } from "../node/host.js";
import { check, type CheckOptions } from "./front.js";

/**
 * The `Host` over the file system: a path is read as given; a ruleset id that a file extends is
 * looked up beside that file, then in `dirs` (folders of your own, for ids asked on their own),
 * then in the package's bundled `rulesets/` and `rulesets/house/` — the CLI's rule.
 */
export function bundledHost(dirs: readonly string[] = []): Host {
  return nodeHost([...dirs.map((path) => ({ path, kind: "user" as const })), ...rulesetFolders()]);
}

export interface CompileOptions extends CheckOptions {
  /**
   * Where the module imports the runtime from: `"package"` (`variorum-rules/runtime`, the default:
   * a module anywhere in a project that depends on `variorum-rules`) or `"beside"`
   * (`../runtime/index.js`, a copy of the runtime in the folder above).
   */
  runtime?: "package" | "beside";
  /** The source named in the module's header (default: `path`). */
  source?: string;
}

/** A compiled module's text with the front end's answer it came from. */
export interface CompiledText {
  /** The TypeScript module (what `variorum compile` writes), or null when the text has errors. */
  module: string | null;
  /** The ruleset's IR and every diagnostic, as {@link check} gives them. */
  loaded: Loaded;
  diagnostics: Diagnostic[];
}

/**
 * Compiles a ruleset's text to its TypeScript module: {@link check}, then the emitter (loaded on
 * the first call). The module imports the runtime from `variorum-rules/runtime` unless asked
 * otherwise. With errors, `module` is null and `diagnostics` says why; never a throw for a mistake
 * in the text. A base the text extends is given in `bases` or found through `host`
 * (`bundledHost()` for the bundled rulesets).
 */
export async function compile(text: string, options: CompileOptions = {}): Promise<CompiledText> {
  const loaded = check(text, options);
  if (loaded.ir === null) return { module: null, loaded, diagnostics: loaded.diagnostics };
  const { modules } = await compileModules({
    rulesets: [{ ir: loaded.ir, source: options.source ?? options.path ?? "input.rules" }],
    index: false,
    runtime: options.runtime ?? "package",
  });
  return { module: modules[0]!.text, loaded, diagnostics: loaded.diagnostics };
}
