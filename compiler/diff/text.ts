/**
 * The diff report for the terminal. Colour comes from the caller's colour functions (no-ops when
 * the output is not a colour terminal), and is never the only mark: every row starts with a status
 * sign (`≠` changed, `±` partial, `=` same) and differing cells with `≠`. Text from a `.rules` file
 * loses its control characters, so a hostile ruleset cannot send terminal escapes.
 */

import { safeLine } from "../../diagnostics/safe-text.js";
import { countsText, type Cell, type DiffReport, type Row } from "./report-model.js";
import { scenarioMark } from "./scenario-marks.js";
import { lackingWords } from "./situations.js";
import { causeWords } from "./situation-words.js";
import type { ScenarioRow } from "./scenarios.js";
import { startText } from "../render/start.js";

export interface Paint {
  bold(s: string): string;
  dim(s: string): string;
  red(s: string): string;
  green(s: string): string;
  yellow(s: string): string;
  cyan(s: string): string;
}

const PLAIN: Paint = {
  bold: (s) => s,
  dim: (s) => s,
  red: (s) => s,
  green: (s) => s,
  yellow: (s) => s,
  cyan: (s) => s,
};

/** Text safe for a terminal: no control characters (ESC, CR, …), one line (the one sanitiser). */
function termSafe(s: string): string {
  return safeLine(s, " ");
}

/** A scenario's mark: `≠`, `=`, or for one-sided verdicts `◐ only sl-classic answers` (never `=`). */
function markText(sc: ScenarioRow, p: Paint): string {
  const m = scenarioMark(sc);
  if (m.kind === "differs") return p.yellow(m.sign);
  if (m.kind === "same") return m.sign;
  return `${m.sign} ${p.dim(termSafe(m.words))}`;
}

/** A cell's lines in plain words (the expression where a line has none). */
function plainLines(c: Cell): Cell["lines"] {
  return c.lines.map((l, i) => ({ ...l, text: c.plain[i] || l.text }));
}

const SIGN: Record<Row["status"], string> = { changed: "≠", partial: "±", same: "=" };

function cites(rules: readonly string[]): string {
  return rules.length > 0 ? `[${rules.map(termSafe).join(", ")}]` : "";
}

export function renderText(report: DiffReport, paint: Paint = PLAIN): string {
  const p = paint;
  const ids = report.rulesets.map((r) => r.id);
  const w = Math.max(...ids.map((i) => termSafe(i).length));
  const out: string[] = [];
  out.push(p.bold(`Variorum diff: ${ids.map(termSafe).join(" · ")}`));
  for (const r of report.rulesets) {
    out.push(
      `  ${termSafe(r.id).padEnd(w)}  ${termSafe(r.title)} ${p.dim(`(${termSafe(r.measure)})`)}`,
    );
    if (r.leavesOut) out.push(`  ${" ".repeat(w)}  ${p.dim(termSafe(r.leavesOut))}`);
  }
  const s = report.stats;
  out.push(
    `${countsText(s)}; ${s.withSituations} with situations` +
      (report.onlyDifferences
        ? p.dim(report.includePartial ? " (differences only)" : " (changed rows only)")
        : ""),
  );

  out.push("", p.bold("== What changed =="), termSafe(report.summary.headline));
  for (const c of report.summary.changes) {
    out.push(`  • ${termSafe(c.sentence)}`);
    if (c.follows.length > 0)
      out.push(
        p.dim(`      follows from it: ${c.follows.map((f) => termSafe(f.label)).join(", ")}`),
      );
  }
  if (report.summary.concepts.length > 0) {
    out.push("Concepts not in every ruleset:");
    for (const g of report.summary.concepts)
      for (const l of g.lines) out.push(`  ${termSafe(g.title)}: ${termSafe(l)}`);
  }

  for (const g of report.sections) {
    out.push("");
    out.push(p.bold(`== ${g.title} ==`));
    for (const row of g.rows) out.push(...renderRow(report, row, w, p));
  }

  if (report.scenarios) {
    out.push("");
    out.push(p.bold("== Scenarios =="));
    for (const sc of report.scenarios.scenarios) {
      out.push(`${markText(sc, p)} ${p.bold(termSafe(sc.name))} ${p.dim(termSafe(sc.file))}`);
      for (const id of ids) {
        const v = sc.results[id]!;
        const text = termSafe(v.display);
        const coloured =
          v.verdict === "legal"
            ? p.green(text)
            : v.verdict === "not legal"
              ? p.red(text)
              : p.dim(text);
        out.push(`    ${termSafe(id).padEnd(w)}  ${coloured}`);
      }
    }
  }
  if (report.reach) {
    const r = report.reach;
    out.push("");
    out.push(
      p.bold(
        `== Reach on the map: ${termSafe(r.map)}, from ${termSafe(startText(r.from, r.aboard))} ==`,
      ),
    );
    out.push(p.dim(`   unit ${termSafe(JSON.stringify(r.unit))}, ${termSafe(r.phase)} phase`));
    for (const c of r.counts)
      out.push(
        `    ${termSafe(c.ruleset).padEnd(w)}  ${c.hexes} hexes reachable (allowance ${termSafe(c.allowance)} ${termSafe(c.measure)})`,
      );
    out.push(
      r.differences.length === 0
        ? p.green("   every hex agrees")
        : `   ${r.differences.length} hexes differ:`,
    );
    for (const d of r.differences) {
      out.push(`  ${p.yellow("≠")} ${termSafe(d.hex)}`);
      for (const id of ids) {
        const cost = d.costText[id];
        const rules = d.rules[id];
        out.push(
          `    ${termSafe(id).padEnd(w)}  ${cost === null || cost === undefined ? p.dim("cannot end here") : termSafe(cost)}${rules ? p.dim(`  [${rules.map(termSafe).join(", ")}]`) : ""}`,
        );
      }
    }
  }
  return out.join("\n") + "\n";
}

function renderRow(report: DiffReport, row: Row, w: number, p: Paint): string[] {
  const lines: string[] = [];
  const sign = SIGN[row.status];
  const status =
    row.followsFrom.length > 0
      ? p.yellow("≈ follows")
      : row.status === "changed"
        ? p.yellow(`${sign} changed`)
        : row.status === "partial"
          ? p.cyan(`${sign} partial`)
          : p.dim(`${sign} same`);
  const present = Object.values(row.cells).filter((c): c is Cell => c !== null);
  if (row.status === "same" && present.length > 0) {
    // Same everywhere: one line, with each ruleset's citations.
    const where = report.rulesets
      .map((r) => `${termSafe(r.id)} ${cites(row.cells[r.id]!.rules)}`)
      .join("; ");
    const [base, ...exceptions] = plainLines(present[0]!);
    if (exceptions.length === 0 || !base) {
      lines.push(
        `${p.dim(sign)} ${termSafe(row.label)}: ${termSafe(base?.text ?? present[0]!.display)}  ${p.dim(where)}`,
      );
      return lines;
    }
    lines.push(`${p.dim(sign)} ${termSafe(row.label)}: ${termSafe(base.text)}  ${p.dim(where)}`);
    for (const l of exceptions)
      lines.push(
        `${" ".repeat(2 + 2 * l.depth)}↳ ${l.cite ? p.dim(`[${termSafe(l.cite)}]`) + " " : ""}${termSafe(l.text)}`,
      );
    return lines;
  }
  const from =
    row.followsFrom.length > 0
      ? `  ${p.dim(`(from ${row.followsFrom.map(termSafe).join(", ")})`)}`
      : "";
  lines.push(`${status.padEnd(0)} ${p.bold(termSafe(row.label))}${from}`);
  for (const r of report.rulesets) {
    const c = row.cells[r.id];
    const id = termSafe(r.id).padEnd(w);
    if (!c) {
      lines.push(`    ${id}  ${p.dim("—")}`);
      continue;
    }
    const mark = c.differs ? p.yellow("≠ ") : "  ";
    const em = (t: string) => (c.differs ? p.bold(termSafe(t)) : termSafe(t));
    // In plain words first; the rule as written follows, dimmed, where it reads differently.
    const written = () => {
      if (plainLines(c).some((l, i) => l.text !== c.lines[i]!.text))
        lines.push(`${" ".repeat(4 + w + 2)}${p.dim(`as written: ${termSafe(c.display)}`)}`);
    };
    if (c.lines.length <= 1) {
      lines.push(
        `  ${mark}${id}  ${em(plainLines(c)[0]?.text ?? c.display)}  ${p.dim(cites(c.rules))}`,
      );
      written();
      continue;
    }
    // A rule with exceptions: its base value, then each exception under it as a tree, nested ones
    // indented below the exception they refine.
    const [base, ...exceptions] = plainLines(c);
    lines.push(
      `  ${mark}${id}  ${em(base!.text)}  ${p.dim(cites(base!.cite ? [base!.cite] : []))}`,
    );
    for (const l of exceptions) {
      lines.push(
        `${" ".repeat(4 + w + 2 * l.depth)}↳ ${l.cite ? p.dim(`[${termSafe(l.cite)}]`) + " " : ""}${em(l.text)}`,
      );
    }
    written();
  }
  for (const n of row.notes) lines.push(`    ${p.dim("note:")} ${termSafe(n)}`);
  if (row.situations.length > 0) {
    lines.push(`    ${p.dim("situations:")}`);
    for (const s of row.situations) {
      const answers = report.rulesets
        .filter((r) => s.display[r.id] !== null && s.display[r.id] !== undefined)
        .map(
          (r) =>
            `${termSafe(r.id)} ${p.bold(termSafe(s.display[r.id]!))}${s.rules[r.id]!.length ? ` (${s.rules[r.id]!.map(termSafe).join(", ")})` : ""}`,
        );
      const lack = [
        ...lackingWords(
          s,
          report.rulesets.map((r) => r.id),
        ),
        ...causeWords(s),
      ];
      lines.push(
        `      ${termSafe(s.text)}: ${answers.join(", ")}${lack.length > 0 ? `; ${lack.map(termSafe).join("; ")}` : ""}`,
      );
    }
  }
  return lines;
}
