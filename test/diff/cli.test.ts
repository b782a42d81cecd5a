/** `variorum diff` as a user runs it, in-process through the CLI's `run()` (test/cli/run.ts). */

import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ANSI, STACK, variorum } from "../cli/run.js";
import { FIVE } from "./helpers.js";

const HOUSE = "test/diff/fixtures/sl-house.rules";
const tmp = mkdtempSync(join(tmpdir(), "variorum-diff-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("variorum diff", () => {
  it("prints JSON for a house rule against its base", async () => {
    const r = await variorum(["diff", "sl-classic", HOUSE, "--format", "json"]);
    expect(r.stderr).not.toMatch(/error/);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout) as {
      rulesets: { id: string }[];
      rows: { concept: string; status: string }[];
    };
    expect(j.rulesets.map((x) => x.id)).toEqual(["sl-classic", "my-house"]);
    expect(j.rows.find((x) => x.concept === "ipc")!.status).toBe("changed");
  });

  it("prints text without colour when the output is not a terminal", async () => {
    const r = await variorum(["diff", "sl-classic", HOUSE]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Variorum diff: sl-classic · my-house/);
    expect(r.stdout).not.toMatch(ANSI);
  });

  it("writes a file with -o, and leaves it alone when nothing changed", async () => {
    const out = join(tmp, "diff.html");
    const r = await variorum(["diff", "sl-classic", HOUSE, "--format", "html", "-o", out]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^wrote .*diff\.html: \d+ rows, \d+ changed/);
    expect(readFileSync(out, "utf8")).toMatch(/^<!DOCTYPE html>/);
    const again = await variorum(["diff", "sl-classic", HOUSE, "--format", "html", "-o", out]);
    expect(again.stdout).toMatch(/^unchanged /);
  });

  it.each([
    ["x.html", /^<!DOCTYPE html>/],
    ["x.md", /^# Variorum diff: sl-classic · my-house\n/],
    ["x.json", /^\{\n  "rulesets"/],
    ["x.txt", /^Variorum diff: sl-classic · my-house\n/],
  ])("-o %s picks the format from the extension", async (name, start) => {
    const out = join(tmp, name);
    const r = await variorum(["diff", "sl-classic", HOUSE, "-o", out]);
    expect(r.code).toBe(0);
    expect(readFileSync(out, "utf8")).toMatch(start);
  });

  it("--only-differences keeps the changed rows only; --include-partial the partial ones too", async () => {
    const rowsOf = async (extra: string[]) => {
      const r = await variorum(["diff", "sl-classic", "asl-a4", "--format", "json", ...extra]);
      expect(r.code).toBe(0);
      return (JSON.parse(r.stdout) as { rows: { status: string }[] }).rows.map((x) => x.status);
    };
    const changed = await rowsOf(["--only-differences"]);
    expect(changed.length).toBeGreaterThan(5);
    expect(new Set(changed)).toEqual(new Set(["changed"]));
    const partial = await rowsOf(["--only-differences", "--include-partial"]);
    expect(new Set(partial)).toEqual(new Set(["changed", "partial"]));
  });

  it("--only-differences filters the scenarios; one-sided verdicts are never marked =", async () => {
    const all = await variorum(["diff", "sl-classic", "tide-of-iron", "--scenarios", "scenarios"]);
    expect(all.code).toBe(0);
    // A scenario only one ruleset can run: its own mark, not "=".
    expect(all.stdout).toMatch(/^◐ only sl-classic answers /m);
    expect(all.stdout).toMatch(/^◐ only tide-of-iron answers /m);
    const only = await variorum([
      "diff",
      "sl-classic",
      "tide-of-iron",
      "--scenarios",
      "scenarios",
      "--only-differences",
      "--format",
      "json",
    ]);
    const j = JSON.parse(only.stdout) as { scenarios: { differs: boolean }[] };
    expect(j.scenarios.length).toBeGreaterThan(0);
    expect(j.scenarios.every((sc) => sc.differs)).toBe(true);
  });

  it("writes Markdown", async () => {
    const r = await variorum(["diff", "sl-classic", HOUSE, "--format", "md", "--only-differences"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("| Concept | sl-classic | my-house | Status |");
    expect(r.stdout).not.toContain("= same |");
  });

  it("adds the scenario suite with --scenarios", async () => {
    const r = await variorum([
      "diff",
      "sl-classic",
      HOUSE,
      "--format",
      "json",
      "--scenarios",
      "scenarios",
    ]);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout) as {
      scenarios: { file: string; results: Record<string, { verdict: string }> }[];
    };
    expect(j.scenarios.length).toBeGreaterThanOrEqual(20);
    expect(j.scenarios.every((s) => s.file.startsWith("scenarios/"))).toBe(true);
    expect(
      new Set(j.scenarios.flatMap((s) => Object.values(s.results).map((v) => v.verdict))),
    ).toEqual(new Set(["legal", "not legal", "n/a"]));
  });

  it("compares every bundled ruleset at once", async () => {
    const r = await variorum(["diff", ...FIVE, "--format", "json"]);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout) as {
      rulesets: { id: string }[];
      rows: { cells: Record<string, unknown> }[];
    };
    expect(j.rulesets.map((x) => x.id)).toEqual(FIVE);
    expect(j.rows.length).toBeGreaterThan(20);
  });

  it("exits 1 and prints the diagnostics of a ruleset that does not check", async () => {
    const r = await variorum(["diff", "sl-classic", "test/diff/fixtures/broken.rules"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/broken\.rules:5:38: error V0201: unknown name no-such-rule/);
    expect(r.stdout).toBe("");
    expect(r.stderr).not.toMatch(STACK);
  });

  it.each([
    [["diff", "sl-classic"], /at least two/],
    [["diff", "sl-classic", "sl-classic"], /at least two different/],
    [["diff", "sl-classic", HOUSE, "--format", "pdf"], /unknown format `pdf`/],
    [["diff", "sl-classic", "no-such-ruleset"], /unknown ruleset `no-such-ruleset`/],
    [["diff", "sl-classic", HOUSE, "--scenarios", "no/such/dir"], /no such scenario folder/],
    [["diff", "sl-classic", HOUSE, "--bogus"], /unknown option/],
  ])("exits 2 for a usage mistake: %j", async (args, message) => {
    const r = await variorum(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(STACK);
  });
});
