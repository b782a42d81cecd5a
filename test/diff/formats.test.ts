/** Each format of the report: JSON (the contract), text, Markdown and HTML. */

import { describe, expect, it } from "vitest";
import {
  buildReport,
  renderHtml,
  renderJson,
  renderMarkdown,
  renderText,
  type Paint,
} from "../../compiler/diff/index.js";
import { runSuite } from "../../compiler/engine/index.js";
import { load, templates } from "./helpers.js";

const build = () => buildReport([load("alpha"), load("beta")]);

describe("JSON", () => {
  it("follows the contract", () => {
    const j = JSON.parse(renderJson(build())) as {
      rulesets: { id: string; title: string; measure: string }[];
      rows: {
        section: string;
        concept: string;
        label: string;
        status: string;
        cells: Record<string, { value: unknown; display: string; rules: string[] } | null>;
        situations: { inputs: Record<string, unknown>; values: Record<string, unknown> }[];
      }[];
      scenarios?: unknown;
    };
    expect(j.rulesets).toEqual([
      { id: "alpha", title: "Alpha: a small infantry ruleset", measure: "MF", extends: [] },
      { id: "beta", title: "Beta: another small infantry ruleset", measure: "MF", extends: [] },
    ]);
    expect(j.scenarios).toBeUndefined();
    for (const r of j.rows) {
      expect(Object.keys(r)).toEqual(
        expect.arrayContaining(["section", "concept", "label", "status", "cells", "situations"]),
      );
      expect(["same", "changed", "partial"]).toContain(r.status);
      for (const c of Object.values(r.cells)) {
        if (c === null) continue;
        expect(Object.keys(c)).toEqual(expect.arrayContaining(["value", "display", "rules"]));
        expect(Array.isArray(c.rules)).toBe(true);
      }
    }
    const woods = j.rows.find((r) => r.concept === "terrain-cost" && r.label.endsWith("Woods"))!;
    expect(woods.cells.alpha).toMatchObject({ value: 2, display: "2 MF", rules: ["1.8"] });
    const marsh = j.rows.find((r) => r.concept === "terrain-cost" && r.label.endsWith("Marsh"))!;
    expect(marsh.cells.alpha).toBeNull();
    expect(marsh.cells.beta).toMatchObject({ value: "all" });
    const ipc = j.rows.find((r) => r.concept === "ipc")!;
    expect(ipc.situations[0]).toMatchObject({
      inputs: { unit: { kind: "half-squad" } },
      values: { alpha: 2, beta: 3 },
    });
  });

  it('adds "scenarios" when a suite was run', () => {
    const r = build();
    r.scenarios = runSuite(
      [load("alpha"), load("beta")],
      [
        {
          file: "woods.json",
          text: '{ "name": "two woods", "unit": { "kind": "squad" }, "path": [ { "terrain": "woods" }, { "terrain": "woods" } ] }',
        },
      ],
    );
    const j = JSON.parse(renderJson(r)) as {
      scenarios: { name: string; results: Record<string, { verdict: string; reason?: string }> }[];
    };
    expect(j.scenarios[0]!.name).toBe("two woods");
    expect(j.scenarios[0]!.results.alpha).toMatchObject({ verdict: "legal", spent: 4 });
    expect(j.scenarios[0]!.results.beta).toMatchObject({ verdict: "n/a" });
    // One line: whose scenario it is (the ruleset that reads it) and the names beta lacks.
    expect(j.scenarios[0]!.results.beta!.reason).toBe("an Alpha scenario — woods");
  });

  it("is deterministic", () => {
    expect(renderJson(build())).toBe(renderJson(build()));
  });
});

describe("text", () => {
  it("lists sections, rows and situations, without colour by default", () => {
    const t = renderText(build());
    expect(t).toMatch(/^Variorum diff: alpha · beta\n/);
    expect(t).toContain("== Terrain costs ==");
    expect(t).toContain("≠ changed Leader bonus");
    expect(t).toContain("= Road rate: ½ MF");
    expect(t).toMatch(/Half-squad: alpha 2 PP \(2\.3\), beta 3 PP \(B3\)/);
    // eslint-disable-next-line no-control-regex
    expect(t).not.toMatch(/\u001b\[/);
  });

  it("colours through the given paint functions", () => {
    const paint: Paint = {
      bold: (s) => `<b>${s}</b>`,
      dim: (s) => s,
      red: (s) => s,
      green: (s) => s,
      yellow: (s) => `<y>${s}</y>`,
      cyan: (s) => s,
    };
    const t = renderText(build(), paint);
    expect(t).toContain("<y>≠ changed</y> <b>Leader bonus</b>");
  });

  it("shows the scenario verdicts", () => {
    const r = build();
    r.scenarios = runSuite(
      [load("alpha"), load("beta")],
      [
        {
          file: "open.json",
          text: '{ "unit": { "kind": "squad" }, "path": [ { "terrain": "open-ground" } ] }',
        },
      ],
    );
    const t = renderText(r);
    expect(t).toContain("== Scenarios ==");
    expect(t).toMatch(/alpha\s+legal: 1 of 4 MF/);
  });
});

describe("Markdown", () => {
  it("has a table per section with a column per ruleset", () => {
    const m = renderMarkdown(build());
    expect(m).toContain("# Variorum diff: alpha · beta");
    expect(m).toContain("## Terrain costs");
    expect(m).toContain("| Concept | alpha | beta | Status |");
    expect(m).toMatch(
      /\| Terrain cost: Woods \| 2 MF <sub>\\\[1\.8\\\]<\/sub> \| \*\*Δ\*\* 3 MF <sub>\\\[A8\\\]<\/sub> \| \*\*≠ changed\*\* \|/,
    );
    expect(m).toMatch(/\| Terrain cost: Marsh \| — \| all/);
    expect(m).toContain("- Half-squad: alpha **2 PP** (2.3), beta **3 PP** (B3)");
  });
});

describe("HTML", () => {
  const html = () => renderHtml(build(), templates());

  it("is one self-contained page: inline CSS, no script, no external asset", () => {
    const h = html();
    expect(h.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(h).toContain("<style>");
    expect(h).not.toMatch(/<script/i);
    expect(h).not.toMatch(/<link\b/i);
    expect(h).not.toMatch(/\bsrc=/i);
    expect(h).not.toMatch(/https?:\/\//);
    expect(h).not.toContain("{{");
  });

  it("has a sticky header with the rulesets, a CSS-only differences toggle and print CSS", () => {
    const h = html();
    expect(h).toMatch(/<thead>[\s\S]*alpha[\s\S]*beta[\s\S]*<\/thead>/);
    expect(h).toMatch(/thead th \{[^}]*position: sticky/);
    expect(h).toContain('<input type="checkbox" id="only-diff"');
    expect(h).toContain('<label for="only-diff"');
    expect(h).toMatch(/\.toggle-input:checked ~ table\.diff tr\.row-same \{ display: none; \}/);
    expect(h).toContain("@media print");
  });

  it("gives every row a link target, shows citations, and marks changed cells with more than colour", () => {
    const r = build();
    const h = renderHtml(r, templates());
    for (const row of r.rows)
      expect(h).toContain(`<tr id="${row.id}" class="row row-${row.status}">`);
    expect(h).toContain("<cite>[A8]</cite>");
    expect(h).toMatch(
      /<td class="cell cell-diff">\s*<span class="diff-mark" aria-hidden="true">≠<\/span><span class="sr-only">differs from alpha: <\/span>/,
    );
    expect(h).toContain('<span class="badge badge-changed">≠ changed</span>');
    expect(h).toContain("Situations where the answers differ:");
  });

  it("is deterministic", () => {
    expect(html()).toBe(html());
  });
});
