/**
 * The golden cases are run in-process (test/golden/cli.test.ts); here the first good and the first bad
 * case of each command go through the real binary (bin/variorum.js over a current dist/, colours off)
 * and must match the same golden files byte for byte: the in-process runner is the binary's own entry.
 */
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, spawnVariorum } from "../cli/run.js";
import { cases, COMMANDS, compare, SERVERS, written } from "./cases.js";

const ALL = cases();
const KINDS = (command: string) => (SERVERS.includes(command) ? ["bad"] : ["good", "bad"]);
const SOME = COMMANDS.flatMap((command) =>
  KINDS(command).flatMap((kind) =>
    ALL.filter((c) => c.command === command && c.kind === kind).slice(0, 1),
  ),
);

describe("golden CLI output through the binary", () => {
  it("takes a good and a bad case of every command (a server's bad one)", () => {
    expect(SOME).toHaveLength(COMMANDS.reduce((n, c) => n + KINDS(c).length, 0));
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
