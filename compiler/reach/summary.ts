/**
 * `variorum reach --summary`: a reach told in counts, for answers too large to list hex by hex
 * (docs/maps.md). Per ruleset: the hexes reached, how many fall in each quarter of the allowance
 * (and beyond it, a Minimum Move), and the furthest hexes (the most expensive, map order on ties) with
 * one cheapest path each. Built from the search's answer alone, in time linear in the map's hexes: no
 * path is priced again and only the furthest hexes' paths are walked.
 */
import type { MapGraph } from "../../runtime/map.js";
import type { ReachAnswer } from "../../runtime/reach-map.js";
import type { DistributionSummary } from "../../runtime/types.js";
import type { GivenValue } from "../../runtime/cases.js";
import { assumedLines, whenText } from "./labels.js";

/** How many of the most expensive hexes the summary names. */
export const SUMMARY_FURTHEST = 5;

export interface ReachSummaryBand {
  /** The band holds hexes whose least cost is at most this (and above the band before). */
  upTo: number;
  hexes: number;
}

export interface ReachSummaryResult {
  ruleset: string;
  /**
   * A unit with fields given as unknown whose reach turns on them: the values this entry holds for
   * (one entry per case, per-value.ts); absent otherwise.
   */
  given?: Record<string, GivenValue[]>;
  title: string;
  /** The defaults this reach turns on, as in the full report (`ReachRulesetResult.assumed`). */
  assumed?: Record<string, GivenValue>;
  measure: string;
  allowance: number | DistributionSummary | null;
  notApplicable: string[];
  /** Hexes where the unit may end its move, the start left out (`hexesReached`'s count). */
  reached: number;
  /** Quarters of the allowance (of the greatest cost when there is no single allowance), then beyond. */
  bands: ReachSummaryBand[];
  /** The most expensive hexes reached, with one cheapest path each. */
  furthest: { hex: string; cost: number; path: string[] }[];
}

export interface ReachSummary {
  map: string;
  from: string;
  phase: string;
  unit: Record<string, unknown>;
  /** The unit starts aboard the map's vehicle in `from` (`--aboard`): every move gets off first. */
  aboard?: true;
  summary: ReachSummaryResult[];
}

export function summarizeAnswer(
  graph: MapGraph,
  a: ReachAnswer,
  from: number,
  head: Omit<ReachSummaryResult, "reached" | "bands" | "furthest">,
): ReachSummaryResult {
  let reached = 0;
  let max = 0;
  for (let h = 0; h < graph.n; h++) {
    const c = a.cost[h];
    if (Number.isNaN(c) || h === from) continue;
    reached++;
    if (c > max) max = c;
  }
  const top = Number.isNaN(a.allowance) || a.distribution !== null ? max : a.allowance;
  const edges = [1, 2, 3, 4].map((k) => (top * k) / 4);
  if (max > top) edges.push(max);
  const bands = edges.map((upTo) => ({ upTo, hexes: 0 }));
  // The furthest hexes: a bounded insertion list (cost descending, then map order).
  const far: number[] = [];
  for (let h = 0; h < graph.n; h++) {
    const c = a.cost[h];
    if (Number.isNaN(c) || h === from) continue;
    let b = 0;
    while (b < bands.length - 1 && c > bands[b]!.upTo) b++;
    bands[b]!.hexes++;
    if (far.length === SUMMARY_FURTHEST && c <= a.cost[far[far.length - 1]!]) continue;
    let i = far.length;
    while (i > 0 && a.cost[far[i - 1]!] < c) i--;
    far.splice(i, 0, h);
    if (far.length > SUMMARY_FURTHEST) far.pop();
  }
  return {
    ...head,
    reached,
    bands,
    furthest: far.map((h) => ({
      hex: graph.names[h]!,
      cost: a.cost[h],
      path: a.path(h).map((k) => graph.names[k]!),
    })),
  };
}

const num = (x: number) => String(Math.round(x * 1000) / 1000);

/** The summary as text (`--summary --format text`). */
export function renderSummaryText(s: ReachSummary): string {
  const out = [`Reach on ${s.map} from ${s.from} (${s.phase} phase), summary:`];
  for (const r of s.summary) {
    const allowance =
      r.allowance === null
        ? "no allowance"
        : typeof r.allowance === "number"
          ? `${num(r.allowance)} ${r.measure}`
          : `${num(r.allowance.mean)} ${r.measure} on average`;
    out.push(
      "",
      `${r.ruleset}  ${r.title}${r.given !== undefined ? ` — when ${whenText(r.given)}` : ""}`,
      `  allowance ${allowance}; ${r.reached} hexes reached`,
      ...assumedLines(r.assumed),
    );
    let low = 0;
    for (const b of r.bands) {
      out.push(`  cost ${num(low)}–${num(b.upTo)} ${r.measure}: ${b.hexes} hexes`);
      low = b.upTo;
    }
    for (const f of r.furthest)
      out.push(
        `  furthest: ${f.hex} for ${num(f.cost)} ${r.measure} (${f.path.length <= 12 ? f.path.join(" → ") : `${f.path.slice(0, 5).join(" → ")} → … → ${f.path.slice(-5).join(" → ")}, ${f.path.length - 1} steps`})`,
      );
    if (r.notApplicable.length > 0) out.push(`  not applicable: ${r.notApplicable.join(", ")}`);
  }
  return out.join("\n") + "\n";
}

export function renderSummaryJson(s: ReachSummary): string {
  return JSON.stringify(s, null, 2) + "\n";
}
