/**
 * The coverage report as text, Markdown, HTML (a self-contained page, every value escaped by the
 * reach markup's `x`) and JSON (the model itself).
 */
import { md } from "../render/markdown.js";
import { x, type Markup } from "../reach/markup.js";
import type { CoverageReport, ExampleRow, ParagraphRow, Totals } from "./model.js";

const STATUS: Record<ParagraphRow["status"] | ExampleRow["status"], string> = {
  encoded: "encoded",
  "examples-only": "examples only",
  "out-of-scope": "out of scope",
  missing: "MISSING",
  carried: "carried",
};

/** What a row's status says: by whom, or why. */
function detail(r: ParagraphRow | ExampleRow): string {
  if (r.status === "out-of-scope") return r.reason ?? "";
  if (r.status === "missing") return "";
  const shown = r.by.length > 4 ? [...r.by.slice(0, 4), `${r.by.length - 4} more`] : r.by;
  return r.status === "encoded" ? shown.join(", ") : shown.map((t) => `"${t}"`).join(", ");
}

/** `n` and the noun, plural unless one. */
const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? "" : "s"}`;

/** The totals as one line: `42 paragraphs: 27 encoded, …; 8 worked examples: …`. */
export function totalsLine(t: Totals): string {
  return `${count(t.paragraphs, "paragraph")}: ${t.encoded} encoded, ${t.examplesOnly} examples only, ${t.outOfScope} out of scope, ${t.missing} missing; ${count(t.examples, "worked example")}: ${t.carried} carried, ${t.examplesOutOfScope} out of scope, ${t.examplesMissing} missing`;
}

function noIndex(r: CoverageReport): string {
  const base =
    r.ancestorIndex === null
      ? ""
      : `; the source index of the ruleset it extends is reported by \`variorum coverage ${r.ancestorIndex}\``;
  return `${r.ruleset} declares no source index of its own${base}. To report the coverage of its own source, list its paragraphs: \`source "…" { paragraph [H1] "…" }\` (docs/language.md)`;
}

export function coverageText(r: CoverageReport): string {
  if (r.indexOf === null) return `${noIndex(r)}\n`;
  const lines = [`coverage of ${r.ruleset}  ${r.title}`];
  const width = Math.max(
    8,
    ...r.sections.flatMap((s) => [...s.paragraphs, ...s.examples].map((p) => p.cite.length)),
  );
  for (const s of r.sections) {
    lines.push("", s.title);
    for (const p of s.paragraphs)
      lines.push(
        `  ${p.cite.padEnd(width)}  ${STATUS[p.status].padEnd(13)}  ${p.title}${detail(p) ? ` — ${detail(p)}` : ""}`,
      );
    if (s.examples.length > 0) {
      lines.push("  worked examples");
      for (const e of s.examples)
        lines.push(
          `  ${e.cite.padEnd(width)}  ${STATUS[e.status].padEnd(13)}  ${e.title}${detail(e) ? ` — ${detail(e)}` : ""}`,
        );
    }
    lines.push(`  ${totalsLine(s.totals)}`);
  }
  lines.push("", `total: ${totalsLine(r.totals)}`);
  return `${lines.join("\n")}\n`;
}

export function coverageMarkdown(r: CoverageReport): string {
  if (r.indexOf === null) return `${md(noIndex(r))}\n`;
  const out = [`# Coverage of ${md(r.ruleset)}: ${md(r.title)}`, ""];
  out.push(`**Total:** ${md(totalsLine(r.totals))}.`, "");
  for (const s of r.sections) {
    out.push(`## ${md(s.title)}`, "", `${md(totalsLine(s.totals))}.`, "");
    out.push("| paragraph | status | title | by, or why |", "| --- | --- | --- | --- |");
    for (const p of [...s.paragraphs, ...s.examples])
      out.push(`| ${md(p.cite)} | ${STATUS[p.status]} | ${md(p.title)} | ${md(detail(p))} |`);
    out.push("");
  }
  return out.join("\n");
}

function rowsHtml(rows: readonly (ParagraphRow | ExampleRow)[]): Markup[] {
  return rows.map(
    (p) =>
      x`<tr class="${p.status}"><td>${p.cite}</td><td>${STATUS[p.status]}</td><td>${p.title}</td><td>${detail(p)}</td></tr>
`,
  );
}

export function coverageHtml(r: CoverageReport): string {
  const body =
    r.indexOf === null
      ? x`<p>${noIndex(r)}</p>`
      : x`<h1>Coverage of ${r.ruleset}: ${r.title}</h1>
<p><strong>Total:</strong> ${totalsLine(r.totals)}.</p>
${r.sections.map(
  (s) => x`<section>
<h2>${s.title}</h2>
<p>${totalsLine(s.totals)}.</p>
<table>
<thead><tr><th>paragraph</th><th>status</th><th>title</th><th>by, or why</th></tr></thead>
<tbody>
${rowsHtml([...s.paragraphs, ...s.examples])}</tbody>
</table>
</section>
`,
)}`;
  return x`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Coverage of ${r.ruleset}</title>
<style>body{font:14px/1.4 system-ui,sans-serif;margin:2em;max-width:72em}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:2px 6px;text-align:left;vertical-align:top}tr.missing td{background:#fdd}tr.out-of-scope td{color:#666}</style>
</head>
<body>
${body}
</body>
</html>
`.html;
}

export function coverageJson(r: CoverageReport): string {
  return `${JSON.stringify(r, null, 2)}\n`;
}

/** The formats of `variorum coverage`, by name. */
export const COVERAGE_RENDERERS = {
  text: coverageText,
  md: coverageMarkdown,
  html: coverageHtml,
  json: coverageJson,
} as const;
export type CoverageFormat = keyof typeof COVERAGE_RENDERERS;
