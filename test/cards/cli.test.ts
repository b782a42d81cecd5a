/**
 * `variorum card` in-process through the CLI's `run()` (test/cli/run.ts), as the binary runs it.
 * The PDF itself is tested in test/browser/cards.test.ts; here only its usage and its error when
 * Chromium is missing.
 */

import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listRulesetIds } from "../../compiler/cli/project.js";
import { FIXTURES, ROOT } from "./helpers.js";
import { variorum as runCli } from "../cli/run.js";

const STACK = /^\s+at .+:\d+:\d+\)?$/m;

/** The command line with colours off (NO_COLOR), in-process. */
function variorum(args: string[], env: Record<string, string> = {}) {
  return runCli(args, { env: { NO_COLOR: "1", ...env } });
}

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), "variorum-card-"));
});
afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

describe("variorum card", () => {
  it("prints a Markdown card of sl-classic", async () => {
    const r = await variorum(["card", "sl-classic", "--format", "md"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout.startsWith("# Squad Leader Classic: infantry movement\n")).toBe(true);
    expect(r.stdout).toContain("| **Woods** | 2 | 2½ | 4 |");
    expect(r.stdout).toContain("- Ruleset: sl-classic (rulesets/sl-classic.rules)");
  });

  it.each(listRulesetIds(ROOT))("prints the HTML card of %s", async (id) => {
    const r = await variorum(["card", id]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^<!DOCTYPE html>/);
    expect(r.stdout).toContain("</html>");
  });

  it("writes a file, picks the format from its extension, and leaves an unchanged file alone", async () => {
    const out = join(tmp, "asl.md");
    const r1 = await variorum(["card", "asl-a4", "-o", out]);
    expect(r1.code).toBe(0);
    expect(r1.stdout).toMatch(/^wrote .*asl\.md: \d+ rows \(\d+ ms\)\n$/);
    expect(readFileSync(out, "utf8")).toContain(
      "# Advanced Squad Leader, chapter A4: Infantry Movement",
    );
    const r2 = await variorum(["card", "asl-a4", "-o", out]);
    expect(r2.stdout).toMatch(/^unchanged /);
  });

  it("marks a house rule (a path) against its base", async () => {
    const r = await variorum(["card", join(FIXTURES, "house-leader.rules"), "--format", "md"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Built on sl-classic");
    expect(r.stdout).toContain("changed from sl-classic: was 6 MF");
  });

  it("escapes a hostile ruleset", async () => {
    const r = await variorum(["card", join(FIXTURES, "hostile.rules")]);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(/<script/i);
  });

  it("exits 1 with a message for an unknown ruleset id", async () => {
    const r = await variorum(["card", "no-such-ruleset"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("no ruleset named no-such-ruleset");
    expect(r.stderr).not.toMatch(STACK);
  });

  it("exits 1 for a missing file", async () => {
    const r = await variorum(["card", join(tmp, "missing.rules")]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("cannot read");
    expect(r.stderr).not.toMatch(STACK);
  });

  it.each([
    [["card"]],
    [["card", "sl-classic", "--format", "docx"]],
    [["card", "sl-classic", "--format", "pdf"]],
    [["card", "sl-classic", "asl-a4"]],
    [["card", "sl-classic", "--frob"]],
  ])("usage error %j exits 2", async (args) => {
    const r = await variorum(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/error/);
    expect(r.stderr).not.toMatch(STACK);
  });

  it("--help describes the command", async () => {
    const r = await variorum(["card", "--help"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Usage: variorum card");
    for (const w of ["--format", "html, md or pdf", "-o, --output"]) expect(r.stdout).toContain(w);
  });

  it("exits 1 with an install hint, not a crash, when Chromium is missing", async () => {
    const out = join(tmp, "card.pdf");
    const r = await variorum(["card", "asl-a4", "--format", "pdf", "-o", out], {
      VARIORUM_CHROMIUM: join(tmp, "no-chromium"),
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("Chromium is missing");
    expect(r.stderr).toContain("bash scripts/install-chromium.sh");
    expect(r.stderr).not.toMatch(STACK);
    expect(existsSync(out)).toBe(false);
  });
});
