/**
 * Issue 18, the author's loop at the terminal: errors that say what to do — an unclosed bracket at
 * its opener with where parsing gave up, a measure mismatch with the conversion that fixes it — and
 * `check` validating the inputs of examples it does not run.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { variorum } from "./run.js";

const dir = mkdtempSync(join(tmpdir(), "variorum-author-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("errors that say what to do", () => {
  it("an unclosed brace is reported at its opener, with where parsing gave up as a note", async () => {
    const r = await variorum(["check", "test/fixtures/diagnostics/V0102-unclosed.rules"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /V0102-unclosed\.rules:9:28: error V0102: `\{` opened at 9:28 is never closed/,
    );
    expect(r.stderr).toMatch(
      /note: test\/fixtures\/diagnostics\/V0102-unclosed\.rules:12:1: parsing gave up here: expected "\}", found "rule"/,
    );
    expect(r.stderr).toMatch(/hint: close it with `\}`/);
    // The parser's own complaint at the next definition is folded into the opener's diagnostic.
    expect(r.stderr).not.toMatch(/:12:1: error/);
  });

  it("a measure mismatch names the conversion", async () => {
    const f = join(dir, "conv.rules");
    writeFileSync(
      f,
      'ruleset conv "c" extends sl-classic\n\noverride rule allowance [4.1] "MF"\n  section allowances: MF = 4 MF - unit.portage\n',
    );
    const r = await variorum(["check", f]);
    expect(r.stderr).toMatch(/conv\.rules:4:35: error V0401: expected MF, found PP/);
    expect(r.stderr).toContain("hint: to convert it, write `(…) / 1 PP * 1 MF`, one MF per PP");
    // Applying the hint clears the error.
    writeFileSync(
      f,
      'ruleset conv "c" extends sl-classic\n\noverride rule allowance [4.1] "MF"\n  section allowances: MF = 4 MF - (unit.portage) / 1 PP * 1 MF\n',
    );
    expect((await variorum(["check", f])).code).toBe(0);
  });
});

describe("check validates example inputs", () => {
  it("a house rule whose example lacks a unit exits 1 with a located error", async () => {
    const f = join(dir, "no-unit.rules");
    writeFileSync(
      f,
      'ruleset no-unit "n" extends sl-classic\n\nexample [H1] "no unit" {\n  path { terrain: woods }\n  expect spent = 2\n}\n',
    );
    const r = await variorum(["check", f]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /no-unit\.rules:3:1: error V0802: this example gives no unit, and unit\.kind has no default/,
    );
    expect(r.stderr).toContain("hint: add `unit { kind: … }`");
  });
});
