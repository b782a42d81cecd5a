// The VS Code client: starts the language server the extension ships (out/server.mjs, the bundled
// `variorum lsp --stdio`) with the editor's own Node, for `.rules` files. Bundled with
// vscode-languageclient into out/extension.js by scripts/build-vsix.mjs.
const { join } = require("node:path");
const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

let client;

/**
 * The server: the `variorum.server.command` setting when given (a Variorum of one's own, e.g. a
 * checkout), else the server inside this extension, run by the editor's Node over stdio.
 */
function serverOptions(context) {
  const configured = vscode.workspace.getConfiguration("variorum").get("server.command") || [];
  if (configured.length > 0) {
    const run = {
      command: configured[0],
      args: [...configured.slice(1), "lsp", "--stdio"],
      transport: TransportKind.stdio,
    };
    return { run, debug: run };
  }
  const run = {
    module: context.asAbsolutePath(join("out", "server.mjs")),
    transport: TransportKind.stdio,
  };
  return { run, debug: run };
}

function activate(context) {
  client = new LanguageClient("variorum", "Variorum", serverOptions(context), {
    documentSelector: [{ language: "variorum-rules" }],
    synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher("**/*.rules") },
  });
  context.subscriptions.push({ dispose: () => client && client.stop() });
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
