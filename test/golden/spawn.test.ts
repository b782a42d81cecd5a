/**
 * The golden cases are run in-process (test/golden/cli.test.ts); here a good and a bad case of each
 * command go through the real binary (bin/variorum.js over a current dist/, colours off) and must match
 * the same golden files byte for byte: the in-process runner is the binary's own entry. What the
 * binary adds to `run()` is the process (its exit code, its streams on pipes), not the command's
 * work, so each command's case with the least output is taken (a spawned case costs a cold start of
 * the binary and everything the command loads, in a child) — and the case with the most output of
 * all, so that a large answer is seen to reach the pipe whole before the process exits.
 */
import { mkdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, spawnVariorum } from "../cli/run.js";
import { cases, COMMANDS, compare, DIR, SERVERS, written, type Case } from "./cases.js";

const ALL = cases();
const KINDS = (command: string) => (SERVERS.includes(command) ? ["bad"] : ["good", "bad"]);
/** A case's expected output, in bytes (stdout and stderr). */
const bytes = (c: Case): number =>
  statSync(join(DIR, `${c.name}.stdout`)).size + statSync(join(DIR, `${c.name}.stderr`)).size;
/** The first of the cases with the least output (cases() keeps a stable order). */
const least = (cs: Case[]): Case[] =>
  cs.length === 0 ? [] : [cs.reduce((a, b) => (bytes(b) < bytes(a) ? b : a))];
const LARGEST = ALL.reduce((a, b) => (bytes(b) > bytes(a) ? b : a));
const SOME = [
  ...COMMANDS.flatMap((command) =>
    KINDS(command).flatMap((kind) =>
      least(ALL.filter((c) => c.command === command && c.kind === kind)),
    ),
  ),
  LARGEST,
];

describe("golden CLI output through the binary", () => {
  it("takes a good and a bad case of every command (a server's bad one), and the largest output", () => {
    expect(SOME).toHaveLength(COMMANDS.reduce((n, c) => n + KINDS(c).length, 0) + 1);
    expect(bytes(LARGEST)).toBeGreaterThan(100_000);
  });

  for (const c of SOME) {
    it(`${c.name}: variorum ${c.argv.join(" ")}`, async () => {
      if (c.out) {
        rmSync(join(ROOT, c.out), { recursive: true, force: true });
        mkdirSync(join(ROOT, c.out), { recursive: true });
      }
      const r = await spawnVariorum(c.argv, { env: { NO_COLOR: "1" } });
      const files = c.out ? written(c.out) : undefined;
      compare(c, { stdout: r.stdout, stderr: r.stderr, exit: r.code ?? -1, files }, false);
    });
  }
});

describe("the binary answers alike whatever the working folder and however it is named (issue 45, item 22)", () => {
  // A scenario path with an escape sequence (echoed sanitised), and a bundled ruleset by id.
  const evil = "scenarios/no\u001b[31mred.json";
  const argvs = [
    ["eval", "sl-classic", evil],
    ["check", "sl-classic", "nope\u0007"],
    ["reach", "sl-classic", "maps/crossroads.json", "--from", "B3", "--format", "json"],
  ];
  for (const argv of argvs)
    it(`${argv.slice(0, 2).join(" ")}: bin/variorum.js from the project = ../bin/variorum.js from test/ = the absolute path`, async () => {
      const fromRoot = await spawnVariorum(argv, { bin: "bin/variorum.js" });
      const sub = join(ROOT, "test");
      const fromSub = await spawnVariorum(
        argv.map((a) => (a.includes("/") ? `../${a}` : a)),
        { cwd: sub, bin: "../bin/variorum.js" },
      );
      const absolute = await spawnVariorum(argv);
      for (const r of [fromRoot, fromSub, absolute]) {
        expect(r.code).not.toBe(70);
        expect(r.stderr).not.toMatch(/\u001b|\u0007/);
      }
      const same = (r: typeof fromRoot) => ({
        code: r.code,
        stdout: r.stdout,
        stderr: r.stderr.split("../").join(""),
      });
      expect(same(fromSub)).toEqual(same(fromRoot));
      expect(same(absolute)).toEqual(same(fromRoot));
    });
});
