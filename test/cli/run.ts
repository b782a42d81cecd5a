/**
 * Two ways a test runs the `variorum` command line:
 *
 * - `variorum(args)`: in-process, through the CLI's `run()` (what bin/variorum.js's `main()` calls),
 *   with the binary's own handling of an escaped exception (exit 70), colours off as on a pipe. The
 *   current sources, never a build: a change to a command fails its test at once.
 * - `spawnVariorum(args)`: the real binary (bin/variorum.js over dist/), only where the process itself
 *   is under test (exit codes and signals, stdin, a server). It refuses a stale dist/ loudly
 *   (`assertFreshBuild`); the `processes` project's global setup (test/build-setup.ts) builds first.
 *
 * Spawning is asynchronous: a test worker blocked in spawnSync cannot answer vitest's RPC, and on a
 * loaded machine a test that spawns a few children in a row outlasts its timeout ("Timeout calling
 * onTaskUpdate", exit 1 with every test passed).
 */

import { spawn } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createColors } from "picocolors";
import type { Ctx } from "../../compiler/cli/context.js";
import { run } from "../../compiler/cli/main.js";
import { safeLine } from "../../diagnostics/safe-text.js";
import { newest } from "../newest.js";
import { keptFronts, keptStores } from "./kept.js";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const BIN = join(ROOT, "bin", "variorum.js");

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  /** The directory the command runs in (default: the project root). */
  cwd?: string;
  /** Variables set for the command's duration (undefined: unset). */
  env?: Record<string, string | undefined>;
  /** Spawned runs only: a guard against a hang. */
  timeout?: number;
  /** Spawned runs only: the binary's path as typed (relative to `cwd`), instead of its absolute path. */
  bin?: string;
  /**
   * In-process runs only: keep what the binary keeps between runs in the worker's memory
   * (test/cli/kept.ts). Default true; false for a test of the binary's own caches on disk.
   */
  keep?: boolean;
}

/** Sets `env` on process.env, runs `f`, restores the previous values. */
async function withEnv<T>(
  env: Record<string, string | undefined>,
  f: () => Promise<T>,
): Promise<T> {
  const saved = Object.entries(env).map(([k]) => [k, process.env[k]] as const);
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  try {
    return await f();
  } finally {
    for (const [k, v] of saved) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

/**
 * Runs `variorum ARGS` in-process: the same output, byte for byte, as the binary run from `cwd` with
 * stdout and stderr on pipes (test/golden/spawn.test.ts checks it on a case of every command).
 */
export async function variorum(args: string[], opts: RunOptions = {}): Promise<Run> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const none = createColors(false);
  const ctx: Ctx = {
    cwd: opts.cwd ?? ROOT,
    root: ROOT,
    out: (t) => void stdout.push(t),
    err: (t) => void stderr.push(t),
    cOut: none,
    cErr: none,
    colorErr: false,
    ...(opts.keep === false ? {} : { built: keptFronts(ROOT), stores: keptStores() }),
  };
  let code: number;
  try {
    code = await withEnv(opts.env ?? {}, () => run(args, ctx));
  } catch (e) {
    // main()'s answer to an escaped exception (compiler/cli/main.ts).
    const message = e instanceof Error ? e.message : String(e);
    stderr.push(`variorum: internal error: ${safeLine(message)}\n`);
    stderr.push("(this is a bug in variorum; set VARIORUM_DEBUG=1 to see where it happened)\n");
    code = 70;
  }
  return { code, stdout: stdout.join(""), stderr: stderr.join("") };
}

/** What dist/ is built from (tsconfig.build.json's include, and the config itself). */
export const BUILD_SOURCES = [
  "diagnostics",
  "grammar",
  "compiler",
  "runtime",
  "generated",
  "bench",
  "fuzz",
  "studio/server.ts",
  "tsconfig.build.json",
  "tsconfig.json",
];
/**
 * The file of dist/ the binary loads first: the CLI's bundle (scripts/bundle-cli.mjs), written after
 * tsc on every build.
 */
export const BUILT = join(ROOT, "dist", "cli", "main.cjs");

/** Why dist/ cannot be trusted (missing, or older than a source), or null when it is current. */
export function staleBuild(): string | null {
  if (!existsSync(BUILT)) return "dist/ is missing";
  const built = statSync(BUILT).mtimeMs;
  const src = Math.max(...BUILD_SOURCES.map((p) => newest(join(ROOT, p))));
  return src > built ? "dist/ is older than its sources" : null;
}

let checked = false;
/** Throws unless dist/ is built from the current sources: a spawned test never runs a stale binary. */
export function assertFreshBuild(): void {
  if (checked) return;
  const why = staleBuild();
  if (why)
    throw new Error(
      `${why}: run \`npx tsc -p tsconfig.build.json && node scripts/bundle-cli.mjs\` (the processes project's global setup, test/build-setup.ts, does it)`,
    );
  checked = true;
}

/** Spawns the real binary (bin/variorum.js over a current dist/), stdin closed, colours off. */
export function spawnVariorum(args: string[], opts: RunOptions = {}): Promise<Run> {
  assertFreshBuild();
  // The diff's report cache (compiler/node/report-store.ts) in a folder of this test process, not the
  // user's: a spawned diff reads back what an earlier spawned diff of the same build kept.
  const env: Record<string, string | undefined> = {
    ...process.env,
    VARIORUM_CACHE_DIR: join(tmpdir(), `variorum-test-cache-${process.pid}`),
    ...opts.env,
  };
  delete env.FORCE_COLOR;
  if (opts.env && "NO_COLOR" in opts.env && opts.env.NO_COLOR === undefined) delete env.NO_COLOR;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [opts.bin ?? BIN, ...args], {
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
