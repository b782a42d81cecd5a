/** `variorum list`: the bundled rulesets and house rules, and `.rules` files under the paths given. */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STACK, variorum } from "./run.js";

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), "variorum-list-"));
  mkdirSync(join(tmp, "nested"));
  writeFileSync(
    join(tmp, "nested", "mine.rules"),
    'ruleset mine "My house rule"\n  edition "kitchen table"\n  cites numbered\n  extends sl-classic\n\noverride rule leader-bonus [H1] "one" section bonuses: MF = 1 MF\n\nexample [H1] "x" {\n  unit { kind: squad }\n  expect allowance = 5\n}\n',
  );
  writeFileSync(join(tmp, "broken.rules"), "rule x [1] : MF = (\n");
  writeFileSync(join(tmp, "notes.txt"), "not a ruleset");
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("variorum list", () => {
  it("shows the five bundled rulesets and the two house rules", async () => {
    const r = await variorum(["list"]);
    expect(r.code).toBe(0);
    // Each row's edition follows it on an indented line of its own.
    const ids = r.stdout
      .split("\n")
      .slice(1)
      .filter((l) => l !== "" && !l.startsWith(" "))
      .map((l) => l.split(/\s+/)[0]);
    expect(r.stdout).toMatch(/^asl-a4 .*\n {19}Advanced Squad Leader Rulebook, 2nd edition/m);
    expect(ids).toEqual([
      "asl-a4",
      "asl-officer-bonus",
      "chain-of-command",
      "sl-asl-portage",
      "sl-classic",
      "sqla-31",
      "tide-of-iron",
    ]);
    expect(r.stdout).toMatch(
      /sqla-31\s+Squad Leader Academy section 31.*\s+sl-classic\s+\d+\s+\d+\s+bundled/,
    );
    expect(r.stdout).toMatch(/asl-officer-bonus\s+.*\s+asl-a4\s+1\s+2\s+house/);
  });

  it("--json gives id, title, edition, extends and counts, and searches the paths given", async () => {
    const r = await variorum(["list", tmp, "--json"]);
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.stdout) as {
      id: string | null;
      extends: string | null;
      definitions: number;
      examples: number;
      origin: string;
      errors: boolean;
      edition: string | null;
    }[];
    const mine = rows.find((x) => x.id === "mine")!;
    expect(mine).toMatchObject({
      extends: "sl-classic",
      edition: "kitchen table",
      definitions: 1,
      examples: 1,
      origin: "file",
      errors: false,
    });
    const broken = rows.find((x) => x.origin === "file" && x.id === null)!;
    expect(broken.errors).toBe(true);
    expect(rows.filter((x) => x.origin === "file")).toHaveLength(2);
    const sl = rows.find((x) => x.id === "sl-classic")!;
    expect(sl.examples).toBeGreaterThan(40);
  });

  it("text has a file column, so files with the same id can be told apart", async () => {
    writeFileSync(join(tmp, "nested", "mine-too.rules"), 'ruleset mine "Another"\n');
    try {
      const r = await variorum(["list", tmp]);
      expect(r.code).toBe(0);
      expect(r.stdout.split("\n")[0]).toMatch(/\bkind\s+file$/);
      expect(r.stdout).toMatch(/^mine\s.*\bfile\s+\S*nested\/mine\.rules$/m);
      expect(r.stdout).toMatch(/^mine\s.*\bfile\s+\S*nested\/mine-too\.rules$/m);
      expect(r.stdout).toMatch(/^sl-classic\s.*\bbundled\s+\S*rulesets\/sl-classic\.rules$/m);
    } finally {
      rmSync(join(tmp, "nested", "mine-too.rules"));
    }
  });

  it("a missing path is a usage error", async () => {
    const r = await variorum(["list", join(tmp, "nope")]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("no such file or folder");
    expect(r.stderr).not.toMatch(STACK);
  });
});
