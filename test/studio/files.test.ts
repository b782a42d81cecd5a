/**
 * Issue 23, items 11 and 13: opening a file in the studio must not change it, and a share link must
 * not take the tab down. The server writes the page's text back with the file's own line ending (CRLF,
 * CR or LF) and refuses, with a message, to edit a file that is not valid UTF-8; a share link is
 * inflated as a stream and refused past MAX_DRAFT_BYTES.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deflateRawSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { startStudio } from "../../studio/server.js";
import { decodeDraft, encodeDraft, MAX_DRAFT_BYTES } from "../../studio/page/share.js";

const root = mkdtempSync(join(tmpdir(), "variorum-studio-files-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const page = join(root, "page");
mkdirSync(page);
writeFileSync(join(page, "index.html"), "<!doctype html><title>Variorum Studio</title>\n");

async function session(file: string): Promise<{
  url: string;
  close: () => Promise<void>;
  body: { text: string | null; error?: string };
}> {
  const s = await startStudio({ dir: page, file, port: 0, cwd: root });
  const body = (await (await fetch(`${s.url}api/session`)).json()) as {
    text: string | null;
    error?: string;
  };
  return { url: s.url, close: () => s.close(), body };
}

/** A save as the page makes it: over the version the session says the file has now. */
const save = async (url: string, text: string): Promise<Response> => {
  const { version } = (await (await fetch(`${url}api/session`)).json()) as { version: string };
  return fetch(`${url}api/file`, {
    method: "PUT",
    headers: {
      "content-type": "text/plain; charset=utf-8",
      "x-variorum-studio": "1",
      "x-variorum-version": version,
    },
    body: text,
  });
};

describe("the studio keeps a file's line endings", () => {
  for (const [name, eol] of [
    ["CRLF", "\r\n"],
    ["CR", "\r"],
    ["LF", "\n"],
  ] as const) {
    it(`saves an edited ${name} file with ${name}`, async () => {
      const file = join(root, `${name}.rules`);
      const lines = ['ruleset my-house "My house"', "  extends asl-a4", ""];
      writeFileSync(file, lines.join(eol));
      const s = await session(file);
      try {
        expect(s.body.text).toBe(lines.join(eol));
        // The editor's text: lines joined by LF, one line added.
        const edited = [...lines.slice(0, 2), "# edited", ""].join("\n");
        expect((await save(s.url, edited)).status).toBe(200);
        expect(readFileSync(file, "utf8")).toBe(edited.replace(/\n/g, eol));
      } finally {
        await s.close();
      }
    });
  }
});

describe("the studio refuses to edit a file that is not UTF-8", () => {
  it("answers the session with a message and no text, and refuses a save (the bytes stay)", async () => {
    const file = join(root, "latin1.rules");
    const bytes = Buffer.from('ruleset caf\xe9 "Caf\xe9"\n', "latin1");
    writeFileSync(file, bytes);
    const s = await session(file);
    try {
      expect(s.body.text).toBeNull();
      expect(s.body.error).toContain("is not valid UTF-8");
      const r = await save(s.url, 'ruleset caf\ufffd "Caf\ufffd"\n');
      expect(r.status).toBe(409);
      expect(((await r.json()) as { error: string }).error).toContain("is not valid UTF-8");
      expect(readFileSync(file).equals(bytes)).toBe(true);
    } finally {
      await s.close();
    }
  });
});

describe("share links", () => {
  const b64url = (b: Buffer): string =>
    b.toString("base64").replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

  it("carry a draft exactly; a damaged one is unreadable", async () => {
    const text = 'ruleset my-house "ünïcødé ½"\n';
    const code = await encodeDraft(text);
    expect(await decodeDraft(code)).toEqual({ ok: true, text });
    expect(await decodeDraft(code.slice(0, 5))).toEqual({ ok: false, reason: "unreadable" });
  });

  it("refuse a deflate bomb past MAX_DRAFT_BYTES without inflating it whole", async () => {
    // 64 MiB of spaces deflate to ≈ 64 KB: the page must stop at 4 MiB, not build 64 MiB.
    const bomb = b64url(deflateRawSync(Buffer.alloc(64 * 1024 * 1024, 0x20)));
    expect(bomb.length).toBeLessThan(200_000);
    expect(await decodeDraft(bomb)).toEqual({ ok: false, reason: "too-large" });
    const justFits = b64url(deflateRawSync(Buffer.alloc(MAX_DRAFT_BYTES, 0x20)));
    const r = await decodeDraft(justFits);
    expect(r.ok && r.text.length).toBe(MAX_DRAFT_BYTES);
  });
});
