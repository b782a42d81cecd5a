/**
 * One analysis of one document: its parse, its merged declarations (with `extends` applied) and the
 * symbol table, the checker's diagnostics, and its examples' results. Parses are cached by text, so a
 * keystroke in a house rule re-parses that file only; its bases are parsed once.
 */
import { parse, type ParseOutput } from "../../grammar/index.js";
import type { Decl } from "../../grammar/ast.js";
import { check } from "../front/check/index.js";
import { Scope } from "../front/check/scope.js";
import { lineStarts, type Diagnostic } from "../../diagnostics/index.js";
import {
  exampleDiagnostic,
  runExamples,
  runExamplesMemo,
  type ExampleMemo,
  type ExampleResult,
} from "../engine/examples.js";
import type { RulesetIR } from "../ir/ir.js";
import { frontEnd } from "../engine/front.js";
import { IncrementalParser } from "./incremental.js";
import type { Merged, Owned } from "../front/resolve.js";
import type { Position, Range } from "./types.js";

/** Offsets ↔ LSP positions (UTF-16 code units, like JavaScript strings). */
export class Lines {
  private readonly starts: number[];
  constructor(readonly text: string) {
    // LSP lines end at \r\n, \r or \n: the compiler's own line table.
    this.starts = lineStarts(text);
  }
  position(offset: number): Position {
    const o = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= o) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: o - this.starts[lo]! };
  }
  offset(p: Position): number {
    if (p.line >= this.starts.length) return this.text.length;
    const start = this.starts[Math.max(0, p.line)]!;
    const next = p.line + 1 < this.starts.length ? this.starts[p.line + 1]! - 1 : this.text.length;
    return Math.min(start + Math.max(0, p.character), next);
  }
  range(start: number, end: number): Range {
    return { start: this.position(start), end: this.position(end) };
  }
}

/** A parsed text, kept while the text is unchanged. */
export interface Parsed {
  uri: string;
  text: string;
  lines: Lines;
  out: ParseOutput;
}

export interface Analysis {
  doc: Parsed;
  merged: Merged | null;
  scope: Scope | null;
  /** uri → parse of every file this analysis read (the document and its bases). */
  files: Map<string, Parsed>;
  /** Diagnostics of every file, as the pipeline reports them (spans name their file). */
  diagnostics: Diagnostic[];
  /** The lowered ruleset when the document checks clean (for the studio's panes), else null. */
  ir: RulesetIR | null;
  /** Its examples' outcomes, when they were run (empty otherwise). */
  examples: ExampleResult[];
}

export class ParseCache {
  private readonly byUri = new Map<string, Parsed>();
  private readonly incremental = new Map<string, IncrementalParser>();
  /** The parse of `text`; with `edited`, through the document's incremental parser. */
  get(uri: string, text: string, edited = false): Parsed {
    const hit = this.byUri.get(uri);
    if (hit && hit.text === text) return hit;
    let out: ParseOutput;
    if (edited) {
      const inc =
        this.incremental.get(uri) ?? this.incremental.set(uri, new IncrementalParser()).get(uri)!;
      out = inc.parse(uri, text);
    } else {
      out = parse(text, uri);
    }
    const p: Parsed = { uri, text, lines: new Lines(text), out };
    this.byUri.set(uri, p);
    return p;
  }
  forget(uri: string): void {
    this.byUri.delete(uri);
    this.incremental.delete(uri);
  }
}

/**
 * The engine's front end (compiler/engine/front.ts: resolve → check → lower) over a parsed document,
 * then its examples when it checks clean and `opts.examples` asks for them. `loadBase(id, from)`
 * returns the parse of the base that file `from` extends (cached by the caller).
 */
export function analyseDocument(
  doc: Parsed,
  loadBase: (id: string, from: string) => Parsed | null,
  opts: { examples: boolean; memo?: ExampleMemo },
): Analysis {
  const files = new Map<string, Parsed>([[doc.uri, doc]]);
  const front = frontEnd(doc.out, (id, from) => {
    const p = loadBase(id, from);
    if (!p) return null;
    files.set(p.uri, p);
    return p.out;
  });
  const { merged, ir, diagnostics } = front;
  const result: Analysis = {
    doc,
    merged,
    scope: merged ? new Scope(merged) : null,
    files,
    diagnostics,
    ir,
    examples: [],
  };
  if (ir && opts.examples) {
    const results = opts.memo
      ? runExamplesMemo(ir, opts.memo, doc.uri, doc.text)
      : runExamples(ir, doc.uri, doc.text);
    result.examples = results;
    for (const r of results) if (!r.passed) diagnostics.push(exampleDiagnostic(r));
  }
  return result;
}

/** The definition a merged ruleset holds under `name`, if any (inputs are keyed `input unit`). */
export function ownedByName(merged: Merged, name: string): Owned | null {
  return merged.decls.find((o) => o.decl.kind !== "example" && o.decl.name === name) ?? null;
}

/** The parent's definition that an `override` in `merged` replaces. */
export function replaced(merged: Merged, d: Decl): Owned | null {
  if (!merged.parent) return null;
  return (
    merged.parent.decls.find(
      (o) => o.decl.kind === d.kind && o.decl.name === d.name && o.decl.kind !== "example",
    ) ?? null
  );
}
