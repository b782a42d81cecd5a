/**
 * The language service: diagnostics, hover, definition, references, completion, document symbols,
 * semantic tokens and code actions over a set of open documents, plus the engine's `Host` that reads
 * the rest (`extends` bases, found by the engine's one rule: beside the document that names them,
 * then the bundled rulesets; an open document's text wins over the host's copy of the same file). No
 * file system, no Node API: the LSP server (`variorum lsp`, over compiler/node/host.ts) and the
 * browser studio (over its bundled texts) both drive it.
 *
 * ```ts
 * const service = new LanguageService(memoryHost({ "rulesets/sl-classic.rules": text }, [{ path: "rulesets", kind: "bundled" }]));
 * service.open('file:///my-house.rules', text);
 * service.diagnostics('file:///my-house.rules');   // ServiceDiagnostic[]
 * service.update('file:///my-house.rules', edited); // then ask again
 * service.hover(uri, offset); service.definition(uri, offset); service.complete(uri, offset);
 * ```
 *
 * Positions are offsets into the document's text (`offsetAt` converts from line/character); every
 * answer carries both offsets and an LSP range. Parses are cached by text: an edit re-parses the
 * edited document only, never its bases, and every answer for one text shares one analysis.
 */
import type { Diagnostic } from "../../diagnostics/index.js";
import { resolveRuleset, type FileStat, type Host } from "../engine/host.js";
import { tokenEnd } from "../../grammar/tokens.js";
import { codeActions } from "./actions.js";
import { analyseDocument, Lines, ParseCache, type Analysis, type Parsed } from "./analysis.js";
import type { ExampleMemo } from "../interpret/examples.js";
import { complete } from "./complete.js";
import { citationHover, hoverOf } from "./hover.js";
import { definitionOf, extendsDefinition, referencesOf, renameOf, wordAt } from "./navigate.js";
import { semanticTokens, symbolsOf } from "./outline.js";
import type {
  CodeAction,
  CompletionItem,
  DocumentSymbol,
  Hover,
  Location,
  Position,
  RenameResult,
  SemanticToken,
  SemanticTokenType,
  ServiceDiagnostic,
} from "./types.js";

export * from "./types.js";
export { SEMANTIC_TOKEN_TYPES } from "./types.js";

export interface ServiceOptions {
  /** Run the document's examples and report failures (V0801) once it checks clean. Default true. */
  examples?: boolean;
}

export class LanguageService {
  private readonly docs = new Map<string, string>();
  private readonly parses = new ParseCache();
  private readonly analyses = new Map<
    string,
    { text: string; analysis: Analysis; diagnostics?: ServiceDiagnostic[] }
  >();
  private readonly examples: boolean;
  /** Per document, which examples passed for which IR: unchanged semantics skip them. */
  private readonly memos = new Map<string, ExampleMemo>();
  /** What the host returned per file, read once until `refresh`. */
  private readonly bases = new Map<string, string | null>();
  /** Where each base id resolved from each naming file (`from\0id`), until `refresh` or an open/close. */
  private readonly resolved = new Map<string, string | null>();
  /** The host seen through the open documents: an open file exists, with the editor's text. */
  readonly files: Host;

  constructor(
    readonly host: Host,
    opts: ServiceOptions = {},
  ) {
    this.examples = opts.examples ?? true;
    const docs = this.docs;
    this.files = {
      folders: host.folders,
      readFile: (file) => docs.get(file) ?? host.readFile(file),
      stat: (file): FileStat | null =>
        docs.has(file) ? { isFile: true, isDirectory: false, version: 0 } : host.stat(file),
      readDirectory: (dir) => host.readDirectory(dir),
    };
  }

  /** Opens (or replaces) a document. */
  open(uri: string, text: string): void {
    if (!this.docs.has(uri)) this.resolved.clear();
    this.docs.set(uri, text);
  }
  update(uri: string, text: string): void {
    this.open(uri, text);
  }
  close(uri: string): void {
    this.docs.delete(uri);
    this.analyses.delete(uri);
    this.memos.delete(uri);
    this.parses.forget(uri);
    this.resolved.clear();
  }
  /** Forgets what the host returned (a base changed on disk): the next answers read it again. */
  refresh(): void {
    this.bases.clear();
    this.resolved.clear();
    this.analyses.clear();
  }
  text(uri: string): string | null {
    return this.docs.get(uri) ?? null;
  }
  documents(): string[] {
    return [...this.docs.keys()];
  }

  offsetAt(uri: string, p: Position): number {
    return this.analysis(uri)?.doc.lines.offset(p) ?? 0;
  }

  /** The document's diagnostics; a problem in a base file is shown on the `extends` clause. */
  diagnostics(uri: string): ServiceDiagnostic[] {
    const entry = this.entry(uri);
    if (!entry) return [];
    if (entry.diagnostics) return entry.diagnostics;
    const a = entry.analysis;
    const ext = a.doc.out.ast.header?.extends?.span ?? null;
    const out: ServiceDiagnostic[] = [];
    for (const d of a.diagnostics) {
      if (d.span && d.span.file === uri)
        out.push(this.located(a, d, d.span.start, d.span.end, d.message));
      else if (d.span && ext) {
        const at = this.located(
          a,
          d,
          ext.start,
          ext.end,
          `in ${d.span.file}:${d.span.line}:${d.span.col}: ${d.message}`,
        );
        // Where it is in the base, for the editor to link to (LSP relatedInformation).
        const lines = a.files.get(d.span.file)?.lines;
        if (lines)
          at.related = [
            { uri: d.span.file, message: d.message, range: lines.range(d.span.start, d.span.end) },
            ...(at.related ?? []),
          ];
        out.push(at);
      } else out.push(this.located(a, d, ext?.start ?? 0, ext?.end ?? 0, d.message));
    }
    entry.diagnostics = out;
    return out;
  }

  hover(uri: string, offset: number): Hover | null {
    const a = this.analysis(uri);
    const w = a && wordAt(a, uri, offset);
    if (!a) return null;
    return (w ? hoverOf(a, w) : null) ?? citationHover(a, uri, offset);
  }

  definition(uri: string, offset: number): Location | null {
    const a = this.analysis(uri);
    const base = a && extendsDefinition(a, uri, offset);
    if (base) return base;
    const w = a && wordAt(a, uri, offset);
    return a && w ? definitionOf(a, w) : null;
  }

  references(uri: string, offset: number, includeDeclaration = true): Location[] {
    const a = this.analysis(uri);
    const w = a && wordAt(a, uri, offset);
    return a && w ? referencesOf(a, w, includeDeclaration) : [];
  }

  /**
   * The edits renaming the name at `offset` to `newName` across the document, its bases and the open
   * documents that extend them, or why not (see `renameOf`: never an edit that would break a base).
   */
  rename(uri: string, offset: number, newName: string): RenameResult {
    const a = this.analysis(uri);
    const w = a && wordAt(a, uri, offset);
    if (!a || !w) return { error: "there is no name here to rename" };
    const others = this.documents()
      .filter((u) => u !== uri)
      .map((u) => this.analysis(u))
      .filter((x): x is Analysis => x !== null);
    const r = renameOf(a, w, newName, others, (u) => this.docs.has(u));
    if ("error" in r) return r;
    return {
      edits: r.edits.map((f) => ({
        uri: f.uri,
        edits: f.edits.map((l) => ({
          start: l.start,
          end: l.end,
          range: l.range,
          newText: newName,
        })),
      })),
    };
  }

  /** The name at `offset` a rename would change (for `prepareRename`), or null. */
  renameRange(uri: string, offset: number): Location | null {
    const a = this.analysis(uri);
    const w = a && wordAt(a, uri, offset);
    if (!a || !w || !w.target) return null;
    const start = w.token.startOffset;
    const end = tokenEnd(w.token);
    return { uri, start, end, range: a.doc.lines.range(start, end) };
  }

  complete(uri: string, offset: number): CompletionItem[] {
    const a = this.analysis(uri);
    return a ? complete(a, offset) : [];
  }

  symbols(uri: string): DocumentSymbol[] {
    const a = this.analysis(uri);
    return a ? symbolsOf(a.doc) : [];
  }

  semanticTokens(uri: string): SemanticToken[] {
    const a = this.analysis(uri);
    if (!a) return [];
    const names = new Map<string, SemanticTokenType>();
    for (const o of a.merged?.decls ?? []) {
      const d = o.decl;
      if (d.kind === "enum") for (const m of d.members) names.set(m.name, "enumMember");
    }
    for (const o of a.merged?.decls ?? []) {
      const d = o.decl;
      const t: SemanticTokenType | null =
        d.kind === "rule" || d.kind === "predicate" || d.kind === "table" || d.kind === "constraint"
          ? "function"
          : d.kind === "enum" || d.kind === "group" || d.kind === "measure"
            ? "type"
            : null;
      if (t && d.name) names.set(d.name, t);
    }
    return semanticTokens(a.doc, names);
  }

  /** Quick fixes for the document's diagnostics that overlap [start, end). */
  codeActions(uri: string, start: number, end: number): CodeAction[] {
    const a = this.analysis(uri);
    if (!a) return [];
    const ds = this.diagnostics(uri).filter((d) => d.start <= end && d.end >= start);
    return codeActions(a, ds);
  }

  /** The analysis of the document's current text (computed once per text). */
  analysis(uri: string): Analysis | null {
    return this.entry(uri)?.analysis ?? null;
  }

  private entry(
    uri: string,
  ): { text: string; analysis: Analysis; diagnostics?: ServiceDiagnostic[] } | null {
    const text = this.docs.get(uri);
    if (text === undefined) return null;
    const hit = this.analyses.get(uri);
    if (hit && hit.text === text && this.basesUnchanged(hit.analysis)) return hit;
    const doc = this.parses.get(uri, text, true);
    let memo = this.memos.get(uri);
    if (!memo) this.memos.set(uri, (memo = { fingerprint: null, passed: [] }));
    const analysis = analyseDocument(doc, (id, from) => this.base(id, from), {
      examples: this.examples,
      memo,
    });
    const entry = { text, analysis };
    this.analyses.set(uri, entry);
    return entry;
  }

  /**
   * Whether the bases an analysis read are still the ones its `extends` chain resolves to: a base
   * edited in an editor, opened, closed or changed on disk makes the analyses over it stale.
   */
  private basesUnchanged(a: Analysis): boolean {
    const seen = new Set<string>();
    let from = a.doc.uri;
    let id = a.doc.out.ast.header?.extends?.id;
    while (id && !seen.has(id)) {
      seen.add(id);
      const cur = this.base(id, from);
      const old = [...a.files.values()].find((p) => p !== a.doc && p.out.ast.header?.id === id);
      if ((cur?.text ?? null) !== (old?.text ?? null) || cur?.uri !== old?.uri) return false;
      if (!cur) break;
      from = cur.uri;
      id = cur.out.ast.header?.extends?.id;
    }
    return true;
  }

  /** The other open documents whose analysis reads `uri` (they extend it), for re-checking them. */
  dependents(uri: string): string[] {
    return this.documents().filter((u) => u !== uri && this.analysis(u)?.files.has(uri));
  }

  /**
   * The base `id` that the file `from` extends, by the engine's one rule (`resolveRuleset`) over the
   * host seen through the open documents: an open file's text wins over the host's copy of it.
   */
  private base(id: string, from: string): Parsed | null {
    const key = `${from}\0${id}`;
    if (!this.resolved.has(key)) this.resolved.set(key, resolveRuleset(this.files, id, from));
    const file = this.resolved.get(key)!;
    if (file === null) return null;
    const open = this.docs.get(file);
    if (open !== undefined) return this.parses.get(file, open);
    if (!this.bases.has(file)) this.bases.set(file, this.host.readFile(file));
    const text = this.bases.get(file)!;
    return text === null ? null : this.parses.get(file, text);
  }

  private located(
    a: Analysis,
    d: Diagnostic,
    start: number,
    end: number,
    message: string,
  ): ServiceDiagnostic {
    const out: ServiceDiagnostic = {
      code: d.code,
      severity: d.severity,
      message,
      start,
      end,
      range: a.doc.lines.range(start, end),
    };
    if (d.hint !== undefined) out.hint = d.hint;
    // A base's repair is the base's to make: only the document's own diagnostics carry one.
    if (d.data !== undefined && d.span?.file === a.doc.uri) out.data = d.data;
    const related = (d.related ?? []).filter((r) => a.files.has(r.span.file));
    if (related.length > 0)
      out.related = related.map((r) => ({
        uri: r.span.file,
        message: r.message,
        range: a.files.get(r.span.file)!.lines.range(r.span.start, r.span.end),
      }));
    return out;
  }
}

export { Lines };
