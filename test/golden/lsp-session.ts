/**
 * Language-server sessions as transcripts (rust-analyzer's and Catala's shape): test/golden/lsp/NAME.in.json
 * holds the client's messages, test/golden/lsp/NAME.out.json beside it what the server answered. The
 * session runs in-process: the CLI's own server (compiler/cli/lsp.ts `startServer`) on a connection
 * over two in-memory streams, a JSON-RPC client on their other ends, as an editor speaks to
 * `variorum lsp --stdio` (test/lsp/ drives the real process over stdio).
 *
 * Each step of NAME.in.json is `{ "request": METHOD, "params": … }` (what the client receives: the
 * response's `result` or `error`), or `{ "notify": METHOD, "params": … }`; after `didOpen` and `didChange`
 * the session waits for the diagnostics of that version (an event, with a bound against a hang), so
 * the transcript's order is fixed. In strings, `${root}` is the project root's file URL and `${tmp}`
 * the file URL of a folder made for the session (outside the root, removed after it); a
 * `textDocument.textFile` (a path under the root) stands for its `text`. A step
 * `{ "write": "${tmp}/NAME", "text": …, "mtime": SECONDS }` writes a file there as another program
 * would (a `git pull`, another editor), with that modification time. The transcript ends with
 * `shutdown` (never `exit`, which ends the process).
 */
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { fileURLToPath, pathToFileURL } from "node:url";
import {
  createMessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
} from "vscode-jsonrpc/node.js";
import { createConnection, ProposedFeatures } from "vscode-languageserver/node.js";
import { startServer } from "../../compiler/cli/lsp.js";
import { ROOT } from "../cli/run.js";

export const LSP_DIR = join(import.meta.dirname, "lsp");
const ROOT_URI = pathToFileURL(ROOT).href;
/** A guard against a server that never publishes, not a speed limit. */
const PUBLISHES_WITHIN_MS = 120_000;

export type Step =
  | { request: string; params?: unknown }
  | { notify: string; params?: unknown }
  | { write: string; text: string; mtime: number };

export type Received =
  | { response: string; result?: unknown; error?: unknown }
  | { notification: string; params: unknown };

/** `${root}`, `${tmp}` → the folders' URLs in every string; `textFile` → `text`. */
function expand(value: unknown, tmp: string): unknown {
  if (typeof value === "string") return value.replaceAll("${root}", ROOT_URI).replaceAll("${tmp}", tmp);
  if (Array.isArray(value)) return value.map((v) => expand(v, tmp));
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (k === "textFile") out.text = readFileSync(join(ROOT, String(v)), "utf8");
      else out[k] = expand(v, tmp);
    }
    return out;
  }
  return value;
}

/** The folders' URLs back to `${tmp}` and `${root}` in every string of what the server said. */
function contract(value: unknown, tmp: string): unknown {
  return JSON.parse(
    JSON.stringify(value ?? null)
      .replaceAll(tmp, "${tmp}")
      .replaceAll(ROOT_URI, "${root}"),
  );
}

/** Runs the steps against a fresh in-process server; what the client received, step by step. */
export async function runSession(steps: readonly Step[]): Promise<Received[]> {
  const tmpDir = mkdtempSync(join(tmpdir(), "variorum-lsp-"));
  const tmp = pathToFileURL(tmpDir).href;
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  const server = createConnection(
    ProposedFeatures.all,
    new StreamMessageReader(toServer),
    new StreamMessageWriter(toClient),
  );
  startServer(ROOT, server);
  const client = createMessageConnection(
    new StreamMessageReader(toClient),
    new StreamMessageWriter(toServer),
  );
  const received: Received[] = [];
  let published: ((p: { uri: string; version?: number }) => void) | null = null;
  client.onNotification((method, params) => {
    received.push({ notification: method, params: contract(params, tmp) });
    if (method === "textDocument/publishDiagnostics" && published)
      published(params as { uri: string; version?: number });
  });
  client.listen();
  try {
    for (const step of steps) {
      if ("write" in step) {
        const file = fileURLToPath(String(expand(step.write, tmp)));
        writeFileSync(file, step.text);
        utimesSync(file, step.mtime, step.mtime);
        continue;
      }
      const params = expand(step.params, tmp);
      if ("request" in step) {
        try {
          const result = await client.sendRequest(step.request, params);
          received.push({ response: step.request, result: contract(result, tmp) });
        } catch (e) {
          const { code, message } = e as { code?: number; message?: string };
          received.push({ response: step.request, error: contract({ code, message }, tmp) });
        }
        continue;
      }
      const doc = (params as { textDocument?: { uri: string; version?: number } }).textDocument;
      const waits =
        doc && (step.notify === "textDocument/didOpen" || step.notify === "textDocument/didChange");
      const arrived = waits
        ? new Promise<void>((resolve, reject) => {
            const bound = setTimeout(
              () => reject(new Error(`no diagnostics for ${doc.uri} v${doc.version}`)),
              PUBLISHES_WITHIN_MS,
            );
            published = (p) => {
              if (p.uri !== doc.uri || p.version !== doc.version) return;
              clearTimeout(bound);
              published = null;
              resolve();
            };
          })
        : Promise.resolve();
      await client.sendNotification(step.notify, params);
      await arrived;
    }
  } finally {
    client.dispose();
    server.dispose();
    toServer.end();
    toClient.end();
    rmSync(tmpDir, { recursive: true, force: true });
  }
  return received;
}
