/**
 * A ruleset written for the bench, compiled to a generated module in this process (the emitter's
 * text, transpiled by TypeScript), so the bench times what `variorum compile` would write for it
 * rather than the interpreter. The module's runtime import is pointed at dist/runtime/, the same
 * runtime the bundled generated modules use.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import ts from "typescript";
import { compileText } from "../compiler/engine/index.js";
import { emitModule, RUNTIME_SPECIFIER } from "../compiler/emit/index.js";
import type { MapGraph } from "../runtime/map.js";
import type { ReachAnswer } from "../runtime/reach-map.js";

/** What the bench uses of a generated module. */
export interface EmittedModule {
  reach(map: MapGraph, unit: Record<string, unknown>, from: string): ReachAnswer;
}

const runtimeUrl = pathToFileURL(
  join(dirname(fileURLToPath(import.meta.url)), "..", "runtime", "index.js"),
).href;
let dir: string | null = null;

/** Compiles `text` (with `parents` for `extends`) to a generated module and imports it. */
export async function emitted(
  text: string,
  parents: Record<string, string> = {},
): Promise<EmittedModule> {
  const { ir, diagnostics } = compileText(text, "bench.rules", parents);
  if (ir === null) throw new Error(JSON.stringify(diagnostics));
  const source = (await emitModule(ir)).replace(
    JSON.stringify(RUNTIME_SPECIFIER),
    JSON.stringify(runtimeUrl),
  );
  const js = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  dir ??= mkdtempSync(join(tmpdir(), "variorum-bench-"));
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${ir.id}.mjs`);
  writeFileSync(file, js);
  return (await import(pathToFileURL(file).href)) as EmittedModule;
}
