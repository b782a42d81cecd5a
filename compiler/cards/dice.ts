/**
 * The dice chart, from a Probe of a ruleset whose allowance is rolled: the distance distribution over
 * every roll for a unit of the first kind, a row per rate (the unit's first defaulted enum field) and
 * per other value of each defaulted step enum, a column per terrain.
 */

import { humanise, memberDisplay, scopeOf } from "../render/expr.js";
import type { DiceCell, DiceChart } from "./card-model.js";
import { unique } from "../../runtime/lists.js";
import { logCites, type Fields, type Probe, val } from "./card-answers.js";
import { allowanceCite, diceRuleCites } from "./raw-card.js";
import { blockRollCount } from "../../runtime/rolls.js";

/** A cell with no distances: why (`reason`), and the rules that say so. */
function unanswered(key: string, reason: string, cite: string[] = []): DiceCell {
  return { key, min: null, max: null, mean: null, bars: [], reason, cite, change: null };
}

/** Distances whose chance each cell of the chart gives. */
const COVER = [3, 6, 9];

/**
 * The most rolls a dice chart prices, over all its cells (issue 45: six dice in two blocks over a
 * 200-member terrain enum priced 302,400 rolls, 22.6 s). Past it no cell is priced, and each says
 * why with the counts (docs/cli.md, limits).
 */
export const MAX_CHART_ROLLS = 100_000;

export function diceChart(p: Probe): DiceChart | null {
  if (!p.dice) return null;
  const kinds = p.kinds();
  const scope = scopeOf(p.ir);
  const rateF =
    p.input("unit").find((f) => f.name !== "kind" && f.type.t === "enum" && f.default !== null) ??
    null;
  const terrF = p.field("step", "terrain");
  const extraFs = p
    .input("step")
    .filter((f) => f.name !== "terrain" && f.type.t === "enum" && f.default !== null);
  const rates = rateF && rateF.type.t === "enum" ? (p.enumDef(rateF.type.name)?.members ?? []) : [];
  const terrains =
    terrF && terrF.type.t === "enum" ? (p.enumDef(terrF.type.name)?.members ?? []) : [];
  const k0 = kinds?.members[0] ?? null;
  const base: Fields = k0 && kinds ? { kind: val.member(kinds.name, k0.name) } : {};
  const rateDefault = rateF?.default?.v === "member" ? rateF.default.name : null;

  // The chart's work, before any of it is done: its cells × the rolls each prices (the ruleset's
  // blocks of dice, runtime/rolls.ts), against MAX_CHART_ROLLS.
  const cols0 = terrains.length > 0 ? terrains.length : 1;
  let cells = (rates.length > 0 ? rates.length : 1) * cols0;
  for (const f of extraFs)
    if (f.type.t === "enum") {
      const n = p.enumDef(f.type.name)?.members.length ?? 0;
      cells += Math.max(0, n - (f.default?.v === "member" ? 1 : 0)) * cols0;
    }
  const rolls = blockRollCount(p.interp.dice, p.interp.sides, p.interp.diceCuts);
  const bound =
    cells * rolls > MAX_CHART_ROLLS
      ? `not charted: ${cells.toLocaleString("en")} cells × ${rolls.toLocaleString("en")} rolls would price more than ${MAX_CHART_ROLLS.toLocaleString("en")} rolls (the card's bound)`
      : null;

  const cellFor = (unit: Fields, step: Fields | null, key: string): DiceCell => {
    if (bound !== null) return unanswered(key, bound);
    const ctx = p.ctx(unit, step ? [step] : []);
    if (!ctx) return unanswered(key, "needs more input");
    const vs = p.violations(ctx);
    if (vs.length > 0) return unanswered(key, "not allowed", unique(vs.map((v) => v.rule)));
    const o = p.allowance(ctx);
    const d =
      o.dist ??
      (o.exact !== null
        ? {
            min: o.exact.toNumber(),
            max: o.exact.toNumber(),
            mean: o.exact.toNumber(),
            distribution: { [String(o.exact.toNumber())]: 1 },
          }
        : null);
    if (!d) return unanswered(key, o.na ? "NA" : "varies");
    const bars = Object.entries(d.distribution)
      .map(([v, pr]) => ({ value: Number(v), p: pr }))
      .sort((a, b) => a.value - b.value);
    // Every roll was priced: the exceptions and rows that any roll used are cited (finding which
    // ones decide the distribution would price every roll again per exception).
    // The question at the table: will it get 3", 6", 9"? (the roll must reach the distance).
    const chance = (x: number) => bars.filter((b) => b.value >= x).reduce((s, b) => s + b.p, 0);
    const cover =
      d.min === d.max
        ? undefined
        : COVER.map((x) => `${x}: ${Math.round(chance(x) * 100)}%`).join(", ");
    return {
      key,
      min: d.min,
      max: d.max,
      mean: d.mean,
      bars,
      reason: null,
      cite: unique([allowanceCite(p.ir), ...diceRuleCites(o), ...logCites(o.log)]),
      change: null,
      ...(cover ? { cover } : {}),
    };
  };

  const terrainStep = (t: string | null): Fields | null =>
    t !== null && terrF && terrF.type.t === "enum"
      ? { terrain: val.member(terrF.type.name, t) }
      : null;
  const cols = terrains.length > 0 ? terrains.map((t) => t.name) : [null];
  const rows: DiceChart["rows"] = [];
  const rateList = rates.length > 0 ? rates : [null];
  for (const r of rateList) {
    const unit: Fields =
      r && rateF && rateF.type.t === "enum"
        ? { ...base, [rateF.name]: val.member(rateF.type.name, r.name) }
        : base;
    rows.push({
      label: r ? r.display || r.name : "Roll",
      cells: cols.map((t) => cellFor(unit, terrainStep(t), `dice:${r?.name ?? "-"}:${t ?? "-"}`)),
    });
  }
  for (const f of extraFs) {
    if (f.type.t !== "enum") continue;
    const fEnum = f.type.name;
    const def = f.default?.v === "member" ? f.default.name : null;
    const e = p.enumDef(fEnum);
    for (const m of e?.members ?? []) {
      if (m.name === def) continue;
      const rateName =
        rateDefault && rateF && rateF.type.t === "enum"
          ? memberDisplay(scope, rateF.type.name, rateDefault)
          : null;
      rows.push({
        label: `${m.display || m.name}${rateName ? `, ${rateName}` : ""}`,
        cells: cols.map((t) => {
          const step = terrainStep(t) ?? {};
          return cellFor(
            base,
            { ...step, [f.name]: val.member(fEnum, m.name) },
            `dice:${f.name}=${m.name}:${t ?? "-"}`,
          );
        }),
      });
    }
  }
  let maxValue = 0;
  let maxP = 0;
  for (const r of rows)
    for (const c of r.cells)
      for (const b of c.bars) {
        maxValue = Math.max(maxValue, b.value);
        maxP = Math.max(maxP, b.p);
      }
  const kName = k0 ? k0.display || k0.name : "unit";
  return {
    title: "Distance rolled",
    caption: `The distribution of the allowance over every roll, for a ${kName} moving through one kind of ground${rateF ? `, by ${humanise(rateF.name).toLowerCase()}` : ""}. Each bar is one result, its height its chance (relative within each chart); under it, the chance to cover ${COVER.join(", ")} ${p.measure}.`,
    rowHeader: rateF ? humanise(rateF.name) : "Case",
    columns: cols.map((t) =>
      t !== null && terrF && terrF.type.t === "enum"
        ? memberDisplay(scope, terrF.type.name, t)
        : "Any ground",
    ),
    rows,
    measure: p.measure,
    maxValue,
    maxP,
  };
}
