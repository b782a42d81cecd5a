/**
 * The golden cases are run in-process (test/golden/cli.test.ts); here the first good and the first bad
 * case of each command go through the real binary (bin/variorum.js over dist/, colours off) and must
 * match the same golden files byte for byte: the in-process runner is the binary's own entry.
 */
import { describe, expect, it } from "vitest";
import { spawnVariorum as variorum } from "../cli/run.js";
import { cases, COMMANDS, compare } from "./cases.js";

const ALL = cases();
const SOME = COMMANDS.flatMap((command) =>
  (["good", "bad"] as const).flatMap((kind) =>
    ALL.filter((c) => c.command === command && c.kind === kind).slice(0, 1),
  ),
);

describe("golden CLI output through the binary", () => {
  it("takes a good and a bad case of every command", () => {
    expect(SOME).toHaveLength(COMMANDS.length * 2);
  });

  for (const c of SOME) {
    it(`${c.name}: variorum ${c.argv.join(" ")}`, async () => {
      const r = await variorum(c.argv, { env: { NO_COLOR: "1" } });
      compare(c, { stdout: r.stdout, stderr: r.stderr, exit: r.code ?? -1 }, false);
    });
  }
});
