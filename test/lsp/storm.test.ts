/**
 * Issue 45, item 13: a storm of `workspace/didChangeWatchedFiles` (a checkout touching thousands of
 * files) with five documents open. The bases are re-read once per burst and a document's diagnostics
 * are published again only when they change, so the storm publishes nothing new and a hover asked
 * after it is answered right behind it (it waited 33 s behind 30,005 identical publications).
 * In-process: the server's connection over two in-memory streams, the client's through vscode-jsonrpc.
 */
import { PassThrough } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import {
  createMessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
} from "vscode-jsonrpc/node.js";
import { createConnection } from "vscode-languageserver/node.js";
import { startServer } from "../../compiler/cli/lsp.js";
import { ROOT } from "../cli/run.js";

const DOCS = 5;
const NOTIFICATIONS = 6000;

describe("a storm of watched-file notifications", () => {
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  const server = createConnection(
    new StreamMessageReader(toServer),
    new StreamMessageWriter(toClient),
  );
  startServer(ROOT, server);
  const client = createMessageConnection(
    new StreamMessageReader(toClient),
    new StreamMessageWriter(toServer),
  );
  const published: string[] = [];
  let onPublish = (): void => {};
  client.onNotification("textDocument/publishDiagnostics", (p: { uri: string }) => {
    published.push(p.uri);
    onPublish();
  });
  client.onRequest("client/registerCapability", () => null);
  client.listen();
  afterAll(() => {
    client.dispose();
    server.dispose();
  });

  it("publishes nothing new and answers a hover right after it", async () => {
    await client.sendRequest("initialize", {
      processId: null,
      rootUri: null,
      capabilities: { workspace: { didChangeWatchedFiles: { dynamicRegistration: true } } },
    });
    await client.sendNotification("initialized", {});
    const uris = Array.from({ length: DOCS }, (_, i) => `untitled:house-${i}.rules`);
    const text = (i: number) =>
      `ruleset house-${i} "House ${i}"\n  extends sl-classic\n\nrule bump [H1] "one more": MF = 1\n`;
    const opened = new Promise<void>((done) => {
      onPublish = () => {
        if (uris.every((u) => published.includes(u))) done();
      };
    });
    for (const [i, uri] of uris.entries())
      await client.sendNotification("textDocument/didOpen", {
        textDocument: { uri, languageId: "variorum-rules", version: 1, text: text(i) },
      });
    await opened;
    const before = published.length;
    for (let n = 0; n < NOTIFICATIONS; n++)
      void client.sendNotification("workspace/didChangeWatchedFiles", {
        changes: [{ uri: `file:///elsewhere/f${n}.rules`, type: 2 }],
      });
    const hover = await client.sendRequest("textDocument/hover", {
      textDocument: { uri: uris[0] },
      position: { line: 3, character: 6 },
    });
    expect(hover).not.toBeNull();
    // Nothing changed: no document's diagnostics were sent again while the storm was handled.
    expect(published.length - before).toBe(0);
  });
});
