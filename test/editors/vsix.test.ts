/**
 * The VS Code extension packaged by @vscode/vsce (built once per run by test/editors/setup.ts): the
 * .vsix holds the manifest, the bundled client, the grammar and the language configuration, and its
 * package.json contributes the language and grammar that the files implement.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { inflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";

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

describe("editors/vscode .vsix", () => {
  const files = unzip(readFileSync(VSIX));

  it("holds the manifest, the bundled client, the grammar and the language configuration", () => {
    expect([...files.keys()].sort()).toEqual(
      expect.arrayContaining([
        "extension.vsixmanifest",
        "extension/package.json",
        "extension/out/extension.js",
        "extension/syntaxes/variorum-rules.tmLanguage.json",
        "extension/language-configuration.json",
      ]),
    );
    expect(
      [...files.keys()].some((f) => f.includes("node_modules") || f.startsWith("extension/src/")),
    ).toBe(false);
  });

  it("bundles a client that starts `variorum lsp --stdio`", () => {
    const js = files.get("extension/out/extension.js")!.toString("utf8");
    expect(js).toContain('"lsp", "--stdio"');
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
