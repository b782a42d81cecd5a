/**
 * For the tests that compile a ruleset to a generated module and import it: each writes into a folder
 * of its own under test-artifacts/, whose runtime/index.ts re-exports the real runtime (a generated
 * module imports "../runtime/index.js").
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { emitModule } from "../compiler/emit/index.js";
import type { RulesetIR } from "../compiler/ir/ir.js";

const ROOT = join(__dirname, "..");

/** test-artifacts/`name`, made with its generated/ folder and its runtime re-export; its path. */
export function artifacts(name: string): string {
  const dir = join(ROOT, "test-artifacts", name);
  mkdirSync(join(dir, "generated"), { recursive: true });
  mkdirSync(join(dir, "runtime"), { recursive: true });
  writeFileSync(join(dir, "runtime/index.ts"), "export * from '../../../runtime/index.js';\n");
  return dir;
}

/**
 * `ir`'s generated module, written to `dir`/generated/`name`.ts (`dir` from `artifacts`; `name` the
 * ruleset's id unless given: two texts of one id need two names, an import being cached by its file)
 * and imported.
 */
export async function importEmitted<T>(dir: string, ir: RulesetIR, name = ir.id): Promise<T> {
  const file = join(dir, "generated", `${name}.ts`);
  writeFileSync(file, await emitModule(ir));
  return (await import(file)) as T;
}
