/** Spawns the real `variorum` binary (bin/variorum.js over dist/, so build first: `npm test` does). */

import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const BIN = join(ROOT, "bin", "variorum.js");

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function variorum(
  args: string[],
  opts: { cwd?: string; env?: Record<string, string | undefined> } = {},
): Run {
  if (!existsSync(join(ROOT, "dist", "compiler", "cli", "main.js"))) {
    throw new Error("dist/ is missing: run `npm run build` (or `npm test`, which builds first)");
  }
  const env: Record<string, string | undefined> = { ...process.env, ...opts.env };
  delete env.FORCE_COLOR;
  if (opts.env && "NO_COLOR" in opts.env && opts.env.NO_COLOR === undefined) delete env.NO_COLOR;
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: opts.cwd ?? ROOT,
    env: env as NodeJS.ProcessEnv,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    timeout: 60_000,
  });
  if (r.error) throw r.error;
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** What the rest of the tree provides yet (the CLI is written against the front end's facade). */
export const HAVE_PIPELINE = existsSync(join(ROOT, "compiler", "pipeline.ts"));
export const HAVE_EMITTER = existsSync(join(ROOT, "compiler", "emit", "index.ts"));
export const HAVE_SL = HAVE_PIPELINE && existsSync(join(ROOT, "rulesets", "sl-classic.rules"));

/** A stack trace line, which a user's mistake must never print. */
export const STACK = /^\s+at .+\(.+:\d+:\d+\)$/m;
// eslint-disable-next-line no-control-regex
export const ANSI = /\u001b\[/;
