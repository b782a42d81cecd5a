/** A hostile ruleset: names, titles and display names that try to inject markup, Markdown or escapes. */

import { describe, expect, it } from "vitest";
import {
  buildReport,
  renderHtml,
  renderJson,
  renderMarkdown,
  renderText,
} from "../../compiler/diff/index.js";
import { load, templates } from "./helpers.js";

const report = () => buildReport([load("hostile"), load("alpha")]);

describe("a hostile ruleset", () => {
  it("is escaped in HTML", () => {
    const h = renderHtml(report(), templates());
    expect(h).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(h).not.toContain("<script>alert(1)</script>");
    expect(h).not.toMatch(/<script/i);
    expect(h).not.toContain("<img src=x");
    expect(h).toContain("&lt;img src&#x3D;x onerror&#x3D;alert(3)&gt;");
    expect(h).not.toContain("<svg");
    expect(h).not.toContain("</td></tr><tr><td>injected");
    expect(h).not.toContain('" onmouseover="alert(2)');
    expect(h).not.toContain("<b>factors</b>");
  });

  it("is escaped in Markdown", () => {
    const m = renderMarkdown(report());
    expect(m).not.toContain("<script>");
    expect(m).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(m).not.toContain("<img");
    expect(m).not.toContain("[link](javascript");
    // A pipe in a title cannot add a table column: every table row keeps its column count.
    for (const line of m.split("\n").filter((l) => l.startsWith("| "))) {
      const cols = line.replace(/\\\|/g, "").split("|").length;
      expect([5, 6]).toContain(cols);
    }
  });

  it("rejects control characters in the source (V0107)", () => {
    // The language refuses ESC/BEL in titles, so none reaches a report from a .rules file …
    expect(() => load("hostile-escapes")).toThrow(/V0107/);
  });

  it("sends no terminal escapes", () => {
    // … and the text renderer still strips them if a report carries one (defence in depth).
    const r = report();
    r.rulesets[0]!.title += "\u001b[2J\u001b]0;pwned\u0007";
    const cell = r.rows.flatMap((row) => Object.values(row.cells)).find((c) => c !== null)!;
    cell.display = "\u001b[31mred\u001b[0m " + cell.display;
    cell.title += "\u001b[1m";
    r.rows[0]!.notes.push("\u001b[31mnote\u001b[0m");
    const t = renderText(r);
    // eslint-disable-next-line no-control-regex
    expect(t).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
  });

  it("stays valid JSON", () => {
    const j = JSON.parse(renderJson(report())) as { rulesets: { title: string }[] };
    expect(j.rulesets[0]!.title).toContain("<script>");
  });
});
