/**
 * The coverage report's model: every paragraph of a ruleset's source index with its status, and
 * every worked example with the `example` that carries it, totals per part of the index. Plain
 * data; formats.ts renders it as text, Markdown, HTML or JSON.
 */

/** What became of a paragraph of the text. */
export type ParagraphStatus = "encoded" | "examples-only" | "out-of-scope" | "missing";
/** What became of a worked example of the text. */
export type ExampleStatus = "carried" | "out-of-scope" | "missing";

export interface ParagraphRow {
  cite: string;
  title: string;
  status: ParagraphStatus;
  /** The definitions that cite it (encoded), or the examples (examples only). */
  by: string[];
  /** Why it is left out (out of scope). */
  reason?: string;
}

export interface ExampleRow {
  cite: string;
  title: string;
  status: ExampleStatus;
  /** The titles of the `example`s that carry it. */
  by: string[];
  reason?: string;
}

export interface Totals {
  paragraphs: number;
  encoded: number;
  examplesOnly: number;
  outOfScope: number;
  missing: number;
  examples: number;
  carried: number;
  examplesOutOfScope: number;
  examplesMissing: number;
}

/** One `source` block: a part of the text. */
export interface CoverageSection {
  title: string;
  paragraphs: ParagraphRow[];
  examples: ExampleRow[];
  totals: Totals;
}

export interface CoverageReport {
  ruleset: string;
  title: string;
  /** The ruleset whose index is reported: itself, or null when it declares none. */
  indexOf: string | null;
  /** When it declares none: the nearest ruleset it extends that does (null: none). */
  ancestorIndex: string | null;
  sections: CoverageSection[];
  totals: Totals;
}
