/**
 * The package as a user gets it: `npm pack`, then `npm install ./variorum-*.tgz` into an empty
 * project, and there the CLI (`npx variorum`: bundled rulesets, templates and the studio page found
 * inside the package; a house rule beside the user's files extending a bundled one), `--version`, the
 * library (`import … from "variorum"`) and a rules module (`variorum/rules/sl-classic`), also compiled
 * by a strict TypeScript consumer with `skipLibCheck` off.
 *
 * One pack and one install for the whole file. The pack is `npm pack` as a user or CI runs it, so
 * `prepack` (scripts/build.mjs) builds the package itself: from a clean copy of the sources (the files
 * git tracks, as they are in the worktree, without dist/) in a temporary folder, with the checkout's
 * node_modules linked in. The same tarball is also installed globally into a temporary prefix, whose
 * `bin/variorum lsp --stdio` serves an editor from an unrelated, empty folder. The installs prefer
 * npm's cache (`--prefer-offline`), which the checkout's own `npm ci` filled.
 */
import { spawn } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LspClient } from "../../bench/lsp-client.js";
import { ROOT, type Run } from "../cli/run.js";

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

const CONSUMER = `import { evaluate, type ScenarioInput } from "variorum/rules/sl-classic";
import { InputError } from "variorum/runtime";
import { bundledHost, evaluateScenario, loadRuleset } from "variorum";

const input: ScenarioInput = ${JSON.stringify({ unit: SCENARIO.unit, path: SCENARIO.path })};
const sl = loadRuleset("sl-classic", bundledHost());
const engine = sl.ir === null ? null : evaluateScenario({ rulesets: [sl.ir], text: JSON.stringify(input), file: "s.json" });
let misspelt: string | null = null;
try {
  evaluate({ unit: { kind: "sqaud" }, path: [] } as unknown as ScenarioInput);
} catch (e) {
  if (e instanceof InputError) misspelt = \`\${e.code} \${e.field}\`;
}
console.log(JSON.stringify({ module: evaluate(input), engine: engine?.value?.answers[0]?.result ?? null, misspelt }));
`;

const STRICT = {
  compilerOptions: {
    target: "ES2022",
    module: "NodeNext",
    moduleResolution: "NodeNext",
    strict: true,
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: true,
    noUnusedLocals: true,
    noUnusedParameters: true,
    verbatimModuleSyntax: true,
    erasableSyntaxOnly: true,
    skipLibCheck: false,
    types: [],
    outDir: "out",
  },
  files: ["consumer.ts"],
};

let dir = "";
let project = "";
const times: Record<string, number> = {};

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

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "variorum-pkg-"));
  // A clean copy of the sources: what git tracks (with the worktree's edits), no dist/, no build.
  const src = join(dir, "src");
  const listed = await run("git", ["ls-files", "-z"], ROOT);
  expect(listed.code).toBe(0);
  for (const f of listed.stdout.split("\0").filter((x) => x !== "")) {
    if (!existsSync(join(ROOT, f))) continue; // deleted in the worktree, not yet committed
    mkdirSync(dirname(join(src, f)), { recursive: true });
    cpSync(join(ROOT, f), join(src, f));
  }
  expect(existsSync(join(src, "dist"))).toBe(false);
  symlinkSync(realpathSync(join(ROOT, "node_modules")), join(src, "node_modules"), "dir");
  const packed = await timed("pack", () => run("npm", ["pack", "--pack-destination", dir], src));
  expect(packed.stderr.match(/npm error.*/g) ?? []).toEqual([]);
  expect(packed.code).toBe(0);
  // prepack built it: the compiler with its declarations, then the studio page.
  expect(packed.stdout).toContain("build: tsc -p tsconfig.build.json");
  expect(packed.stdout).toContain("build: vite build");
  tarball = join(dir, `${PKG.name}-${PKG.version}.tgz`);
  expect(existsSync(tarball)).toBe(true);
  project = join(dir, "project");
  mkdirSync(project);
  writeFileSync(
    join(project, "package.json"),
    JSON.stringify({ name: "consumer", private: true, type: "module" }),
  );
  const installed = await timed("install", () =>
    run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", tarball], project),
  );
  expect(installed.stderr.match(/npm error.*/g) ?? []).toEqual([]);
  expect(installed.code).toBe(0);
  // The build prepack runs (tsc over the whole compiler, Vite over the studio) and the install take
  // minutes on a loaded 2-core machine: longer than the processes project's hook timeout.
}, 900_000);

afterAll(() => {
  // The figures the report quotes (ms): the pack, the install.
  console.log(`package test: ${JSON.stringify(times)}`);
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

describe("the installed package", () => {
  it("prints its version", async () => {
    const r = await npx(["--version"]);
    expect(r.stdout).toBe(`${PKG.version}\n`);
    expect(r.code).toBe(0);
  });

  it("runs the CLI over the bundled rulesets and templates", async () => {
    const r = await npx(["diff", "sl-classic", "asl-a4", "--format", "html"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^<!DOCTYPE html>/);
    expect(r.stdout).toContain("Advanced Squad Leader, chapter A4");
  });

  it("checks and tests a house rule in the user's folder that extends a bundled ruleset", async () => {
    writeFileSync(join(project, "my-house.rules"), HOUSE);
    const check = await npx(["check", "my-house.rules"]);
    expect(check.stdout).toContain("0 errors");
    expect(check.code).toBe(0);
    const test = await npx(["test", "my-house.rules"]);
    expect(test.stdout.trim().split("\n").at(-1)).toBe("1 passed, 0 failed");
    expect(test.code).toBe(0);
  });

  it("serves the studio page it ships", async () => {
    // npx runs the server through a shell of its own and does not pass a signal on to it: the server
    // gets a process group of its own, and the whole group is stopped (a lone SIGINT to npx left one
    // studio server running after every test run).
    const child = spawn("npx", ["--no-install", "variorum", "studio", "--no-open", "--port", "0"], {
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
      // The server may still be closing when npx has exited: nothing of the group outlives the test.
      if (groupAlive(child.pid!)) process.kill(-child.pid!, "SIGKILL");
    }
  });

  it("gives a strict TypeScript consumer the library and the rules module, answering as eval --json does", async () => {
    writeFileSync(join(project, "consumer.ts"), CONSUMER);
    writeFileSync(join(project, "tsconfig.json"), JSON.stringify(STRICT));
    const tsc = await timed("tsc", () =>
      run(
        process.execPath,
        [join(ROOT, "node_modules", "typescript", "bin", "tsc"), "-p", "."],
        project,
      ),
    );
    expect(tsc.stdout).toBe("");
    expect(tsc.code).toBe(0);
    const r = await run(process.execPath, ["out/consumer.js"], project);
    expect(r.stderr).toBe("");
    const got = JSON.parse(r.stdout) as {
      module: unknown;
      engine: unknown;
      misspelt: string | null;
    };
    writeFileSync(join(project, "scenario.json"), JSON.stringify(SCENARIO));
    const cli = await npx(["eval", "sl-classic", "scenario.json", "--json"]);
    expect(cli.code).toBe(0);
    const expected = (JSON.parse(cli.stdout) as { results: unknown[] }).results[0];
    expect(got.module).toEqual(expected);
    expect(got.misspelt).toBe("V0903 unit.kind");
  });
});

describe("the package installed globally (npm install -g --prefix)", () => {
  it("serves an editor with `PREFIX/bin/variorum lsp --stdio` from an unrelated, empty folder", async () => {
    const prefix = join(dir, "global");
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
          tarball,
        ],
        dir,
      ),
    );
    expect(installed.stderr.match(/npm error.*/g) ?? []).toEqual([]);
    expect(installed.code).toBe(0);
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
