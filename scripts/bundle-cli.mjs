// The CLI as one bundle (esbuild): dist/cli/main.cjs, one CommonJS file instead of some two hundred
// modules, which bin/load.js compiles with the code cache of the command being run (made here, after
// the bundle, by scripts/code-cache.mjs). A lazily imported command's modules are in it as functions
// run on their first import, so a command runs (and compiles) only the code it imports. Packages stay in
// node_modules (loaded only by the commands that use them), except Chevrotain's one-file build,
// jsonc-parser's ESM build (the scenario and map readers), and commander, which every command needs.
// `__VARIORUM_BUILD__` is the build's id: a hash of every source the bundle is made from, which the
// built results of the bundled rulesets (dist/front-cache/) carry, so results built by other code are
// never used (compiler/node/front-cache.ts).
import { build } from "esbuild";
import Handlebars from "handlebars";
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { trainCodeCaches } from "./code-cache.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const SOURCES = ["compiler", "grammar", "runtime", "diagnostics", "studio", "templates"];

/** Every file under the source folders, sorted: what the build id hashes. */
function sourceFiles() {
  const out = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir).sort()) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) {
        if (name !== "node_modules") walk(p);
      } else out.push(p);
    }
  };
  for (const s of SOURCES) walk(join(root, s));
  return out;
}

export function buildId() {
  const h = createHash("sha256");
  const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8"));
  h.update(`variorum ${lock.version}\n`);
  for (const [name, meta] of Object.entries(lock.packages ?? {}))
    if (name.startsWith("node_modules/")) h.update(`${name}@${meta.version}\n`);
  for (const f of sourceFiles()) {
    h.update(relative(root, f) + "\n");
    h.update(readFileSync(f));
  }
  return h.digest("hex").slice(0, 16);
}

/** Chevrotain from its one-file ESM build, statically (grammar/chevrotain.ts loads it dynamically). */
const chevrotainStatic = {
  name: "chevrotain-static",
  setup(b) {
    b.onResolve({ filter: /^chevrotain$/ }, () => ({
      path: join(root, "node_modules", "chevrotain", "lib", "chevrotain.mjs"),
    }));
    // Handlebars' package entry requires some forty CommonJS files (and source-map, for
    // precompiling, which the reports never do): the reports' templates are precompiled, so the
    // bundle has its runtime only (compiler/node/handlebars-static.ts, which loads the compiler
    // from node_modules on a first compile of a template the build did not precompile).
    b.onResolve({ filter: /^handlebars$/ }, (args) =>
      args.importer.endsWith("handlebars-static.ts")
        ? undefined
        : { path: join(root, "compiler", "node", "handlebars-static.ts") },
    );
    b.onResolve({ filter: /^handlebars\/runtime$/ }, () => ({
      path: join(root, "node_modules", "handlebars", "dist", "cjs", "handlebars.runtime.js"),
    }));
    // jsonc-parser's package entry is its UMD build: six CommonJS files, each compiled and scanned
    // for its exports on every scenario or map read. Its ESM build, bundled in, keeps only what the
    // readers use (the tree parser and its scanner; not the formatter or the editor).
    b.onResolve({ filter: /^jsonc-parser$/ }, () => ({
      path: join(root, "node_modules", "jsonc-parser", "lib", "esm", "main.js"),
    }));
    b.onResolve({ filter: /\/chevrotain\.js$/ }, (args) =>
      args.importer.startsWith(join(root, "grammar"))
        ? { path: join(root, "grammar", "chevrotain-static.ts") }
        : undefined,
    );
  },
};

/** The options the reports compile their templates with (compiler/render/templates.ts `TEMPLATE_OPTIONS`). */
export const TEMPLATE_OPTIONS = { strict: true, noEscape: false };

/**
 * The source of compiler/render/precompiled.ts as the bundle has it: every template under
 * templates/ (each report's folder), its text → `Handlebars.precompile(text, TEMPLATE_OPTIONS)`, so
 * no command compiles a template of the package at run time.
 */
export function precompiledModule() {
  const entries = [];
  const dir = join(root, "templates");
  for (const report of readdirSync(dir).sort()) {
    if (!statSync(join(dir, report)).isDirectory()) continue;
    for (const name of readdirSync(join(dir, report)).sort()) {
      if (!name.endsWith(".hbs")) continue;
      const text = readFileSync(join(dir, report, name), "utf8");
      const spec = Handlebars.precompile(text, { ...TEMPLATE_OPTIONS });
      entries.push(`  [${JSON.stringify(text)}, ${spec}],`);
    }
  }
  return `export const PRECOMPILED = new Map([\n${entries.join("\n")}\n]);\n`;
}

/** compiler/render/precompiled.ts replaced by the package's templates, precompiled. */
const precompiledTemplates = {
  name: "precompiled-templates",
  setup(b) {
    b.onLoad({ filter: /[\\/]compiler[\\/]render[\\/]precompiled\.ts$/ }, () => ({
      contents: precompiledModule(),
      loader: "js",
    }));
  },
};

export async function bundleCli() {
  const outdir = join(root, "dist", "cli");
  rmSync(outdir, { recursive: true, force: true });
  rmSync(join(root, "dist", "front-cache"), { recursive: true, force: true });
  const id = buildId();
  await build({
    absWorkingDir: root,
    entryPoints: { main: "compiler/cli/main.ts" },
    outdir,
    outExtension: { ".js": ".cjs" },
    bundle: true,
    format: "cjs",
    platform: "node",
    target: "node20",
    packages: "external",
    plugins: [chevrotainStatic, precompiledTemplates],
    // `import.meta.url` of the modules: the bundle's own file (dist/cli/main.cjs).
    define: { __VARIORUM_BUILD__: JSON.stringify(id), "import.meta.url": "__variorumUrl" },
    legalComments: "none",
    logLevel: "warning",
    // Its first line names the build, which the code caches' names carry (bin/load.js); strict, as
    // the modules were.
    banner: {
      js: `// variorum build ${id}\n"use strict";\nconst __variorumUrl = require("node:url").pathToFileURL(__filename).href;`,
    },
  });
  return id;
}

/**
 * The bundle, then the front-end results of the package's rulesets, built by the bundle itself, then
 * the code caches of its commands (a training run of each over those results).
 */
export async function buildCli() {
  const id = await bundleCli();
  const cli = createRequire(import.meta.url)(join(root, "dist", "cli", "main.cjs"));
  const ids = await cli.buildFrontCache(root);
  const caches = trainCodeCaches(id);
  return { id, ids, caches };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { id, ids, caches } = await buildCli();
  console.log(
    `bundle: dist/cli/ (build ${id}); built results of ${ids.length} rulesets in dist/front-cache/; code caches of ${caches.length} runs in dist/cli/code-cache/`,
  );
}
