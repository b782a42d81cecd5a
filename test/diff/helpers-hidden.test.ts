/**
 * No helper is shown as if it were a rule of the book (issue 40): over every bundled ruleset's diff
 * against the others (SL–ASL, SL–SQLA, the five-way diff), each house rule against its base, and
 * every card (full and player's), no definition marked `helper` is a row, an "only in" entry, a
 * summary line or a card line — in the model and in every format (text, Markdown, HTML, JSON). A
 * formula may still name one (`as written: mf-left(double-timing)`): that is the rule as written.
 */

import { describe, expect, it } from "vitest";
import {
  buildReport,
  renderHtml,
  renderJson,
  renderMarkdown,
  renderText,
  type DiffReport,
} from "../../compiler/diff/index.js";
import { renderCardMarkdown, type Card } from "../../compiler/cards/index.js";
import type { RulesetIR } from "../../compiler/ir/ir.js";
import { humanise } from "../../compiler/render/expr.js";
import { FIVE, load, templates } from "./helpers.js";
import { allRows, card, html } from "../cards/helpers.js";

const HOUSE: [string, string][] = [
  ["asl-a4", "asl-officer-bonus"],
  ["sl-classic", "sl-asl-portage"],
];
const REPORTS: string[][] = [["sl-classic", "asl-a4"], ["sl-classic", "sqla-31"], FIVE, ...HOUSE];

/** Each helper of the rulesets: its name, and the labels a row of it would have. */
function helpersOf(irs: readonly RulesetIR[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const ir of irs)
    for (const d of [...ir.rules, ...ir.tables, ...ir.constraints, ...ir.enums, ...ir.groups]) {
      if (d.helper !== true) continue;
      const labels = out.get(d.name) ?? new Set<string>();
      labels.add(humanise(d.name));
      const concept = (d as { concept?: string }).concept;
      if (concept !== undefined) labels.add(humanise(concept));
      out.set(d.name, labels);
    }
  return out;
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The ways each format prints a row's or a list entry's label (not a formula that names it). */
function headings(label: string): RegExp[] {
  const l = esc(label);
  return [
    new RegExp(`^(?:[≠=±] (?:changed |partial )?|≈ follows )${l}(?::|  |$)`, "m"), // text row
    new RegExp(`(?:only: |; )${l}(?:;|$| \\(|:)`, "m"), // an "only in" list
    new RegExp(`^\\| ${l}(?::| \\|)`, "m"), // Markdown row
    new RegExp(`^\\*\\*${l}\\*\\*$`, "m"), // Markdown details heading
    new RegExp(`<a href="#r-[^"]*">${l}(?::|<)`), // HTML row
    new RegExp(`"label": "${l}(?::|")`), // JSON
  ];
}

describe("no helper is shown as a rule of the book", () => {
  it.each(REPORTS.map((ids) => [ids.join(" "), ids] as const))(
    "diff %s: in the model and in every format",
    (_, ids) => {
      const irs = ids.map(load);
      const helpers = helpersOf(irs);
      expect(helpers.size).toBeGreaterThan(0);
      const report: DiffReport = buildReport(irs);
      // The model: no cell is a helper's, no summary line or "only" entry names one.
      for (const r of report.rows)
        for (const [id, c] of Object.entries(r.cells))
          if (c !== null)
            expect(
              helpersOf([irs.find((x) => x.id === id)!]).has(c.definition),
              `${r.label} (${id}: ${c.definition})`,
            ).toBe(false);
      const texts = [
        renderText(report),
        renderMarkdown(report),
        renderHtml(report, templates()),
        renderJson(report),
      ];
      // A row of a definition that is no helper may share a helper's concept (Tide of Iron's
      // downhill-extra, `concept downhill`, beside ASL's helper up-or-down): its label is its own.
      const shown = new Set(report.rows.map((r) => r.label.replace(/:.*$/, "")));
      for (const [name, labels] of helpers)
        for (const label of [...labels].filter((l) => !shown.has(l)))
          for (const re of headings(label))
            for (const t of texts) expect(t, `${name} shown as "${label}" (${re})`).not.toMatch(re);
    },
  );

  const cards: [string, Card][] = [];
  for (const id of [...FIVE, ...HOUSE.map(([, h]) => h)])
    for (const layout of ["full", "player"] as const)
      cards.push([`${id} ${layout}`, card(id, layout)]);

  it.each(cards)("card %s: no helper has a line, a table or a heading", (_, c) => {
    const r = load(c.id);
    const helpers = helpersOf([r]);
    const keys = new Set(allRows(c).map((x) => x.row.key));
    const tables = c.sections.flatMap((s) => s.tables.map((t) => t.key));
    for (const name of helpers.keys()) {
      expect(keys.has(`def:${name}`), name).toBe(false);
      expect(tables, name).not.toContain(name);
    }
    const texts = [html(c), renderCardMarkdown(c)];
    for (const [name, labels] of helpers)
      for (const label of labels)
        for (const t of texts) {
          expect(t, `${name}: **${label}**`).not.toMatch(
            new RegExp(`\\*\\*${esc(label)}(?: \\([^)]*\\))?\\*\\*`),
          );
          expect(t, `${name}: <strong>${label}`).not.toMatch(
            new RegExp(`<strong>${esc(label)}(?: \\([^)]*\\))?</strong>`),
          );
        }
  });
});
