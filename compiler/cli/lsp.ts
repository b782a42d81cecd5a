/**
 * `variorum lsp --stdio`: the language server. A thin adapter from the Language Server Protocol
 * (vscode-languageserver) to the language service (compiler/service), which does all the work; this
 * file only reads bases from the file system and converts positions.
 *
 * Sync is incremental. Diagnostics are published after every change (changes arriving together are
 * analysed once, for the latest text); an edit of an open base re-publishes the open documents that
 * extend it. Bases (`extends`) are looked up beside the document that names them, then among the
 * bundled rulesets (compiler/engine/host.ts: the CLI's rule), and read once per session until a
 * watched `.rules` file changes (the server registers `workspace/didChangeWatchedFiles` for every
 * `.rules` file with a client that allows it); with a client that does not (Neovim before 0.10), a
 * base is re-read whenever its modification time changed, checked at each edit and request. Snippets
 * go only to a client that declared snippet support; a rename the service refuses is an error
 * response; rename and quick fixes never edit a file outside the workspace folders, inside
 * `node_modules` or among the bundled rulesets (compiler/service/writable.ts).
 */
import { Transform, type TransformCallback } from "node:stream";
import {
  CodeActionKind,
  CompletionItemKind,
  createConnection,
  DidChangeWatchedFilesNotification,
  ErrorCodes,
  ResponseError,
  DiagnosticSeverity,
  DocumentSymbol as LspSymbol,
  ProposedFeatures,
  SemanticTokensBuilder,
  SymbolKind,
  TextDocuments,
  TextDocumentSyncKind,
  type CompletionItem as LspCompletion,
  type Connection,
  type InitializeResult,
} from "vscode-languageserver/node.js";
import { TextDocument } from "vscode-languageserver-textdocument";
import {
  LanguageService,
  SEMANTIC_TOKEN_TYPES,
  type CompletionKind,
  type DocumentSymbol,
} from "../service/index.js";
import { nodeHost, rulesetFolders } from "../node/host.js";
import { safeLine } from "../../diagnostics/safe-text.js";

const COMPLETION_KINDS: Record<CompletionKind, CompletionItemKind> = {
  keyword: CompletionItemKind.Keyword,
  rule: CompletionItemKind.Function,
  predicate: CompletionItemKind.Function,
  table: CompletionItemKind.Struct,
  enum: CompletionItemKind.Enum,
  member: CompletionItemKind.EnumMember,
  group: CompletionItemKind.Class,
  measure: CompletionItemKind.Unit,
  field: CompletionItemKind.Field,
  section: CompletionItemKind.Module,
  constraint: CompletionItemKind.Interface,
  snippet: CompletionItemKind.Snippet,
  input: CompletionItemKind.Struct,
};

const SYMBOL_KINDS: Record<string, SymbolKind> = {
  section: SymbolKind.Namespace,
  measure: SymbolKind.Constant,
  enum: SymbolKind.Enum,
  member: SymbolKind.EnumMember,
  group: SymbolKind.Class,
  input: SymbolKind.Struct,
  field: SymbolKind.Field,
  table: SymbolKind.Array,
  rule: SymbolKind.Function,
  predicate: SymbolKind.Boolean,
  constraint: SymbolKind.Interface,
  movement: SymbolKind.Object,
  example: SymbolKind.Event,
  remove: SymbolKind.Null,
};

/** How long a burst of watched-file notifications is gathered before the bases are re-read. */
export const REREAD_AFTER_MS = 50;

export function startServer(
  root: string,
  connection: Connection = createConnection(ProposedFeatures.all),
): Connection {
  const documents = new TextDocuments(TextDocument);
  // Files named as the client names them (`file:` URIs): a base is found beside the document that
  // extends it, then among the bundled rulesets (the engine's one rule, as `variorum check` finds it).
  const service = new LanguageService(nodeHost(rulesetFolders(root), { uris: true }));
  const pending = new Set<string>();
  /** What the client declared at `initialize`. */
  let snippets = false;
  let watchRegistration = false;
  /** The diagnostics last sent per document (the service returns the same array while unchanged). */
  const sent = new Map<string, { version: number; list: unknown; json: string }>();
  /**
   * Bases changed on disk: re-read them once per burst. Messages are handled one per turn of the event
   * loop, so a storm of `didChangeWatchedFiles` (a checkout touching thousands of files) is absorbed by
   * one timer instead of re-reading and re-checking every open document per notification.
   */
  let rereadTimer: ReturnType<typeof setTimeout> | null = null;
  const rereadBases = (): void => {
    if (rereadTimer !== null) return;
    rereadTimer = setTimeout(() => {
      rereadTimer = null;
      service.refresh();
      for (const uri of documents.keys()) schedule(uri);
    }, REREAD_AFTER_MS);
  };

  const publish = (uri: string): void => {
    const doc = documents.get(uri);
    if (!doc) return;
    service.update(uri, doc.getText());
    const list = service.diagnostics(uri);
    const last = sent.get(uri);
    if (last && last.version === doc.version && last.list === list) return;
    const diagnostics = list.map((d) => ({
      range: d.range,
      severity: d.severity === "error" ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning,
      code: d.code,
      source: "variorum",
      message: d.hint ? `${d.message}\n${d.hint}` : d.message,
      ...(d.data ? { data: d.data } : {}),
      ...(d.related
        ? {
            relatedInformation: d.related.map((r) => ({
              location: { uri: r.uri, range: r.range },
              message: r.message,
            })),
          }
        : {}),
    }));
    // A base re-read (a watched file changed) gives a new list with the same content: sent once.
    const json = JSON.stringify(diagnostics);
    sent.set(uri, { version: doc.version, list, json });
    if (last && last.version === doc.version && last.json === json) return;
    void connection.sendDiagnostics({ uri, version: doc.version, diagnostics });
  };
  const schedule = (uri: string): void => {
    if (pending.has(uri)) return;
    pending.add(uri);
    setImmediate(() => {
      pending.delete(uri);
      try {
        publish(uri);
      } catch (e) {
        // A bug in the service must not end the session: say so in the client's log and go on.
        connection.console.error(
          `variorum: internal error while checking ${uri}: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`,
        );
      }
    });
  };
  const sync = (uri: string): boolean => {
    const doc = documents.get(uri);
    if (!doc) return false;
    service.update(uri, doc.getText());
    // Without watching, any request may be the first to see a base changed on disk: re-publish
    // (sent only when the diagnostics differ).
    if (service.pollBases) schedule(uri);
    return true;
  };

  connection.onInitialize((params): InitializeResult => {
    const caps = params.capabilities;
    snippets = caps.textDocument?.completion?.completionItem?.snippetSupport === true;
    watchRegistration = caps.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
    // A client that cannot be asked to watch files (Neovim 0.7–0.9) never says a base changed on
    // disk: the service then compares each base's modification time whenever it is asked.
    service.pollBases = !watchRegistration;
    // Rename and quick fixes edit files inside the workspace only (compiler/service/writable.ts).
    service.workspace =
      params.workspaceFolders?.map((f) => f.uri) ?? (params.rootUri ? [params.rootUri] : []);
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        hoverProvider: true,
        definitionProvider: true,
        referencesProvider: true,
        documentSymbolProvider: true,
        completionProvider: { triggerCharacters: [".", "{", " "] },
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
        renameProvider: { prepareProvider: true },
        semanticTokensProvider: {
          legend: { tokenTypes: [...SEMANTIC_TOKEN_TYPES], tokenModifiers: [] },
          full: true,
        },
      },
      serverInfo: { name: "variorum" },
    };
  });
  // Bases change on disk (a `git pull`, another editor): ask the client to say so, then re-check.
  connection.onInitialized(() => {
    if (watchRegistration)
      connection.client
        .register(DidChangeWatchedFilesNotification.type, {
          watchers: [{ globPattern: "**/*.rules" }],
        })
        .catch((e: unknown) =>
          connection.console.warn(
            `variorum: the client refused to watch .rules files: ${String(e)}`,
          ),
        );
  });

  documents.onDidOpen((e) => {
    service.open(e.document.uri, e.document.getText());
    schedule(e.document.uri);
  });
  // An edit of an open base re-checks the open documents that extend it (no stale base errors).
  const recheckDependents = (uri: string): void => {
    for (const other of service.dependents(uri)) schedule(other);
  };
  documents.onDidChangeContent((e) => {
    schedule(e.document.uri);
    sync(e.document.uri);
    recheckDependents(e.document.uri);
  });
  documents.onDidClose((e) => {
    const dependents = service.dependents(e.document.uri);
    service.close(e.document.uri);
    sent.delete(e.document.uri);
    void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
    for (const other of dependents) schedule(other);
  });
  connection.onDidChangeWatchedFiles(rereadBases);

  connection.onHover(({ textDocument, position }) => {
    if (!sync(textDocument.uri)) return null;
    const h = service.hover(textDocument.uri, service.offsetAt(textDocument.uri, position));
    return h ? { contents: { kind: "markdown", value: h.contents }, range: h.range } : null;
  });
  connection.onDefinition(({ textDocument, position }) => {
    if (!sync(textDocument.uri)) return null;
    const d = service.definition(textDocument.uri, service.offsetAt(textDocument.uri, position));
    return d ? { uri: d.uri, range: d.range } : null;
  });
  connection.onReferences(({ textDocument, position, context }) => {
    if (!sync(textDocument.uri)) return [];
    return service
      .references(
        textDocument.uri,
        service.offsetAt(textDocument.uri, position),
        context.includeDeclaration,
      )
      .map((l) => ({ uri: l.uri, range: l.range }));
  });
  connection.onCompletion(({ textDocument, position }): LspCompletion[] => {
    if (!sync(textDocument.uri)) return [];
    return (
      service
        .complete(textDocument.uri, service.offsetAt(textDocument.uri, position))
        // Snippet syntax (`${1:name}`) only to a client that declared it understands it.
        .filter((c) => snippets || !c.snippet)
        .map((c) => ({
          label: c.label,
          kind: COMPLETION_KINDS[c.kind],
          ...(c.detail ? { detail: c.detail } : {}),
          ...(c.documentation ? { documentation: c.documentation } : {}),
          ...(c.sortText ? { sortText: c.sortText } : {}),
          ...(c.insertText
            ? { insertText: c.insertText, insertTextFormat: c.snippet ? 2 : 1 }
            : {}),
        }))
    );
  });
  connection.onPrepareRename(({ textDocument, position }) => {
    if (!sync(textDocument.uri)) return null;
    const r = service.renameRange(textDocument.uri, service.offsetAt(textDocument.uri, position));
    return r ? r.range : null;
  });
  connection.onRenameRequest(({ textDocument, position, newName }) => {
    if (!sync(textDocument.uri)) return null;
    const r = service.rename(
      textDocument.uri,
      service.offsetAt(textDocument.uri, position),
      newName,
    );
    // Refused: the client shows the message and changes nothing.
    if ("error" in r) return new ResponseError(ErrorCodes.InvalidRequest, r.error);
    return {
      changes: Object.fromEntries(
        r.edits.map((f) => [f.uri, f.edits.map((e) => ({ range: e.range, newText: e.newText }))]),
      ),
    };
  });
  connection.onDocumentSymbol(({ textDocument }) => {
    if (!sync(textDocument.uri)) return [];
    const convert = (s: DocumentSymbol): LspSymbol =>
      LspSymbol.create(
        s.name,
        s.detail,
        SYMBOL_KINDS[s.kind] ?? SymbolKind.Variable,
        s.range,
        s.selectionRange,
        s.children.map(convert),
      );
    return service.symbols(textDocument.uri).map(convert);
  });
  connection.onCodeAction(({ textDocument, range }) => {
    if (!sync(textDocument.uri)) return [];
    const start = service.offsetAt(textDocument.uri, range.start);
    const end = service.offsetAt(textDocument.uri, range.end);
    return service.codeActions(textDocument.uri, start, end).map((a) => ({
      title: a.title,
      kind: CodeActionKind.QuickFix,
      // A fix in a file Variorum will not edit: shown greyed out with the reason (LSP 3.16).
      ...(a.disabled
        ? { disabled: a.disabled }
        : {
            edit: {
              changes: Object.fromEntries(
                a.edits.map((e) => [
                  e.uri,
                  e.edits.map((x) => ({ range: x.range, newText: x.newText })),
                ]),
              ),
            },
          }),
    }));
  });
  connection.languages.semanticTokens.on(({ textDocument }) => {
    const builder = new SemanticTokensBuilder();
    if (!sync(textDocument.uri)) return builder.build();
    for (const t of service.semanticTokens(textDocument.uri))
      builder.push(t.line, t.character, t.length, SEMANTIC_TOKEN_TYPES.indexOf(t.type), 0);
    return builder.build();
  });

  documents.listen(connection);
  connection.listen();
  return connection;
}

/** The largest message body accepted (bytes): far above any `.rules` file, far below 10^20. */
export const MAX_MESSAGE_BYTES = 256 * 1024 * 1024;
/** The longest header block accepted (bytes), `Content-Length` and `Content-Type` with room to spare. */
const MAX_HEADER_BYTES = 8192;

/**
 * Checks the base protocol's framing of what the client sends before vscode-jsonrpc's
 * StreamMessageReader reads it. That reader, given a malformed header (a `Content-Length` that is
 * letters, negative, 10^20, missing or given twice, or header lines ended by LF alone), reports an
 * error and then stays out of step with the stream, or waits for a body that never ends, and every
 * later message is lost while the server looks alive. Here each header block must be CRLF-terminated
 * lines `Name: value` ending in an empty line, with exactly one `Content-Length` of digits at most
 * MAX_MESSAGE_BYTES; bytes pass through unchanged. On the first violation `bad` is called once
 * (the server then exits with a message; the editor restarts it) and nothing more is passed on.
 */
export class FrameGuard extends Transform {
  private header: number[] = [];
  private body = 0;
  private failed = false;
  constructor(private readonly bad: (reason: string) => void) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    let i = 0;
    while (i < chunk.length && !this.failed) {
      if (this.body > 0) {
        const n = Math.min(this.body, chunk.length - i);
        this.push(chunk.subarray(i, i + n));
        this.body -= n;
        i += n;
        continue;
      }
      const b = chunk[i++]!;
      if (b === 0x0a && this.header.at(-1) !== 0x0d)
        return this.fail("a header line ends in LF without CR", done);
      this.header.push(b);
      if (this.header.length > MAX_HEADER_BYTES)
        return this.fail(`the header is longer than ${MAX_HEADER_BYTES} bytes`, done);
      const h = this.header;
      const n = h.length;
      if (
        n >= 4 &&
        h[n - 4] === 0x0d &&
        h[n - 3] === 0x0a &&
        h[n - 2] === 0x0d &&
        h[n - 1] === 0x0a
      ) {
        const length = this.contentLength(Buffer.from(h).toString("latin1"));
        if (typeof length === "string") return this.fail(length, done);
        this.push(Buffer.from(h));
        this.header = [];
        this.body = length;
      }
    }
    done();
  }

  /** The body length a complete header block announces, or what is wrong with the block. */
  private contentLength(block: string): number | string {
    const lines = block.slice(0, -4).split("\r\n");
    let length: number | null = null;
    for (const line of lines) {
      const m = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \t]*(.*?)[ \t]*$/.exec(line);
      if (m === null)
        return `a header line is not \`Name: value\`: ${JSON.stringify(line.slice(0, 40))}`;
      if (m[1]!.toLowerCase() !== "content-length") continue;
      if (length !== null) return "Content-Length is given twice";
      const value = m[2]!;
      if (!/^[0-9]{1,10}$/.test(value) || Number(value) > MAX_MESSAGE_BYTES)
        return `Content-Length must be a number of bytes from 0 to ${MAX_MESSAGE_BYTES}, not ${JSON.stringify(value.slice(0, 40))}`;
      length = Number(value);
    }
    return length ?? "the header has no Content-Length";
  }

  private fail(reason: string, done: TransformCallback): void {
    this.failed = true;
    this.header = [];
    this.bad(reason);
    done();
  }
}

/** Runs until the client sends `exit` (the connection then ends the process: 0 after `shutdown`). */
export function lsp(opts: { stdio?: boolean }, root: string): Promise<number> {
  if (!opts.stdio) {
    process.stderr.write(
      "variorum: error: `variorum lsp` speaks over standard input and output: run `variorum lsp --stdio`\n",
    );
    return Promise.resolve(2);
  }
  const input = process.stdin.pipe(
    new FrameGuard((reason) => {
      // Out of step with the client: no later message could be trusted. The editor restarts us.
      process.stderr.write(
        `variorum lsp: malformed message from the client (${safeLine(reason)}); exiting\n`,
      );
      process.exit(1);
    }),
  );
  startServer(root, createConnection(ProposedFeatures.all, input, process.stdout));
  return new Promise<number>(() => {});
}
