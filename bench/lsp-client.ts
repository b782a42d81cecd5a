/**
 * A minimal LSP client for tests and the bench: spawns `variorum lsp --stdio` (bin/variorum.js over
 * dist/) and speaks JSON-RPC with vscode-jsonrpc, as an editor would.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  createMessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type MessageConnection,
} from "vscode-jsonrpc/node.js";

/** The package root, from bench/ or dist/bench/. */
export const ROOT = ((d: string) =>
  basename(dirname(d)) === "dist" ? join(d, "..", "..") : join(d, ".."))(
  dirname(fileURLToPath(import.meta.url)),
);
const BIN = join(ROOT, "bin", "variorum.js");

export interface PublishedDiagnostics {
  uri: string;
  version?: number;
  diagnostics: {
    range: { start: { line: number; character: number }; end: { line: number; character: number } };
    severity: number;
    code: string;
    message: string;
  }[];
}

export class LspClient {
  readonly proc: ChildProcess;
  readonly conn: MessageConnection;
  private readonly waiters: {
    uri: string;
    version: number | null;
    resolve: (p: PublishedDiagnostics) => void;
  }[] = [];
  readonly exited: Promise<number | null>;
  stderr = "";

  /** `args`: what Node runs (by default the CLI's `lsp --stdio`; a bundled server file, say). */
  constructor(root = ROOT, args: readonly string[] = [BIN, "lsp", "--stdio"]) {
    this.proc = spawn(process.execPath, args, {
      cwd: root,
      stdio: ["pipe", "pipe", "pipe"],
    });
    this.proc.stderr!.on("data", (d: Buffer) => (this.stderr += d.toString()));
    // "close": the process has exited and its stdio is read to the end (stderr complete).
    this.exited = new Promise((resolve) => this.proc.on("close", (code) => resolve(code)));
    this.conn = createMessageConnection(
      new StreamMessageReader(this.proc.stdout!),
      new StreamMessageWriter(this.proc.stdin!),
    );
    this.conn.onNotification("textDocument/publishDiagnostics", (p: PublishedDiagnostics) => {
      for (let i = 0; i < this.waiters.length; i++) {
        const w = this.waiters[i]!;
        if (w.uri === p.uri && (w.version === null || p.version === w.version)) {
          this.waiters.splice(i, 1);
          w.resolve(p);
          return;
        }
      }
    });
    this.conn.listen();
  }

  /** The next diagnostics published for `uri` (for `version`, when given). Register before sending. */
  diagnostics(uri: string, version: number | null = null): Promise<PublishedDiagnostics> {
    return new Promise((resolve) => this.waiters.push({ uri, version, resolve }));
  }

  /** `capabilities`: the client's (none by default: no snippets, no dynamic registration). */
  async initialize(
    capabilities: Record<string, unknown> = {},
  ): Promise<{ capabilities: Record<string, unknown> }> {
    const r = await this.request<{ capabilities: Record<string, unknown> }>("initialize", {
      processId: process.pid,
      rootUri: null,
      capabilities,
    });
    await this.conn.sendNotification("initialized", {});
    return r;
  }

  open(uri: string, text: string, version = 1): Promise<void> {
    return this.conn.sendNotification("textDocument/didOpen", {
      textDocument: { uri, languageId: "variorum-rules", version, text },
    });
  }

  change(
    uri: string,
    version: number,
    changes: (
      | { text: string }
      | {
          range: {
            start: { line: number; character: number };
            end: { line: number; character: number };
          };
          text: string;
        }
    )[],
  ): Promise<void> {
    return this.conn.sendNotification("textDocument/didChange", {
      textDocument: { uri, version },
      contentChanges: changes,
    });
  }

  /**
   * The server's answer to `method`, or a rejection as soon as the server exits without one (with its
   * exit code and stderr): a server that dies on start fails its test at once, not at the hook's
   * timeout.
   */
  request<T>(method: string, params: unknown): Promise<T> {
    const died = this.exited.then((code): never => {
      throw new Error(
        `the language server exited (${code}) before answering ${method}: ${this.stderr}`,
      );
    });
    return Promise.race([this.conn.sendRequest<T>(method, params), died]);
  }

  /** shutdown, then exit; resolves to the server's exit code. */
  async stop(): Promise<number | null> {
    await this.conn.sendRequest("shutdown");
    await this.conn.sendNotification("exit");
    const code = await this.exited;
    this.conn.dispose();
    return code;
  }
}
