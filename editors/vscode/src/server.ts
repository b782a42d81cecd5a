/**
 * The language server the extension ships: `variorum lsp --stdio` bundled by esbuild (with the
 * compiler, vscode-languageserver and chevrotain) into out/server.mjs, which the client starts with
 * the editor's own Node. The bundled rulesets are copied beside it (out/rulesets/), so a house rule
 * can extend `sl-classic` without Variorum installed anywhere.
 */
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { lsp } from "../../../compiler/cli/lsp.js";

void lsp({ stdio: true }, dirname(fileURLToPath(import.meta.url)));
