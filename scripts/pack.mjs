// `npm run pack -- DIR`: the two packages of this repository, as tarballs in DIR.
//
// - `variorum-rules` (the light package): the runtime, every compiled rules module, the bundled maps
//   and rulesets as data. No dependency, no Node API, no script: what a game aid installs alone,
//   in Node or in a browser bundle.
// - `variorum` (the toolchain): the compiler, the CLI, the language server, the studio. It depends on
//   `variorum-rules` at the same version and imports the runtime from it (one copy of the runtime
//   in an install, so an `InputError` is the same class everywhere); its `variorum/runtime` and
//   `variorum/rules/<id>` entries re-export the light package's.
//
// Both are assembled at pack time from this one tree (grammar/, compiler/, runtime/, rulesets/,
// generated/ stay where they are): the build (scripts/build.mjs: tsc, then Vite for the studio page)
// writes dist/, then each package is staged in a folder of its own with a manifest of its own —
// without scripts (nothing runs at install time, and npm has nothing to warn about) — and packed
// there with `npm pack`. The checkout's package.json stays the toolchain's development manifest.
//
// `--no-build` packs the dist/ already built. Through `npm run pack`, npm's `prepack` (the build) has
// run just before.
import { spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, posix, relative, resolve, sep } from "node:path";

const args = process.argv.slice(2);
const out = args.find((a) => !a.startsWith("--"));
if (out === undefined) {
  console.error("usage: npm run pack -- DIR [--no-build]");
  process.exit(2);
}
const OUT = resolve(out);
const ROOT = process.cwd();
const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
const RULES = "variorum-rules";

function run(cmd, argv, cwd) {
  const r = spawnSync(cmd, argv, { cwd, stdio: ["ignore", "pipe", "inherit"], encoding: "utf8" });
  if (r.status !== 0) {
    process.stderr.write(r.stdout ?? "");
    console.error(`pack: ${cmd} ${argv.join(" ")} failed (exit ${r.status})`);
    process.exit(r.status ?? 1);
  }
  return r.stdout;
}

// `npm run pack` has just run the `prepack` script (npm runs `pre<name>` first): the build is done.
const built = process.env.npm_lifecycle_event === "pack";
if (!args.includes("--no-build") && !built) {
  const r = spawnSync(process.execPath, [join(ROOT, "scripts", "build.mjs")], {
    cwd: ROOT,
    stdio: "inherit",
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const DIST = join(ROOT, "dist");
for (const d of ["runtime", "generated", "compiler"])
  if (!existsSync(join(DIST, d))) {
    console.error(`pack: dist/${d} is missing; run without --no-build`);
    process.exit(1);
  }

/** Every file under `dir`, as paths relative to it (posix separators), sorted. */
function filesUnder(dir) {
  const found = [];
  const walk = (d) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else found.push(relative(dir, p).split(sep).join("/"));
    }
  };
  walk(dir);
  return found;
}

/** A module's compiled files (`.js`, `.d.ts`), without source maps or build info. */
const isModuleFile = (f) => f.endsWith(".js") || f.endsWith(".d.ts");

const stageRoot = mkdtempSync(join(tmpdir(), "variorum-pack-"));
mkdirSync(OUT, { recursive: true });
try {
  // --- the light package -------------------------------------------------------------------------
  const rules = join(stageRoot, "rules");
  const copy = (from, to) => {
    mkdirSync(dirname(to), { recursive: true });
    cpSync(from, to);
  };
  for (const f of filesUnder(join(DIST, "runtime")).filter(isModuleFile))
    copy(join(DIST, "runtime", f), join(rules, "runtime", f));
  const ids = [];
  for (const f of filesUnder(join(DIST, "generated")).filter(isModuleFile)) {
    // The modules import `../runtime/index.js`: beside `rules/`, `runtime/` is where it was.
    copy(join(DIST, "generated", f), join(rules, "rules", f));
    if (f.endsWith(".js") && f !== "index.js") ids.push(f.slice(0, -3));
  }
  // The bundled maps: each as its JSON file and as a module typed `MapJson` (a bundler or Node
  // imports the module with no JSON import attribute).
  const maps = readdirSync(join(ROOT, "maps"))
    .filter((f) => f.endsWith(".json"))
    .sort();
  for (const f of maps) {
    const name = f.slice(0, -".json".length);
    const json = readFileSync(join(ROOT, "maps", f), "utf8");
    copy(join(ROOT, "maps", f), join(rules, "maps", f));
    writeFileSync(
      join(rules, "maps", `${name}.js`),
      `// The bundled map ${f}, as data.\nexport default ${JSON.stringify(JSON.parse(json))};\n`,
    );
    writeFileSync(
      join(rules, "maps", `${name}.d.ts`),
      `import type { MapJson } from "../runtime/index.js";\n/** The bundled map ${f}. */\ndeclare const map: MapJson;\nexport default map;\n`,
    );
  }
  // The bundled rulesets' text: each `.rules` file, and a module whose default export is its text.
  const rulesets = filesUnder(join(ROOT, "rulesets")).filter((f) => f.endsWith(".rules"));
  for (const f of rulesets) {
    const name = f.slice(0, -".rules".length);
    const text = readFileSync(join(ROOT, "rulesets", f), "utf8");
    copy(join(ROOT, "rulesets", f), join(rules, "rulesets", f));
    writeFileSync(
      join(rules, "rulesets", `${name}.js`),
      `// The text of the bundled ruleset rulesets/${f}.\nexport default ${JSON.stringify(text)};\n`,
    );
    writeFileSync(
      join(rules, "rulesets", `${name}.d.ts`),
      `/** The text of the bundled ruleset rulesets/${f}. */\ndeclare const text: string;\nexport default text;\n`,
    );
  }
  const typed = (path) => ({ types: `${path}.d.ts`, default: `${path}.js` });
  const rulesManifest = {
    name: RULES,
    version: pkg.version,
    description:
      "Variorum's rules package: the compiled rules modules of the bundled rulesets, their runtime, and the bundled maps and rulesets as data. No dependencies; runs in Node and in browsers.",
    type: "module",
    license: pkg.license,
    sideEffects: false,
    types: "./runtime/index.d.ts",
    exports: {
      ".": typed("./runtime/index"),
      "./runtime": typed("./runtime/index"),
      // The runtime's own files, for the toolchain (`variorum`) that imports them: not an API.
      "./runtime/*.js": { types: "./runtime/*.d.ts", default: "./runtime/*.js" },
      "./rules": typed("./rules/index"),
      "./rules/*": typed("./rules/*"),
      "./maps/*.json": "./maps/*.json",
      "./maps/*": typed("./maps/*"),
      "./rulesets/*.rules": "./rulesets/*.rules",
      "./rulesets/*": typed("./rulesets/*"),
      "./package.json": "./package.json",
    },
    files: ["runtime/", "rules/", "maps/", "rulesets/"],
    engines: pkg.engines,
  };
  writeFileSync(join(rules, "package.json"), `${JSON.stringify(rulesManifest, null, 2)}\n`);
  copy(join(ROOT, "LICENSE"), join(rules, "LICENSE"));
  writeFileSync(join(rules, "README.md"), rulesReadme(ids, maps, rulesets));
  const rulesTgz = run("npm", ["pack", "--pack-destination", OUT, "--json"], rules);

  // --- the toolchain -----------------------------------------------------------------------------
  const tool = join(stageRoot, "toolchain");
  // What the development manifest ships, without the runtime and the rules modules (the light
  // package's), nor what only built this package.
  const skipped = new Set(["dist/runtime/", "dist/generated/", "scripts/build.mjs"]);
  for (const entry of pkg.files.filter((f) => !skipped.has(f))) {
    const from = join(ROOT, entry);
    if (!existsSync(from)) continue;
    cpSync(from, join(tool, entry), { recursive: true });
  }
  // The toolchain's compiled code imports the light package's runtime where it imported
  // dist/runtime/ (every specifier checked: one that would still point into dist/runtime/ or
  // dist/generated/ fails the pack).
  const specifier =
    /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bexport\s*\*\s*from\s*)(["'])(\.{1,2}\/[^"']+)\2/g;
  let rewritten = 0;
  for (const f of filesUnder(join(tool, "dist")).filter(isModuleFile)) {
    const file = join(tool, "dist", f);
    const text = readFileSync(file, "utf8");
    const next = text.replace(specifier, (all, lead, quote, spec) => {
      const target = posix.normalize(posix.join(posix.dirname(f), spec));
      if (target.startsWith("runtime/")) {
        rewritten++;
        return `${lead}${quote}${RULES}/${target}${quote}`;
      }
      if (target.startsWith("generated/")) {
        rewritten++;
        return `${lead}${quote}${RULES}/rules/${target.slice("generated/".length).replace(/\.js$/, "")}${quote}`;
      }
      return all;
    });
    if (next !== text) writeFileSync(file, next);
  }
  if (rewritten === 0) {
    console.error("pack: no import of the runtime found to rewrite: the scan is broken");
    process.exit(1);
  }
  // `variorum/runtime` and `variorum/rules/<id>`: the light package's, re-exported.
  const shim = (path, target) => {
    mkdirSync(dirname(join(tool, path)), { recursive: true });
    const body = `export * from "${target}";\n`;
    writeFileSync(join(tool, `${path}.js`), body);
    writeFileSync(join(tool, `${path}.d.ts`), body);
  };
  shim("dist/entries/runtime", `${RULES}/runtime`);
  for (const id of ids) shim(`dist/entries/rules/${id}`, `${RULES}/rules/${id}`);
  const toolManifest = {
    name: pkg.name,
    version: pkg.version,
    description: pkg.description,
    type: pkg.type,
    license: pkg.license,
    types: pkg.types,
    exports: {
      ".": pkg.exports["."],
      "./node": pkg.exports["./node"],
      "./runtime": typed("./dist/entries/runtime"),
      "./rules/*": typed("./dist/entries/rules/*"),
      "./maps/*": "./maps/*",
      "./rulesets/*": "./rulesets/*",
      "./package.json": "./package.json",
    },
    bin: pkg.bin,
    files: [...pkg.files.filter((f) => !skipped.has(f)), "dist/entries/"],
    engines: pkg.engines,
    dependencies: { [RULES]: pkg.version, ...pkg.dependencies },
  };
  writeFileSync(join(tool, "package.json"), `${JSON.stringify(toolManifest, null, 2)}\n`);
  copy(join(ROOT, "LICENSE"), join(tool, "LICENSE"));
  copy(join(ROOT, "README.md"), join(tool, "README.md"));
  const toolTgz = run("npm", ["pack", "--pack-destination", OUT, "--json"], tool);

  for (const packed of [rulesTgz, toolTgz]) {
    const [info] = JSON.parse(packed);
    console.log(
      `pack: ${join(out, info.filename)} (${info.entryCount} files, ${kb(info.size)} packed, ${kb(info.unpackedSize)} unpacked)`,
    );
  }
} finally {
  rmSync(stageRoot, { recursive: true, force: true });
}

function kb(n) {
  return `${(n / 1024).toFixed(1)} KB`;
}

function rulesReadme(ids, maps, rulesets) {
  return `# variorum-rules

The rules modules of [Variorum](https://github.com/variorum)'s bundled rulesets, compiled to
JavaScript with their types, the runtime they import, and the bundled maps and rulesets as data.
No dependencies, no Node API: a game aid imports it in Node or bundles it for a browser.

\`\`\`ts
import { evaluate, reach } from "variorum-rules/rules/sl-classic";
import { buildGraph, checkMap } from "variorum-rules/runtime";
import crossroads from "variorum-rules/maps/crossroads";

const move = evaluate({ unit: { kind: "squad" }, path: [{ terrain: "woods" }] });
const answer = reach(buildGraph(crossroads), { kind: "squad" }, "B3");
\`\`\`

| import | gives |
|---|---|
| \`variorum-rules/rules/<id>\` | a compiled ruleset: \`evaluate\`, \`reach\`, its enums, tables and rules (${ids.join(", ")}) |
| \`variorum-rules/runtime\` (also \`variorum-rules\`) | what the modules run on: \`InputError\`, hex maps (\`buildGraph\`, \`checkMap\`), exact rationals |
| \`variorum-rules/maps/<name>\` | a bundled map as a \`MapJson\` value (${maps.map((m) => m.slice(0, -5)).join(", ")}); \`…/<name>.json\` the file |
| \`variorum-rules/rulesets/<id>\` | a bundled ruleset's text (${rulesets.map((r) => r.slice(0, -6)).join(", ")}); \`…/<id>.rules\` the file |

The toolchain (the compiler, the CLI, the language server, the studio) is the package \`variorum\`,
which depends on this one.
`;
}
