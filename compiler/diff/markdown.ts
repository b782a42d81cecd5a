/**
 * The diff report as Markdown (GitHub-flavoured), for wikis and pull requests: a table per section,
 * then the situations and notes of that section's rows. Everything from a `.rules` file is escaped:
 * the Markdown punctuation that could format or link (\\ ` * _ [ ] | # ~) gets a backslash (compiler/render/markdown.ts), `<`, `>` and `&` become entities (so no raw HTML survives),
 * and `|` cannot break a table.
 */

import { md } from "../render/markdown.js";
import { startText } from "../render/start.js";
import { countsText, type DiffReport, type Row } from "./report-model.js";
import { scenarioMark } from "./scenario-marks.js";
import { lackingWords } from "./situations.js";
import { causeWords } from "./situation-words.js";
import type { ScenarioRow } from "./scenarios.js";

const STATUS: Record<Row["status"], string> = {
  changed: "**≠ changed**",
  partial: "± partial",
  same: "= same",
};

/** A scenario's mark: **≠**, nothing when the verdicts agree, `◐ only sl-classic answers` when one-sided. */
function mdMark(sc: ScenarioRow): string {
  const m = scenarioMark(sc);
  if (m.kind === "differs") return "**≠** ";
  if (m.kind === "same") return "";
  return `${m.sign} *${md(m.words)}* · `;
}

function cites(rules: readonly string[]): string {
  return rules.length > 0 ? ` <sub>${rules.map((r) => md(`[${r}]`)).join(" ")}</sub>` : "";
}

export function renderMarkdown(report: DiffReport): string {
  const ids = report.rulesets.map((r) => r.id);
  const out: string[] = [];
  out.push(`# Variorum diff: ${ids.map(md).join(" · ")}`, "");
  out.push("| Ruleset | Title | Measure |", "|---|---|---|");
  for (const r of report.rulesets)
    out.push(
      `| \`${r.id.replace(/`/g, "")}\` | ${md(r.title)}${r.leavesOut ? `<br>${md(r.leavesOut)}` : ""} | ${md(r.measure)} |`,
    );
  const sum = report.summary;
  out.push("", "## What changed", "", md(sum.headline), "");
  for (const c of sum.changes) {
    out.push(`- [${md(c.label)}](#${c.row}): ${md(c.sentence)}`);
    if (c.follows.length > 0)
      out.push(
        `  - follows from it: ${c.follows.map((f) => `[${md(f.label)}](#${f.row})`).join(", ")}`,
      );
  }
  if (sum.concepts.length > 0) {
    out.push("", "Concepts not in every ruleset:", "");
    for (const g of sum.concepts)
      for (const l of g.lines) out.push(`- **${md(g.title)}**: ${md(l)}`);
  }
  const s = report.stats;
  out.push(
    "",
    `${countsText(s)}; ${s.withSituations} with situations where the answers differ.${report.onlyDifferences ? (report.includePartial ? " Rows that are the same everywhere are left out." : " Only the changed rows are shown.") : ""}`,
  );
  out.push(
    "",
    "Legend: **≠ changed** (every ruleset has it, not all alike) · ≈ follows (reads the same everywhere, differs only through a definition it uses) · ± partial (some rulesets lack it) · = same; **Δ** marks a cell that differs from the first ruleset that has the row; — means the ruleset has no such concept.",
  );

  for (const g of report.sections) {
    out.push("", `## ${md(g.title)}`, "");
    out.push(`| Concept | ${ids.map((i) => md(i)).join(" | ")} | Status |`);
    out.push(`|---|${ids.map(() => "---").join("|")}|---|`);
    for (const row of g.rows) {
      const cells = ids.map((id) => {
        const c = row.cells[id];
        if (!c) return "—";
        // In plain words first; the rule as written a click away.
        const plain = c.lines.map((l, i) => ({ ...l, text: c.plain[i] || l.text }));
        const asWritten = plain.some((l, i) => l.text !== c.lines[i]!.text)
          ? ` <details><summary>as written</summary><code>${md(c.display)}</code></details>`
          : "";
        if (c.lines.length <= 1)
          return `${c.differs ? "**Δ** " : ""}${md(plain[0]?.text ?? c.display)}${cites(c.rules)}${asWritten}`;
        // Exceptions as a tree inside the cell: one line each, indented by depth.
        const [base, ...exceptions] = plain;
        const tree = exceptions.map(
          (l) =>
            `<br>${"&nbsp;&nbsp;".repeat(l.depth - 1)}↳ ${l.cite ? `${md(`[${l.cite}]`)} ` : ""}${md(l.text)}`,
        );
        return `${c.differs ? "**Δ** " : ""}${md(base!.text)}${tree.join("")}${cites(c.rules)}${asWritten}`;
      });
      const status =
        row.followsFrom.length > 0
          ? `≈ follows from ${md(row.followsFrom.join(", "))}`
          : STATUS[row.status];
      out.push(`| ${md(row.label)} | ${cells.join(" | ")} | ${status} |`);
    }
    const detailed = g.rows.filter((r) => r.situations.length > 0 || r.notes.length > 0);
    if (detailed.length > 0) out.push("");
    for (const row of detailed) {
      out.push(`**${md(row.label)}**`, "");
      for (const n of row.notes) out.push(`- ${md(n)}`);
      for (const sit of row.situations) {
        const answers = ids
          .filter((id) => sit.display[id] !== null && sit.display[id] !== undefined)
          .map(
            (id) =>
              `${md(id)} **${md(sit.display[id]!)}**${sit.rules[id]!.length ? ` (${md(sit.rules[id]!.join(", "))})` : ""}`,
          );
        const lack = [...lackingWords(sit, ids), ...causeWords(sit)];
        out.push(
          `- ${md(sit.text)}: ${answers.join(", ")}${lack.length > 0 ? `; ${lack.map(md).join("; ")}` : ""}`,
        );
      }
      out.push("");
    }
  }

  if (report.scenarios) {
    out.push("", "## Scenarios", "");
    out.push(`| Scenario | ${ids.map((i) => md(i)).join(" | ")} |`);
    out.push(`|---|${ids.map(() => "---").join("|")}|`);
    for (const sc of report.scenarios.scenarios) {
      const cells = ids.map((id) => {
        const v = sc.results[id]!;
        return v.verdict === "legal"
          ? `✓ ${md(v.display)}`
          : v.verdict === "not legal"
            ? `✗ ${md(v.display)}`
            : `<sub>${md(v.display)}</sub>`;
      });
      out.push(`| ${mdMark(sc)}${md(sc.name)} <sub>${md(sc.file)}</sub> | ${cells.join(" | ")} |`);
    }
  }
  if (report.reach) {
    const r = report.reach;
    out.push(
      "",
      `## Reach on the map: ${md(r.map)}, from ${md(startText(r.from, r.aboard))}`,
      "",
      `Unit \`${md(JSON.stringify(r.unit))}\`, ${md(r.phase)} phase. ${r.counts.map((c) => `${md(c.ruleset)}: ${c.hexes} hexes reachable`).join("; ")}.`,
      "",
    );
    // The picture is a Markdown image of a data: URI (not inline <svg>): renderers that drop raw
    // HTML still show an image, and the drawing's own styles stay inside it.
    if (r.picture) out.push(`![${md(r.pictureAlt)}](<${r.picture}>)`, "");
    if (r.differences.length === 0) out.push("Every hex agrees.");
    else {
      out.push(
        `| Hex | ${ids.map((i) => md(i)).join(" | ")} |`,
        `|---|${ids.map(() => "---").join("|")}|`,
      );
      for (const d of r.differences) {
        const cells = ids.map((id) => {
          const c = d.costText[id];
          return c === null || c === undefined
            ? "—"
            : `${md(c)} <sub>${md((d.rules[id] ?? []).join(", "))}</sub>`;
        });
        out.push(`| ${md(d.hex)} | ${cells.join(" | ")} |`);
      }
    }
  }
  return (
    out
      .join("\n")
      .replace(/\n{3,}/g, "\n\n")
      .trimEnd() + "\n"
  );
}
