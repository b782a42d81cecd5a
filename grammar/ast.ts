/**
 * The AST: the syntax of one `.rules` file as typed data, every node with its span. Names are still
 * unresolved text; numbers are exact rationals as "n/d" text.
 */
import type { Span } from "../diagnostics/index.js";

export interface Cite {
  text: string;
  span: Span;
}

export interface Meta {
  cite: Cite | null;
  title: string | null;
  concept: string | null;
  section: string | null;
  /** Where the `section` clause names its section (for "unknown section" diagnostics). */
  sectionSpan?: Span;
  /** `note "…"`: a reading the ruleset chose where the rule text is open, shown in diffs and cards. */
  note?: string;
  /** `helper`: a definition of the encoding, not a concept of the book (absent: a concept). */
  helper?: boolean;
}

export type RecordKw = "unit" | "vehicle" | "step" | "scenario";

export type TypeRef =
  | { t: "bool"; span: Span }
  | { t: "set"; of: string; span: Span }
  | { t: "name"; name: string; span: Span };

export type Expr = { span: Span } & (
  | { k: "num"; q: string; measure: string | null }
  | { k: "bool"; v: boolean }
  | { k: "all" }
  | { k: "na" }
  | { k: "base" }
  /** `woods`, `terrain.woods`, `leader-bonus`: resolved later. */
  | { k: "name"; name: string; member: string | null }
  | { k: "call"; name: string; args: Expr[] }
  | { k: "rec"; rec: RecordKw | "path"; field: string }
  | { k: "set"; members: { name: string; member: string | null; span: Span }[] }
  | { k: "agg"; op: string; body: Expr }
  | { k: "neg"; x: Expr }
  | { k: "not"; x: Expr }
  | { k: "bin"; op: string; a: Expr; b: Expr }
  | { k: "in"; x: Expr; set: Expr; negated: boolean }
  | { k: "if"; c: Expr; t: Expr; e: Expr }
  | {
      k: "dice";
      n: number;
      sides: number;
      keep: { which: "highest" | "lowest"; count: number } | null;
      perDie: Expr | null;
    }
);

export interface Header {
  id: string;
  title: string;
  edition: string | null;
  cites: { style: string; span: Span } | null;
  extends: { id: string; span: Span } | null;
  span: Span;
}

export interface DeclBase {
  name: string;
  nameSpan: Span;
  override: boolean;
  meta: Meta;
  span: Span;
}

export interface EnumMemberDecl {
  name: string;
  display: string | null;
  cite: Cite | null;
  /** `concept NAME | NAME …`: the names other rulesets and maps use for this member. */
  concepts: string[];
  span: Span;
}

export interface FieldDecl {
  name: string;
  type: TypeRef;
  optional: boolean;
  default: Expr | null;
  span: Span;
}

export interface RowDecl {
  keys: string[] | "otherwise";
  values: Expr[];
  cite: Cite | null;
  span: Span;
}

export interface ExceptionDecl {
  /** `exception conveyance [A4.12] …`: a name a child ruleset can override or remove it by. */
  label: string | null;
  cite: Cite;
  title: string | null;
  when: Expr;
  value: Expr;
  exceptions: ExceptionDecl[];
  span: Span;
  /** Set by the resolve pass on an `extend`ed rule: the ruleset that wrote this exception. */
  origin?: string;
}

export interface MovementEntry {
  role: string;
  measure: string | null;
  value: Expr;
  span: Span;
}

export interface RecordLit {
  fields: { name: string; value: Expr; span: Span }[];
  span: Span;
}

export type ExpectDecl = { span: Span } & (
  | { e: "legal"; negated: boolean }
  | { e: "violation"; cite: Cite; negated: boolean }
  | { e: "step"; index: number; value: Expr }
  | { e: "value"; name: string; args: Expr[]; value: Expr }
  /** `expect needs vehicle.kind`: evaluation stops for want of that field. */
  | { e: "needs"; rec: RecordKw; field: string }
  /** `expect depends on vehicle.kind`: the answer differs with that field, which the example leaves out. */
  | { e: "depends"; rec: RecordKw; field: string }
  /** `expect stack A1 legal`: the units that can end their move in hex A1 are within the stacking limit. */
  | { e: "stack"; hex: string; hexSpan: Span; negated: boolean }
  /** `expect first.allowance = 4`: a value of one unit of a `stack` (its allowance, reach, or a field). */
  | { e: "member"; unit: string; unitSpan: Span; what: string; value: Expr }
);

/**
 * One entry of an example's `stack HEX { … }`, top of the stack first: a unit (`NAME { fields }`) or
 * a support weapon (`weapon NAME { fields }`), whose fields go to the unit that possesses it.
 */
export interface StackEntry {
  name: string;
  nameSpan: Span;
  weapon: boolean;
  fields: RecordLit;
}

/** `stack HEX { … }`: the counters of one hex, listed from the top of the stack down. */
export interface StackDecl {
  hex: string;
  hexSpan: Span;
  entries: StackEntry[];
  span: Span;
}

export type Decl =
  | (DeclBase & { kind: "measure" })
  | (DeclBase & { kind: "enum"; members: EnumMemberDecl[] })
  | (DeclBase & { kind: "group"; members: { name: string; member: string | null; span: Span }[] })
  | (DeclBase & { kind: "input"; rec: RecordKw; fields: FieldDecl[] })
  | (DeclBase & {
      kind: "table";
      keys: { name: string; span: Span }[];
      type: TypeRef;
      rows: RowDecl[];
    })
  | (DeclBase & {
      kind: "rule" | "predicate";
      params: { name: string; type: TypeRef; span: Span }[];
      type: TypeRef | null;
      value: Expr;
      exceptions: ExceptionDecl[];
    })
  | (DeclBase & { kind: "constraint"; cond: Expr })
  | (DeclBase & { kind: "movement"; measure: string; entries: MovementEntry[] })
  | (DeclBase & {
      kind: "example";
      records: { rec: RecordKw; value: RecordLit }[];
      path: RecordLit[] | null;
      /** A fixed dice roll, one face per die. */
      roll: number[] | null;
      /** Several units placed on a map, by hex (`stack HEX { … }`); empty for a one-unit example. */
      stacks: StackDecl[];
      expects: ExpectDecl[];
    })
  | (DeclBase & { kind: "remove"; target: string })
  /**
   * `extend rule NAME "paraphrase" { … }`: exceptions added to, replaced in or removed from an
   * inherited rule; `meta.title`, when written, restates the rule's paraphrase.
   */
  | (DeclBase & { kind: "extend"; target: string; edits: ExceptionEdit[] });

/** One edit of an inherited rule's exceptions; `ref` is a label or a citation as written (`[A4.12]`). */
export type ExceptionEdit =
  | { e: "add"; exception: ExceptionDecl; span: Span }
  | { e: "override"; ref: string; exception: ExceptionDecl; span: Span }
  | { e: "remove"; ref: string; span: Span };

export type DeclKind = Decl["kind"];

/**
 * One entry of a source index: a paragraph of the rule text, or one of its worked examples (an EX,
 * a Q&A answer, an "In action" box, a numbered diagram), with a short title in our own words.
 */
export interface SourceEntry {
  kind: "paragraph" | "example";
  cite: Cite;
  title: string | null;
  span: Span;
}

/**
 * `source "title" { paragraph [5.1] "…" example [5.7 Q&A] "…" }`: the index of the paragraphs of
 * the text a ruleset encodes (docs/language.md, "Coverage of the source").
 */
export interface SourceDecl {
  title: string | null;
  entries: SourceEntry[];
  span: Span;
}

/** `out-of-scope [5.3] "why"`: a paragraph of the index the ruleset leaves out, with its reason. */
export interface OutOfScopeDecl {
  cite: Cite | null;
  reason: string | null;
  span: Span;
}

export interface RulesFile {
  path: string;
  header: Header | null;
  decls: Decl[];
  /** The file's source indexes (absent: none). */
  sources?: SourceDecl[];
  /** The paragraphs the file declares out of scope (absent: none). */
  outOfScope?: OutOfScopeDecl[];
}
