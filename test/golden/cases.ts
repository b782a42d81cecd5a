/**
 * Golden CLI cases in the Catala style: `test/golden/<command>/{good,bad}/NAME.cmd` holds the argument
 * line (words separated by spaces, no quoting; the first word is the command, paths relative to the
 * project root), and beside it the exact `NAME.stdout`, `NAME.stderr` and `NAME.exit` of that command
 * run from the project root with colours off. A change is reviewed with `git diff test/golden/`;
 * refresh with `UPDATE_GOLDEN=1 npx vitest run test/golden/cli.test.ts` (like Catala's `--reset`).
 * A missing expected file is a failure, never recreated silently.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { expect } from "vitest";
import { ROOT, variorum } from "../cli/run.js";

export const DIR = import.meta.dirname;
export const COMMANDS = ["check", "eval", "reach", "diff", "card"] as const;
export const UPDATE = process.env.UPDATE_GOLDEN === "1";

export interface Case {
  /** `eval/bad/unknown-field`: the case's path under test/golden/, without extension. */
  name: string;
  command: string;
  kind: "good" | "bad";
  argv: string[];
}

export interface Output {
  stdout: string;
  stderr: string;
  exit: number;
}

/** Every case, in a stable order. */
export function cases(): Case[] {
  const out: Case[] = [];
  for (const command of COMMANDS) {
    for (const kind of ["good", "bad"] as const) {
      const dir = join(DIR, command, kind);
      if (!existsSync(dir)) continue;
      for (const f of readdirSync(dir).sort()) {
        if (!f.endsWith(".cmd")) continue;
        const line = readFileSync(join(dir, f), "utf8").trim();
        out.push({
          name: `${command}/${kind}/${f.slice(0, -".cmd".length)}`,
          command,
          kind,
          argv: line.split(/\s+/),
        });
      }
    }
  }
  return out;
}

/**
 * Runs the command in-process through `run()` from the project root (test/cli/run.ts's `variorum()`):
 * the same output, byte for byte, as `NO_COLOR=1 variorum ARGS` from the project root
 * (test/golden/spawn.test.ts checks it).
 */
export async function runInProcess(argv: string[], cwd = ROOT): Promise<Output> {
  const r = await variorum(argv, { cwd });
  return { stdout: r.stdout, stderr: r.stderr, exit: r.code ?? -1 };
}

const FILES = [
  ["stdout", (o: Output) => o.stdout],
  ["stderr", (o: Output) => o.stderr],
  ["exit", (o: Output) => `${o.exit}\n`],
] as const;

/** Compares `actual` with the case's expected files (or writes them with UPDATE_GOLDEN=1). */
export function compare(c: Case, actual: Output, update = UPDATE): void {
  for (const [ext, text] of FILES) {
    const file = join(DIR, `${c.name}.${ext}`);
    if (update) {
      writeFileSync(file, text(actual));
      continue;
    }
    if (!existsSync(file))
      throw new Error(
        `missing golden file ${relative(ROOT, file)}: run UPDATE_GOLDEN=1 npx vitest run test/golden/cli.test.ts, then review and commit it`,
      );
    expect(text(actual), `${c.name}.${ext}`).toBe(readFileSync(file, "utf8"));
  }
}
