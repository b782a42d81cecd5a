/**
 * The diff report model: rulesets side by side, one row per concept, grouped in sections. Plain data
 * that buildReport (report.ts) makes from IRs, purely (and the engine's runSuite, engine/evaluate.ts,
 * from scenario texts the caller has read), and that every format (JSON, text, Markdown, HTML) renders.
 *
 * Rows. Every enum, group, rule, predicate and constraint is a row, keyed by its `concept` (which
 * defaults to its name); a second definition with the same concept in one ruleset is keyed by its
 * own name. Every entry of a table is a row too, keyed by the table's concept and the entry's
 * members: entries line up by member name, then by normalised display name ("Woods" = "woods" =
 * "Wood"), so a ruleset that calls woods `forest "Woods"` still lands on the woods row.
 *
 * Cells and status. A row has a cell per ruleset (null where the ruleset has no such concept). Cells
 * are compared by canonical form (canonical-form.ts: citations, paraphrases and measure names do not count;
 * referenced rules and tables do). A row is `partial` when some ruleset lacks it, `changed` when all
 * have it and two differ, else `same`; `differs` says whether any two present cells differ, whatever
 * the status.
 */

import type { ScenarioSuite } from "./scenarios.js";
import type { ReachDifference } from "../reach/report.js";
import type { Situation } from "./situations.js";

export type DefKind = "enum" | "group" | "table-entry" | "rule" | "predicate" | "constraint";

export type CellValue = number | boolean | string | string[] | null;

/** One line of a cell as a reader sees it: the base value, or an exception (depth ≥ 1). */
export interface CellLine {
  depth: number;
  text: string;
  cite: string | null;
}

export interface Cell {
  /** The definition's name in this ruleset (`terrain-cost`, `leader-bonus`). */
  definition: string;
  kind: DefKind;
  /** The ruleset's paraphrase. */
  title: string;
  /** A constant as JSON (2, "all", "NA", true, "woods"), or the formula as text. */
  value: CellValue;
  /** The value in the ruleset's measure, exceptions included: "2 MF", "4 MF; EXC [5.4] 3 MF if …". */
  display: string;
  lines: CellLine[];
  /** Each line in plain words, from the ruleset's own names (compiler/render/plain.ts). */
  plain: string[];
  /** Citations: the definition's, then its exceptions' (a table entry: the entry's own or the table's). */
  rules: string[];
  /** Differs from the first present cell of the row. */
  differs: boolean;
  /** Canonical form (not exported to JSON). */
  key: string;
}

/** What changed, in sentences (built by summary.ts). */
export interface SummaryChange {
  /** The row's anchor (`r-allowance`) and label. */
  row: string;
  label: string;
  sentence: string;
  /** Rows that only follow from this change. */
  follows: { row: string; label: string }[];
}

export interface SummaryConcepts {
  section: string;
  title: string;
  /** "asl-a4 only: Brush, Grain, Orchard". */
  lines: string[];
}

export interface Summary {
  /** "9 rules change answers (14 more rows follow from them); 151 concepts are not in every ruleset." */
  headline: string;
  changes: SummaryChange[];
  concepts: SummaryConcepts[];
}

export type Status = "same" | "changed" | "partial";

export interface Row {
  /** Anchor id, unique in the report: `r-terrain-cost--woods`. */
  id: string;
  section: string;
  concept: string;
  /** For a table entry: the entry's members (aligned key), e.g. "woods". */
  member: string | null;
  label: string;
  status: Status;
  differs: boolean;
  /**
   * A changed row whose own text is the same in every ruleset, so that it differs only through the
   * definitions it uses: those definitions (e.g. ["leader-bonus"]). Empty for a row changed itself.
   */
  followsFrom: string[];
  /**
   * A changed row whose own text differs but whose every situation follows from other changed rows
   * (causes.ts): those rows' ids. Its `followsFrom` then names their definitions.
   */
  causes: string[];
  /**
   * A root cause some of whose situations another changed row explains, or turns on (causes.ts):
   * those rows' ids. The summary lists this row under them too ("follows from it: COT, Uphill").
   */
  turnsOn: string[];
  cells: Record<string, Cell | null>;
  situations: Situation[];
  /** "asl-a4 adds an exception: A4.52 (…)". */
  notes: string[];
}

export interface RulesetInfo {
  id: string;
  title: string;
  measure: string;
  extends: string[];
  /** One line saying what the ruleset leaves out of its source (absent: it declares no index). */
  leavesOut?: string;
}

export interface SectionGroup {
  key: string;
  title: string;
  rows: Row[];
}

export interface Stats {
  rows: number;
  same: number;
  /** Rows every ruleset has, not all alike: `follows` of them only through definitions they use. */
  changed: number;
  follows: number;
  partial: number;
  differing: number;
  withSituations: number;
}

export interface DiffReport {
  rulesets: RulesetInfo[];
  rows: Row[];
  sections: SectionGroup[];
  stats: Stats;
  /** What changed, in sentences (summary.ts): shown above the table. */
  summary: Summary;
  onlyDifferences: boolean;
  /** With onlyDifferences: the partial rows are kept. */
  includePartial: boolean;
  scenarios?: ScenarioSuite;
  /** `--map`: reach on a map, per ruleset (compiler/reach/). */
  reach?: ReachSection;
}

/** The "reach on the map" section: how many hexes each ruleset reaches and where they disagree. */
export interface ReachSection {
  map: string;
  from: string;
  /** The unit starts aboard the map's vehicle in `from` (`--aboard`). */
  aboard?: true;
  phase: string;
  unit: Record<string, unknown>;
  /** Per ruleset, the hexes it reaches, counted as `reach` counts them (reach/report.ts: hexesReached). */
  counts: { ruleset: string; hexes: number; measure: string; allowance: string }[];
  /** Each difference with its costs as the rulebooks print them (`1½`), null where not reached. */
  differences: (ReachDifference & { costText: Record<string, string | null> })[];
  /**
   * The reach picture (the drawing of `reach --format svg`) as a `data:` URI, for the HTML and
   * Markdown reports; null when the map is too large to draw. Not part of the JSON report.
   */
  picture: string | null;
  /** What the picture shows, for its alternative text. */
  pictureAlt: string;
}

export interface DiffOptions {
  /**
   * Keep only the rows where two rulesets that have the row differ (changed rows, and partial rows
   * whose present cells differ), and the scenarios whose verdicts differ.
   */
  onlyDifferences?: boolean;
  /** With onlyDifferences: keep the partial rows (and the scenarios only some rulesets answer) too. */
  includePartial?: boolean;
  /** Situations per row (default 5; 0 turns the search off). */
  situations?: number;
  /** Evaluations per ruleset and row before the search gives up (default 400; see situations.ts). */
  budget?: number;
}

/** "16 rows: 1 changed, 15 follow from it, 0 partial, 0 same" — the counts every format prints. */
export function countsText(s: Stats): string {
  const own = s.changed - s.follows;
  const follows = s.follows > 0 ? `, ${s.follows} follow from ${own === 1 ? "it" : "them"}` : "";
  return `${s.rows} rows: ${own} changed${follows}, ${s.partial} partial, ${s.same} same`;
}

/** A row's status as words: "changed", "follows from leader-bonus", "partial", "same". */
export function statusWords(row: Row): string {
  return row.status === "changed" && row.followsFrom.length > 0
    ? `follows from ${row.followsFrom.join(", ")}`
    : row.status;
}

export function statsOf(rows: readonly Row[]): Stats {
  return {
    rows: rows.length,
    same: rows.filter((r) => r.status === "same").length,
    changed: rows.filter((r) => r.status === "changed").length,
    follows: rows.filter((r) => r.status === "changed" && r.followsFrom.length > 0).length,
    partial: rows.filter((r) => r.status === "partial").length,
    differing: rows.filter((r) => r.differs).length,
    withSituations: rows.filter((r) => r.situations.length > 0).length,
  };
}
