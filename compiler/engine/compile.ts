/**
 * The engine's compile request: checked rulesets → the text of their TypeScript modules (and of the
 * index that lists them), through the emitter (compiler/emit/: ts-morph and prettier, loaded on the
 * first request so that no other request pays for them). No file is read or written here: the CLI's
 * `compile` loads the rulesets through the engine's front end and writes what this returns.
 *
 * Not part of the engine's index (compiler/engine/index.ts): the studio page and the language service
 * import that, and the emitter never runs in a browser (test/cli/layers.test.ts rule 4).
 */
import type { RulesetIR } from "../ir/ir.js";

export interface CompileRequest {
  /** Each ruleset with the source its module's header names (`rulesets/sl-classic.rules`). */
  rulesets: readonly { ir: RulesetIR; source: string }[];
  /** Also emit the index module (`index.ts`) of these rulesets, in their order. */
  index: boolean;
  /**
   * Where the modules import the runtime from: `"beside"` (`../runtime/index.js`, the bundled
   * generated/ beside runtime/) or `"package"` (`variorum-rules/runtime`, for modules written
   * anywhere else). Default `"beside"`.
   */
  runtime?: "beside" | "package";
}

export interface Compiled {
  /** One module per ruleset, in the order asked. */
  modules: { id: string; text: string }[];
  index: string | null;
}

/** The modules of `req.rulesets` (their ids are file names: the caller has checked them). */
export async function compileModules(req: CompileRequest): Promise<Compiled> {
  const { emitModule, emitIndex, PACKAGE_RUNTIME_SPECIFIER, RUNTIME_SPECIFIER } = await import(
    "../emit/index.js"
  );
  const runtime = req.runtime === "package" ? PACKAGE_RUNTIME_SPECIFIER : RUNTIME_SPECIFIER;
  const modules: Compiled["modules"] = [];
  for (const { ir, source } of req.rulesets)
    modules.push({ id: ir.id, text: await emitModule(ir, { source, runtime }) });
  const index = req.index ? await emitIndex(req.rulesets.map((r) => r.ir)) : null;
  return { modules, index };
}
