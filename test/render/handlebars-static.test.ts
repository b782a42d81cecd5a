/**
 * The Handlebars the CLI's bundle has (compiler/node/handlebars-static.ts: the runtime, its
 * compiler loaded on a first compile) renders a template given as text, with partials given as text,
 * strict and escaping, exactly as the package does: the path a template edited since the build takes.
 */
import Handlebars from "handlebars";
import { describe, expect, it } from "vitest";
import lazy from "../../compiler/node/handlebars-static.js";
import { TEMPLATE_OPTIONS } from "../../compiler/render/templates.js";

const PAGE = "<h1>{{title}}</h1>{{#each rows}}{{> row}}{{/each}}{{{raw}}}";
const ROW = "<li>{{name}} &middot; {{cost}}</li>";
const VIEW = { title: "A & B", rows: [{ name: "<woods>", cost: 2 }], raw: "<b>x</b>" };

function render(hb: typeof Handlebars, view: object): string {
  const env = hb.create();
  env.registerPartial("row", ROW);
  env.registerHelper("twice", (n: number) => 2 * n);
  return env.compile(PAGE, { ...TEMPLATE_OPTIONS })(view);
}

describe("the bundle's Handlebars", () => {
  it("compiles a template and a partial given as text as the package does", () => {
    expect(render(lazy, VIEW)).toBe(render(Handlebars, VIEW));
    expect(render(lazy, VIEW)).toContain("&lt;woods&gt;");
  });

  it("is strict as the package is: a name the view lacks is an error", () => {
    expect(() => render(lazy, { rows: [] })).toThrow(/"title" not defined/);
  });

  it("renders a precompiled specification of the package's", () => {
    const spec = new Function(`return ${Handlebars.precompile(ROW, { ...TEMPLATE_OPTIONS })}`)();
    expect(lazy.create().template(spec)({ name: "x", cost: 1 })).toBe("<li>x &middot; 1</li>");
  });
});
