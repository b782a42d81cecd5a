/**
 * The language service's vocabulary: documents are named by a URI string, positions are 0-based
 * offsets into a document's text, and every location also carries an LSP-style line/character range
 * (UTF-16, 0-based) so that a client need not hold the text of a base file to show it.
 */
import type { DiagnosticData } from "../../diagnostics/index.js";

export type { DiagnosticData };

export interface Position {
  line: number;
  character: number;
}

export interface Range {
  start: Position;
  end: Position;
}

export interface Location {
  uri: string;
  start: number;
  end: number;
  range: Range;
}

export interface ServiceDiagnostic {
  code: string;
  /** The repair it suggests (the checker's, never read back from the message): quick fixes use it. */
  data?: DiagnosticData;
  severity: "error" | "warning";
  message: string;
  hint?: string;
  start: number;
  end: number;
  range: Range;
  /**
   * Other places that explain this diagnostic, in the document or one of its bases (`uri`): for a
   * problem in a base, shown on the `extends` clause, the first is where it is in the base.
   */
  related?: { uri: string; message: string; range: Range }[];
}

export interface Hover {
  /** Markdown. */
  contents: string;
  start: number;
  end: number;
  range: Range;
}

export type CompletionKind =
  | "keyword"
  | "rule"
  | "predicate"
  | "table"
  | "enum"
  | "member"
  | "group"
  | "measure"
  | "field"
  | "section"
  | "constraint"
  | "snippet"
  | "input";

export interface CompletionItem {
  label: string;
  kind: CompletionKind;
  /** Kind and citation, e.g. `rule [A4.12]`. */
  detail?: string;
  documentation?: string;
  /**
   * The key an editor sorts the list by (LSP `sortText`), set where the position ranks some items
   * first (after `unit.kind == `: the kinds); absent, the items come in the order given.
   */
  sortText?: string;
  /** With `snippet`: LSP snippet syntax (`${1:name}`). */
  insertText?: string;
  snippet?: boolean;
}

export interface DocumentSymbol {
  name: string;
  /** The definition keyword (`rule`, `table`, …) or `section`. */
  kind: string;
  detail: string;
  start: number;
  end: number;
  range: Range;
  selectionRange: Range;
  children: DocumentSymbol[];
}

export interface TextEdit {
  start: number;
  end: number;
  range: Range;
  newText: string;
}

export interface CodeAction {
  title: string;
  /** The diagnostic code this fixes. */
  code: string;
  edits: { uri: string; edits: TextEdit[] }[];
  /**
   * Why the fix is offered but cannot be applied (LSP 3.16 `disabled`): the file is not the user's
   * to edit (compiler/service/writable.ts). Its `edits` are then empty.
   */
  disabled?: { reason: string };
}

/** A rename's edits per file, or why it was refused (it would break a base, or the name is taken). */
export type RenameResult = { edits: { uri: string; edits: TextEdit[] }[] } | { error: string };

/** One classified token, for highlighting (LSP semantic tokens or an editor's own styling). */
export interface SemanticToken {
  start: number;
  end: number;
  line: number;
  character: number;
  length: number;
  type: SemanticTokenType;
}

export const SEMANTIC_TOKEN_TYPES = [
  "keyword",
  "comment",
  "string",
  "number",
  "operator",
  "function",
  "type",
  "enumMember",
  "property",
  "variable",
  "macro",
  "namespace",
] as const;
export type SemanticTokenType = (typeof SEMANTIC_TOKEN_TYPES)[number];
