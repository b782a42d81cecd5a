/**
 * The card as one self-contained, print-ready HTML page (inline CSS, no script, no external asset),
 * rendered with the Handlebars templates in `templates/cards/` (card.hbs, with the partials
 * styles.hbs, table.hbs and chart.hbs). Everything from a .rules file goes through escaping `{{…}}`;
 * this module builds a plain view model and never concatenates markup.
 *
 * The caller supplies the template texts (only the CLI touches the file system): `cardTemplatesFrom`.
 */

import { pageOf, readTemplates, type TemplateTexts } from "../render/templates.js";
import type { Card, CardRow, CardTable, DiceChart } from "./card-model.js";
import { changeSign, changeText, citeText, geometry, header } from "./view.js";

export type CardTemplates = TemplateTexts;

export const CARD_TEMPLATE_NAMES = ["card", "styles", "table", "chart"] as const;

/** Reads the templates through `read(name)` → the text of `templates/cards/<name>.hbs`. */
export function cardTemplatesFrom(read: (file: string) => string): CardTemplates {
  return readTemplates(CARD_TEMPLATE_NAMES, read);
}

function anchor(key: string): string {
  return key.replace(/[^a-z0-9-]/gi, "-");
}

function rowView(t: CardTable, r: CardRow, showNotes: boolean, showCite: boolean, player: boolean) {
  const labels = r.cells.slice(0, t.labels).map((c) => ({ text: c.text }));
  // Short values ("2–12 (mean 7)") never wrap; long ones may.
  const values = r.cells
    .slice(t.labels)
    .map((c) => ({ text: c.text, cite: citeText(c.cite), nowrap: c.text.length <= 16 }));
  const cls = [`depth-${Math.min(r.depth, 3)}`];
  if (r.change) cls.push(r.change.kind === "added" ? "added" : "changed");
  if (r.depth === 0 && r.cells[0]?.text !== "") cls.push("lead");
  return {
    cls: cls.join(" "),
    mark: changeSign(r.change),
    changeKind: r.change?.kind ?? null,
    labels,
    values,
    note: r.note,
    detail: r.detail,
    change: changeText(r.change, player),
    cite: citeText(r.cite),
    showNotes,
    showCite,
  };
}

interface EntryLine {
  cls: string;
  mark: string;
  value: string;
  note: string | null;
  detail: string | null;
  change: string | null;
  cite: string;
}

/** A rules list as entries: a definition's own line, then its exceptions (depth ≥ 1) under it. */
function entries(t: CardTable) {
  const out: { name: string; head: EntryLine; lines: EntryLine[] }[] = [];
  for (const r of t.rows) {
    const line: EntryLine = {
      cls: [`depth-${Math.min(r.depth, 3)}`, ...(r.change ? [r.change.kind] : [])].join(" "),
      mark: changeSign(r.change),
      value: r.cells
        .slice(t.labels)
        .map((c) => c.text)
        .join(" "),
      note: r.note,
      detail: r.detail,
      change: changeText(r.change),
      cite: citeText(r.cite),
    };
    const last = out[out.length - 1];
    if (r.depth > 0 && last) last.lines.push(line);
    else
      out.push({
        name: r.cells
          .slice(0, t.labels)
          .map((c) => c.text)
          .join(" "),
        head: line,
        lines: [],
      });
  }
  return out;
}

/** A brief list's line: the name, a fixed value (not "must hold": the paraphrase says it), the paraphrase. */
function briefEntries(t: CardTable) {
  // Only the player's card has brief lists.
  return t.rows.map((r) => {
    const value = r.cells
      .slice(t.labels)
      .map((c) => c.text)
      .join(" ");
    return {
      cls: r.change ? r.change.kind : "",
      mark: changeSign(r.change),
      name: r.cells
        .slice(0, t.labels)
        .map((c) => c.text)
        .join(" "),
      value: value === "must hold" ? "" : value,
      note: r.note,
      change: changeText(r.change, true),
      cite: citeText(r.cite),
    };
  });
}

function tableView(t: CardTable, section: string, player: boolean) {
  const showNotes =
    t.list ||
    t.rows.some(
      (r) => r.note !== null || r.detail !== null || changeText(r.change, player) !== null,
    );
  const showCite = t.rows.some((r) => r.cite.length > 0);
  const headers = t.columns.map((c, i) => ({
    text: c,
    cite: citeText(t.columnCites[c] ?? []),
    label: i < t.labels,
  }));
  return {
    id: `t-${anchor(t.key)}`,
    title: t.title,
    caption: t.caption,
    list: t.list && !t.brief,
    brief: t.brief === true,
    // A grid with notes or many columns takes the full width; small charts sit side by side.
    wide: showNotes || t.columns.length > 6,
    showTitle: !t.list || t.title !== section,
    headers,
    showNotes,
    showCite,
    notesHeader: t.list ? "What it says" : "Notes",
    rows: t.list ? [] : t.rows.map((r) => rowView(t, r, showNotes, showCite, player)),
    entries: t.list && !t.brief ? entries(t) : [],
    briefEntries: t.brief ? briefEntries(t) : [],
  };
}

function chartView(ch: DiceChart, player: boolean) {
  return {
    title: ch.title,
    caption: ch.caption,
    rowHeader: ch.rowHeader,
    columns: ch.columns,
    rows: ch.rows.map((r) => ({
      label: r.label,
      cite: citeText(r.cite ?? []),
      cells: r.cells.map((c, i) => {
        const g = geometry(ch, c, r.label, ch.columns[i] ?? "");
        return {
          g,
          reason: c.reason,
          cover: c.cover ?? null,
          cite: citeText(c.cite),
          mark: changeSign(c.change),
          change: changeText(c.change, player),
          cls: c.change ? (c.change.kind === "added" ? "added" : "changed") : "",
        };
      }),
    })),
  };
}

export function cardView(card: Card) {
  const h = header(card);
  const player = card.layout === "player";
  return {
    layout: card.layout,
    player,
    title: h.title,
    subtitle: h.subtitle,
    houseRule: h.houseRule,
    legend: h.legend,
    sections: card.sections.map((s) => ({
      id: `s-${anchor(s.key)}`,
      title: s.title,
      charts: s.charts.map((c) => chartView(c, player)),
      tables: s.tables.map((t) => tableView(t, s.title, player)),
    })),
    removed:
      card.removed.length > 0 && card.base
        ? {
            from: card.base.id,
            rows: card.removed.map((r) => ({
              text: r.cells
                .map((c) => c.text)
                .filter((x) => x !== "")
                .join(" · "),
              note: r.note,
              cite: citeText(r.cite),
            })),
          }
        : null,
  };
}

export function renderCardHtml(card: Card, templates: CardTemplates): string {
  return pageOf(templates, CARD_TEMPLATE_NAMES, "card")(cardView(card));
}
