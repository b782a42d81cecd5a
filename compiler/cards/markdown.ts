/**
 * The card as Markdown for wikis: the same sections and rows as the HTML card, pipe tables, dice
 * distributions as block-character sparklines. Text from the ruleset is escaped so that it can
 * neither break a table nor inject markup (`<`, `>` and `&` become entities; Markdown punctuation is
 * backslash-escaped).
 */

import { md } from "../render/markdown.js";
import type { Card, CardRow, CardTable, DiceChart } from "./card-model.js";
import { changeSign, changeText, citeText, header, sparkline } from "./view.js";
import { shortNumber } from "../render/numbers.js";

/** The player's card's brief list: a bullet per definition (name, fixed value, paraphrase, citation). */
function briefMd(t: CardTable, section: string): string[] {
  const out: string[] = [];
  if (t.title !== section) out.push(`### ${md(t.title)}`, "");
  for (const r of t.rows) {
    const mark = changeSign(r.change);
    const name = md(
      r.cells
        .slice(0, t.labels)
        .map((c) => c.text)
        .join(" "),
    );
    const value = r.cells
      .slice(t.labels)
      .map((c) => c.text)
      .join(" ");
    const change = changeText(r.change, true);
    out.push(
      `- ${mark ? `**${mark}** ` : ""}**${name}**${value && value !== "must hold" ? ` ${md(value)}` : ""}${r.note ? `: ${md(r.note)}` : ""} ${md(citeText(r.cite))}${change ? ` **${md(change)}**` : ""}`.trimEnd(),
    );
  }
  out.push("");
  return out;
}

function tableMd(t: CardTable, section: string, player: boolean): string[] {
  if (t.brief) return briefMd(t, section);
  const out: string[] = [];
  if (!t.list || t.title !== section) out.push(`### ${md(t.title)}`, "");
  if (t.caption) out.push(`*${md(t.caption)}*`, "");
  const showNotes =
    t.list ||
    t.rows.some(
      (r) => r.note !== null || r.detail !== null || changeText(r.change, player) !== null,
    );
  const showCite = t.rows.some((r) => r.cite.length > 0);
  const heads = t.columns.map(
    (c) => md(c) + (t.columnCites[c] ? ` ${md(citeText(t.columnCites[c]!))}` : ""),
  );
  if (showNotes) heads.push(t.list ? "What it says" : "Notes");
  if (showCite) heads.push("Rule");
  out.push(`| ${heads.join(" | ")} |`, `|${heads.map(() => " --- ").join("|")}|`);
  for (const r of t.rows) out.push(rowMd(t, r, showNotes, showCite, player));
  out.push("");
  return out;
}

function rowMd(
  t: CardTable,
  r: CardRow,
  showNotes: boolean,
  showCite: boolean,
  player: boolean,
): string {
  const cells = r.cells.map((c, i) => {
    const text = md(c.text);
    return i >= t.labels && c.cite.length > 0 ? `${text} ${md(citeText(c.cite))}` : text;
  });
  if (r.depth > 0) {
    const indent = `${"↳".repeat(r.depth)} `;
    if (cells[0] !== "") cells[0] = indent + cells[0];
    else if (t.list && cells[t.labels] !== undefined) cells[t.labels] = indent + cells[t.labels];
  } else if (cells[0] !== "") cells[0] = `**${cells[0]}**`;
  const mark = changeSign(r.change);
  if (mark) cells[0] = `**${mark}** ${cells[0]}`;
  if (showNotes) {
    const parts: string[] = [];
    if (r.note) parts.push(md(r.note));
    if (r.detail) parts.push(`*→ ${md(r.detail)}*`);
    const ch = changeText(r.change, player);
    if (ch) parts.push(`**${md(ch)}**`);
    cells.push(parts.join("<br>"));
  }
  if (showCite) cells.push(md(r.cite.join(", ")));
  return `| ${cells.join(" | ")} |`;
}

function chartMd(ch: DiceChart, player: boolean): string[] {
  const out = [`### ${md(ch.title)}`, "", `*${md(ch.caption)}*`, ""];
  const heads = [md(ch.rowHeader), ...ch.columns.map(md)];
  out.push(`| ${heads.join(" | ")} |`, `|${heads.map(() => " --- ").join("|")}|`);
  for (const r of ch.rows) {
    const cells = r.cells.map((c) => {
      const mark = changeSign(c.change);
      let text: string;
      if (c.min === null || c.max === null || c.mean === null) text = `${md(c.reason ?? "—")}`;
      else if (c.min === c.max) text = `always ${shortNumber(c.min)}`;
      else
        text = `\`${sparkline(c)}\` ${shortNumber(c.min)}–${shortNumber(c.max)}, mean ${shortNumber(c.mean)}${c.cover ? `; covers ${md(c.cover)}` : ""}`;
      if (c.cite.length > 0) text += ` ${md(citeText(c.cite))}`;
      const change = changeText(c.change, player);
      if (change) text += `<br>**${md(change)}**`;
      return `${mark ? `**${mark}** ` : ""}${text}`;
    });
    const cite = r.cite && r.cite.length > 0 ? ` ${md(citeText(r.cite))}` : "";
    out.push(`| ${md(r.label)}${cite} | ${cells.join(" | ")} |`);
  }
  out.push("");
  return out;
}

export function renderCardMarkdown(card: Card): string {
  const h = header(card);
  const out: string[] = [`# ${md(h.title)}`, ""];
  for (const s of h.subtitle) out.push(`- ${md(s)}`);
  out.push("");
  if (h.houseRule) out.push(`> **Δ** ${md(h.houseRule)}`, "");
  out.push(`*${md(h.legend)}*`, "");
  const player = card.layout === "player";
  for (const s of card.sections) {
    out.push(`## ${md(s.title)}`, "");
    for (const t of s.tables) if (!t.list) out.push(...tableMd(t, s.title, player));
    for (const c of s.charts) out.push(...chartMd(c, player));
    for (const t of s.tables) if (t.list) out.push(...tableMd(t, s.title, player));
  }
  if (card.removed.length > 0 && card.base) {
    out.push(`## Rows of ${md(card.base.id)} that this ruleset no longer has`, "");
    for (const r of card.removed) {
      out.push(
        `- **−** ${md(
          r.cells
            .map((c) => c.text)
            .filter((x) => x !== "")
            .join(" · "),
        )}${r.note ? ` — ${md(r.note)}` : ""} ${md(citeText(r.cite))}`.trimEnd(),
      );
    }
    out.push("");
  }
  out.push(
    "---",
    "",
    "*Made by Variorum. Paraphrases are in our own words, not the rulebook's; citations in \\[brackets\\] point into the rulebook.*",
    "",
  );
  return out.join("\n");
}
