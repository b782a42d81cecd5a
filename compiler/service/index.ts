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
import { folderOf, resolveRuleset, type FileStat, type Host } from "../engine/host.js";
import { frontEnd, type FrontEnd } from "../engine/front.js";
import { parse, type ParseOutput } from "../../grammar/index.js";
import { tokenEnd } from "../../grammar/tokens.js";
import { codeActions } from "./actions.js";
import { analyseDocument, Lines, ParseCache, type Analysis, type Parsed } from "./analysis.js";
import type { ExampleMemo } from "../interpret/examples.js";
import { complete } from "./complete.js";
import { citationHover, hoverOf } from "./hover.js";
import { stackHover } from "./stacks.js";
import {
  definitionOf,
  extendsDefinition,
  isDefinitionToken,
  wordAt,
  type Word,
} from "./navigate.js";
import { renameEdits } from "./rename.js";
import { MAX_SEARCHED_FILES, rulesFilesIn, searchName } from "./search.js";
import { whyNotWritable } from "./writable.js";
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
  /**
   * The folders the user works in (the editor's workspace folders, named as the host names files):
   * rename and quick fixes never edit a file outside them. None: only the package's own folders
   * and `node_modules` are refused (compiler/service/writable.ts).
   */
  workspace?: readonly string[];
  /**
   * Re-read a base whenever the host's `stat` version of it (a file's modification time) changed,
   * for an editor that cannot tell the server a file changed on disk. Default false: bases are
   * read once until `refresh`.
   */
  pollBases?: boolean;
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
  /** What the host returned per file and the version it had, read once until `refresh`. */
  private readonly bases = new Map<string, { text: string | null; version: number | null }>();
  /** Closed files read to find the rulesets that extend a name's file, per file, with their text. */
  private readonly closed = new Map<string, { text: string; analysis: Analysis }>();
  /** See `ServiceOptions.workspace`. */
  workspace: readonly string[];
  /** See `ServiceOptions.pollBases`. */
  pollBases: boolean;
  /** Where each base id resolved from each naming file (`from\0id`), until `refresh` or an open/close. */
  private readonly resolved = new Map<string, string | null>();
  /** The host seen through the open documents: an open file exists, with the editor's text. */
  readonly files: Host;

  constructor(
    readonly host: Host,
    opts: ServiceOptions = {},
  ) {
    this.examples = opts.examples ?? true;
    this.workspace = opts.workspace ?? [];
    this.pollBases = opts.pollBases ?? false;
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
    this.closed.clear();
  }

  /** Why file `uri` must not be edited by a rename or a quick fix, or null (writable.ts). */
  whyNotWritable(uri: string): string | null {
    return whyNotWritable(uri, this.host.folders, this.workspace);
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
    return (
      stackHover(a, uri, offset) ?? (w ? hoverOf(a, w) : null) ?? citationHover(a, uri, offset)
    );
  }

  definition(uri: string, offset: number): Location | null {
    const a = this.analysis(uri);
    const base = a && extendsDefinition(a, uri, offset);
    if (base) return base;
    const w = a && wordAt(a, uri, offset);
    return a && w ? definitionOf(a, w) : null;
  }

  /**
   * Every use of the name at `offset`: in the document, its bases, and every ruleset that extends
   * the file defining it, open or closed (the same search as `rename`, so the two agree).
   */
  references(uri: string, offset: number, includeDeclaration = true): Location[] {
    const a = this.analysis(uri);
    const w = a && wordAt(a, uri, offset);
    if (!a || !w?.target) return [];
    const { family } = this.family(a, w);
    const out: Location[] = [];
    const files = new Map(family.flatMap((x) => [...x.files]));
    // By file name, then place: the same list whichever file of the family asks.
    const byFile = [...searchName(family, w)].sort(([p], [q]) => (p < q ? -1 : p > q ? 1 : 0));
    for (const [file, locs] of byFile)
      for (const l of locs)
        if (includeDeclaration || !isDefinitionToken(files.get(file)!, { startOffset: l.start }))
          out.push(l);
    return out;
  }

  /**
   * The edits renaming the name at `offset` to `newName` in every file the one search finds it in
   * (the document, its bases, the rulesets that extend them, open or closed), or why not: see
   * compiler/service/rename.ts (never a file that is not the user's, never a change of meaning).
   */
  rename(uri: string, offset: number, newName: string): RenameResult {
    const a = this.analysis(uri);
    const w = a && wordAt(a, uri, offset);
    if (!a || !w) return { error: "there is no name here to rename" };
    const { family, complete } = w.target ? this.family(a, w) : { family: [a], complete: true };
    const r = renameEdits(w, newName, {
      family,
      complete,
      occurrences: searchName(family, w),
      whyNotWritable: (u) => this.whyNotWritable(u),
      frontEnd: (u, texts) => this.frontEndOver(u, texts),
    });
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
    const actions = codeActions(a, ds);
    const why = this.whyNotWritable(uri);
    // Shown, so the user learns why nothing can be fixed here, but with nothing to apply.
    return why === null
      ? actions
      : actions.map((x) => ({
          ...x,
          edits: [],
          disabled: { reason: `Variorum will not edit this file: ${why}` },
        }));
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
    let hit = this.bases.get(file);
    const version = !hit || this.pollBases ? (this.host.stat(file)?.version ?? null) : null;
    if (!hit || (this.pollBases && version !== hit.version)) {
      hit = { text: this.host.readFile(file), version };
      this.bases.set(file, hit);
    }
    return hit.text === null ? null : this.parses.get(file, hit.text);
  }

  /**
   * The analyses the one search runs over for the name at `w`: the document's, then those of every
   * ruleset that reads the file defining the name — the open documents, and the closed `.rules`
   * files beside that file, beside each open document, in each workspace folder and in the host's
   * ruleset folders (not their subfolders), read through the host (at most MAX_SEARCHED_FILES; `complete` says whether all were read).
   */
  private family(a: Analysis, w: Word): { family: Analysis[]; complete: boolean } {
    const defining = w.target!.owned.file;
    const dirs = new Set([
      folderOf(defining),
      ...this.documents().map(folderOf),
      ...this.workspace,
    ]);
    const candidates = new Set(this.documents());
    let complete = true;
    for (const dir of dirs)
      for (const f of rulesFilesIn(this.files, dir)) {
        if (candidates.size >= MAX_SEARCHED_FILES) complete = false;
        else candidates.add(f);
      }
    const family = [a];
    for (const uri of candidates) {
      if (uri === a.doc.uri) continue;
      const x = this.docs.has(uri) ? this.analysis(uri) : this.closedAnalysis(uri);
      if (x?.files.has(defining)) family.push(x);
    }
    return { family, complete };
  }

  /** The analysis of a closed file read through the host (no examples), or null (no `extends`). */
  private closedAnalysis(uri: string): Analysis | null {
    const text = this.host.readFile(uri);
    if (text === null) return null;
    const hit = this.closed.get(uri);
    if (hit && hit.text === text && this.basesUnchanged(hit.analysis)) return hit.analysis;
    const doc = this.parses.get(uri, text);
    if (!doc.out.ast.header?.extends) return null;
    const analysis = analyseDocument(doc, (id, from) => this.base(id, from), { examples: false });
    this.closed.set(uri, { text, analysis });
    return analysis;
  }

  /**
   * The front end (resolve, check, lower) over file `uri` as the host and the open documents have
   * it, except the files in `texts`, which stand with those texts (a rename's result, before it is
   * made). Null when the file cannot be read.
   */
  private frontEndOver(uri: string, texts: ReadonlyMap<string, string>): FrontEnd | null {
    const files = this.files;
    const over: Host = {
      folders: files.folders,
      readFile: (f) => texts.get(f) ?? files.readFile(f),
      stat: (f) =>
        texts.has(f) ? { isFile: true, isDirectory: false, version: 0 } : files.stat(f),
      readDirectory: (d) => files.readDirectory(d),
    };
    const parsed = (f: string): ParseOutput | null => {
      const text = over.readFile(f);
      if (text === null) return null;
      // An edited text is parsed on its own: the cache keeps the text the editor has.
      return texts.has(f) ? parse(text, f) : this.parses.get(f, text).out;
    };
    const root = parsed(uri);
    if (!root) return null;
    return frontEnd(root, (id, from) => {
      const f = resolveRuleset(over, id, from);
      return f === null ? null : parsed(f);
    });
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
