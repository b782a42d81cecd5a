/**
 * The `variorum studio` loopback server, in process on a free port: static files (and no way out of
 * their folder), the Host guard, the session, saving (header, size, atomic, only FILE), and the
 * command's usage errors through `run`.
 */
import { request } from "node:http";
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createColors } from "picocolors";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Ctx } from "../../compiler/cli/context.js";
import { run } from "../../compiler/cli/main.js";
import { STACK } from "../cli/run.js";
import { studio } from "../../compiler/cli/studio.js";
import { MAX_BODY, PortInUse, startStudio, versionOf, type Studio } from "../../studio/server.js";

/** The header a save names the version of `file` it replaces with: what is on disk now. */
const replacing = (file: string): Record<string, string> => ({
  "x-variorum-version": versionOf(readFileSync(file, "utf8")),
});

const SECRET = "do-not-serve-me-0f3a";
const RULES = 'ruleset my-house "My house"\nextends asl-a4\n';

/** tmp/page (the static folder) next to tmp/package.json and tmp/work/house.rules. */
function fixture(): { root: string; page: string; work: string; file: string } {
  const root = mkdtempSync(join(tmpdir(), "variorum-studio-"));
  const page = join(root, "page");
  mkdirSync(join(page, "assets"), { recursive: true });
  writeFileSync(
    join(page, "index.html"),
    '<!doctype html><title>Variorum Studio</title><script type="module" src="./assets/app.js"></script>\n',
  );
  writeFileSync(join(page, "assets", "app.js"), 'console.log("studio");\n');
  writeFileSync(join(root, "package.json"), JSON.stringify({ name: SECRET }));
  writeFileSync(join(root, "secret.txt"), SECRET);
  const work = join(root, "work");
  mkdirSync(work);
  const file = join(work, "house.rules");
  writeFileSync(file, RULES);
  return { root, page, work, file };
}

/** A raw HTTP request on a fresh connection: the path goes out exactly as written (fetch would normalise `..` away). */
function raw(
  port: number,
  path: string,
  opts: { method?: string; host?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((ok, fail) => {
    // host '' sends no Host header at all
    const host = opts.host ?? `127.0.0.1:${port}`;
    const headers = host === "" ? { ...opts.headers } : { host, ...opts.headers };
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path,
        method: opts.method ?? "GET",
        headers,
        setHost: host !== "",
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          ok({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        res.on("error", fail);
      },
    );
    req.on("error", fail);
    req.end(opts.body);
  });
}

describe("studio server with a FILE", () => {
  let f: ReturnType<typeof fixture>;
  let s: Studio;
  beforeAll(async () => {
    f = fixture();
    s = await startStudio({ dir: f.page, file: f.file, port: 0, cwd: f.root });
  });
  afterAll(async () => {
    await s.close();
  });

  it("listens on 127.0.0.1 on the port it reports", () => {
    expect(s.port).toBeGreaterThan(0);
    expect(s.url).toBe(`http://127.0.0.1:${s.port}/`);
  });

  it("serves index.html at / and the assets", async () => {
    const index = await fetch(s.url);
    expect(index.status).toBe(200);
    expect(index.headers.get("content-type")).toMatch(/^text\/html/);
    expect(index.headers.get("cache-control")).toBe("no-cache");
    const etag = index.headers.get("etag");
    expect(etag).toBeTruthy();
    expect((await fetch(s.url, { headers: { "if-none-match": etag! } })).status).toBe(304);
    expect(await index.text()).toContain("<title>Variorum Studio</title>");
    const app = await fetch(`${s.url}assets/app.js`);
    expect(app.status).toBe(200);
    expect(await app.text()).toBe('console.log("studio");\n');
    // localhost is as good as 127.0.0.1
    expect((await raw(s.port, "/", { host: `localhost:${s.port}` })).status).toBe(200);
  });

  it("nothing outside the folder is reachable, however the path is spelled", async () => {
    for (const path of [
      "/../package.json",
      "/%2e%2e/package.json",
      "/%2E%2E/secret.txt",
      "/assets/../../secret.txt",
      "/..%2fsecret.txt",
      "/%2e%2e%2fsecret.txt",
      "//secret.txt",
      "/..\\secret.txt",
    ]) {
      const r = await raw(s.port, path);
      expect(r.status, path).toBe(404);
      expect(r.body, path).not.toContain(SECRET);
    }
    // and fetch's own spelling of the same
    const r = await fetch(`${s.url}../package.json`);
    expect(await r.text()).not.toContain(SECRET);
    // no directory listing
    expect((await raw(s.port, "/assets/")).body).not.toContain("app.js");
  });

  it("survives its page files disappearing and serves them again once rebuilt (issue 44, item 13)", async () => {
    const moved = `${f.page}-away`;
    renameSync(f.page, moved);
    try {
      const page = await raw(s.port, "/");
      expect(page.status).toBe(503);
      expect(page.headers["content-type"]).toMatch(/^text\/html/);
      expect(page.body).toContain("npm run build:studio");
      expect(page.body).not.toMatch(STACK);
      expect((await raw(s.port, "/assets/app.js")).status).toBe(404);
      // The rest of the server goes on answering.
      expect((await raw(s.port, "/api/session")).status).toBe(200);
    } finally {
      renameSync(moved, f.page);
    }
    // Rebuilt with new contents: served as they now stand, without a restart.
    writeFileSync(join(f.page, "assets", "app.js"), 'console.log("rebuilt");\n');
    try {
      const app = await raw(s.port, "/assets/app.js");
      expect(app.status).toBe(200);
      expect(app.body).toBe('console.log("rebuilt");\n');
    } finally {
      writeFileSync(join(f.page, "assets", "app.js"), 'console.log("studio");\n');
    }
  });

  it("a request with another Host is refused (DNS rebinding)", async () => {
    for (const host of [
      "evil.example",
      `evil.example:${s.port}`,
      "127.0.0.1",
      `127.0.0.1:${s.port + 1}`,
      `localhost.evil.example:${s.port}`,
      "",
    ]) {
      for (const path of ["/", "/api/session"]) {
        const r = await raw(s.port, path, { host });
        expect(r.body).not.toContain("ruleset my-house");
        expect(r.body).not.toContain("Variorum Studio");
        // No Host at all: Node's HTTP/1.1 parser answers 400 before the guard sees it.
        if (host === "") expect(r.status).toBe(400);
        else {
          expect(r.status, `${host} ${path}`).toBe(403);
          expect(JSON.parse(r.body)).toHaveProperty("error");
        }
      }
    }
  });

  it("GET /api/session gives the file, its name and its text, not cached", async () => {
    const r = await fetch(`${s.url}api/session`);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toMatch(/^application\/json/);
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect(await r.json()).toEqual({
      file: join("work", "house.rules"),
      name: "house.rules",
      text: RULES,
      // What a save names as the version it replaces.
      version: versionOf(RULES),
      // Its base is bundled (asl-a4): nothing beside it to send.
      bases: {},
    });
  });

  it("PUT /api/file without the header is refused and writes nothing", async () => {
    const r = await fetch(`${s.url}api/file`, {
      method: "PUT",
      body: "overwritten",
      headers: { "content-type": "text/plain" },
    });
    expect(r.status).toBe(403);
    expect(await r.json()).toHaveProperty("error");
    const wrong = await fetch(`${s.url}api/file`, {
      method: "PUT",
      body: "overwritten",
      headers: { "x-variorum-studio": "0" },
    });
    expect(wrong.status).toBe(403);
    expect(readFileSync(f.file, "utf8")).toBe(RULES);
  });

  it("PUT /api/file with the header saves the body to FILE, atomically, and nothing else", async () => {
    const text = RULES + "// edited in the studio — ✓\n";
    const r = await fetch(`${s.url}api/file`, {
      method: "PUT",
      body: text,
      headers: {
        "content-type": "text/plain; charset=utf-8",
        "x-variorum-studio": "1",
        ...replacing(f.file),
      },
    });
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ saved: true, bytes: Buffer.byteLength(text) });
    expect(readFileSync(f.file, "utf8")).toBe(text);
    expect(readdirSync(f.work)).toEqual(["house.rules"]);
    const session = (await (await fetch(`${s.url}api/session`)).json()) as { text: string };
    expect(session.text).toBe(text);
    // an empty text is a text
    const empty = await fetch(`${s.url}api/file`, {
      method: "PUT",
      body: "",
      headers: { "x-variorum-studio": "1", ...replacing(f.file) },
    });
    expect(await empty.json()).toMatchObject({ saved: true, bytes: 0 });
    expect(readFileSync(f.file, "utf8")).toBe("");
    expect(readdirSync(f.work)).toEqual(["house.rules"]);
    writeFileSync(f.file, RULES);
  });

  // Issue 45, item 1: a save replaces only the version the page last had.
  it("a save over a file changed on disk since is 409 with the disk's text, and writes nothing", async () => {
    const session = (await (await fetch(`${s.url}api/session`)).json()) as { version: string };
    const theirs = RULES + "# changed in another editor\n";
    writeFileSync(f.file, theirs);
    const put = (version: string) =>
      fetch(`${s.url}api/file`, {
        method: "PUT",
        body: RULES + "# typed in the page\n",
        headers: { "x-variorum-studio": "1", "x-variorum-version": version },
      });
    const r = await put(session.version);
    expect(r.status).toBe(409);
    expect(await r.json()).toMatchObject({
      conflict: true,
      text: theirs,
      version: versionOf(theirs),
      error: expect.stringMatching(/changed on disk since this page loaded it/),
    });
    expect(readFileSync(f.file, "utf8")).toBe(theirs);
    // "Keep mine": saved over the version the page has now seen.
    const kept = await put(versionOf(theirs));
    expect(kept.status).toBe(200);
    expect(readFileSync(f.file, "utf8")).toBe(RULES + "# typed in the page\n");
    // A save that names no version is refused.
    const blind = await fetch(`${s.url}api/file`, {
      method: "PUT",
      body: "overwritten",
      headers: { "x-variorum-studio": "1" },
    });
    expect(blind.status).toBe(428);
    expect(readFileSync(f.file, "utf8")).toBe(RULES + "# typed in the page\n");
    writeFileSync(f.file, RULES);
  });

  it("a body that keeps coming past the cut is answered 413, not reset, and the file is untouched", async () => {
    // 40 MB sent in pieces: the server answers at CUT_BODY without waiting for the end.
    const answer = await new Promise<{ status: number; body: string }>((ok, fail) => {
      const req = request(
        {
          host: "127.0.0.1",
          port: s.port,
          path: "/api/file",
          method: "PUT",
          headers: {
            "x-variorum-studio": "1",
            "transfer-encoding": "chunked",
            ...replacing(f.file),
          },
          agent: false,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () =>
            ok({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
          );
          res.on("error", fail);
        },
      );
      let answered = false;
      req.on("response", () => (answered = true));
      // Once the answer is in, the rest of the upload is cut off: only an error before it fails.
      req.on("error", (e) => answered || fail(e));
      const piece = Buffer.alloc(1024 * 1024, 0x78);
      let sent = 0;
      const more = (): void => {
        while (sent < 20 * MAX_BODY) {
          sent += piece.length;
          if (!req.write(piece)) return void req.once("drain", more);
        }
        req.end();
      };
      more();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toHaveProperty("error");
    expect(readFileSync(f.file, "utf8")).toBe(RULES);
    // and the server still answers
    expect((await fetch(`${s.url}api/session`)).status).toBe(200);
  });

  it("a body over 2 MB is 413 and the file is untouched", async () => {
    const big = "x".repeat(MAX_BODY + 1);
    const r = await fetch(`${s.url}api/file`, {
      method: "PUT",
      body: big,
      headers: { "x-variorum-studio": "1", ...replacing(f.file) },
    });
    expect(r.status).toBe(413);
    expect(await r.json()).toHaveProperty("error");
    expect(readFileSync(f.file, "utf8")).toBe(RULES);
    // exactly 2 MB is fine
    const max = "y".repeat(MAX_BODY);
    const ok = await fetch(`${s.url}api/file`, {
      method: "PUT",
      body: max,
      headers: { "x-variorum-studio": "1", ...replacing(f.file) },
    });
    expect(ok.status).toBe(200);
    expect(readFileSync(f.file, "utf8")).toBe(max);
    writeFileSync(f.file, RULES);
  });

  it("a body that is not UTF-8 is 400 and the file is untouched", async () => {
    const r = await fetch(`${s.url}api/file`, {
      method: "PUT",
      body: new Uint8Array([0x61, 0xff, 0xfe, 0x62]),
      headers: { "x-variorum-studio": "1", ...replacing(f.file) },
    });
    expect(r.status).toBe(400);
    expect(readFileSync(f.file, "utf8")).toBe(RULES);
  });

  it("other methods on /api/* are 405; the only writable route is /api/file", async () => {
    for (const [method, path] of [
      ["POST", "/api/file"],
      ["DELETE", "/api/file"],
      ["GET", "/api/file"],
      ["PUT", "/api/session"],
      ["POST", "/api/session"],
      ["OPTIONS", "/api/file"],
    ] as const) {
      const r = await raw(s.port, path, {
        method,
        headers: { "x-variorum-studio": "1" },
        body: method === "GET" || method === "OPTIONS" ? undefined : "overwritten",
      });
      expect(r.status, `${method} ${path}`).toBe(405);
      expect(JSON.parse(r.body)).toHaveProperty("error");
    }
    const other = await raw(s.port, "/api/file/../../secret.txt", {
      method: "PUT",
      headers: { "x-variorum-studio": "1" },
      body: "overwritten",
    });
    expect(other.status).toBe(404);
    expect(readFileSync(join(f.root, "secret.txt"), "utf8")).toBe(SECRET);
    expect(readFileSync(f.file, "utf8")).toBe(RULES);
  });

  it("a port in use is a PortInUse value", async () => {
    await expect(startStudio({ dir: f.page, port: s.port })).rejects.toBeInstanceOf(PortInUse);
  });
});

describe("studio server: a new house rule", () => {
  let f: ReturnType<typeof fixture>;
  let s: Studio;
  beforeAll(async () => {
    f = fixture();
    s = await startStudio({ dir: f.page, file: f.file, port: 0, cwd: f.root });
  });
  afterAll(async () => {
    await s.close();
  });
  const create = (id: string, body: string): Promise<Response> =>
    fetch(`${s.url}api/new?id=${id}`, {
      method: "POST",
      body,
      headers: { "x-variorum-studio": "1" },
    });

  it("is written beside the open file, never over one, and a folder that refuses it is a 409", async () => {
    const made = await create("house-b", RULES);
    expect(made.status).toBe(201);
    expect(readFileSync(join(f.work, "house-b.rules"), "utf8")).toBe(RULES);
    const again = await create("house-b", "other");
    expect(again.status).toBe(409);
    expect(readFileSync(join(f.work, "house-b.rules"), "utf8")).toBe(RULES);
    expect((await create("../up", RULES)).status).toBe(400);
    // The open file's folder is gone: the folder's state, which the user can change, not a 500.
    rmSync(f.work, { recursive: true });
    const gone = await create("house-c", RULES);
    expect(gone.status).toBe(409);
    expect(((await gone.json()) as { error: string }).error).toMatch(
      /^cannot write work\/house-c\.rules: /,
    );
  });
});

describe("studio server without a FILE", () => {
  let f: ReturnType<typeof fixture>;
  let s: Studio;
  beforeAll(async () => {
    f = fixture();
    s = await startStudio({ dir: f.page, port: 0 });
  });
  afterAll(async () => {
    await s.close();
  });

  it("the session has no file and a save is 404", async () => {
    const session = await fetch(`${s.url}api/session`);
    expect(session.status).toBe(200);
    expect(await session.json()).toEqual({ file: null });
    const put = await fetch(`${s.url}api/file`, {
      method: "PUT",
      body: "text",
      headers: { "x-variorum-studio": "1" },
    });
    expect(put.status).toBe(404);
    expect(await put.json()).toHaveProperty("error");
    expect(readFileSync(f.file, "utf8")).toBe(RULES);
  });
});

describe("variorum studio", () => {
  const none = createColors(false);
  const ROOT = join(import.meta.dirname, "..", "..");
  async function cli(
    argv: string[],
    cwd: string,
    root = cwd,
  ): Promise<{ code: number; out: string; err: string }> {
    const out: string[] = [];
    const err: string[] = [];
    const ctx: Ctx = {
      cwd,
      root,
      out: (t) => void out.push(t),
      err: (t) => void err.push(t),
      cOut: none,
      cErr: none,
      colorErr: false,
    };
    return { code: await run(argv, ctx), out: out.join(""), err: err.join("") };
  }

  it("a missing FILE, a FILE not ending in .rules and a bad --port are usage errors (exit 2)", async () => {
    const f = fixture();
    const missing = await cli(["studio", "nope.rules", "--no-open"], f.root);
    expect(missing).toEqual({
      code: 2,
      out: "",
      err: "variorum: error: no such ruleset file: nope.rules\n",
    });
    const notRules = await cli(["studio", "secret.txt", "--no-open"], f.root);
    expect(notRules).toEqual({
      code: 2,
      out: "",
      err: "variorum: error: a ruleset file must end in .rules: secret.txt\n",
    });
    for (const port of ["70000", "-1", "abc", "80.5", ""]) {
      const bad = await cli(
        ["studio", join("work", "house.rules"), "--port", port, "--no-open"],
        f.root,
      );
      expect(bad.code, port).toBe(2);
      expect(bad.err, port).toContain("--port must be an integer from 0 to 65535");
      expect(bad.out).toBe("");
    }
  });

  it("serves the built page from ROOT/dist/studio-page, prints the URL and the file, stops cleanly", async () => {
    const f = fixture();
    mkdirSync(join(f.root, "dist"));
    cpSync(f.page, join(f.root, "dist", "studio-page"), { recursive: true });
    const out: string[] = [];
    const err: string[] = [];
    const ctx: Ctx = {
      cwd: f.root,
      root: f.root,
      out: (t) => void out.push(t),
      err: (t) => void err.push(t),
      cOut: createColors(false),
      cErr: createColors(false),
      colorErr: false,
    };
    let stop!: () => void;
    const stopped = new Promise<void>((r) => (stop = r));
    const running = studio(join("work", "house.rules"), { port: "0", open: false }, ctx, stopped);
    // Until it has printed its two lines (bounded: a server that never starts fails the test).
    await vi.waitFor(() => expect(out.length).toBeGreaterThanOrEqual(2), { timeout: 30_000 });
    const url = /^Variorum Studio: (http:\/\/127\.0\.0\.1:\d+\/)\n$/.exec(out[0]!)?.[1];
    expect(url, out[0]).toBeDefined();
    expect(out[1]).toBe(`editing ${join("work", "house.rules")} — saved back on every change\n`);
    expect(await (await fetch(url!)).text()).toContain("Variorum Studio");
    expect(((await (await fetch(`${url}api/session`)).json()) as { text: string }).text).toBe(
      RULES,
    );
    stop();
    expect(await running).toBe(0);
    expect(err).toEqual([]);
    await expect(fetch(url!)).rejects.toThrow();
  });

  it("the first run builds the page with ROOT/studio/vite.config.ts when ROOT/dist/studio-page/index.html is missing", async () => {
    // Under the repository, so that Vite resolves from its node_modules.
    mkdirSync(join(ROOT, "test-artifacts"), { recursive: true });
    const root = mkdtempSync(join(ROOT, "test-artifacts", "studio-build-"));
    mkdirSync(join(root, "studio", "page"), { recursive: true });
    writeFileSync(
      join(root, "studio", "page", "index.html"),
      "<!doctype html><title>Built by Vite</title>\n",
    );
    writeFileSync(
      join(root, "studio", "vite.config.ts"),
      `export default { root: ${JSON.stringify(join(root, "studio", "page"))}, base: './', publicDir: false, logLevel: 'warn', build: { outDir: ${JSON.stringify(join(root, "dist", "studio-page"))}, emptyOutDir: true } };\n`,
    );
    const out: string[] = [];
    const err: string[] = [];
    const ctx: Ctx = {
      cwd: root,
      root,
      out: (t) => void out.push(t),
      err: (t) => void err.push(t),
      cOut: none,
      cErr: none,
      colorErr: false,
    };
    let stop!: () => void;
    const running = studio(
      undefined,
      { port: "0", open: false },
      ctx,
      new Promise<void>((r) => (stop = r)),
    );
    // Until the build is done and the server prints its URL (bounded: Vite builds in seconds).
    await vi.waitFor(() => expect(out.length).toBeGreaterThanOrEqual(1), { timeout: 60_000 });
    expect(err.join("")).toBe("building the studio (first run)…\n");
    expect(out).toHaveLength(1);
    const url = /^Variorum Studio: (http:\/\/127\.0\.0\.1:\d+\/)\n$/.exec(out[0]!)![1]!;
    expect(await (await fetch(url)).text()).toContain("Built by Vite");
    stop();
    expect(await running).toBe(0);
    expect(readFileSync(join(root, "dist", "studio-page", "index.html"), "utf8")).toContain(
      "Built by Vite",
    );
    rmSync(root, { recursive: true, force: true });
  });
});
