/**
 * Starts `variorum studio` on a free port for the browser tests and waits for the URL it prints. The
 * bound is a guard against a studio that never starts, not a speed limit (the processes project's
 * test timeout is 300 s; a loaded 2-core machine may take tens of seconds to start Node).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { assertFreshBuild } from "../cli/run.js";

const BIN = join(import.meta.dirname, "..", "..", "bin", "variorum.js");
const STARTS_WITHIN_MS = 120_000;

export interface Studio {
  url: string;
  proc: ChildProcess;
}

export function serveStudio(args: string[], cwd: string): Promise<Studio> {
  assertFreshBuild();
  const proc = spawn(process.execPath, [BIN, "studio", ...args, "--no-open", "--port", "0"], {
    cwd,
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((done, fail) => {
    let out = "";
    let err = "";
    const bound = setTimeout(() => {
      proc.kill("SIGINT");
      fail(new Error(`variorum studio printed no URL within ${STARTS_WITHIN_MS} ms: ${out}${err}`));
    }, STARTS_WITHIN_MS);
    proc.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /Variorum Studio: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
      if (m) {
        clearTimeout(bound);
        done({ url: m[1]!, proc });
      }
    });
    proc.stderr!.on("data", (d: Buffer) => void (err += d.toString()));
    proc.on("exit", (code) => {
      clearTimeout(bound);
      fail(new Error(`variorum studio exited ${code}: ${out}${err}`));
    });
  });
}
