/**
 * Golden CLI cases in the Catala style: `test/golden/<command>/{good,bad}/NAME.cmd` holds the argument
 * line (words separated by spaces, no quoting; the first word is the command, paths relative to the
 * project root), and beside it the exact `NAME.stdout`, `NAME.stderr` and `NAME.exit` of that command
 * run from the project root with colours off. A change is reviewed with `git diff test/golden/`;
 * refresh with `UPDATE_GOLDEN=1 npx vitest run test/golden/cli.test.ts` (like Catala's `--reset`).
 * A missing expected file is a failure, never recreated silently.
 *
 * A command that writes files (`new`, `compile --out`) writes them under `{out}` in its `.cmd`: a folder
 * of its own, test-artifacts/golden/<command>-<kind>-<name>, emptied before the run (relative to the
 * root, so the paths the command prints are the same on every machine); what it wrote is compared
 * with `NAME.files` (each file's path, and its text unless it is long). Every command has a good and a
 * bad case, but `studio` and `lsp` (a server: only their usage errors here; test/golden/lsp/ holds the
 * language server's sessions as transcripts, test/studio/ the studio's server).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { expect } from "vitest";
import { ROOT, variorum } from "../cli/run.js";

export const DIR = import.meta.dirname;
export const COMMANDS = [
  "check",
  "test",
  "eval",
  "reach",
  "diff",
  "card",
  "coverage",
  "list",
  "explain",
  "new",
  "compile",
  "studio",
] as const;
/** The commands whose good run is a server, not an answer: golden cases of their usage errors only. */
export const SERVERS: readonly string[] = ["studio", "lsp"];
/** The placeholder of a `.cmd` for the case's own output folder. */
export const OUT = "{out}";
export const UPDATE = process.env.UPDATE_GOLDEN === "1";

export interface Case {
  /** `eval/bad/unknown-field`: the case's path under test/golden/, without extension. */
  name: string;
  command: string;
  kind: "good" | "bad";
  argv: string[];
  /** The case's output folder relative to the root (`{out}` in its argv), when it writes files. */
  out?: string;
}

export interface Output {
  stdout: string;
  stderr: string;
  exit: number;
  /** What the case wrote (`written`), when it has an output folder. */
  files?: string;
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
        const base = f.slice(0, -".cmd".length);
        const folder = `test-artifacts/golden/${command}-${kind}-${base}`;
        const writes = line.includes(OUT);
        out.push({
          name: `${command}/${kind}/${base}`,
          command,
          kind,
          argv: line.split(/\s+/).map((w) => w.replaceAll(OUT, folder)),
          ...(writes ? { out: folder } : {}),
        });
      }
    }
  }
  return out;
}

/**
 * Runs the case in-process through `run()` from the project root (test/cli/run.ts's `variorum()`):
 * the same output, byte for byte, as `NO_COLOR=1 variorum ARGS` from the project root
 * (test/golden/spawn.test.ts checks it). Its output folder, if any, is emptied first.
 */
export async function runInProcess(argv: string[], cwd = ROOT, out?: string): Promise<Output> {
  if (out) {
    rmSync(join(ROOT, out), { recursive: true, force: true });
    mkdirSync(join(ROOT, out), { recursive: true });
  }
  const r = await variorum(argv, { cwd });
  return { stdout: r.stdout, stderr: r.stderr, exit: r.code ?? -1, files: out ? written(out) : undefined };
}

/** Longer files are listed by size alone (a generated module is held by generated/ and test/emit/). */
const LISTED_BYTES = 4000;

/** What a case wrote under its folder: each file's path and size, and its text when short. */
export function written(out: string): string {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const n of readdirSync(join(ROOT, dir)).sort()) {
      const p = `${dir}/${n}`;
      if (statSync(join(ROOT, p)).isDirectory()) walk(p);
      else files.push(p);
    }
  };
  walk(out);
  return files
    .map((f) => {
      const text = readFileSync(join(ROOT, f), "utf8");
      const bytes = Buffer.byteLength(text);
      const head = `=== ${f} (${bytes} bytes)\n`;
      return bytes <= LISTED_BYTES ? head + text : head;
    })
    .join("");
}

const FILES = [
  ["stdout", (o: Output) => o.stdout],
  ["stderr", (o: Output) => o.stderr],
  ["exit", (o: Output) => `${o.exit}\n`],
  ["files", (o: Output) => o.files],
] as const;

/** Compares `actual` with the case's expected files (or writes them with UPDATE_GOLDEN=1). */
export function compare(c: Case, actual: Output, update = UPDATE): void {
  for (const [ext, text] of FILES) {
    const file = join(DIR, `${c.name}.${ext}`);
    const got = text(actual);
    if (got === undefined) continue;
    if (update) {
      writeFileSync(file, got);
      continue;
    }
    if (!existsSync(file))
      throw new Error(
        `missing golden file ${relative(ROOT, file)}: run UPDATE_GOLDEN=1 npx vitest run test/golden/cli.test.ts, then review and commit it`,
      );
    expect(got, `${c.name}.${ext}`).toBe(readFileSync(file, "utf8"));
  }
}
