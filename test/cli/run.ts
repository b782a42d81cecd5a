/**
 * Spawns the real `variorum` binary (bin/variorum.js over dist/, so build first: `npm test` does).
 * Asynchronously: a test worker blocked in spawnSync cannot answer vitest's RPC, and on a loaded
 * machine a test that spawns a few children in a row outlasts its 60 s timeout ("Timeout calling
 * onTaskUpdate", exit 1 with every test passed).
 */

import { spawn } from "node:child_process";
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
  opts: { cwd?: string; env?: Record<string, string | undefined>; timeout?: number } = {},
): Promise<Run> {
  if (!existsSync(join(ROOT, "dist", "compiler", "cli", "main.js"))) {
    throw new Error("dist/ is missing: run `npm run build` (or `npm test`, which builds first)");
  }
  const env: Record<string, string | undefined> = { ...process.env, ...opts.env };
  delete env.FORCE_COLOR;
  if (opts.env && "NO_COLOR" in opts.env && opts.env.NO_COLOR === undefined) delete env.NO_COLOR;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: opts.cwd ?? ROOT,
      env: env as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
      timeout: opts.timeout ?? 120_000,
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (b: Buffer) => out.push(b));
    child.stderr.on("data", (b: Buffer) => err.push(b));
    child.on("error", reject);
    child.on("close", (code, signal) => {
      if (signal) reject(new Error(`variorum ${args.join(" ")}: killed by ${signal}`));
      else
        resolve({
          code,
          stdout: Buffer.concat(out).toString("utf8"),
          stderr: Buffer.concat(err).toString("utf8"),
        });
    });
  });
}

/** A stack trace line, which a user's mistake must never print. */
export const STACK = /^\s+at .+\(.+:\d+:\d+\)$/m;
// eslint-disable-next-line no-control-regex
export const ANSI = /\u001b\[/;

/**
 * Gives the test worker's event loop a turn (a macrotask), so that it answers vitest's RPC between
 * long synchronous steps: a worker that computes for a minute without one fails the run with
 * "Timeout calling onTaskUpdate" even when every test passes. Await it between iterations of a loop.
 */
export const breathe = (): Promise<void> => new Promise<void>((r) => setImmediate(r));
