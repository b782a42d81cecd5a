/**
 * One host, one resolution rule (compiler/engine/host.ts): a ruleset id is found beside the file that
 * names it, then under the bundled rulesets/ and rulesets/house/. Asked as a user asks it: a house rule
 * `house-b` extending `house` in its own folder (test/fixtures/hosts/) checks clean through the CLI
 * (also a golden case: test/golden/check/good/sibling-base), the language server (in process, over
 * LSP messages), the language service, the library and the studio (its server sends the bases beside
 * the file, its page checks against them); and every surface's host resolves the same id from the same
 * file to the same file.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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
import { describe, expect, it } from "vitest";
import { fsHost } from "../../compiler/cli/host.js";
import { startServer } from "../../compiler/cli/lsp.js";
import { loadRuleset, resolveRuleset, type Host } from "../../compiler/engine/index.js";
import { bundledHost } from "../../compiler/library/node.js";
import { nodeHost, rulesetFolders } from "../../compiler/node/host.js";
import { LanguageService } from "../../compiler/service/index.js";
import { pageHost, StudioSession } from "../../studio/page/engine.js";
import { startStudio } from "../../studio/server.js";
import { ROOT } from "../cli/run.js";

const DIR = join(ROOT, "test", "fixtures", "hosts");
const HOUSE = join(DIR, "house.rules");
const HOUSE_B = join(DIR, "house-b.rules");
const TEXT_B = readFileSync(HOUSE_B, "utf8");

/** Each surface's host, and how it names a file on disk (paths, `file:` URIs). */
const SURFACES: { name: string; host: Host; uris: boolean }[] = [
  { name: "cli", host: fsHost(ROOT), uris: false },
  { name: "library", host: bundledHost(), uris: false },
  { name: "language server", host: nodeHost(rulesetFolders(ROOT), { uris: true }), uris: true },
];

/** (id, the file naming it or null) → the file it must resolve to (null: none). */
const QUESTIONS: [string, string | null, string | null][] = [
  ["house", HOUSE_B, HOUSE],
  ["asl-a4", HOUSE, join(ROOT, "rulesets", "asl-a4.rules")],
  [
    "sl-classic",
    join(ROOT, "rulesets", "house", "sl-asl-portage.rules"),
    join(ROOT, "rulesets", "sl-classic.rules"),
  ],
  ["sl-asl-portage", null, join(ROOT, "rulesets", "house", "sl-asl-portage.rules")],
  ["house", null, null],
  ["no-such-ruleset", HOUSE_B, null],
  ["../house", HOUSE_B, null],
];

describe("one host: every surface resolves an id alike", () => {
  for (const { name, host, uris } of SURFACES)
    it(`${name}: the same id from the same file gives the same file`, () => {
      const asName = (p: string | null) => (p === null ? null : uris ? pathToFileURL(p).href : p);
      const asPath = (n: string | null) => (n === null ? null : uris ? fileURLToPath(n) : n);
      for (const [id, from, want] of QUESTIONS)
        expect(asPath(resolveRuleset(host, id, asName(from))), `${id} from ${from}`).toBe(want);
    });

  it("the studio page: a bundled id resolves to the file the CLI reads", () => {
    for (const [id, from, want] of QUESTIONS.filter(([, f, w]) => f === null && w !== null))
      expect(resolveRuleset(pageHost, id, from)).toBe(want!.slice(ROOT.length + 1));
  });
});

describe("a house rule over a house rule beside it", () => {
  it("the library loads it, reading its base beside it", () => {
    const l = loadRuleset(HOUSE_B, bundledHost());
    expect(l.diagnostics).toEqual([]);
    expect(l.ir?.id).toBe("house-b");
    expect([...l.sources.keys()]).toEqual([HOUSE_B, HOUSE, join(ROOT, "rulesets", "asl-a4.rules")]);
  });

  it("the language service checks it clean and reads the same files", () => {
    const s = new LanguageService(nodeHost(rulesetFolders(ROOT), { uris: true }));
    const uri = pathToFileURL(HOUSE_B).href;
    s.open(uri, TEXT_B);
    expect(s.diagnostics(uri)).toEqual([]);
    expect([...s.analysis(uri)!.files.keys()].map((u) => fileURLToPath(u))).toEqual([
      HOUSE_B,
      HOUSE,
      join(ROOT, "rulesets", "asl-a4.rules"),
    ]);
  });

  it("the language server publishes no diagnostic and goes to the base beside it", async () => {
    const toServer = new PassThrough();
    const toClient = new PassThrough();
    startServer(ROOT, createConnection(ProposedFeatures.all, toServer, toClient));
    const client = createMessageConnection(
      new StreamMessageReader(toClient),
      new StreamMessageWriter(toServer),
    );
    const uri = pathToFileURL(HOUSE_B).href;
    const published = new Promise<{ uri: string; diagnostics: unknown[] }>((done) =>
      client.onNotification("textDocument/publishDiagnostics", (p) => {
        if ((p as { uri: string }).uri === uri) done(p as { uri: string; diagnostics: [] });
      }),
    );
    client.listen();
    try {
      await client.sendRequest("initialize", { processId: null, rootUri: null, capabilities: {} });
      await client.sendNotification("initialized", {});
      await client.sendNotification("textDocument/didOpen", {
        textDocument: { uri, languageId: "variorum-rules", version: 1, text: TEXT_B },
      });
      expect((await published).diagnostics).toEqual([]);
      const at = TEXT_B.indexOf("extends house") + "extends ".length + 1;
      const lines = TEXT_B.slice(0, at).split("\n");
      const def = await client.sendRequest<{ uri: string }>("textDocument/definition", {
        textDocument: { uri },
        position: { line: lines.length - 1, character: lines.at(-1)!.length },
      });
      expect(fileURLToPath(def.uri)).toBe(HOUSE);
    } finally {
      // The streams stay open: their end is the client going away, on which the server exits the process.
      client.dispose();
    }
  });

  it("the studio serves it with its base beside it, and the page checks it clean", async () => {
    const page = mkdtempSync(join(tmpdir(), "variorum-hosts-"));
    writeFileSync(join(page, "index.html"), "<!doctype html><title>Variorum Studio</title>\n");
    const studio = await startStudio({ dir: page, file: HOUSE_B, port: 0, cwd: ROOT });
    try {
      const session = (await (await fetch(`${studio.url}api/session`)).json()) as {
        text: string;
        bases: Record<string, string>;
      };
      expect(session.bases).toEqual({ "house.rules": readFileSync(HOUSE, "utf8") });
      const bench = new StudioSession(session.text);
      // Without the server's bases the page cannot know `house` (the CLI's V0205 before one host).
      expect(bench.diagnostics().map((d) => d.code)).toContain("V0205");
      bench.beside(session.bases);
      expect(bench.diagnostics()).toEqual([]);
      expect(bench.ir()?.id).toBe("house-b");
    } finally {
      await studio.close();
      rmSync(page, { recursive: true, force: true });
    }
  });
});
