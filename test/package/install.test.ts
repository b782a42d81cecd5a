/**
 * The two packages as users get them: `npm run pack -- DIR` (scripts/pack.mjs) writes the light
 * rules package (`variorum-rules`) and the toolchain (`variorum`), and each is installed into an empty
 * project as its user would:
 *
 * - a game aid installs `variorum-rules` alone: no other package, no install-time script, its size
 *   measured; a strict TypeScript consumer (`skipLibCheck` off) imports a rules module, the runtime, a
 *   bundled map (typed `MapJson`, no cast) and a ruleset's text; esbuild (`--platform=browser`) and
 *   Vite bundle a page of it, and Chromium runs both bundles;
 * - a toolchain user installs both: the CLI (`npx variorum` finds it; the other runs call the command
 *   npx runs, node_modules/.bin/variorum, without npx's own start of ≈ 0.5 s of CPU: bundled
 *   rulesets, templates and the studio page found inside the package; a house rule beside the
 *   user's files extending a bundled one), `--version`, `compile --out` (modules importing
 *   `variorum-rules/runtime`, compiled by the strict consumer), the library (`variorum`,
 *   `variorum/node`) and the rules modules through `variorum/rules/<id>`, with one runtime (an
 *   `InputError` is one class); the library's main entry bundled for a browser by esbuild and Vite
 *   checks a ruleset's text in Chromium.
 *
 * The strict consumers check every .d.ts of the packages (`skipLibCheck` off) but not TypeScript's own
 * lib files (`skipDefaultLibCheck`: lib.dom.d.ts alone was ≈ 2 s of CPU per consumer), and both are
 * type-checked by one `tsc -b` (two programs, the lib files parsed once).
 *
 * One pack and the installs for the whole file. The pack is of the current build (`scripts/pack.mjs
 * --no-build`): dist/ made fresh by the processes project's global setup (test/build-setup.ts; a
 * stale one refused by `assertFreshBuild`), the studio page by the studio tests' `buildStudioPage`.
 * Both tarballs are also installed globally into a temporary prefix, whose `bin/variorum lsp --stdio` serves an editor from an unrelated, empty
 * folder. The installs prefer npm's cache (`--prefer-offline`), which the checkout's own `npm ci`
 * filled.
 */
import { spawn } from "node:child_process";
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
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { build as esbuild } from "esbuild";
import ts from "typescript";
import { chromium, type Browser } from "playwright-core";
import sirv from "sirv";
import { build as viteBuild } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LspClient } from "../../bench/lsp-client.js";
import { CHROMIUM_ARGS } from "../../compiler/cli/pdf.js";
import { assertFreshBuild, ROOT, type Run } from "../cli/run.js";
import { buildStudioPage } from "../studio/setup.js";

function run(cmd: string, args: string[], cwd: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      cwd,
      env: { ...process.env, NO_COLOR: "1", npm_config_update_notifier: "false" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (b: Buffer) => out.push(b));
    child.stderr.on("data", (b: Buffer) => err.push(b));
    child.on("error", reject);
    child.on("close", (code) =>
      resolve({
        code,
        stdout: Buffer.concat(out).toString("utf8"),
        stderr: Buffer.concat(err).toString("utf8"),
      }),
    );
  });
}

const HOUSE = `ruleset my-house "House rule: a hero with a leader gets 1 extra MF" extends sl-classic

extend rule leader-bonus {
  exception [H1] "a hero moving all phase with a leader gets 1 extra MF"
    when unit.leader and unit.kind == hero: 1
}

example [H1] "a hero with a leader" {
  unit { kind: hero, leader: true }
  path { terrain: open-ground }
  expect allowance = 7
}
`;

const SCENARIO = {
  name: "squad with a leader climbs into woods",
  unit: { kind: "squad", leader: true },
  path: [{ terrain: "open-ground" }, { terrain: "woods", uphill: true }],
};

/** The toolchain's strict consumer: the library, its Node entry, a rules module and the runtime. */
const CONSUMER = `import { evaluate, type ScenarioInput } from "variorum/rules/sl-classic";
import { InputError } from "variorum/runtime";
import { evaluateScenario, InputError as LibraryInputError, loadRuleset } from "variorum";
import { bundledHost } from "variorum/node";
import { evaluate as compiled } from "./gen/sl-classic.js";

const input: ScenarioInput = ${JSON.stringify({ unit: SCENARIO.unit, path: SCENARIO.path })};
const sl = loadRuleset("sl-classic", bundledHost());
const engine = sl.ir === null ? null : evaluateScenario({ rulesets: [sl.ir], scenario: input });
let misspelt: string | null = null;
try {
  evaluate({ unit: { kind: "sqaud" }, path: [] } as unknown as ScenarioInput);
} catch (e) {
  if (e instanceof InputError && e instanceof LibraryInputError) misspelt = \`\${e.code} \${e.field}\`;
}
console.log(JSON.stringify({ module: evaluate(input), compiled: compiled(input), engine: engine?.value?.answers[0]?.result ?? null, misspelt }));
`;

/** The game aid's strict consumer: the light package alone. */
const AID = `import { evaluate, reach } from "variorum-rules/rules/sl-classic";
import { buildGraph, checkMap, InputError, type MapJson } from "variorum-rules/runtime";
import crossroads from "variorum-rules/maps/crossroads";
import slText from "variorum-rules/rulesets/sl-classic";

const map: MapJson = crossroads;
const move = evaluate(${JSON.stringify({ unit: SCENARIO.unit, path: SCENARIO.path })});
const answer = reach(buildGraph(map), { kind: "squad" }, "B3");
const reached = answer.cost.filter((c) => !Number.isNaN(c)).length;
const bad = checkMap({ ...map, levels: { Z99: 1 } });
let thrown = "";
try {
  buildGraph({ name: "bad" } as unknown as MapJson);
} catch (e) {
  if (e instanceof InputError) thrown = \`\${e.code} \${e.field}\`;
}
console.log(JSON.stringify({ move, reached, issues: bad.issues.map((i) => i.path), thrown, header: /^ruleset sl-classic /m.test(slText) }));
`;

/**
 * A consumer's strictest settings, as tsconfig.consumer.json holds them (test/emit/consumer.test.ts
 * holds that it does), for a project of the consumer's own: its default libs (it logs to the
 * console), emitting to out/. Every .d.ts of the installed packages is checked under these settings;
 * TypeScript's own lib files (lib.dom.d.ts among them, ≈ 2 s of CPU per program) are not under test.
 */
const STRICT = (() => {
  const { config } = ts.readConfigFile(join(ROOT, "tsconfig.consumer.json"), ts.sys.readFile);
  const {
    lib: _lib,
    noEmit: _noEmit,
    ...strictest
  } = (config as { compilerOptions: Record<string, unknown> }).compilerOptions;
  return {
    compilerOptions: { ...strictest, skipDefaultLibCheck: true, outDir: "out" },
    files: ["consumer.ts"],
  };
})();

let dir = "";
let project = "";
let aid = "";
const times: Record<string, number> = {};
/** Sizes the report and docs/install.md quote (bytes). */
const sizes: Record<string, number> = {};
let browser: Browser | undefined;

async function timed<T>(name: string, f: () => Promise<T>): Promise<T> {
  const t = performance.now();
  const r = await f();
  times[name] = Math.round(performance.now() - t);
  return r;
}

/** The package's name and version, as `npm pack` names its tarball. */
const PKG = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  name: string;
  version: string;
};
let tarball = "";
let rulesTarball = "";

/** An empty project of npm's, with the tarballs installed as a user does; npm's stderr. */
async function installInto(
  name: string,
  tarballs: string[],
): Promise<{ path: string; stderr: string }> {
  const path = join(dir, name);
  mkdirSync(path);
  writeFileSync(
    join(path, "package.json"),
    JSON.stringify({ name, private: true, type: "module" }),
  );
  const installed = await timed(`install ${name}`, () =>
    run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", ...tarballs], path),
  );
  expect(installed.stderr.match(/npm error.*/g) ?? []).toEqual([]);
  expect(installed.code).toBe(0);
  return { path, stderr: installed.stderr };
}

/** Every file under `p` and its size in bytes, summed (what an install puts on the disk). */
function bytesUnder(p: string): number {
  let n = 0;
  for (const e of readdirSync(p, { withFileTypes: true })) {
    const q = join(p, e.name);
    n += e.isDirectory() ? bytesUnder(q) : statSync(q).size;
  }
  return n;
}

let installStderr: string[] = [];
/** The prefix both tarballs are installed into globally (`npm install -g --prefix`). */
let prefix = "";

/** Both tarballs installed globally into a prefix of their own, as `npm install -g` does. */
async function installGlobally(): Promise<void> {
  prefix = join(dir, "global");
  const installed = await timed("global install", () =>
    run(
      "npm",
      [
        "install",
        "-g",
        "--prefix",
        prefix,
        "--prefer-offline",
        "--no-audit",
        "--no-fund",
        rulesTarball,
        tarball,
      ],
      dir,
    ),
  );
  expect(installed.stderr.match(/npm error.*/g) ?? []).toEqual([]);
  expect(installed.code).toBe(0);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "variorum-pkg-"));
  // The current build, packed: the processes project's global setup (test/build-setup.ts) made dist/
  // fresh (tsc, the CLI's bundle), and the studio page is made fresh here with the studio tests' own
  // helper. `--no-build` packs it as it is: the package is what the sources build, not a second build.
  assertFreshBuild();
  await buildStudioPage();
  const out = join(dir, "packages");
  const packed = await timed("pack", () =>
    run(process.execPath, [join(ROOT, "scripts", "pack.mjs"), out, "--no-build"], ROOT),
  );
  expect(packed.stderr.match(/npm error.*/g) ?? []).toEqual([]);
  expect(packed.code).toBe(0);
  tarball = join(out, `${PKG.name}-${PKG.version}.tgz`);
  rulesTarball = join(out, `variorum-rules-${PKG.version}.tgz`);
  expect(readdirSync(out).sort()).toEqual([basename(rulesTarball), basename(tarball)].sort());
  // The three installs at once (npm's cache is safe to share): each waits mostly on npm, not a core.
  const [light, full] = await Promise.all([
    installInto("aid", [rulesTarball]),
    installInto("project", [rulesTarball, tarball]),
    installGlobally(),
  ]);
  aid = light.path;
  project = full.path;
  installStderr = [light.stderr, full.stderr];
  writeFileSync(join(project, "scenario.json"), JSON.stringify(SCENARIO));
  sizes["variorum-rules installed"] = bytesUnder(join(aid, "node_modules"));
  sizes["variorum + variorum-rules installed"] = bytesUnder(join(project, "node_modules"));
  browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: [...CHROMIUM_ARGS],
  });
  // The installs (and the studio page, when stale) take minutes on a loaded 2-core machine: longer
  // than the processes project's hook timeout.
}, 900_000);

afterAll(async () => {
  // The figures the report quotes: the pack, the installs (ms), the sizes (bytes).
  console.log(`package test: ${JSON.stringify({ times, sizes })}`);
  if (browser !== undefined) await browser.close();
  if (dir !== "") rmSync(dir, { recursive: true, force: true });
});

/** Whether any process of the group `pgid` is still running (signal 0 only asks). */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

const npx = (args: string[]): Promise<Run> =>
  run("npx", ["--no-install", "variorum", ...args], project);
/** The command npm linked into the project (what `npx variorum` runs, found in the test of `npx`). */
const installedBin = (): string => join(project, "node_modules", ".bin", "variorum");
const variorum = (args: string[]): Promise<Run> => run(installedBin(), args, project);

let evalled: Promise<unknown> | undefined;
/**
 * What the installed CLI answers for the scenario (`variorum eval sl-classic scenario.json --json`,
 * its first result): asked once, the answer every consumer below is held to.
 */
function cliAnswer(): Promise<unknown> {
  evalled ??= variorum(["eval", "sl-classic", "scenario.json", "--json"]).then((cli) => {
    expect(cli.stderr).toBe("");
    expect(cli.code).toBe(0);
    return (JSON.parse(cli.stdout) as { results: unknown[] }).results[0];
  });
  return evalled;
}

let consumers: Promise<{ compiled: Run; tsc: Run }> | undefined;
/**
 * Both strict consumers written and type-checked at once: the toolchain user's, beside the modules
 * `variorum compile sl-classic --out gen` writes (which it imports), and the game aid's. One
 * `tsc -b aid project` with the checkout's TypeScript: two programs, each consumer checked alone
 * against its own install under the strict settings, that parse TypeScript's lib files once.
 */
function strictConsumers(): Promise<{ compiled: Run; tsc: Run }> {
  consumers ??= (async () => {
    const compiled = await variorum(["compile", "sl-classic", "--out", "gen"]);
    writeFileSync(join(project, "consumer.ts"), CONSUMER);
    writeFileSync(
      join(project, "tsconfig.json"),
      JSON.stringify({ ...STRICT, files: ["consumer.ts", "gen/sl-classic.ts"] }),
    );
    writeFileSync(join(aid, "consumer.ts"), AID);
    writeFileSync(join(aid, "tsconfig.json"), JSON.stringify(STRICT));
    const tsc = await timed("tsc", () =>
      run(
        process.execPath,
        [
          join(ROOT, "node_modules", "typescript", "bin", "tsc"),
          "-b",
          basename(aid),
          basename(project),
        ],
        dir,
      ),
    );
    return { compiled, tsc };
  })();
  return consumers;
}

/**
 * A page's script bundled twice from a project, as a user's build would — esbuild with
 * `--platform=browser` and Vite — each served and opened in Chromium, which must run it without an
 * error; the script leaves its answer as JSON in `body[data-answer]`. Returns both answers, and
 * records each bundle's size, gzipped.
 */
async function bundleAndRun(cwd: string, name: string, script: string): Promise<unknown[]> {
  const site = join(cwd, `site-${name}`);
  mkdirSync(join(site, "src"), { recursive: true });
  writeFileSync(join(site, "src", "main.js"), script);
  const html = (src: string) =>
    `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"></head><body><script type="module" src="${src}"></script></body></html>`;
  writeFileSync(join(site, "index.html"), html("./src/main.js"));
  // esbuild, as `esbuild src/main.js --bundle --platform=browser --format=esm --minify` would.
  const esb = join(site, "esbuild");
  mkdirSync(esb);
  const built = await esbuild({
    entryPoints: [join(site, "src", "main.js")],
    bundle: true,
    platform: "browser",
    format: "esm",
    minify: true,
    outfile: join(esb, "main.js"),
    absWorkingDir: cwd,
    logLevel: "silent",
  });
  expect(built.errors).toEqual([]);
  expect(built.warnings).toEqual([]);
  writeFileSync(join(esb, "index.html"), html("./main.js"));
  sizes[`${name} esbuild gzip`] = gzipSync(readFileSync(join(esb, "main.js"))).length;
  // Vite, with no configuration of its own beyond the page's folder.
  const warnings: string[] = [];
  await viteBuild({
    root: site,
    base: "./",
    configFile: false,
    logLevel: "silent",
    customLogger: {
      info: () => {},
      warn: (m) => warnings.push(m),
      warnOnce: (m) => warnings.push(m),
      error: (m) => warnings.push(m),
      clearScreen: () => {},
      hasErrorLogged: () => false,
      hasWarned: false,
    },
    build: { outDir: join(site, "vite"), emptyOutDir: true, chunkSizeWarningLimit: 10_000 },
  });
  expect(warnings).toEqual([]);
  const assets = join(site, "vite", "assets");
  sizes[`${name} vite gzip`] = readdirSync(assets)
    .filter((f) => f.endsWith(".js"))
    .reduce((n, f) => n + gzipSync(readFileSync(join(assets, f))).length, 0);
  const answers: unknown[] = [];
  for (const out of [esb, join(site, "vite")]) {
    const server: Server = createServer(sirv(out, { dev: true }));
    await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
    try {
      const tab = await browser!.newPage();
      const errors: string[] = [];
      tab.on("pageerror", (e) => errors.push(e.message));
      tab.on("console", (m) => {
        if (m.type() === "error") errors.push(m.text());
      });
      await tab.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      await tab.waitForSelector("body[data-answer]", { state: "attached" });
      expect(errors).toEqual([]);
      answers.push(JSON.parse((await tab.getAttribute("body", "data-answer"))!));
      await tab.close();
    } finally {
      await new Promise((ok) => server.close(ok));
    }
  }
  return answers;
}

describe("the installed package", () => {
  it("runs through npx, and prints its version", async () => {
    const r = await npx(["--version"]);
    expect(r.stdout).toBe(`${PKG.version}\n`);
    expect(r.code).toBe(0);
  });

  it("runs the CLI over the bundled rulesets and templates", async () => {
    const r = await variorum(["diff", "sl-classic", "asl-a4", "--format", "html"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^<!DOCTYPE html>/);
    expect(r.stdout).toContain("Advanced Squad Leader, chapter A4");
  });

  it("checks and tests a house rule in the user's folder that extends a bundled ruleset", async () => {
    writeFileSync(join(project, "my-house.rules"), HOUSE);
    const check = await variorum(["check", "my-house.rules"]);
    expect(check.stdout).toContain("0 errors");
    expect(check.code).toBe(0);
    const test = await variorum(["test", "my-house.rules"]);
    expect(test.stdout.trim().split("\n").at(-1)).toBe("1 passed, 0 failed");
    expect(test.code).toBe(0);
  });

  it("serves the studio page it ships", async () => {
    // The server gets a process group of its own, and the whole group is stopped (when it ran under
    // npx, which runs it through a shell of its own and passes no signal on, a lone SIGINT left one
    // studio server running after every test run).
    const child = spawn(installedBin(), ["studio", "--no-open", "--port", "0"], {
      cwd: project,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    const exited = new Promise<void>((done) => child.on("exit", () => done()));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let text = "";
        child.stdout.on("data", (b: Buffer) => {
          text += b.toString("utf8");
          const m = /http:\/\/127\.0\.0\.1:\d+\//.exec(text);
          if (m) resolve(m[0]);
        });
        child.on("close", (code) => reject(new Error(`studio exited ${code}: ${text}`)));
      });
      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("<html");
    } finally {
      process.kill(-child.pid!, "SIGINT");
      await exited;
      // The server may still be closing when the command has exited: nothing of the group outlives
      // the test.
      if (groupAlive(child.pid!)) process.kill(-child.pid!, "SIGKILL");
    }
  });

  it("compiles a ruleset with --out into modules importing variorum-rules/runtime, and gives a strict TypeScript consumer them, the library and the rules modules, answering as eval --json does", async () => {
    const { compiled, tsc } = await strictConsumers();
    expect(compiled.code).toBe(0);
    const module = readFileSync(join(project, "gen", "sl-classic.ts"), "utf8");
    expect(module).toContain('from "variorum-rules/runtime";');
    expect(module).not.toContain("../runtime/index.js");
    expect(tsc.stdout).toBe("");
    expect(tsc.code).toBe(0);
    const r = await run(process.execPath, ["out/consumer.js"], project);
    expect(r.stderr).toBe("");
    const got = JSON.parse(r.stdout) as {
      module: unknown;
      compiled: unknown;
      engine: unknown;
      misspelt: string | null;
    };
    const expected = await cliAnswer();
    expect(got.module).toEqual(expected);
    expect(got.compiled).toEqual(expected);
    // One runtime in the install: the rules module's InputError is the library's.
    expect(got.misspelt).toBe("V0903 unit.kind");
    expect(existsSync(join(project, "node_modules", "variorum", "dist", "runtime"))).toBe(false);
  });

  it("bundles the library's main entry for a browser (esbuild --platform=browser, Vite): it checks a ruleset's text and evaluates a scenario in Chromium", async () => {
    const page = `import { check, evaluateScenario } from "variorum";
import slText from "variorum-rules/rulesets/sl-classic";
const sl = check(slText, { path: "sl-classic.rules" });
const r = sl.ir === null ? null : evaluateScenario({ rulesets: [sl.ir], scenario: ${JSON.stringify({ unit: SCENARIO.unit, path: SCENARIO.path })} });
const house = check("ruleset h \\"H\\" extends sl-classic\\nrule x [H1] \\"x\\": MF = leader-bonsu\\n", { path: "h.rules", bases: { "sl-classic": slText } });
document.body.dataset["answer"] = JSON.stringify({ errors: sl.diagnostics.filter((d) => d.severity === "error").length, result: r?.value?.answers[0]?.result ?? null, house: house.diagnostics.map((d) => d.code) });
`;
    const answers = await bundleAndRun(project, "library", page);
    const expected = await cliAnswer();
    // The engine's move result is what `eval --json` prints, which adds the predicates' answers.
    for (const a of answers) {
      const got = a as { errors: number; result: Record<string, unknown>; house: string[] };
      expect([got.errors, got.house]).toEqual([0, ["V0201"]]);
      expect(expected).toMatchObject(got.result);
      expect(Object.keys(got.result).length).toBeGreaterThan(5);
    }
  });
});

describe("the light package installed alone (a game aid)", () => {
  it("installs one package, with no install-time script and no warning", () => {
    expect(readdirSync(join(aid, "node_modules")).filter((n) => !n.startsWith("."))).toEqual([
      "variorum-rules",
    ]);
    const manifest = JSON.parse(
      readFileSync(join(aid, "node_modules", "variorum-rules", "package.json"), "utf8"),
    ) as Record<string, unknown>;
    expect(manifest["dependencies"]).toBeUndefined();
    expect(manifest["scripts"]).toBeUndefined();
    for (const stderr of installStderr) expect(stderr.match(/npm warn.*/gi) ?? []).toEqual([]);
    // Each rules module's size, gzipped: what a page loads (docs/install.md quotes them).
    const rules = join(aid, "node_modules", "variorum-rules", "rules");
    for (const f of readdirSync(rules).filter((n) => n.endsWith(".js")))
      sizes[`rules/${f} gzip`] = gzipSync(readFileSync(join(rules, f))).length;
  });

  it("gives a strict TypeScript consumer the rules module, the runtime, a bundled map typed MapJson and a ruleset's text", async () => {
    const { tsc } = await strictConsumers();
    expect(tsc.stdout).toBe("");
    expect(tsc.code).toBe(0);
    const r = await run(process.execPath, ["out/consumer.js"], aid);
    expect(r.stderr).toBe("");
    const got = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(got["move"]).toEqual(await cliAnswer());
    expect(got["reached"]).toBeGreaterThan(10);
    expect(got["issues"]).toEqual(["levels.Z99"]);
    expect(got["thrown"]).toBe("V1003 columns");
    expect(got["header"]).toBe(true);
  });

  it("bundles for a browser (esbuild --platform=browser, Vite) and runs in Chromium, each bundle's size measured", async () => {
    const page = `import { evaluate, reach } from "variorum-rules/rules/sl-classic";
import { buildGraph, checkMap } from "variorum-rules/runtime";
import crossroads from "variorum-rules/maps/crossroads";
const checked = checkMap(crossroads);
const answer = checked.map === null ? null : reach(buildGraph(checked.map), { kind: "squad" }, "B3");
document.body.dataset["answer"] = JSON.stringify({
  move: evaluate(${JSON.stringify({ unit: SCENARIO.unit, path: SCENARIO.path })}),
  reached: answer === null ? 0 : answer.cost.filter((c) => !Number.isNaN(c)).length,
});
`;
    const answers = await bundleAndRun(aid, "aid", page);
    const expected = await cliAnswer();
    for (const a of answers) {
      expect((a as { move: unknown }).move).toEqual(expected);
      expect((a as { reached: number }).reached).toBeGreaterThan(10);
    }
  });
});

describe("examples/game-aid, copied into the game aid's project", () => {
  it("builds with its own Vite config against the installed light package, and runs in Chromium", async () => {
    const example = join(aid, "game-aid");
    for (const f of ["index.html", "src", "vite.config.ts"])
      cpSync(join(ROOT, "examples", "game-aid", f), join(example, f), { recursive: true });
    // The config imports only Vite's types (erased); everything else resolves from node_modules.
    await viteBuild({ root: example, configFile: join(example, "vite.config.ts") });
    const server: Server = createServer(sirv(join(example, "dist"), { dev: true }));
    await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
    try {
      const tab = await browser!.newPage();
      const errors: string[] = [];
      tab.on("pageerror", (e) => errors.push(e.message));
      await tab.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      await tab.waitForSelector("body[data-ready=true]", { state: "attached" });
      expect(errors).toEqual([]);
      const expected = (await cliAnswer()) as { allowance: number };
      expect(await tab.textContent("#allowance")).toBe(String(expected.allowance));
      expect(await tab.$$eval("polygon.reached", (ps) => ps.length)).toBeGreaterThan(10);
      await tab.close();
    } finally {
      await new Promise((ok) => server.close(ok));
    }
  });
});

describe("the package installed globally (npm install -g --prefix)", () => {
  it("serves an editor with `PREFIX/bin/variorum lsp --stdio` from an unrelated, empty folder", async () => {
    // Installed by the file's beforeAll (installGlobally), beside the two projects.
    const elsewhere = join(dir, "elsewhere");
    mkdirSync(elsewhere);
    // The command npm linked into the prefix's bin/, run from a folder with no package.json and no
    // node_modules: the server finds its bundled rulesets inside the installed package.
    const client = new LspClient(elsewhere, [join(prefix, "bin", "variorum"), "lsp", "--stdio"]);
    try {
      const init = await client.initialize();
      expect(init.capabilities).toHaveProperty("definitionProvider", true);
      const text = `ruleset my-house "A house rule"\n  extends sl-classic\n\nrule extra [H1] "x": MF = leader-bonsu\n`;
      const uri = pathToFileURL(join(elsewhere, "my-house.rules")).href;
      const first = client.diagnostics(uri, 1);
      await client.open(uri, text, 1);
      expect((await first).diagnostics.map((x) => [x.code, x.message])).toEqual([
        ["V0201", "unknown name leader-bonsu\ndid you mean leader-bonus?"],
      ]);
      const def = await client.request<{ uri: string } | null>("textDocument/definition", {
        textDocument: { uri },
        position: { line: 1, character: 12 },
      });
      expect(def?.uri).toBe(
        pathToFileURL(join(prefix, "lib", "node_modules", PKG.name, "rulesets", "sl-classic.rules"))
          .href,
      );
      expect(await client.stop()).toBe(0);
      expect(client.stderr).toBe("");
    } finally {
      if (client.proc.exitCode === null) client.proc.kill();
    }
  });
});
