/**
 * Issue 23, item 14: escape sequences never reach the terminal raw. Every place the CLI echoes what a
 * user typed or named — a file name on `test`'s FAIL line, ids and paths in `check`/`eval`/`diff`
 * errors, `explain`, `list`, `card --format`, unknown commands and options, `new --extends`, `new -o`'s
 * "wrote" line — goes through the one sanitiser at the printing boundary (`run()`'s writers), while the
 * CLI's own colours survive on a coloured stream.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createColors } from "picocolors";
import { afterAll, describe, expect, it } from "vitest";
import type { Ctx } from "../../compiler/cli/context.js";
import { run } from "../../compiler/cli/main.js";
import { ROOT } from "../cli/run.js";

const tmp = mkdtempSync(join(tmpdir(), "variorum-terminal-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** ESC (a colour and a cursor move), BEL, CR, C1 CSI: each could recolour, ring, or fake a line. */
const EVIL = "x\u001b[31mred\u001b[2Aup\u0007bel\rcr\u009b1m";
// eslint-disable-next-line no-control-regex
const RAW = /[\u0007\r\u009b]|\u001b\[(?![0-9;]*m)|\u001b(?!\[)/;
// eslint-disable-next-line no-control-regex
const ANY = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

async function cli(argv: string[], colour = false): Promise<{ code: number; output: string }> {
  const sink: string[] = [];
  const c = createColors(colour);
  const ctx: Ctx = {
    cwd: tmp,
    root: ROOT,
    out: (t) => void sink.push(t),
    err: (t) => void sink.push(t),
    cOut: c,
    cErr: c,
    colorErr: colour,
  };
  const code = await run(argv, ctx);
  return { code, output: sink.join("") };
}

const bad = join(tmp, `bad${EVIL}.rules`);
writeFileSync(bad, "this is not a ruleset\n");
mkdirSync(join(tmp, `dir${EVIL}`));

const CASES: [string, string[]][] = [
  ["test's FAIL line names the file", ["test", bad]],
  ["check echoes an id", ["check", `nope${EVIL}`]],
  ["check echoes a path", ["check", `nope${EVIL}.rules`]],
  ["eval echoes ids and a path", ["eval", `sl-classic,nope${EVIL}`, `s${EVIL}.json`]],
  ["eval echoes a scenario path", ["eval", "sl-classic", `s${EVIL}.json`]],
  ["diff echoes ids", ["diff", "sl-classic", `nope${EVIL}`]],
  ["diff echoes a format", ["diff", "sl-classic", "asl-a4", "--format", EVIL]],
  ["explain echoes a code", ["explain", `V0${EVIL}`]],
  ["explain echoes a format", ["explain", "V0101", "--format", EVIL]],
  ["list echoes a path", ["list", join(tmp, `missing${EVIL}`)]],
  ["card echoes a format", ["card", "sl-classic", "--format", EVIL]],
  ["an unknown command", [`cmd${EVIL}`]],
  ["an unknown option", ["check", `--opt${EVIL}`]],
  [
    "new echoes --extends",
    ["new", "my-house", "--extends", `base${EVIL}`, "-o", join(tmp, "a.rules")],
  ],
  ["new echoes an id", ["new", `id${EVIL}`, "--extends", "sl-classic"]],
  ["new echoes -o", ["new", "my-house", "--extends", "sl-classic", "-o", `out${EVIL}`]],
  [
    "new -o's wrote line",
    ["new", "my-house", "--extends", "sl-classic", "-o", join(tmp, `dir${EVIL}`, "h.rules")],
  ],
];

describe("no control character from the command line or a file name reaches the terminal", () => {
  for (const [what, argv] of CASES) {
    it(what, async () => {
      const { output } = await cli(argv);
      expect(output).toContain("red"); // the argument is echoed …
      expect(output).not.toMatch(ANY); // … without a control character
      expect(output).toContain("\ufffd");
    });
  }

  it("keeps the CLI's own colours on a coloured stream, and still cleans what it echoes", async () => {
    const { code, output } = await cli(["check", `nope${EVIL}`], true);
    expect(code).not.toBe(0);
    expect(output).toContain("\u001b[31m"); // the CLI's red …
    expect(output).not.toMatch(RAW); // … but no cursor move, BEL, CR or C1 from the argument
    expect(output).toContain("\ufffd[2Aup\ufffdbel\ufffdcr\ufffd1m");
  });
});
