/**
 * The JSON form of a diff report: the contract for scripts (documented in docs/diff.md).
 *
 *   { "rulesets": [{ "id", "title", "measure", "extends" }],
 *     "rows": [{ "section", "concept", "member", "label", "id", "status", "differs", "followsFrom", "causes", "turnsOn",
 *                "cells": { "<id>": { "value", "display", "rules", "definition", "kind", "title", "lines" } | null },
 *                "situations": [{ "inputs", "values", "display", "rules", "text" }],
 *                "notes": [] }],
 *     "stats": { … },
 *     "scenarios": [{ "file", "name", "differs", "results": { "<id>": { "verdict", "display", … } } }] }
 *
 * `scenarios` is present only when a scenario folder was given.
 */

import type { DiffReport } from "./report-model.js";

export function reportJson(report: DiffReport): unknown {
  const out: Record<string, unknown> = {
    rulesets: report.rulesets.map((r) => ({
      id: r.id,
      title: r.title,
      measure: r.measure,
      extends: r.extends,
    })),
    summary: report.summary,
    rows: report.rows.map((row) => ({
      section: row.section,
      concept: row.concept,
      member: row.member,
      label: row.label,
      id: row.id,
      status: row.status,
      differs: row.differs,
      followsFrom: row.followsFrom,
      causes: row.causes,
      turnsOn: row.turnsOn,
      cells: Object.fromEntries(
        Object.entries(row.cells).map(([id, c]) => [
          id,
          c === null
            ? null
            : {
                value: c.value,
                display: c.display,
                rules: c.rules,
                definition: c.definition,
                kind: c.kind,
                title: c.title,
                lines: c.lines,
                plain: c.plain,
              },
        ]),
      ),
      situations: row.situations.map((s) => ({
        inputs: s.inputs,
        values: s.values,
        display: s.display,
        rules: s.rules,
        text: s.text,
        ...(s.only ? { only: s.only } : {}),
        ...(s.members ? { members: s.members } : {}),
        ...(s.follows ? { follows: s.follows } : {}),
        ...(s.apart ? { apart: s.apart } : {}),
      })),
      notes: row.notes,
    })),
    stats: report.stats,
  };
  if (report.scenarios) out.scenarios = report.scenarios.scenarios;
  // The reach picture is for the HTML and Markdown reports; JSON keeps the counts and costs.
  if (report.reach) {
    const { picture: _picture, pictureAlt: _alt, ...reach } = report.reach;
    void _picture;
    void _alt;
    out.reach = reach;
  }
  return out;
}

export function renderJson(report: DiffReport): string {
  return JSON.stringify(reportJson(report), null, 2) + "\n";
}
