/**
 * The loopback server behind `variorum studio` (Node only). It serves the built page (the static
 * files of the Vite build, dist/studio-page/) and a two-route API that lets the page read and save one
 * ruleset file — the FILE given on the command line, and no other:
 *
 *   GET /api/session  → {"file": "<display path>", "name": "<basename>", "text": "<contents>",
 *                       "bases": {"<name>.rules": "<contents>", …}}, or {"file": null} when no FILE
 *                       was given (never cached); `bases` holds the files beside FILE that its
 *                       `extends` chain reads (the engine's one host rule: beside the file that names
 *                       an id, then the bundled rulesets, which the page holds itself)
 *                       or {"file": "…", "name": "…", "text": null, "error": "…"} when FILE is not
 *                       valid UTF-8 (the studio refuses to edit it rather than corrupt it)
 *   PUT /api/file     → writes the text/plain body (UTF-8, ≤ 2 MB) to FILE atomically, with FILE's own
 *                       line ending (CRLF, CR or LF, as the file has it), answers {"saved": true,
 *                       "bytes": N}; 409 when FILE on disk is not valid UTF-8 or cannot be written
 *                       (a folder in its place, read-only, not ours to write)
 *   POST /api/new?id=ID → creates ID.rules beside FILE with the text/plain body (a new house rule),
 *                       never over anything: 201 {"created": "<display path>"}; 409 when the name is
 *                       taken (FILE itself included); 400 for an id that is not a ruleset id
 *
 * It listens on 127.0.0.1 only and trusts nothing it receives: a request whose `Host` is not
 * `127.0.0.1:PORT` or `localhost:PORT` is refused (a DNS-rebinding page cannot reach it), and a save
 * needs the `x-variorum-studio: 1` header, which a cross-site form cannot send (and a cross-site
 * `fetch` could only send after a CORS preflight, which is never granted). Errors are JSON
 * `{"error": "message"}`; a port in use is a `PortInUse` value for the CLI to print.
 */

import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { createHash } from "node:crypto";
import { readFileSync, realpathSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { serveStatic } from "./statics.js";
import { loadRuleset } from "../compiler/engine/front.js";
import { folderOf, type Host } from "../compiler/engine/host.js";
import { nodeHost } from "../compiler/node/host.js";
import { displayPath } from "../compiler/node/paths.js";
import { WriteError, writeIfChanged, writeNew } from "../compiler/node/write.js";
import { RULESET_ID } from "../compiler/util/ruleset-id.js";

/** A file's text; "not-utf8" when its bytes are not valid UTF-8 (never decoded with `�`). */
function readText(file: string): string | "unreadable" | "not-utf8" {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return "unreadable";
  }
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return "not-utf8";
  }
}

/**
 * The files beside `file` that its `extends` chain reads, by name (`house.rules`): found through the
 * host by the engine's one rule, so the page checks FILE against the same bases as `variorum check`.
 */
export function basesBeside(file: string, host: Host = nodeHost()): Record<string, string> {
  const out: Record<string, string> = {};
  const dir = folderOf(file);
  for (const [read, text] of loadRuleset(file, host).sources)
    if (read !== file && folderOf(read) === dir) out[basename(read)] = text;
  return out;
}

function notUtf8(file: string): string {
  return `${file} is not valid UTF-8 text (Latin-1?): the studio does not edit it, as saving would corrupt it; convert it to UTF-8 first`;
}

/** The line ending a text uses (its first one): CRLF, CR or LF; LF for a text of one line. */
export function lineEnding(text: string): "\r\n" | "\r" | "\n" {
  const m = /\r\n|\r|\n/.exec(text);
  return m === null ? "\n" : (m[0] as "\r\n" | "\r" | "\n");
}

/** The port `variorum studio` uses unless `--port` says otherwise. */
export const DEFAULT_PORT = 7313;

/** The largest body a save accepts, in bytes. */
export const MAX_BODY = 2 * 1024 * 1024;
/** How much of an oversized body is read before it is answered (413) without waiting for its end. */
export const CUT_BODY = 16 * MAX_BODY;
/** How much of an oversized body is read and dropped in all before the connection is cut. */
export const DROP_BODY = 256 * MAX_BODY;

/** The header a save must carry (value `1`). */
export const SAVE_HEADER = "x-variorum-studio";

/** The header a save names the version it replaces with (the session's or the last save's `version`). */
export const VERSION_HEADER = "x-variorum-version";

/** The version of a file that does not exist (yet). */
export const ABSENT = "absent";

/** A file's version: a hash of its text (what a save replaces is compared by it, not by time). */
export function versionOf(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 32);
}

export interface StudioOptions {
  /** The folder of static files to serve (index.html, assets/). */
  dir: string;
  /** The ruleset file the page edits and saves, or none (the page then edits in memory only). */
  file?: string | null;
  /** 0 picks a free port; default 7313. */
  port?: number;
  host?: "127.0.0.1";
  /** The folder the session's display path is relative to (default: the process's). */
  cwd?: string;
}

export interface Studio {
  /** `http://127.0.0.1:PORT/` */
  url: string;
  port: number;
  /** Stops listening and ends open connections. */
  close(): Promise<void>;
}

/** The port is taken by another program: the CLI says so and exits 1. */
export class PortInUse extends Error {
  constructor(readonly port: number) {
    super(`port ${port} is in use`);
    this.name = "PortInUse";
  }
}

/** Listening failed for another reason the user can act on (e.g. a port below 1024 without rights). */
export class ListenError extends Error {
  constructor(
    readonly port: number,
    readonly reason: string,
  ) {
    super(`cannot listen on 127.0.0.1:${port}: ${reason}`);
    this.name = "ListenError";
  }
}

/** Starts the server; resolves once it listens, rejects with `PortInUse` or `ListenError`. */
export function startStudio(opts: StudioOptions): Promise<Studio> {
  const host = opts.host ?? "127.0.0.1";
  const requested = opts.port ?? DEFAULT_PORT;
  const cwd = opts.cwd ?? process.cwd();
  const given = opts.file ? resolve(cwd, opts.file) : null;
  // Save through a link to its target, so the link stays a link.
  const target = given === null ? null : realOrSelf(given);
  // The page's files are read at each request (studio/statics.ts): a rebuild is served as it stands,
  // a missing file is an answer. Answers are revalidated (no-cache + ETag), so the browser never
  // keeps an old page across restarts.
  const pageRoot = resolve(opts.dir);
  let port = requested;
  const allowedHosts = (): string[] => [`127.0.0.1:${port}`, `localhost:${port}`];

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    res.setHeader("x-content-type-options", "nosniff");
    res.setHeader("referrer-policy", "no-referrer");
    const hostHeader = (req.headers.host ?? "").toLowerCase();
    if (!allowedHosts().includes(hostHeader)) {
      drain(req);
      return json(res, 403, { error: `requests must be addressed to http://127.0.0.1:${port}/` });
    }
    const path = pathOf(req.url ?? "/");
    if (path === "/api" || path.startsWith("/api/")) return api(req, res, path);
    if (req.method !== "GET" && req.method !== "HEAD") {
      drain(req);
      res.setHeader("allow", "GET, HEAD");
      return json(res, 405, { error: `${req.method ?? "this method"} is not allowed here` });
    }
    serveStatic(pageRoot, path, req, res);
  };

  const api = (req: IncomingMessage, res: ServerResponse, path: string): void => {
    if (path === "/api/session") {
      if (req.method !== "GET" && req.method !== "HEAD") return notAllowed(req, res, "GET, HEAD");
      if (given === null || target === null) return json(res, 200, { file: null });
      const file = displayPath(given, cwd);
      const text = readText(target);
      if (text === "unreadable") return json(res, 404, { error: `cannot read ${file}` });
      if (text === "not-utf8")
        return json(res, 200, { file, name: basename(given), text: null, error: notUtf8(file) });
      return json(res, 200, {
        file,
        name: basename(given),
        text,
        version: versionOf(text),
        bases: basesBeside(given),
      });
    }
    if (path === "/api/file") {
      if (req.method !== "PUT") return notAllowed(req, res, "PUT");
      if (req.headers[SAVE_HEADER] !== "1") {
        drain(req);
        return json(res, 403, { error: `a save must carry the header ${SAVE_HEADER}: 1` });
      }
      if (given === null || target === null) {
        drain(req);
        return json(res, 404, {
          error: "no file is open: start `variorum studio FILE` to save to a file",
        });
      }
      const replaces = req.headers[VERSION_HEADER];
      if (typeof replaces !== "string" || replaces === "") {
        drain(req);
        return json(res, 428, {
          error: `a save must say which version of the file it replaces (the header ${VERSION_HEADER}, from the session or the last save)`,
        });
      }
      return void readBody(req).then((body) => {
        if (body === "too-large")
          return json(res, 413, { error: `the text is larger than ${MAX_BODY} bytes` }, req);
        if (body === "aborted") return;
        let text: string;
        try {
          text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(body);
        } catch {
          return json(res, 400, { error: "the text is not valid UTF-8" });
        }
        const now = readText(target);
        if (now === "not-utf8") return json(res, 409, { error: notUtf8(displayPath(given, cwd)) });
        // Saved only over the version the page last had: a change made on disk since (another
        // editor, a checkout) is never overwritten unseen; the page asks what to keep.
        const onDisk = now === "unreadable" ? ABSENT : versionOf(now);
        if (replaces !== onDisk)
          return json(res, 409, {
            conflict: true,
            error: `${displayPath(given, cwd)} changed on disk since this page loaded it`,
            text: now === "unreadable" ? null : now,
            version: onDisk,
          });
        // The editor joins lines with LF: write them back with the file's own line ending.
        const written = text.replace(/\r\n|\r|\n/g, now === "unreadable" ? "\n" : lineEnding(now));
        try {
          writeIfChanged(target, written);
        } catch (e) {
          // What stands at FILE's path refuses the write (a folder, a read-only file, no
          // permission): the file's state, which the user can change, not the server's failure.
          const shown = displayPath(given, cwd);
          if (e instanceof WriteError)
            return json(res, 409, { error: `cannot write ${shown}: ${e.reason}` });
          return json(res, 500, { error: `cannot write ${shown}: the file could not be written` });
        }
        return json(res, 200, { saved: true, bytes: body.length, version: versionOf(written) });
      });
    }
    if (path === "/api/new") {
      if (req.method !== "POST") return notAllowed(req, res, "POST");
      if (req.headers[SAVE_HEADER] !== "1") {
        drain(req);
        return json(res, 403, { error: `a write must carry the header ${SAVE_HEADER}: 1` });
      }
      if (given === null || target === null) {
        drain(req);
        return json(res, 404, { error: "no file is open: a new file is written beside it" });
      }
      const id = new URL(req.url ?? "/", "http://x").searchParams.get("id") ?? "";
      if (!RULESET_ID.test(id)) {
        drain(req);
        return json(res, 400, { error: "not a ruleset id (letters, digits and hyphens)" });
      }
      const file = join(dirname(target), `${id}.rules`);
      const shown = displayPath(join(dirname(given), `${id}.rules`), cwd);
      return void readBody(req).then((body) => {
        if (body === "too-large")
          return json(res, 413, { error: `the text is larger than ${MAX_BODY} bytes` }, req);
        if (body === "aborted") return;
        let text: string;
        try {
          text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(body);
        } catch {
          return json(res, 400, { error: "the text is not valid UTF-8" });
        }
        try {
          // Never over anything: the open file, another rule, a link (writeNew is exclusive).
          if (!writeNew(file, text))
            return json(res, 409, { error: `${shown} already exists: choose another id` });
        } catch (e) {
          // The folder refuses the new file (read-only, no permission, no space): the folder's
          // state, which the user can change, answered as /api/file answers it, not as our failure.
          if (e instanceof WriteError)
            return json(res, 409, { error: `cannot write ${shown}: ${e.reason}` });
          return json(res, 500, { error: `cannot write ${shown}: the file could not be written` });
        }
        return json(res, 201, { created: shown });
      });
    }
    drain(req);
    return json(res, 404, { error: "not found" });
  };

  const server: Server = createServer((req, res) => {
    try {
      handle(req, res);
    } catch {
      if (!res.headersSent) json(res, 500, { error: "internal error" });
      else res.destroy();
    }
  });
  const sockets = new Set<Socket>();
  server.on("connection", (s: Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });

  return new Promise<Studio>((ok, fail) => {
    const onError = (e: NodeJS.ErrnoException): void => {
      server.off("listening", onListening);
      if (e.code === "EADDRINUSE") fail(new PortInUse(requested));
      else if (e.code === "EACCES" || e.code === "EPERM")
        fail(
          new ListenError(requested, "permission denied (ports below 1024 need special rights)"),
        );
      else if (e.code === "EADDRNOTAVAIL")
        fail(new ListenError(requested, "the address is not available"));
      else fail(e);
    };
    const onListening = (): void => {
      server.off("error", onError);
      const address = server.address();
      port = typeof address === "object" && address !== null ? address.port : requested;
      ok({
        url: `http://${host}:${port}/`,
        port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            for (const s of sockets) s.destroy();
          }),
      });
    };
    server.once("error", onError);
    server.once("listening", onListening);
    server.listen({ port: requested, host, exclusive: true });
  });
}

/** The path of a request target, without query or fragment (undecoded: studio/statics.ts decodes it). */
function pathOf(url: string): string {
  const q = url.search(/[?#]/);
  return q >= 0 ? url.slice(0, q) : url;
}

function realOrSelf(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
}

/**
 * Answers `body` as JSON. Given `req` whose body is still coming (a 413 at CUT_BODY), the whole answer
 * goes out at once (its length is given, so the client has all of it) but the response ends only when
 * the request does, or is cut at DROP_BODY: Node closes a `Connection: close` socket when the
 * response ends, and a client still sending would meet EPIPE before reading the answer.
 */
function json(res: ServerResponse, status: number, body: unknown, req?: IncomingMessage): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
    "cache-control": "no-store",
  });
  if (req === undefined || req.complete) return void res.end(text);
  res.write(text);
  const end = (): void => void (res.writableEnded || res.end());
  req.once("end", end);
  req.once("close", end);
}

function notAllowed(req: IncomingMessage, res: ServerResponse, allow: string): void {
  drain(req);
  res.setHeader("allow", allow);
  json(res, 405, {
    error: `${req.method ?? "this method"} is not allowed on this route; use ${allow.replace(", ", " or ")}`,
  });
}

/**
 * Reads a request body of at most MAX_BODY bytes; past that the rest is read and dropped. A body
 * still coming at CUT_BODY is answered "too-large" at once, without waiting for its end; the rest
 * is still read and dropped (closing on a client that is still sending would reset the connection
 * before it reads the answer), up to DROP_BODY, where the connection is cut.
 */
function readBody(req: IncomingMessage): Promise<Buffer | "too-large" | "aborted"> {
  return new Promise((done) => {
    const declared = Number(req.headers["content-length"]);
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = Number.isFinite(declared) && declared > MAX_BODY;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) tooLarge = true;
      if (!tooLarge) return void chunks.push(chunk);
      chunks.length = 0;
      if (size > DROP_BODY) req.destroy();
      else if (size > CUT_BODY) done("too-large");
    });
    req.on("end", () => done(tooLarge ? "too-large" : Buffer.concat(chunks, size)));
    req.on("error", () => done("aborted"));
    req.on("close", () => {
      if (!req.complete) done("aborted");
    });
  });
}

/** Reads and drops a body we answer without reading, so the connection stays usable. */
function drain(req: IncomingMessage): void {
  req.resume();
}
