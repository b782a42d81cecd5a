/**
 * Results built ahead and kept (issue: every command at the speed of the process):
 *
 * - the front end's results of the package's rulesets (compiler/node/front-cache.ts): what a command
 *   reads back is the IR the front end computes, for every bundled ruleset and house rule; an entry is
 *   used only by the build that wrote it, and only while every file it was built from reads the same;
 * - the diff's report cache (compiler/node/report-store.ts, through the engine's `ReportStore`): a
 *   report read back renders, in every format, exactly as the report computed; the CLI keeps a report
 *   and reads it back; a damaged entry is computed again.
 *
 * The CLI's bundle defines `__VARIORUM_BUILD__`; here the tests set it on `globalThis` (what the
 * modules' `typeof __VARIORUM_BUILD__` reads outside the bundle) and take it away after.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createColors } from "picocolors";
import { render } from "../../compiler/cli/diff.js";
import type { Ctx } from "../../compiler/cli/context.js";
import { loadRuleset, rulesetsIn } from "../../compiler/engine/index.js";
import { dict } from "../../compiler/util/dict.js";
import { buildReport } from "../../compiler/diff/report.js";
import { builtFronts, irText, readEntry, type Entry } from "../../compiler/node/front-cache.js";
import { writeBuiltFronts } from "../../compiler/node/front-cache-build.js";
import { nodeHost, rulesetFolders } from "../../compiler/node/host.js";
import { ROOT, variorum } from "../cli/run.js";

const g = globalThis as { __VARIORUM_BUILD__?: string };
afterEach(() => {
  delete g.__VARIORUM_BUILD__;
});

/** A copy of the package's rulesets under a temporary root (entries are written under its dist/). */
function tempRoot(): string {
  const root = mkdtempSync(join(tmpdir(), "variorum-built-"));
  cpSync(join(ROOT, "rulesets"), join(root, "rulesets"), { recursive: true });
  return root;
}

describe("the front end's built results", () => {
  it("give back, for every bundled ruleset and house rule, the IR the front end computes", () => {
    const root = tempRoot();
    try {
      g.__VARIORUM_BUILD__ = "build-a";
      const host = nodeHost(rulesetFolders(root));
      const ids = writeBuiltFronts(root, host);
      expect(ids.sort()).toEqual(
        rulesetsIn(host)
          .map((r) => r.id)
          .sort(),
      );
      const built = builtFronts(root)!;
      for (const found of rulesetsIn(host)) {
        const fresh = loadRuleset(found.file, host);
        const cached = loadRuleset(found.file, { ...host, built });
        expect(fresh.diagnostics).toEqual([]);
        expect(cached.diagnostics).toEqual([]);
        expect(cached.ir, found.id).toStrictEqual(fresh.ir);
        expect(cached.sources, found.id).toEqual(fresh.sources);
        expect(cached.ir).not.toBe(fresh.ir);
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("read back records without a prototype as such, whatever their names, nested anywhere", () => {
    // Names a ruleset may give a field: `__proto__` must stay an own key, never become a prototype.
    const inner = dict<unknown>([
      ["__proto__", dict([["b", 2]])],
      ["constructor", [dict([["c", { d: dict() }]])]],
      ["a", 1],
    ]);
    const entry = { build: "b", files: [], ir: { fields: inner, list: [inner, { e: inner }] } };
    const back = readEntry(irText(entry as unknown as Entry)) as unknown as typeof entry;
    // (vitest's toStrictEqual cannot compare records with an own `__proto__`: the text and the prototypes.)
    expect(Object.keys(back.ir.fields)).toEqual(["__proto__", "constructor", "a"]);
    expect(Object.getPrototypeOf(back.ir.fields)).toBe(null);
    expect(Object.getPrototypeOf(back.ir.fields["__proto__"])).toBe(null);
    expect(Object.getPrototypeOf(back.ir.list[0]!)).toBe(null);
    expect(Object.getPrototypeOf(back.ir.list[1]!)).toBe(Object.prototype);
    expect(Object.getPrototypeOf((back.ir.list[1] as { e: object }).e)).toBe(null);
    expect(irText(back as unknown as Entry)).toBe(irText(entry as unknown as Entry));
  });

  it("are not used by another build, nor once a file they were built from changes", () => {
    const root = tempRoot();
    try {
      g.__VARIORUM_BUILD__ = "build-a";
      const host = nodeHost(rulesetFolders(root));
      writeBuiltFronts(root, host);
      const sl = join(root, "rulesets", "sl-classic.rules");
      const house = join(root, "rulesets", "house", "sl-asl-portage.rules");
      const read = (f: string) => host.readFile(f);
      expect(builtFronts(root)!.lookup(sl, read)).not.toBeNull();
      expect(builtFronts(root)!.lookup(house, read)).not.toBeNull();

      g.__VARIORUM_BUILD__ = "build-b";
      expect(builtFronts(root)!.lookup(sl, read)).toBeNull();

      g.__VARIORUM_BUILD__ = "build-a";
      // A base edited: the house rule built over it is compiled afresh, and so is the base.
      writeFileSync(sl, readFileSync(sl, "utf8") + "\n# an edit\n");
      expect(builtFronts(root)!.lookup(sl, read)).toBeNull();
      expect(builtFronts(root)!.lookup(house, read)).toBeNull();
      // A file outside the package's folders is never looked up.
      expect(builtFronts(root)!.lookup(join(tmpdir(), "x.rules"), read)).toBeNull();
      delete g.__VARIORUM_BUILD__;
      expect(builtFronts(root)).toBeUndefined();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

const ctx = { root: ROOT, cOut: createColors(false) } as unknown as Ctx;
const ir = (id: string) => loadRuleset(id, nodeHost(rulesetFolders(ROOT))).ir!;

describe("the diff's report cache", () => {
  it("renders a report read back exactly as the report computed, in every format", async () => {
    const sets = [
      ["sl-classic", "asl-a4"],
      ["sl-classic", "sqla-31", "asl-a4", "tide-of-iron", "chain-of-command"],
      ["sl-classic", "sl-asl-portage"],
    ];
    for (const ids of sets) {
      const report = buildReport(ids.map(ir), {});
      const back = JSON.parse(JSON.stringify(report)) as typeof report;
      for (const format of ["text", "md", "html", "json"] as const)
        expect(await render(back, format, ctx, false), `${ids.join(" ")} ${format}`).toBe(
          await render(report, format, ctx, false),
        );
    }
  });

  it("is written by the CLI's diff, read back by the next, and recomputed when damaged", async () => {
    const dir = mkdtempSync(join(tmpdir(), "variorum-cache-"));
    try {
      g.__VARIORUM_BUILD__ = "build-a";
      const env = { VARIORUM_CACHE_DIR: dir, VARIORUM_NO_CACHE: undefined };
      // The cache on disk under test, not the in-process runs' own (test/cli/kept.ts).
      const keep = false;
      const args = ["diff", "sl-classic", "asl-a4", "--format", "json"];
      const first = await variorum(args, { env, keep });
      expect(first.code).toBe(0);
      const kept = readdirSync(join(dir, "build-a"));
      expect(kept).toHaveLength(1);
      const entry = join(dir, "build-a", kept[0]!);
      // What the next run prints comes from the entry: mark it and see the mark.
      const marked = readFileSync(entry, "utf8").replace(/"asl-a4"/g, '"asl-a4-kept"');
      writeFileSync(entry, marked);
      expect((await variorum(args, { env, keep })).stdout).toContain("asl-a4-kept");
      // A damaged entry: computed again, the same output as the first run, the entry replaced.
      writeFileSync(entry, "{ not json");
      const again = await variorum(args, { env, keep });
      expect(again.stdout).toBe(first.stdout);
      expect(readFileSync(entry, "utf8")).not.toBe("{ not json");
      // Turned off: nothing read.
      writeFileSync(entry, marked);
      const off = await variorum(args, { env: { ...env, VARIORUM_NO_CACHE: "1" }, keep });
      expect(off.stdout).toBe(first.stdout);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("keeps `variorum test`'s count when every example passed, and never a failure", async () => {
    const dir = mkdtempSync(join(tmpdir(), "variorum-cache-"));
    try {
      g.__VARIORUM_BUILD__ = "build-a";
      const env = { VARIORUM_CACHE_DIR: dir, VARIORUM_NO_CACHE: undefined };
      // The cache on disk under test, not the in-process runs' own (test/cli/kept.ts).
      const keep = false;
      const first = await variorum(["test", "sl-classic"], { env, keep });
      expect(first.code).toBe(0);
      const kept = readdirSync(join(dir, "build-a"));
      expect(kept).toHaveLength(1);
      const entry = join(dir, "build-a", kept[0]!);
      const n = Number(readFileSync(entry, "utf8"));
      expect(first.stdout).toBe(`${n} passed, 0 failed\n`);
      // The next run reads the count kept: mark it and see the mark.
      writeFileSync(entry, String(n + 1000));
      expect((await variorum(["test", "sl-classic"], { env, keep })).stdout).toBe(
        `${n + 1000} passed, 0 failed\n`,
      );
      // A ruleset with failing examples: nothing kept, the failures printed every time.
      const failing = join(ROOT, "test", "fixtures", "diagnostics", "V0801.rules");
      const bad = await variorum(["test", failing], { env, keep });
      expect(bad.code).toBe(1);
      expect(readdirSync(join(dir, "build-a"))).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("renders a card read back exactly as the card built, in every format", async () => {
    const dir = mkdtempSync(join(tmpdir(), "variorum-cache-"));
    try {
      g.__VARIORUM_BUILD__ = "build-a";
      const env = { VARIORUM_CACHE_DIR: dir, VARIORUM_NO_CACHE: undefined };
      // The cache on disk under test, not the in-process runs' own (test/cli/kept.ts).
      const keep = false;
      const ids = ["sl-classic", "sqla-31", "asl-a4", "tide-of-iron", "chain-of-command"];
      for (const id of [...ids, "sl-asl-portage", "asl-officer-bonus"])
        for (const args of [
          ["--format", "md"],
          ["--format", "html", "--full"],
        ]) {
          const fresh = await variorum(["card", id, ...args], {
            env: { ...env, VARIORUM_NO_CACHE: "1" },
            keep,
          });
          const first = await variorum(["card", id, ...args], { env, keep });
          const back = await variorum(["card", id, ...args], { env, keep });
          expect(first.stdout, `${id} ${args.join(" ")}`).toBe(fresh.stdout);
          expect(back.stdout, `${id} ${args.join(" ")}`).toBe(fresh.stdout);
        }
      // Seven rulesets, each in two formats and layouts: a model and a text per layout.
      expect(readdirSync(join(dir, "build-a"))).toHaveLength(28);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
