/**
 * Builds a card from a RulesetIR. Computed tables come from the interpreter (card-answers.ts): allowances by
 * kind and status (allowances.ts), the terrain chart with its variants (uphill, along a road…) and
 * hexside surcharges (terrain.ts), MF left by PP carried (portage.ts), and for a dice ruleset the
 * distance distributions per rate and terrain (dice.ts). Every other definition is listed in its
 * section with its paraphrase, a readable form of its value or condition, and its citation
 * (definitions.ts). These passes write the raw card (raw-card.ts); this one turns it into the card model.
 *
 * A house rule's card (`base` given) is compared with its base's card row by row, by key
 * (compare.ts): computed rows per unit kind before kinds with identical rows are merged, so a change
 * to one kind is never hidden in a group. The card is the full one, or (the default) the player's
 * one-page card chosen from it (player.ts).
 */

import { leavesOutLine } from "../coverage/build.js";
import type { RulesetIR, TableDef } from "../ir/ir.js";
import { groupOf, scopeOf } from "../render/expr.js";
import { allowanceTable } from "./allowances.js";
import { markAgainst } from "./compare.js";
import { definitions, tableCards } from "./definitions.js";
import { diceChart } from "./dice.js";
import type { Card, CardRow, CardSection, CardTable } from "./card-model.js";
import { playerCard } from "./player.js";
import { portageTable } from "./portage.js";
import { Probe } from "./card-answers.js";
import {
  append,
  table,
  type RawCard,
  type RawRow,
  type RawSection,
  type RawTable,
} from "./raw-card.js";
import { CARD_SECTIONS } from "./sections.js";
import { terrainTables } from "./terrain.js";

export interface BuildOptions {
  /** Where the ruleset was read from, as the reader should see it. */
  source?: string | null;
  /** The base ruleset to compare with (a house rule's parent), already loaded. */
  base?: RulesetIR | null;
  /** `player` (the default): the one-page card (player.ts); `full`: every definition but helpers. */
  layout?: "player" | "full";
}

/** The raw card: the computed tables and charts, then each section's listed definitions. */
function rawCard(ir: RulesetIR): RawCard {
  const p = new Probe(ir);
  const sections = new Map<string, RawSection>(
    CARD_SECTIONS.map((s) => [s.key, { key: s.key, title: s.title, tables: [], charts: [] }]),
  );
  const sec = (k: string) => sections.get(k) ?? sections.get("special")!;

  const allow = allowanceTable(p);
  if (allow) sec("allowances").tables.push(allow);
  const terrain = terrainTables(p);
  for (const t of terrain.tables) sec("terrain").tables.push(t);
  const portage = portageTable(p);
  if (portage) sec("portage").tables.push(portage);
  const dice = diceChart(p);
  // The distance chart is what a player of a dice ruleset looks up for a move: it prints first.
  if (dice) sec("allowances").charts.push(dice);

  const listed = definitions(ir, terrain.consumed);
  for (const s of sections.values()) {
    const rows: RawRow[] = [];
    const tables: TableDef[] = [];
    for (const l of listed) {
      if (l.section !== s.key) continue;
      if (l.rows) rows.push(...l.rows);
      if (l.table) tables.push(l.table);
    }
    s.tables.push(...tableCards(s.key, tables, ir, scopeOf(ir)));
    if (rows.length > 0) {
      s.tables.push(
        table(
          `rules-${s.key}`,
          s.tables.length > 0 || s.charts.length > 0 ? "Rules" : s.title,
          ["Name", "Value"],
          1,
          rows,
          { list: true },
        ),
      );
    }
  }
  // Rules lists print after the section's charts and tables.
  for (const s of sections.values()) s.tables.sort((a, b) => Number(a.list) - Number(b.list));
  return { sections: [...sections.values()] };
}

/** Kinds whose rows are alike print as one group ("Squad, Half-squad, Crew (MMC)"). */
function groupKinds(t: RawTable, ir: RulesetIR): RawRow[] {
  const shown = t.rows.filter((r) => r.shown !== false);
  const byKind = new Map<string, RawRow[]>();
  for (const r of shown) append(byKind, r.kind ?? "", r);
  // Conditions of one field with the same answer merge: "Vehicle: Tank, Halftrack, Truck".
  for (const [k, rows] of byKind) {
    const merged: RawRow[] = [];
    for (const r of rows) {
      const same = r.field
        ? merged.find(
            (m) =>
              m.field === r.field && m.depth === r.depth && rest(m, t.labels) === rest(r, t.labels),
          )
        : undefined;
      if (same) {
        same.memberLabel = `${same.memberLabel}, ${r.memberLabel}`;
        same.sub = `${same.sub}+${r.sub}`;
        const c = same.cells.find((x) => x.col === "Condition");
        if (c)
          c.text = same.fieldLabel ? `${same.fieldLabel}: ${same.memberLabel}` : same.memberLabel!;
      } else merged.push({ ...r, cells: r.cells.map((c) => ({ ...c })) });
    }
    byKind.set(k, merged);
  }
  const profile = (rows: RawRow[]) =>
    JSON.stringify(rows.map((r) => [r.sub, r.cells.slice(1), r.cite, r.note, r.change]));
  const groups: { kinds: string[]; displays: string[]; rows: RawRow[] }[] = [];
  for (const [k, rows] of byKind) {
    const prof = profile(rows);
    const g = groups.find((x) => profile(x.rows) === prof);
    if (g) {
      g.kinds.push(k);
      g.displays.push(rows[0]?.kindDisplay ?? k);
    } else groups.push({ kinds: [k], displays: [rows[0]?.kindDisplay ?? k], rows });
  }
  const kindEnum = ir.inputs.find((i) => i.rec === "unit")?.fields.find((f) => f.name === "kind");
  const enumName = kindEnum && kindEnum.type.t === "enum" ? kindEnum.type.name : "";
  const scope = scopeOf(ir);
  const out: RawRow[] = [];
  for (const g of groups) {
    const grp = groupOf(scope, enumName, g.kinds);
    const label = g.displays.join(", ") + (grp && g.kinds.length > 1 ? ` (${grp.name})` : "");
    g.rows.forEach((r, i) => {
      const cells = r.cells.map((c) =>
        c.col === t.columns[0] ? { ...c, text: i === 0 || r.depth === 0 ? label : "" } : c,
      );
      out.push({ ...r, key: `${t.key}:${g.kinds.join("+")}:${r.sub ?? ""}`, cells });
    });
  }
  return out;
}

function rest(r: RawRow, labels: number): string {
  return JSON.stringify([r.cells.slice(labels), r.cite, r.note, r.change]);
}

function clean(r: RawRow): CardRow {
  return {
    key: r.key,
    cells: r.cells,
    cite: r.cite,
    note: r.note,
    detail: r.detail,
    depth: r.depth,
    change: r.change,
  };
}

export function buildCard(ir: RulesetIR, opts: BuildOptions = {}): Card {
  const raw = rawCard(ir);
  const base = opts.base ?? null;
  const removed = base ? markAgainst(raw, rawCard(base), base.id) : [];
  const sections: CardSection[] = [];
  let rows = 0;
  let changed = 0;
  let added = 0;
  for (const s of raw.sections) {
    const tables: CardTable[] = [];
    for (const t of s.tables) {
      const rs = t.groupKinds ? groupKinds(t, ir) : t.rows.filter((r) => r.shown !== false);
      if (rs.length === 0) continue;
      const { groupKinds: _g, ...plainTable } = t;
      void _g;
      tables.push({ ...plainTable, rows: rs.map(clean) });
      for (const r of rs) {
        rows++;
        if (r.change?.kind === "changed") changed++;
        if (r.change?.kind === "added") added++;
      }
    }
    for (const c of s.charts)
      for (const r of c.rows)
        for (const x of r.cells) {
          rows++;
          if (x.change?.kind === "changed") changed++;
          if (x.change?.kind === "added") added++;
        }
    if (tables.length > 0 || s.charts.length > 0)
      sections.push({ key: s.key, title: s.title, tables, charts: s.charts });
  }
  const mdef = ir.measures.find((m) => m.name === ir.movement.measure);
  const full: Card = {
    layout: "full",
    id: ir.id,
    title: ir.title,
    edition: ir.edition,
    source: opts.source ?? null,
    leavesOut: leavesOutLine(ir, false),
    extends: ir.extends,
    measure: { name: ir.movement.measure, title: mdef?.title ?? "" },
    citeStyle: ir.citeStyle,
    base: base ? { id: base.id, title: base.title } : null,
    sections,
    removed: removed.map(clean),
    stats: { rows, changed, added, removed: removed.length },
  };
  return (opts.layout ?? "player") === "player" ? playerCard(full, ir) : full;
}
