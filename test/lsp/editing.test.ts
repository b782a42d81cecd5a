/**
 * `variorum lsp --stdio` as an editor relies on it (issue 26, point 4): the name after a `.` at its
 * first character, definition on `extends ID`, rename across `extends` (and its refusal), the
 * did-you-mean quick fix from the diagnostic's data, base errors with `relatedInformation`, file
 * watching registered and a base fixed on disk or in an open editor re-checking its house rule, and
 * snippets only for a client that declared snippet support.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LspClient, type PublishedDiagnostics } from "../../bench/lsp-client.js";
import { assertFreshBuild } from "../cli/run.js";

const BROKEN_BASE = `ruleset my-base "A base"\n  extends sl-classic\n\nrule bump [H1] "one more": MF = 1 +\n`;
const BASE = `ruleset my-base "A base"\n  extends sl-classic\n\nrule bump [H1] "one more": MF = 1\n`;
const HOUSE = `ruleset my-house "A house rule"\n  extends my-base\n\nrule thrice [H3] "three": MF = bump + 1 if unit.kind in MMC and unit.leader else 0\n`;

const pos = (text: string, needle: string, plus = 0): { line: number; character: number } => {
  const i = text.indexOf(needle);
  if (i < 0) throw new Error(`no ${needle}`);
  const before = text.slice(0, i + plus).split("\n");
  return { line: before.length - 1, character: before.at(-1)!.length };
};
const errors = (p: PublishedDiagnostics) => p.diagnostics.filter((d) => d.severity === 1);

describe("variorum lsp --stdio: what editors rely on", () => {
  let dir: string;
  let baseUri: string;
  let houseUri: string;
  let client: LspClient;
  const registrations: { method: string; registerOptions: unknown }[] = [];
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "variorum-lsp-"));
    writeFileSync(join(dir, "my-base.rules"), BROKEN_BASE);
    writeFileSync(join(dir, "my-house.rules"), HOUSE);
    baseUri = pathToFileURL(join(dir, "my-base.rules")).href;
    houseUri = pathToFileURL(join(dir, "my-house.rules")).href;
    assertFreshBuild(); // the client spawns bin/variorum.js over dist/
    client = new LspClient();
    client.conn.onRequest(
      "client/registerCapability",
      (p: { registrations: { method: string; registerOptions: unknown }[] }) => {
        registrations.push(...p.registrations);
        return null;
      },
    );
    await client.initialize({
      workspace: { didChangeWatchedFiles: { dynamicRegistration: true } },
    });
  });
  afterAll(() => {
    if (client.proc.exitCode === null) client.proc.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it("shows a base's error on `extends` with relatedInformation where it is in the base", async () => {
    const first = client.diagnostics(houseUri, 1);
    await client.open(houseUri, HOUSE, 1);
    const d = errors(await first);
    expect(d.map((x) => x.code)).toEqual(["V0102"]);
    expect(d[0]!.range.start).toEqual(pos(HOUSE, "my-base"));
    expect((d[0] as { relatedInformation?: unknown }).relatedInformation).toEqual([
      {
        location: {
          uri: baseUri,
          range: { start: { line: 4, character: 0 }, end: { line: 4, character: 0 } },
        },
        message: expect.stringContaining("expected"),
      },
    ]);
  });

  it("registers workspace/didChangeWatchedFiles for .rules files", () => {
    expect(registrations).toEqual([
      {
        id: expect.any(String),
        method: "workspace/didChangeWatchedFiles",
        registerOptions: { watchers: [{ globPattern: "**/*.rules" }] },
      },
    ]);
  });

  it("re-checks the house rule when its base is fixed on disk", async () => {
    writeFileSync(join(dir, "my-base.rules"), BASE);
    const next = client.diagnostics(houseUri, 1);
    await client.conn.sendNotification("workspace/didChangeWatchedFiles", {
      changes: [{ uri: baseUri, type: 2 }],
    });
    expect(errors(await next)).toEqual([]);
  });

  it("re-checks the house rule when its base is edited in an open editor", async () => {
    const broken = client.diagnostics(houseUri, 1);
    await client.open(baseUri, BROKEN_BASE, 1);
    expect(errors(await broken).map((x) => x.code)).toEqual(["V0102"]);
    const fixed = client.diagnostics(houseUri, 1);
    await client.change(baseUri, 2, [{ text: BASE }]);
    expect(errors(await fixed)).toEqual([]);
  });

  it("hovers and goes to the definition of a field at its first character after a `.`", async () => {
    const at = pos(HOUSE, "unit.leader", "unit.".length);
    const h = await client.request<{ contents: { value: string } } | null>("textDocument/hover", {
      textDocument: { uri: houseUri },
      position: at,
    });
    expect(h?.contents.value).toContain("`unit.leader");
    const d = await client.request<{ uri: string } | null>("textDocument/definition", {
      textDocument: { uri: houseUri },
      position: at,
    });
    expect(d?.uri).toMatch(/sl-classic\.rules$/);
  });

  it("goes from `extends ID` to the base file", async () => {
    const d = await client.request<{ uri: string; range: { start: { line: number } } }>(
      "textDocument/definition",
      { textDocument: { uri: houseUri }, position: pos(HOUSE, "my-base", 2) },
    );
    expect(d).toMatchObject({ uri: baseUri, range: { start: { line: 0 } } });
  });

  it("renames across extends, and refuses a name the base would clash with", async () => {
    const at = { textDocument: { uri: houseUri }, position: pos(HOUSE, "bump", 1) };
    expect(await client.request("textDocument/prepareRename", at)).toEqual({
      start: pos(HOUSE, "bump"),
      end: pos(HOUSE, "bump", 4),
    });
    const edit = await client.request<{ changes: Record<string, { newText: string }[]> }>(
      "textDocument/rename",
      { ...at, newName: "nudge" },
    );
    expect(Object.keys(edit.changes).sort()).toEqual([baseUri, houseUri].sort());
    expect(edit.changes[houseUri]!.map((e) => e.newText)).toEqual(["nudge"]);
    await expect(
      client.request("textDocument/rename", { ...at, newName: "thrice" }),
    ).rejects.toThrow("thrice already names a rule of my-house");
  });

  it("offers did-you-mean from the diagnostic's data", async () => {
    const typo = HOUSE.replace("bump + 1", "bmup + 1");
    const v = client.diagnostics(houseUri, 2);
    await client.change(houseUri, 2, [{ text: typo }]);
    const d = errors(await v).find((x) => x.code === "V0201")!;
    expect((d as { data?: unknown }).data).toEqual({
      fix: "rename",
      name: "bmup",
      suggestion: "bump",
    });
    const actions = await client.request<
      { title: string; edit: { changes: Record<string, { newText: string }[]> } }[]
    >("textDocument/codeAction", {
      textDocument: { uri: houseUri },
      range: d.range,
      context: { diagnostics: [d] },
    });
    expect(actions.map((a) => a.title)).toEqual(["Change bmup to bump"]);
    expect(actions[0]!.edit.changes[houseUri]).toEqual([
      { range: { start: pos(typo, "bmup"), end: pos(typo, "bmup", 4) }, newText: "bump" },
    ]);
  });

  it("sends no snippet to a client that declared no snippet support", async () => {
    const line = HOUSE.split("\n").length - 1;
    const items = await client.request<{ label: string; insertTextFormat?: number }[]>(
      "textDocument/completion",
      { textDocument: { uri: houseUri }, position: { line, character: 0 } },
    );
    expect(items.length).toBeGreaterThan(0);
    expect(items.filter((c) => c.insertTextFormat === 2)).toEqual([]);
  });

  it("sends snippets to a client that declared snippet support", async () => {
    assertFreshBuild();
    const other = new LspClient();
    try {
      await other.initialize({
        textDocument: { completion: { completionItem: { snippetSupport: true } } },
      });
      await other.open(houseUri, HOUSE, 1);
      const line = HOUSE.split("\n").length - 1;
      const items = await other.request<{ label: string; insertTextFormat?: number }[]>(
        "textDocument/completion",
        { textDocument: { uri: houseUri }, position: { line, character: 0 } },
      );
      expect(items.filter((c) => c.insertTextFormat === 2).length).toBeGreaterThan(0);
      expect(await other.stop()).toBe(0);
    } finally {
      if (other.proc.exitCode === null) other.proc.kill();
    }
  });

  it("shuts down cleanly", async () => {
    expect(await client.stop()).toBe(0);
    expect(client.stderr).toBe("");
  });
});
