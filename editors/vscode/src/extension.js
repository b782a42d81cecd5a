// The VS Code client: starts `variorum lsp --stdio` for `.rules` files. Bundled with
// vscode-languageclient into out/extension.js by scripts/build-vsix.mjs.
const { existsSync } = require("node:fs");
const { join } = require("node:path");
const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

let client;

/** The server command: the setting, else the workspace's node_modules/.bin/variorum, else PATH. */
function serverCommand() {
  const configured = vscode.workspace.getConfiguration("variorum").get("server.command") || [];
  if (configured.length > 0)
    return { command: configured[0], args: [...configured.slice(1), "lsp", "--stdio"] };
  for (const folder of vscode.workspace.workspaceFolders || []) {
    const local = join(
      folder.uri.fsPath,
      "node_modules",
      ".bin",
      process.platform === "win32" ? "variorum.cmd" : "variorum",
    );
    if (existsSync(local)) return { command: local, args: ["lsp", "--stdio"] };
    const self = join(folder.uri.fsPath, "bin", "variorum.js");
    if (existsSync(self)) return { command: "node", args: [self, "lsp", "--stdio"] };
  }
  return { command: "variorum", args: ["lsp", "--stdio"] };
}

function activate(context) {
  const { command, args } = serverCommand();
  const server = { command, args, transport: TransportKind.stdio };
  client = new LanguageClient(
    "variorum",
    "Variorum",
    { run: server, debug: server },
    {
      documentSelector: [{ language: "variorum-rules" }],
      synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher("**/*.rules") },
    },
  );
  context.subscriptions.push({ dispose: () => client && client.stop() });
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
