/**
 * Golden CLI output (test/golden/cases.ts): every command, good inputs (bundled rulesets, scenarios,
 * maps) and bad ones (a ruleset, a scenario and a map with errors, a bad `--from` hex, a bad `--unit`,
 * a failing example, an unknown code, a stale module…), byte for byte: stdout, stderr, exit code, and
 * the files a command writes; `studio` by its usage errors (a server: test/studio/ runs it).
 * Refresh: `UPDATE_GOLDEN=1 npx vitest run test/golden/cli.test.ts`, then review `git diff test/golden/`.
 */
import { describe, expect, it } from "vitest";
import { variorum } from "../cli/run.js";
import { cases, COMMANDS, compare, runInProcess, SERVERS } from "./cases.js";

const ALL = cases();

describe("golden CLI output", () => {
  it("has good and bad cases for every command (a server's usage errors only)", () => {
    for (const command of COMMANDS)
      for (const kind of SERVERS.includes(command) ? ["bad"] : ["good", "bad"])
        expect(
          ALL.filter((c) => c.command === command && c.kind === kind).length,
          `${command}/${kind}`,
        ).toBeGreaterThan(0);
  });

  it("knows every command the CLI has (lsp: its sessions in test/golden/lsp/)", async () => {
    const help = (await variorum(["--help"])).stdout;
    const listed = [...help.matchAll(/^ {2}([a-z]+)\b/gm)].map((m) => m[1]!).filter((c) => c !== "help");
    expect(listed.length).toBeGreaterThan(10);
    expect(listed.filter((c) => !(COMMANDS as readonly string[]).includes(c) && c !== "lsp")).toEqual([]);
  });

  for (const c of ALL) {
    it(`${c.name}: variorum ${c.argv.join(" ")}`, async () => {
      // The folder names the command: a case filed under the wrong one fails.
      expect(c.argv[0]).toBe(c.command);
      const out = await runInProcess(c.argv, undefined, c.out);
      // A good input exits 0; a bad one is the user's mistake (1) or a usage error (2), never a bug.
      if (c.kind === "good") expect(out.exit, out.stderr).toBe(0);
      else expect([1, 2]).toContain(out.exit);
      compare(c, out);
    });
  }
});
