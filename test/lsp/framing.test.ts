/**
 * Issue 23, item 17: after a malformed message header the language server used to stay up but ignore
 * every later message until its input closed. Now the framing is checked before vscode-jsonrpc reads
 * it, and the server exits 1 with a message on the first malformed header (the editor restarts it);
 * well-formed traffic is unchanged (test/lsp/lsp.test.ts).
 */
import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { assertFreshBuild, BIN } from "../cli/run.js";

const INIT = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { processId: null, rootUri: null, capabilities: {} },
});
const len = Buffer.byteLength(INIT);

const CASES: [string, string][] = [
  ["letters", `Content-Length: abc\r\n\r\n${INIT}`],
  ["negative", `Content-Length: -5\r\n\r\n${INIT}`],
  ["10^20", `Content-Length: 100000000000000000000\r\n\r\n${INIT}`],
  ["missing", `Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n${INIT}`],
  ["duplicated", `Content-Length: ${len}\r\nContent-Length: ${len}\r\n\r\n${INIT}`],
  ["LF-only", `Content-Length: ${len}\n\n${INIT}`],
  ["not a header line", `Content-Length: ${len}\r\nhello\r\n\r\n${INIT}`],
];

/** Spawns the server, writes `input` and keeps its input open; resolves on exit (bounded). */
function serve(input: string): Promise<{ code: number | null; stderr: string }> {
  assertFreshBuild();
  const proc = spawn(process.execPath, [BIN, "lsp", "--stdio"], {
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stderr = "";
  proc.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  proc.stdout.resume();
  proc.stdin.write(input);
  return new Promise((resolve, reject) => {
    const bound = setTimeout(() => {
      proc.kill();
      reject(new Error(`still running with its input open; stderr: ${stderr}`));
    }, 30_000);
    proc.on("exit", (code) => {
      clearTimeout(bound);
      resolve({ code, stderr });
    });
  });
}

describe("variorum lsp --stdio given a malformed header", () => {
  for (const [what, input] of CASES) {
    it(`exits 1 with a message (${what}), its input still open`, async () => {
      const r = await serve(input);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(
        /^variorum lsp: malformed message from the client \(.+\); exiting\n$/,
      );
    }, 40_000);
  }
});
