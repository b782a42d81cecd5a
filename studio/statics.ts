/**
 * The studio page's files (Node only), read from their folder at each request: a page rebuilt while
 * the server runs (`npm run build:studio`, another checkout's build) is served as it now stands, and
 * a file that is missing or unreadable is an answer — 404, or for the page itself an error page that
 * says how to rebuild it — never an exception that ends the server. (sirv, used before, read the file
 * list once at start and streamed each file: a file removed meanwhile was a stream error nothing
 * handled, and the process died with a stack trace.) The files are small; each is read whole.
 */
import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join, sep } from "node:path";

const TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".wasm": "application/wasm",
  ".txt": "text/plain; charset=utf-8",
};

/**
 * The file of folder `root` a request path names (`/` is `index.html`), or null for a path that
 * leaves the folder or names a dotfile, however it is spelled (`..`, `%2e%2e`, `\`, `//`).
 */
export function staticFile(root: string, path: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  if (!decoded.startsWith("/") || /[\\\0]/.test(decoded)) return null;
  const parts = (decoded === "/" ? "/index.html" : decoded).split("/").slice(1);
  if (parts.some((p) => p === "" || p.startsWith("."))) return null;
  const file = join(root, ...parts);
  return file.startsWith(root + sep) ? file : null;
}

/** Answers a GET or HEAD for a page file under `root` (an absolute folder). */
export function serveStatic(
  root: string,
  path: string,
  req: IncomingMessage,
  res: ServerResponse,
): void {
  const file = staticFile(root, path);
  let body: Buffer;
  try {
    if (file === null || !statSync(file).isFile()) throw new Error("not a file");
    body = readFileSync(file);
  } catch {
    return file === join(root, "index.html") ? missingPage(root, res) : notFound(res);
  }
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`;
  const headers = {
    "content-type": TYPES[extname(file).toLowerCase()] ?? "application/octet-stream",
    "cache-control": "no-cache",
    etag,
  };
  if (req.headers["if-none-match"] === etag) {
    res.writeHead(304, headers);
    return void res.end();
  }
  res.writeHead(200, { ...headers, "content-length": body.length });
  res.end(req.method === "HEAD" ? undefined : body);
}

function notFound(res: ServerResponse): void {
  const text = JSON.stringify({ error: "not found" });
  res.writeHead(404, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
    "cache-control": "no-store",
  });
  res.end(text);
}

const escape = (s: string): string => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page's own files are gone (removed, or being rebuilt): say so, and how to get them back. */
function missingPage(root: string, res: ServerResponse): void {
  const html = `<!doctype html>
<meta charset="utf-8">
<title>Variorum Studio: the page is missing</title>
<h1>The studio's page is missing</h1>
<p>The server is running, but the page's files are not in <code>${escape(root)}</code>: they were
removed or are being rebuilt. Run <code>npm run build:studio</code> (or restart
<code>variorum studio</code>, which builds them when they are missing), then reload this page.</p>
`;
  res.writeHead(503, {
    "content-type": "text/html; charset=utf-8",
    "content-length": Buffer.byteLength(html),
    "cache-control": "no-store",
    "retry-after": "5",
  });
  res.end(html);
}
