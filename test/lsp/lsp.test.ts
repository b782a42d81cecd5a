/**
 * `variorum lsp --stdio`, driven as an editor drives it: spawn the binary, initialize, open a broken
 * house rule, read the located diagnostic, fix it (an incremental edit), see it clear, hover an
 * override (the base's citation), go to the definition in the base file, complete, outline, fix, and
 * shut down cleanly.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LspClient, ROOT } from "../../bench/lsp-client.js";
import { assertFreshBuild } from "../cli/run.js";

const HOUSE_PATH = join(ROOT, "rulesets", "house", "asl-officer-bonus.rules");
const HOUSE = readFileSync(HOUSE_PATH, "utf8");
// A user's file (the package's own house folder is not one Variorum's quick fixes edit).
const URI = pathToFileURL(join(ROOT, "test", "lsp", "typo-house.rules")).href;
const BASE_URI = pathToFileURL(join(ROOT, "rulesets", "asl-a4.rules")).href;
const pos = (text: string, needle: string, plus = 1): { line: number; character: number } => {
  const i = text.indexOf(needle) + plus;
  const before = text.slice(0, i).split("\n");
  return { line: before.length - 1, character: before.at(-1)!.length };
};

describe("variorum lsp --stdio", () => {
  let client: LspClient;
  let capabilities: Record<string, unknown>;
  beforeAll(async () => {
    assertFreshBuild(); // the client spawns bin/variorum.js over dist/
    client = new LspClient();
    capabilities = (await client.initialize()).capabilities;
  });
  afterAll(() => {
    if (client.proc.exitCode === null) client.proc.kill();
  });

  it("announces its capabilities", () => {
    expect(capabilities).toMatchObject({
      hoverProvider: true,
      definitionProvider: true,
      referencesProvider: true,
      documentSymbolProvider: true,
      completionProvider: expect.any(Object),
      codeActionProvider: expect.any(Object),
      semanticTokensProvider: expect.any(Object),
      textDocumentSync: { openClose: true, change: 2 },
    });
  });

  const broken = HOUSE.replace("when rides-conveyance", "when rides-conveyanse");
  it("publishes a located diagnostic for a typo, and clears it after the fix", async () => {
    const first = client.diagnostics(URI, 1);
    await client.open(URI, broken, 1);
    const d = await first;
    expect(d.diagnostics).toHaveLength(1);
    expect(d.diagnostics[0]).toMatchObject({
      code: "V0201",
      severity: 1,
      source: "variorum",
      range: { start: pos(broken, "rides-conveyanse", 0) },
    });
    expect(d.diagnostics[0]!.message).toContain("rides-conveyanse");
    const start = pos(broken, "rides-conveyanse", 14);
    const fixed = client.diagnostics(URI, 2);
    await client.change(URI, 2, [
      { range: { start, end: { line: start.line, character: start.character + 2 } }, text: "ce" },
    ]);
    expect((await fixed).diagnostics).toEqual([]);
  });

  it("hovers an override with the base citation", async () => {
    const h = await client.request<{ contents: { kind: string; value: string } }>(
      "textDocument/hover",
      { textDocument: { uri: URI }, position: pos(HOUSE, "leader-bonus") },
    );
    expect(h.contents.kind).toBe("markdown");
    expect(h.contents.value).toContain("Replaces asl-a4's rule");
    expect(h.contents.value).toContain("\\[A4.12\\]");
  });

  it("goes to the definition in the base file, and finds references there", async () => {
    const d = await client.request<{ uri: string; range: { start: { line: number } } }>(
      "textDocument/definition",
      { textDocument: { uri: URI }, position: pos(HOUSE, "rides-conveyance") },
    );
    expect(d.uri).toBe(BASE_URI);
    const base = readFileSync(join(ROOT, "rulesets", "asl-a4.rules"), "utf8").split("\n");
    expect(base[d.range.start.line]).toMatch(/^predicate rides-conveyance /);
    const refs = await client.request<{ uri: string }[]>("textDocument/references", {
      textDocument: { uri: URI },
      position: pos(HOUSE, "rides-conveyance"),
      context: { includeDeclaration: true },
    });
    expect(refs.filter((r) => r.uri === URI).length).toBe(1);
    expect(refs.filter((r) => r.uri === BASE_URI).length).toBeGreaterThan(1);
  });

  it("completes fields after unit. and names with their citation", async () => {
    const line = HOUSE.split("\n").length - 1;
    const v = client.diagnostics(URI, 3);
    await client.change(URI, 3, [
      {
        range: { start: { line, character: 0 }, end: { line, character: 0 } },
        text: 'rule extra [H3] "x": MF = 1 if unit.',
      },
    ]);
    await v;
    const fields = await client.request<{ label: string; kind: number }[]>(
      "textDocument/completion",
      {
        textDocument: { uri: URI },
        position: { line, character: 'rule extra [H3] "x": MF = 1 if unit.'.length },
      },
    );
    expect(fields.map((c) => c.label)).toEqual(
      expect.arrayContaining(["kind", "leader", "portage"]),
    );
    const names = await client.request<{ label: string; detail: string }[]>(
      "textDocument/completion",
      {
        textDocument: { uri: URI },
        position: { line, character: 'rule extra [H3] "x": MF = '.length },
      },
    );
    expect(names.find((c) => c.label === "rides-conveyance")!.detail).toMatch(
      /^predicate \[A4\.11\]/,
    );
  });

  it("outlines the document and offers quick fixes", async () => {
    const syms = await client.request<{ name: string; children: { name: string }[] }[]>(
      "textDocument/documentSymbol",
      { textDocument: { uri: URI } },
    );
    expect(
      syms.find((s) => s.name === "Bonuses and penalties")!.children.map((c) => c.name),
    ).toContain("leader-bonus");
    const tokens = await client.request<{ data: number[] }>("textDocument/semanticTokens/full", {
      textDocument: { uri: URI },
    });
    expect(tokens.data.length % 5).toBe(0);
    expect(tokens.data.length).toBeGreaterThan(100);
    const text = `${HOUSE}\ntable extra-cost [H3] "x": kind -> MF {\n  squad: 1\n}\n`;
    const v = client.diagnostics(URI, 4);
    await client.change(URI, 4, [{ text }]);
    const d = (await v).diagnostics.find((x) => x.code === "V0501")!;
    const actions = await client.request<
      { title: string; kind: string; edit: { changes: Record<string, { newText: string }[]> } }[]
    >("textDocument/codeAction", {
      textDocument: { uri: URI },
      range: d.range,
      context: { diagnostics: [d] },
    });
    expect(actions[0]!.kind).toBe("quickfix");
    expect(actions[0]!.edit.changes[URI]![0]!.newText).toContain("half-squad: NA");
  });

  it("shuts down and exits with 0", async () => {
    expect(await client.stop()).toBe(0);
    expect(client.stderr).toBe("");
  });
});

describe("the test client (bench/lsp-client.ts) when the server dies", () => {
  it("rejects initialize as soon as the server exits, with its exit code and stderr", async () => {
    // A "server" that dies on start: the request must fail now, not at the hook's timeout.
    const client = new LspClient(ROOT, [
      "-e",
      "process.stderr.write('no server here'); process.exit(3)",
    ]);
    await expect(client.initialize()).rejects.toThrow(
      /exited \(3\) before answering initialize: no server here/,
    );
    client.conn.dispose();
  });
});
