/**
 * The card model: what a player looks up at the table, as plain JSON-serialisable data that every
 * format (HTML, Markdown, PDF through HTML) renders. Every row carries the citations of the rules it
 * comes from; on a house-rule card (a ruleset that extends another) every row that differs from the
 * base ruleset carries a `change` with the base's old value.
 *
 * Strings in the model are plain text taken from the ruleset (display names, paraphrases) or made
 * here; the renderers escape them.
 */

/** How a row differs from the same row of the base ruleset's card. */
export interface Change {
  kind: "changed" | "added";
  /** The base ruleset id ("changed from asl-a4"). */
  from: string;
  /** The base's value, as text ("2 MF"; "Uphill: 4"), or null for an added row. */
  old: string | null;
}

export interface Cell {
  /** The column the cell is in (a header of its table). */
  col: string;
  text: string;
  /** Citations that apply to this cell only (beyond the row's). */
  cite: string[];
}

export interface CardRow {
  /** Stable key, the same in a child's card and its base's: `allow:squad:status=inexperienced`. */
  key: string;
  /** Label cells first (`labels` of the table), then value cells. */
  cells: Cell[];
  /** Citations of the row. */
  cite: string[];
  /** A paraphrase or explanation, in our own words (from the ruleset). */
  note: string | null;
  /** A readable condition or formula (shown in small type), or null. */
  detail: string | null;
  /** 0 for a main row, 1+ for an exception or a variant under the row above. */
  depth: number;
  change: Change | null;
}

export interface CardTable {
  key: string;
  title: string;
  /** One line under the title (what the table is; the governing rule's paraphrase). */
  caption: string | null;
  /** Headers of all the columns, label columns first; the citation column is implicit and last. */
  columns: string[];
  /** How many of the first columns are labels. */
  labels: number;
  /** Citations that apply to each value column as a whole (printed in its header). */
  columnCites: Record<string, string[]>;
  rows: CardRow[];
  /** A rules list (label, value, paraphrase) rather than a chart: rendered more compactly. */
  list: boolean;
  /** A rules list of the player's card: one line per definition (name, paraphrase, citation). */
  brief?: true;
}

/** One bar of a dice chart. */
export interface Bar {
  value: number;
  /** Probability, 0..1. */
  p: number;
}

export interface DiceCell {
  key: string;
  /** Null when the move is not allowed; then `reason` says why. */
  min: number | null;
  max: number | null;
  mean: number | null;
  bars: Bar[];
  reason: string | null;
  cite: string[];
  change: Change | null;
  /** For a distance rolled: the chance to cover 3, 6 and 9 (in the measure), e.g. `3: 97%, 6: 72%, 9: 28%`. */
  cover?: string;
}

export interface DiceChart {
  title: string;
  caption: string;
  /** What the rows are (the rate) and the columns (the terrain). */
  rowHeader: string;
  columns: string[];
  /** `cite`: on the player's card, the citations of the row's cells, gathered beside its label. */
  rows: { label: string; cells: DiceCell[]; cite?: string[] }[];
  /** The measure of the distance ("inch"). */
  measure: string;
  /** The largest value on any chart (the x axis runs 0..maxValue on every chart, for comparison). */
  maxValue: number;
  /** The largest probability on any chart (the y axis). */
  maxP: number;
}

export interface CardSection {
  key: string;
  title: string;
  tables: CardTable[];
  charts: DiceChart[];
}

export interface Card {
  /**
   * `player`: the one-page card of what a player looks up at the table (player.ts); `full`: every
   * definition of the ruleset but its helpers.
   */
  layout: "player" | "full";
  id: string;
  title: string;
  edition: string | null;
  /** Where the ruleset came from: its file, as given to the card builder. */
  source: string | null;
  /** One line saying what the ruleset leaves out of its source text (null: it declares no index). */
  leavesOut: string | null;
  /** Ancestors, nearest first. */
  extends: string[];
  measure: { name: string; title: string };
  citeStyle: "numbered" | "headings";
  /** The ruleset this card is compared with (a house rule's base), or null. */
  base: { id: string; title: string } | null;
  sections: CardSection[];
  /** Rows of the base's card that this ruleset no longer has. */
  removed: CardRow[];
  stats: { rows: number; changed: number; added: number; removed: number };
}
