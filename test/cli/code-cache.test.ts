/**
 * bin/load.js: the CLI's bundle compiled with the code cache of the command being run. Which caches a
 * run may use, and that a cache is read only for the build it was made for, never breaks a run when
 * V8 refuses it, and is used when V8 takes it. Over a small bundle of its own in a temporary copy of
 * the entry (the package's own caches: test/cli/code-cache-built.test.ts).
 */
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { bundleBuild, cacheNames, flagsKey } from "../../bin/load.js";

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

describe("the digest of the user's flags", () => {
  it("is the same for the same flags, and another for others", () => {
    expect(flagsKey([], undefined, true)).toBe(flagsKey([], "", true));
    expect(flagsKey([], undefined, true)).toMatch(/^[0-9a-f]{8}$/);
    const others = [
      flagsKey(["--max-old-space-size=4000"], undefined, true),
      flagsKey([], "--max-old-space-size=4000", true),
      flagsKey([], undefined, false),
    ];
    expect(new Set([flagsKey([], undefined, true), ...others]).size).toBe(4);
  });
});

describe("a bundle's build", () => {
  it("is read from its first line", () => {
    expect(bundleBuild('// variorum build 0123abcd\n"use strict";')).toBe("0123abcd");
    expect(bundleBuild('"use strict";\n// variorum build 0123abcd\n')).toBeNull();
  });
});

describe("loading the bundle", async () => {
  const dir = mkdtempSync(join(tmpdir(), "variorum-code-cache-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  // A package of its own: the entry's loader, and a bundle of build aaaa.
  mkdirSync(join(dir, "bin"));
  copyFileSync(join(ROOT, "bin", "load.js"), join(dir, "bin", "load.js"));
  writeFileSync(join(dir, "package.json"), '{ "type": "module" }');
  mkdirSync(join(dir, "dist", "cli", "code-cache"), { recursive: true });
  const users = join(dir, "user-cache");
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
  // The copy's loader: its bundle and caches are the copy's.
  const { loadCli, cacheFile } = (await import(
    pathToFileURL(join(dir, "bin", "load.js")).href
  )) as typeof import("../../bin/load.js");
  const v8 = process.versions.v8;
  const cache = (name: string, build: string, data: Buffer | string, of = v8) =>
    writeFileSync(cacheFile(name, build, of), data);
  const answer = (cli: Record<string, unknown>, x: number) =>
    (cli.answer as (x: number) => string)(x);

  it("with no cache of the bundle's build, or of this V8: compiled as usual", async () => {
    const k = bundle();
    cache("diff", "bbbb", "not a cache of this build");
    cache("diff", "aaaa", "a cache of another V8", "1.2.3");
    const r = await loadCli(["diff", "start"]);
    expect(r.build).toBe("aaaa");
    expect(r.cache).toBe("none");
    expect(answer(r.cli, 3)).toBe(`${k},3`);
  });

  it("a cache V8 refuses: compiled as usual, the same module", async () => {
    const k = bundle();
    cache("check", "aaaa", Buffer.from("garbage, not V8's"));
    const r = await loadCli(["check", "start"], { user: () => Promise.resolve(users), key: "k0" });
    expect(r.cache).toBe("rejected");
    expect(r.from).toBe("package");
    expect(answer(r.cli, 5)).toBe(`${k},5`);
    // The next run would read the package's again first: nothing of the user's is kept.
    await r.keep();
    expect(existsSync(join(users, "aaaa", `code-check-${v8}-k0.bin`))).toBe(false);
  });

  it("the command's own cache first, else `start`'s; none when turned off", async () => {
    bundle();
    cache("start", "aaaa", Buffer.from("garbage too"));
    // No `eval` cache: `start`'s is read (and refused).
    const r = await loadCli(["eval", "start"]);
    expect([r.name, r.cache]).toEqual(["start", "rejected"]);
    bundle();
    expect((await loadCli([])).cache).toBe("none");
  });

  it("where the package has none for this V8, a run keeps its own in the user's folder for the next", async () => {
    const k = bundle();
    let asked = 0;
    const where = {
      user: () => {
        asked++;
        return Promise.resolve(users);
      },
      key: "k1",
    };
    const first = await loadCli(["coverage"], where);
    expect([first.cache, first.from]).toEqual(["none", null]);
    expect(answer(first.cli, 1)).toBe(`${k},1`);
    await first.keep();
    expect(readdirSync(join(users, "aaaa"))).toEqual([`code-coverage-${v8}-k1.bin`]);
    const next = await loadCli(["coverage"], where);
    expect([next.name, next.from]).toEqual(["coverage", "user"]);
    expect(answer(next.cli, 2)).toBe(`${k},2`);
    // Another setting of the flags (`key`) has a file of its own.
    expect((await loadCli(["coverage"], { ...where, key: "k2" })).from).toBeNull();
    // Where the package has one, the user's folder is not even asked for.
    cache("list", "aaaa", Buffer.from("garbage"));
    asked = 0;
    expect((await loadCli(["list"], where)).from).toBe("package");
    expect(asked).toBe(0);
  });

  it("under flags of the user's, the user's cache first; a used cache is not written again", async () => {
    bundle();
    cache("reach", "aaaa", Buffer.from("garbage: the package's"));
    mkdirSync(join(users, "aaaa"), { recursive: true });
    const mine = join(users, "aaaa", `code-reach-${v8}-k3.bin`);
    writeFileSync(mine, "the user's");
    const where = { user: () => Promise.resolve(users), key: "k3", plain: false };
    const r = await loadCli(["reach"], where);
    expect([r.from, r.cache]).toEqual(["user", "rejected"]);
    // Refused: kept anew, from this run.
    await r.keep();
    expect(readFileSync(mine).toString()).not.toBe("the user's");
  });

  it("no user folder (caching off, VARIORUM_NO_CACHE): nothing kept", async () => {
    bundle();
    const r = await loadCli(["explain"], { user: () => Promise.resolve(null), key: "k4" });
    await r.keep();
    expect(readdirSync(join(users, "aaaa")).some((f) => f.includes("explain"))).toBe(false);
  });
});
