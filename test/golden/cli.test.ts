/**
 * Golden CLI output (test/golden/cases.ts): every case of `check`, `eval`, `reach`, `diff` and `card`,
 * good inputs (bundled rulesets, scenarios, maps) and bad ones (a ruleset, a scenario and a map with
 * errors, a bad `--from` hex, a bad `--unit`), byte for byte: stdout, stderr and exit code.
 * Refresh: `UPDATE_GOLDEN=1 npx vitest run test/golden/cli.test.ts`, then review `git diff test/golden/`.
 */
import { describe, expect, it } from "vitest";
import { cases, COMMANDS, compare, runInProcess } from "./cases.js";

const ALL = cases();

describe("golden CLI output", () => {
  it("has good and bad cases for every command", () => {
    for (const command of COMMANDS)
      for (const kind of ["good", "bad"])
        expect(
          ALL.filter((c) => c.command === command && c.kind === kind).length,
          `${command}/${kind}`,
        ).toBeGreaterThan(0);
  });

  for (const c of ALL) {
    it(`${c.name}: variorum ${c.argv.join(" ")}`, async () => {
      // The folder names the command: a case filed under the wrong one fails.
      expect(c.argv[0]).toBe(c.command);
      const out = await runInProcess(c.argv);
      // A good input exits 0; a bad one is the user's mistake (1) or a usage error (2), never a bug.
      if (c.kind === "good") expect(out.exit, out.stderr).toBe(0);
      else expect([1, 2]).toContain(out.exit);
      compare(c, out);
    });
  }
});
