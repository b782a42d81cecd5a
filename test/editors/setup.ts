/**
 * For test/editors/vsix.test.ts alone (its `beforeAll`): builds editors/vscode/variorum-rules.vsix only
 * when it is missing or older than its sources (the extension's, and the compiler its server bundles),
 * so a re-run builds it not at all and no other test file waits for it.
 */
import { existsSync, statSync } from "node:fs";
import { newest } from "../newest.js";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const EXT = join(ROOT, "editors", "vscode");

export async function buildVsix(): Promise<void> {
  const vsix = join(EXT, "variorum-rules.vsix");
  const sources = [
    "src",
    "syntaxes",
    "package.json",
    "language-configuration.json",
    "README.md",
    "LICENSE",
    ".vscodeignore",
  ]
    .map((p) => join(EXT, p))
    // The bundled server: the compiler and what it reads, and the rulesets shipped beside it.
    .concat(
      ["compiler", "grammar", "diagnostics", "runtime", "rulesets", "scripts/build-vsix.mjs"].map(
        (p) => join(ROOT, p),
      ),
    );
  if (existsSync(vsix) && statSync(vsix).mtimeMs >= Math.max(...sources.map(newest))) return;
  const built = (await import(join(ROOT, "scripts", "build-vsix.mjs"))) as {
    buildVsix: () => Promise<string>;
  };
  await built.buildVsix();
}
