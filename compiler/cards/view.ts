/**
 * What the HTML and Markdown renderers share: the card's header lines, change marks as text, and the
 * geometry of the dice bar charts (numbers only; every label stays plain text for the renderer to
 * escape).
 */

import type { Card, Change, DiceCell, DiceChart } from "./card-model.js";
import { shortNumber } from "../render/numbers.js";

export function citeText(cites: readonly string[]): string {
  return cites.length === 0 ? "" : `[${cites.join(", ")}]`;
}

/**
 * A change in words. On the player's card (`brief`) an added row says nothing more than its "+" (the
 * legend names the base): the page keeps its room for values.
 */
export function changeText(c: Change | null, brief = false): string | null {
  if (c === null) return null;
  if (c.kind === "added") return brief ? null : `new: not in ${c.from}`;
  return c.old === null ? `changed from ${c.from}` : `changed from ${c.from}: was ${c.old}`;
}

/** "Δ" for a changed row, "+" for an added one: marks that read in black and white. */
export function changeSign(c: Change | null): string {
  if (c === null) return "";
  return c.kind === "added" ? "+" : "Δ";
}

export interface Header {
  title: string;
  subtitle: string[];
  houseRule: string | null;
  legend: string;
}

export function header(card: Card): Header {
  const sub: string[] = [];
  if (card.edition) sub.push(`Edition: ${card.edition}`);
  sub.push(`Ruleset: ${card.id}${card.source ? ` (${card.source})` : ""}`);
  if (card.extends.length > 0) sub.push(`Extends: ${card.extends.join(" → ")}`);
  sub.push(`Measure: ${card.measure.name}${card.measure.title ? ` — ${card.measure.title}` : ""}`);
  if (card.leavesOut) sub.push(`Source: ${card.leavesOut}`);
  const s = card.stats;
  let houseRule: string | null = null;
  if (card.base) {
    const parts = [
      `${s.changed} ${s.changed === 1 ? "row differs" : "rows differ"} from it (marked Δ, with the old value)`,
    ];
    if (s.added > 0) parts.push(`${s.added} ${s.added === 1 ? "is" : "are"} new (marked +)`);
    if (s.removed > 0)
      parts.push(
        `${s.removed} of its rows ${s.removed === 1 ? "is" : "are"} gone (listed at the end)`,
      );
    houseRule = `Built on ${card.base.id} (${card.base.title}): ${parts.join(", ")}.`;
  }
  const sample =
    card.sections
      .flatMap((x) => x.tables)
      .flatMap((t) => t.rows)
      .find((r) => r.cite.length > 0)?.cite[0] ??
    (card.citeStyle === "numbered" ? "1.1" : "Section");
  const cells = card.sections
    .flatMap((x) => x.tables)
    .flatMap((t) => t.rows)
    .flatMap((r) => r.cells.map((c) => c.text));
  const legend = [
    `[${sample}] rule citation`,
    "NA not allowed",
    ...(cells.some((c) => /\ball\b/.test(c))
      ? [`all: all of the unit's ${card.measure.name}`]
      : []),
    ...(card.base ? [`Δ changed from ${card.base.id}`, "+ new"] : []),
  ].join(" · ");
  return { title: card.title, subtitle: sub, houseRule, legend };
}

/** One bar chart's geometry, in SVG user units. */
export interface ChartGeometry {
  width: number;
  height: number;
  bars: { x: number; y: number; w: number; h: number }[];
  axisY: number;
  meanX: number;
  ticks: { x: number; label: string }[];
  label: string;
  summary: string;
}

const W = 150;
const H = 58;
const LEFT = 4;
const RIGHT = 4;
const TOP = 4;
const AXIS = 44;

function r2(x: number): number {
  return Math.round(x * 100) / 100;
}

/** Bars for values 0..chart.maxValue (the same scale in every cell of a chart, so they compare). */
export function geometry(
  chart: DiceChart,
  c: DiceCell,
  rowLabel: string,
  colLabel: string,
): ChartGeometry | null {
  if (c.min === null || c.max === null || c.mean === null) return null;
  const n = Math.max(1, chart.maxValue + 1);
  const slot = (W - LEFT - RIGHT) / n;
  // Heights are relative within each chart: a certain result (one bar at 100%) would flatten the rest.
  const maxP = Math.max(0, ...c.bars.map((b) => b.p)) || 1;
  const bars = c.bars.map((b) => {
    const h = Math.max(0.5, (b.p / maxP) * (AXIS - TOP));
    return {
      x: r2(LEFT + b.value * slot + slot * 0.1),
      y: r2(AXIS - h),
      w: r2(Math.max(0.6, slot * 0.8)),
      h: r2(h),
    };
  });
  const xOf = (v: number) => r2(LEFT + v * slot + slot / 2);
  const ticks =
    c.min === c.max
      ? [{ x: xOf(c.min), label: shortNumber(c.min) }]
      : [
          { x: xOf(c.min), label: shortNumber(c.min) },
          { x: xOf(c.max), label: shortNumber(c.max) },
        ];
  const summary =
    c.min === c.max
      ? `always ${shortNumber(c.min)} ${chart.measure}`
      : `${shortNumber(c.min)}–${shortNumber(c.max)} ${chart.measure}, mean ${shortNumber(c.mean)}`;
  return {
    width: W,
    height: H,
    bars,
    axisY: AXIS,
    meanX: r2(LEFT + c.mean * slot + slot / 2),
    ticks,
    label: `${rowLabel}, ${colLabel}: ${summary}`,
    summary,
  };
}

/** A distribution as a row of block characters, for Markdown: "▁▂▄▆█▆▄▂▁". */
export function sparkline(c: DiceCell): string {
  if (c.min === null || c.max === null) return "";
  const blocks = "▁▂▃▄▅▆▇█";
  const maxP = Math.max(...c.bars.map((b) => b.p));
  let out = "";
  for (let v = c.min; v <= c.max; v++) {
    const b = c.bars.find((x) => x.value === v);
    out += b ? blocks[Math.min(7, Math.round((b.p / maxP) * 7))] : " ";
  }
  return out;
}
