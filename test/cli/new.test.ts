/**
 * `variorum new ID --extends BASE -o FILE` writes a house rule that checks and tests clean, for every
 * bundled ruleset as the base; it refuses an unknown base, a bad id and an existing file.
 */
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { listRulesetIds } from "../../compiler/cli/project.js";
import { writeNew } from "../../compiler/node/write.js";
import { ROOT, STACK, variorum } from "./run.js";

const dir = mkdtempSync(join(tmpdir(), "variorum-new-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("variorum new", () => {
  for (const base of listRulesetIds(ROOT)) {
    it(`new my-house --extends ${base} checks and tests clean`, async () => {
      const file = join(dir, `${base}-house.rules`);
      const made = await variorum(["new", "my-house", "--extends", base, "-o", file]);
      expect(made.stderr).toBe("");
      expect(made.code).toBe(0);
      const text = readFileSync(file, "utf8");
      expect(text).toMatch(/^ruleset my-house "/m);
      expect(text).toMatch(new RegExp(`^  extends ${base}$`, "m"));
      expect(text).toMatch(/^override (rule|predicate) [\w-]+(\([^)]*\))? \[[^\]]+\]/m);
      expect(text).toMatch(/^example \[/m);
      expect(text).toMatch(/^# /);
      const test = await variorum(["test", file]);
      expect(test.code).toBe(0);
      expect(test.stdout.trim().split("\n").at(-1)).toMatch(/^[1-9]\d* passed, 0 failed$/);
      const check = await variorum(["check", file]);
      expect(check.code).toBe(0);
      expect(check.stdout).toContain("0 errors, 0 warnings");
    });
  }

  it("refuses an unknown base, a bad id and an existing file", async () => {
    const unknown = await variorum([
      "new",
      "x",
      "--extends",
      "no-such-base",
      "-o",
      join(dir, "x.rules"),
    ]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("no ruleset named no-such-base");
    const bad = await variorum(["new", "../x", "--extends", "asl-a4", "-o", join(dir, "y.rules")]);
    expect(bad.code).toBe(2);
    const file = join(dir, "twice.rules");
    expect((await variorum(["new", "twice", "--extends", "sl-classic", "-o", file])).code).toBe(0);
    const again = await variorum(["new", "twice", "--extends", "sl-classic", "-o", file]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("already exists");
    for (const r of [unknown, bad, again]) expect(r.stderr).not.toMatch(STACK);
  });

  it("never writes through a symbolic link, dangling or not (issue 23, item 16)", async () => {
    const target = join(dir, "target.rules");
    const link = join(dir, "link.rules");
    symlinkSync(target, link);
    const r = await variorum(["new", "linked", "--extends", "sl-classic", "-o", link]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("link.rules is a symbolic link; choose another file with -o");
    expect(existsSync(target)).toBe(false);
  });

  it("creates exclusively: writeNew never replaces a file or follows a link made after a check", () => {
    const file = join(dir, "raced.rules");
    writeFileSync(file, "theirs");
    expect(writeNew(file, "ours")).toBe(false);
    expect(readFileSync(file, "utf8")).toBe("theirs");
    const target = join(dir, "raced-target.rules");
    const link = join(dir, "raced-link.rules");
    symlinkSync(target, link);
    expect(writeNew(link, "ours")).toBe(false);
    expect(existsSync(target)).toBe(false);
    const fresh = join(dir, "fresh.rules");
    expect(writeNew(fresh, "ours")).toBe(true);
    expect(readFileSync(fresh, "utf8")).toBe("ours");
    expect(readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("says what is wrong with an id taken by a bundled ruleset, or a ruleset extending itself", async () => {
    const self = await variorum([
      "new",
      "sl-classic",
      "--extends",
      "sl-classic",
      "-o",
      join(dir, "s.rules"),
    ]);
    expect(self.code).toBe(2);
    expect(self.stderr).toContain("a ruleset cannot extend itself");
    const takenId = await variorum([
      "new",
      "sl-classic",
      "--extends",
      "asl-a4",
      "-o",
      join(dir, "t.rules"),
    ]);
    expect(takenId.code).toBe(2);
    expect(takenId.stderr).toContain("the id sl-classic is taken by a bundled ruleset");
    expect(existsSync(join(dir, "s.rules")) || existsSync(join(dir, "t.rules"))).toBe(false);
  });
});
