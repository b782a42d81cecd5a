/**
 * The VS Code extension packaged by @vscode/vsce (built once per run by test/editors/setup.ts): the
 * .vsix holds the manifest, the bundled client, the bundled language server with the rulesets it
 * extends from, the grammar and the language configuration, and its package.json contributes the
 * language and grammar that the files implement. Unpacked into an empty folder, its server runs an
 * LSP session with nothing else installed (issue 26: a self-contained .vsix).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { inflateRawSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LspClient } from "../../bench/lsp-client.js";
import { buildVsix } from "./setup.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const VSIX = join(ROOT, "editors", "vscode", "variorum-rules.vsix");

/** The entries of a zip file: name → contents (stored or deflated), from its central directory. */
function unzip(buf: Buffer): Map<string, Buffer> {
  let eocd = buf.length - 22;
  while (eocd >= 0 && buf.readUInt32LE(eocd) !== 0x06054b50) eocd--;
  if (eocd < 0) throw new Error("not a zip file");
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const out = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    if (buf.readUInt32LE(p) !== 0x02014b50) throw new Error("bad central directory");
    const method = buf.readUInt16LE(p + 10);
    const size = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const extra = buf.readUInt16LE(p + 30);
    const comment = buf.readUInt16LE(p + 32);
    const local = buf.readUInt32LE(p + 42);
    const name = buf.subarray(p + 46, p + 46 + nameLen).toString("utf8");
    const dataStart = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const data = buf.subarray(dataStart, dataStart + size);
    out.set(name, method === 0 ? Buffer.from(data) : inflateRawSync(data));
    p += 46 + nameLen + extra + comment;
  }
  return out;
}

// The .vsix under test, built here when stale (no other file waits for it).
beforeAll(buildVsix);

describe("editors/vscode .vsix", () => {
  // Read once the file's beforeAll has built it.
  let files: ReturnType<typeof unzip>;
  beforeAll(() => {
    files = unzip(readFileSync(VSIX));
  });

  it("holds the manifest, the bundled client, the grammar and the language configuration", () => {
    expect([...files.keys()].sort()).toEqual(
      expect.arrayContaining([
        "extension.vsixmanifest",
        "extension/package.json",
        "extension/out/extension.js",
        "extension/out/server.mjs",
        "extension/out/rulesets/sl-classic.rules",
        "extension/syntaxes/variorum-rules.tmLanguage.json",
        "extension/language-configuration.json",
      ]),
    );
    expect(
      [...files.keys()].some((f) => f.includes("node_modules") || f.startsWith("extension/src/")),
    ).toBe(false);
  });

  it("bundles a client that starts its own server with the editor's Node (or the configured one)", () => {
    const js = files.get("extension/out/extension.js")!.toString("utf8");
    expect(js).toMatch(
      /module: context\.asAbsolutePath\(\(0, import_node_path\.join\)\("out", "server\.mjs"\)\)|module: context\.asAbsolutePath\(join\("out", "server\.mjs"\)\)/,
    );
    expect(js).toContain('"lsp", "--stdio"');
    // No search for a server elsewhere (a workspace's node_modules/.bin, a checkout's bin/).
    expect(js).not.toMatch(/"\.bin"|"variorum\.js"/);
    expect(js).toMatch(/module.exports = { activate, deactivate }/);
    expect(js).not.toMatch(/require\(["']vscode-languageclient/);
  });

  it("contributes the language and the grammar it ships", () => {
    const pkg = JSON.parse(files.get("extension/package.json")!.toString("utf8"));
    expect(pkg.contributes.languages[0]).toMatchObject({
      id: "variorum-rules",
      extensions: [".rules"],
    });
    const grammar = pkg.contributes.grammars[0];
    const tm = JSON.parse(
      files.get(`extension/${grammar.path.replace(/^\.\//, "")}`)!.toString("utf8"),
    );
    expect(tm.scopeName).toBe(grammar.scopeName);
    const conf = JSON.parse(files.get("extension/language-configuration.json")!.toString("utf8"));
    expect(conf.comments.lineComment).toBe("#");
    expect(files.get("extension.vsixmanifest")!.toString("utf8")).toContain('Id="variorum-rules"');
  });
});

describe("the .vsix's own language server, unpacked into an empty folder", () => {
  let dir: string;
  let client: LspClient;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "variorum-vsix-"));
    for (const [name, data] of unzip(readFileSync(VSIX))) {
      if (name.endsWith("/")) continue;
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), data);
    }
    const work = join(dir, "work");
    mkdirSync(work);
    // Run from a folder with no Variorum, no node_modules: only the unpacked extension.
    client = new LspClient(work, [join(dir, "extension", "out", "server.mjs"), "--stdio"]);
    await client.initialize();
  });
  afterAll(() => {
    if (client.proc.exitCode === null) client.proc.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it("checks a house rule extending a bundled ruleset, goes to that base, and shuts down with 0", async () => {
    const text = `ruleset my-house "A house rule"\n  extends sl-classic\n\nrule extra [H1] "x": MF = leader-bonsu\n`;
    const uri = pathToFileURL(join(dir, "work", "my-house.rules")).href;
    const first = client.diagnostics(uri, 1);
    await client.open(uri, text, 1);
    const d = (await first).diagnostics;
    expect(d.map((x) => [x.code, x.message])).toEqual([
      ["V0201", "unknown name leader-bonsu\ndid you mean leader-bonus?"],
    ]);
    const def = await client.request<{ uri: string } | null>("textDocument/definition", {
      textDocument: { uri },
      position: { line: 1, character: 12 },
    });
    expect(def?.uri).toBe(
      pathToFileURL(join(dir, "extension", "out", "rulesets", "sl-classic.rules")).href,
    );
    expect(await client.stop()).toBe(0);
    expect(client.stderr).toBe("");
  });
});
