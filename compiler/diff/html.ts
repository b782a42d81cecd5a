/**
 * The diff report as one self-contained HTML page, rendered with the Handlebars templates in
 * `templates/diff/` (report.hbs, with the partials row.hbs, scenarios.hbs and styles.hbs). The
 * templates use only escaping `{{…}}` for anything that comes from a `.rules` file; this module
 * builds a plain view model and never concatenates markup itself.
 *
 * The caller supplies the template texts (only the CLI touches the file system): `templatesFrom(read)`.
 */

import { lackingWords } from "./situations.js";
import { causeWords } from "./situation-words.js";
import { pageOf, readTemplates, type TemplateTexts } from "../render/templates.js";
import { startText } from "../render/start.js";
import { countsText, statusWords, type Cell, type DiffReport, type Row } from "./report-model.js";
import { scenarioMark } from "./scenario-marks.js";

/** Template name → text: `report` (the page) and the partials `row`, `scenarios`, `styles`. */
export type Templates = TemplateTexts;

export const TEMPLATE_NAMES = ["report", "row", "scenarios", "reach", "styles"] as const;

/** Reads the templates through `read(name)` → the text of `templates/diff/<name>.hbs`. */
export function templatesFrom(read: (file: string) => string): Templates {
  return readTemplates(TEMPLATE_NAMES, read);
}

interface LineView {
  depth: number;
  isException: boolean;
  text: string;
  cite: string | null;
}
interface CellView {
  present: boolean;
  differs: boolean;
  ruleset: string;
  baseRuleset: string;
  definition: string;
  title: string;
  lines: LineView[];
  /** The rule as written, when its plain words read differently. */
  written: LineView[] | null;
}
interface SituationView {
  text: string;
  answers: { ruleset: string; display: string; rules: string; hasRules: boolean }[];
  /** "sl-classic has no Conscript (4 MF without it)": a one-sided situation's other rulesets. */
  lacking: string[];
  /** "follows from Terrain cost: Shell hole": what another change makes of it (causes.ts). */
  causes: string[];
}
interface RowView {
  id: string;
  label: string;
  concept: string;
  status: string;
  statusText: string;
  statusSign: string;
  cells: CellView[];
  notes: string[];
  situations: SituationView[];
  hasDetails: boolean;
  colspan: number;
}

const STATUS_TEXT: Record<Row["status"], [string, string]> = {
  changed: ["≠", "changed"],
  partial: ["±", "partial"],
  same: ["=", "same"],
};

function cellView(c: Cell | null, ruleset: string, base: string): CellView {
  if (c === null)
    return {
      present: false,
      differs: false,
      ruleset,
      baseRuleset: base,
      definition: "",
      title: "",
      lines: [],
      written: null,
    };
  return {
    present: true,
    differs: c.differs,
    ruleset,
    baseRuleset: base,
    definition: c.definition,
    title: c.title,
    lines: c.lines.map((l, i) => ({
      depth: Math.min(l.depth, 4),
      isException: l.depth > 0,
      text: c.plain[i] || l.text,
      cite: l.cite,
    })),
    written: c.lines.some((l, i) => (c.plain[i] || l.text) !== l.text)
      ? c.lines.map((l) => ({
          depth: Math.min(l.depth, 4),
          isException: l.depth > 0,
          text: l.text,
          cite: l.cite,
        }))
      : null,
  };
}

function rowView(report: DiffReport, row: Row): RowView {
  const ids = report.rulesets.map((r) => r.id);
  const base = ids.find((id) => row.cells[id] !== null) ?? "";
  const [sign, text] =
    row.followsFrom.length > 0 ? ["≈", statusWords(row)] : STATUS_TEXT[row.status];
  const situations: SituationView[] = row.situations.map((s) => ({
    text: s.text,
    answers: ids
      .filter((id) => s.display[id] !== null && s.display[id] !== undefined)
      .map((id) => ({
        ruleset: id,
        display: s.display[id]!,
        rules: s.rules[id]!.join(", "),
        hasRules: s.rules[id]!.length > 0,
      })),
    lacking: lackingWords(s, ids),
    causes: causeWords(s),
  }));
  return {
    id: row.id,
    label: row.label,
    concept: row.member === null ? row.concept : `${row.concept} / ${row.member}`,
    status: row.status,
    statusText: text,
    statusSign: sign,
    cells: ids.map((id) => cellView(row.cells[id] ?? null, id, base)),
    notes: row.notes,
    situations,
    hasDetails: row.notes.length > 0 || situations.length > 0,
    colspan: ids.length + 2,
  };
}

export function htmlView(report: DiffReport): unknown {
  const ids = report.rulesets.map((r) => r.id);
  const s = report.stats;
  return {
    heading: `Variorum diff: ${ids.join(" · ")}`,
    rulesets: report.rulesets.map((r) => ({
      id: r.id,
      title: r.title,
      measure: r.measure,
      extendsText: r.extends.length > 0 ? `extends ${r.extends.join(" → ")}` : null,
      leavesOut: r.leavesOut ?? null,
    })),
    summary: `${countsText(s)}; ${s.withSituations} with situations where the answers differ.`,
    whatChanged: report.summary,
    onlyDifferences: report.onlyDifferences,
    colspan: ids.length + 2,
    sections: report.sections.map((g) => ({
      key: g.key,
      anchor: `s-${g.key.replace(/[^a-z0-9-]/gi, "")}`,
      title: g.title,
      count: g.rows.length,
      differing: g.rows.filter((r) => r.status !== "same").length,
      rows: g.rows.map((r) => rowView(report, r)),
    })),
    scenarios: report.scenarios
      ? {
          rulesets: ids,
          rows: report.scenarios.scenarios.map((sc, i) => ({
            id: `sc-${i + 1}`,
            name: sc.name,
            file: sc.file,
            differs: sc.differs,
            mark: scenarioMark(sc),
            results: ids.map((id) => {
              const v = sc.results[id]!;
              return {
                ruleset: id,
                verdict: v.verdict,
                cls: v.verdict === "legal" ? "legal" : v.verdict === "not legal" ? "illegal" : "na",
                display: v.display,
              };
            }),
          })),
        }
      : null,
    reach: report.reach
      ? {
          map: report.reach.map,
          from: startText(report.reach.from, report.reach.aboard),
          phase: report.reach.phase,
          unit: JSON.stringify(report.reach.unit),
          counts: report.reach.counts,
          picture: report.reach.picture,
          pictureAlt: report.reach.pictureAlt,
          rulesets: ids,
          rows: report.reach.differences.map((d) => ({
            hex: d.hex,
            cells: ids.map((id) => ({
              reachable: d.cost[id] !== null && d.cost[id] !== undefined,
              cost: d.costText[id],
              rules: (d.rules[id] ?? []).join(", "),
            })),
          })),
        }
      : null,
  };
}

/** The `eq` helper the diff's templates use. */
const HELPERS = { eq: (a: unknown, b: unknown) => a === b };

export function renderHtml(report: DiffReport, templates: Templates): string {
  return pageOf(templates, TEMPLATE_NAMES, "report", HELPERS)(htmlView(report));
}
