#!/usr/bin/env node
// Builds editors/vscode/variorum-rules.vsix, self-contained: bundles the client (src/extension.js with
// vscode-languageclient) into out/extension.js and the language server (src/server.ts: the compiler's
// `variorum lsp --stdio`) into out/server.mjs with esbuild, copies the bundled rulesets to
// out/rulesets/ for `extends`, then packages with @vscode/vsce.
// `npm run vsix` runs it; the test setup (test/editors/setup.ts) runs it once per test run when the
// .vsix is missing or older than its sources. Never publishes.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const ext = join(root, "editors", "vscode");
export const VSIX = join(ext, "variorum-rules.vsix");

export async function buildVsix() {
  mkdirSync(join(ext, "out"), { recursive: true });
  await build({
    entryPoints: [join(ext, "src", "extension.js")],
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node18",
    external: ["vscode"],
    outfile: join(ext, "out", "extension.js"),
    logLevel: "warning",
  });
  // The server is an ES module (the compiler uses import.meta); its CommonJS dependencies get a require.
  await build({
    entryPoints: [join(ext, "src", "server.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node18",
    // ES builds first: jsonc-parser's UMD build (its `main`) requires its parts at run time, which a
    // bundle does not hold ("Cannot find module './impl/format'" from the unpacked .vsix).
    mainFields: ["module", "main"],
    outfile: join(ext, "out", "server.mjs"),
    banner: {
      js: 'import { createRequire as __variorumRequire } from "node:module"; const require = __variorumRequire(import.meta.url);',
    },
    logLevel: "warning",
  });
  rmSync(join(ext, "out", "rulesets"), { recursive: true, force: true });
  cpSync(join(root, "rulesets"), join(ext, "out", "rulesets"), {
    recursive: true,
    filter: (src) => !/\.[^/\\]+$/.test(src) || src.endsWith(".rules"),
  });
  const vsce = join(root, "node_modules", "@vscode", "vsce", "vsce");
  const r = spawnSync(
    process.execPath,
    [vsce, "package", "--no-dependencies", "--allow-missing-repository", "-o", VSIX],
    { cwd: ext, encoding: "utf8" },
  );
  if (r.status !== 0) throw new Error(`vsce package failed:\n${r.stdout}\n${r.stderr}`);
  return VSIX;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  buildVsix().then(
    (p) => console.log(`built ${p}`),
    (e) => {
      console.error(e.message);
      process.exit(1);
    },
  );
}
