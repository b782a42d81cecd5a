/**
 * The HTML renderers make each page's Handlebars template once per set of template texts and reuse
 * it (compiler/render/templates.ts `pageOf`: the studio renders the diff on every keystroke). A
 * reused page renders exactly what a page made anew renders, and a set whose texts changed since is
 * never rendered with the templates made from the old texts.
 */
import { describe, expect, it } from "vitest";
import { buildReport, renderHtml, TEMPLATE_NAMES } from "../../compiler/diff/index.js";
import { htmlView } from "../../compiler/diff/html.js";
import { pageOf, templateOf, withPartials } from "../../compiler/render/templates.js";
import { load, templates } from "./helpers.js";

const report = () => buildReport([load("sl-classic"), load("asl-a4")], { situations: 0 });

describe("the diff page's template, made once", () => {
  it("renders what a page made anew renders, every time", () => {
    const t = templates();
    const hb = withPartials(t, TEMPLATE_NAMES, "report");
    hb.registerHelper("eq", (a: unknown, b: unknown) => a === b);
    const fresh = templateOf(hb, t.report!);
    const r = report();
    const want = fresh(htmlView(r));
    expect(renderHtml(r, t)).toBe(want);
    expect(renderHtml(r, t)).toBe(want);
  });

  it("is reused while the texts are the same, and made again when one changes", () => {
    const t = templates();
    const first = pageOf(t, TEMPLATE_NAMES, "report");
    expect(pageOf(t, TEMPLATE_NAMES, "report")).toBe(first);
    expect(pageOf({ ...t }, TEMPLATE_NAMES, "report")).not.toBe(first);
    const r = report();
    const before = renderHtml(r, t);
    // A partial's text changed in place: the page made from the old partial must not be reused.
    t.styles = `${t.styles!}\n/* changed */`;
    const after = renderHtml(r, t);
    expect(after).not.toBe(before);
    expect(after).toContain("/* changed */");
    // And the page's own text.
    t.report = t.report!.replace("<html", "<html data-changed");
    expect(renderHtml(r, t)).toContain("data-changed");
  });
});
