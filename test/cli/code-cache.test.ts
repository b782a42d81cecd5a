/**
 * bin/load.js: the CLI's bundle compiled with the code cache of the command being run. Which caches a
 * run may use, and that a cache is read only for the build it was made for, never breaks a run when
 * V8 refuses it, and is used when V8 takes it. Over a small bundle of its own in a temporary copy of
 * the entry (the package's own caches: test/cli/code-cache-built.test.ts).
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { bundleBuild, cacheNames } from "../../bin/load.js";

const ROOT = join(import.meta.dirname, "..", "..");

describe("which code caches a run may use", () => {
  const cases: [string, string[], boolean, NodeJS.ProcessEnv, string[]][] = [
    [
      "a command: its own, then the one of every other run",
      ["diff", "a", "b"],
      true,
      {},
      ["diff", "start"],
    ],
    ["options before the command", ["--no-color", "check"], true, {}, ["check", "start"]],
    ["no command (help, the version)", ["--version"], true, {}, ["start"]],
    ["a server, which keeps V8's budget", ["lsp", "--stdio"], false, {}, ["serve"]],
    ["not a command's name", ["../../x"], true, {}, ["start"]],
    ["a name of a cache that is not a command's", ["serve"], true, {}, ["start"]],
    ["turned off", ["diff"], true, { VARIORUM_NO_CODE_CACHE: "1" }, []],
  ];
  for (const [what, args, raises, env, names] of cases)
    it(what, () => expect(cacheNames(args, raises, env)).toEqual(names));
});

describe("a bundle's build", () => {
  it("is read from its first line", () => {
    expect(bundleBuild('// variorum build 0123abcd\n"use strict";')).toBe("0123abcd");
    expect(bundleBuild('"use strict";\n// variorum build 0123abcd\n')).toBeNull();
  });
});

describe("loading the bundle", () => {
  const dir = mkdtempSync(join(tmpdir(), "variorum-code-cache-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  // A package of its own: the entry's loader, and a bundle of build aaaa.
  mkdirSync(join(dir, "bin"));
  copyFileSync(join(ROOT, "bin", "load.js"), join(dir, "bin", "load.js"));
  writeFileSync(join(dir, "package.json"), '{ "type": "module" }');
  mkdirSync(join(dir, "dist", "cli", "code-cache"), { recursive: true });
  // Each case compiles a source of its own: V8 keeps a script it compiled, and compiling the same
  // source again in this process takes that instead of reading a cache.
  let n = 0;
  const bundle = () => {
    n++;
    writeFileSync(
      join(dir, "dist", "cli", "main.cjs"),
      `// variorum build aaaa\n"use strict";\nexports.answer = function answer(x) { return [${n}, x].join(","); };\n`,
    );
    return n;
  };
  const load = async () =>
    (await import(
      pathToFileURL(join(dir, "bin", "load.js")).href
    )) as typeof import("../../bin/load.js");
  const cache = (name: string, build: string, data: Buffer | string) =>
    writeFileSync(join(dir, "dist", "cli", "code-cache", `${name}-${build}.bin`), data);
  const answer = (cli: Record<string, unknown>, x: number) =>
    (cli.answer as (x: number) => string)(x);

  it("with no cache of the bundle's build: compiled as usual", async () => {
    const { loadCli } = await load();
    const k = bundle();
    cache("diff", "bbbb", "not a cache of this build");
    const r = loadCli(["diff", "start"]);
    expect(r.build).toBe("aaaa");
    expect(r.cache).toBe("none");
    expect(answer(r.cli, 3)).toBe(`${k},3`);
  });

  it("a cache V8 refuses: compiled as usual, the same module", async () => {
    const { loadCli } = await load();
    const k = bundle();
    cache("check", "aaaa", Buffer.from("garbage, not V8's"));
    const r = loadCli(["check", "start"]);
    expect(r.cache).toBe("rejected");
    expect(answer(r.cli, 5)).toBe(`${k},5`);
  });

  it("the command's own cache first, else `start`'s; none when turned off", async () => {
    const { loadCli } = await load();
    bundle();
    cache("start", "aaaa", Buffer.from("garbage too"));
    // No `eval` cache: `start`'s is read (and refused).
    expect(loadCli(["eval", "start"]).cache).toBe("rejected");
    bundle();
    expect(loadCli([]).cache).toBe("none");
  });
});
