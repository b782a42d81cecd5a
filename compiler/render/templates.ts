/**
 * Handlebars plumbing shared by the HTML reports (diff, cards): a report's templates read by name
 * through the caller (only the CLI touches the file system), and a Handlebars environment with every
 * template but the page registered as a partial; the page from its text (`templateOf`). The CLI's
 * bundle has the package's templates precompiled (precompiled.ts): those are not compiled again.
 */

import Handlebars from "handlebars";
import { PRECOMPILED, type TemplateSpec } from "./precompiled.js";

/**
 * How every report template is compiled: strict (a name the view lacks is an error, not an empty
 * string), escaping. The CLI's bundle precompiles the package's templates with these same options
 * (scripts/bundle-cli.mjs `TEMPLATE_OPTIONS`; test/cli/precompiled.test.ts holds them equal).
 */
export const TEMPLATE_OPTIONS: Readonly<{ strict: true; noEscape: false }> = {
  strict: true,
  noEscape: false,
};

/**
 * A template of `hb` from its text: the build's precompiled specification of that text when it has
 * one (precompiled.ts), else compiled (on first use) with `TEMPLATE_OPTIONS`. Either renders alike.
 */
export function templateOf(
  hb: typeof Handlebars,
  text: string,
  precompiled: ReadonlyMap<string, TemplateSpec> = PRECOMPILED,
): HandlebarsTemplateDelegate {
  const spec = precompiled.get(text);
  return spec !== undefined ? hb.template(spec) : hb.compile(text, { ...TEMPLATE_OPTIONS });
}

/** Template name → text. */
export type TemplateTexts = Record<string, string>;

/** Reads each template through `read(file)` → the text of `<name>.hbs` in the report's template folder. */
export function readTemplates(
  names: readonly string[],
  read: (file: string) => string,
): TemplateTexts {
  const t: TemplateTexts = {};
  for (const n of names) t[n] = read(`${n}.hbs`);
  return t;
}

/**
 * A fresh Handlebars environment with every template of `names` but `page` as a partial (each must
 * be given), precompiled when `precompiled` has its text.
 */
export function withPartials(
  templates: TemplateTexts,
  names: readonly string[],
  page: string,
  precompiled: ReadonlyMap<string, TemplateSpec> = PRECOMPILED,
): typeof Handlebars {
  const hb = Handlebars.create();
  for (const n of names) {
    if (n === page) continue;
    if (templates[n] === undefined) throw new Error(`missing template ${n}.hbs`);
    // A partial given as text is compiled when first invoked, with the page's options; a
    // precompiled one was compiled with those same options.
    const spec = precompiled.get(templates[n]!);
    hb.registerPartial(n, spec !== undefined ? hb.template(spec) : templates[n]!);
  }
  return hb;
}

/** A page's template made once (`pageOf`): the texts it was made from, to tell a changed set apart. */
interface MadePage {
  texts: readonly (string | undefined)[];
  render: HandlebarsTemplateDelegate;
}

const pages = new WeakMap<TemplateTexts, Map<string, MadePage>>();

/**
 * The page `page` of `templates` with every other template of `names` as a partial and `helpers`
 * registered (`withPartials`, `templateOf`; a page's helpers are the same on every call), made once
 * per set of texts and reused while they are the same: a Handlebars environment compiles a template
 * given as text on its first use, so an environment made anew for every render (the studio renders
 * the diff on each keystroke) compiled every template again each time. The environment holds
 * nothing of a render but its compiled templates, its partials and its helpers.
 */
export function pageOf(
  templates: TemplateTexts,
  names: readonly string[],
  page: string,
  helpers: Readonly<Record<string, Handlebars.HelperDelegate>> = {},
): HandlebarsTemplateDelegate {
  const texts = [page, ...names].map((n) => templates[n]);
  let byPage = pages.get(templates);
  if (byPage === undefined) pages.set(templates, (byPage = new Map()));
  const made = byPage.get(page);
  if (made !== undefined && made.texts.every((t, i) => t === texts[i])) return made.render;
  const hb = withPartials(templates, names, page);
  for (const [name, fn] of Object.entries(helpers)) hb.registerHelper(name, fn);
  const text = templates[page];
  if (text === undefined) throw new Error(`missing template ${page}.hbs`);
  const render = templateOf(hb, text);
  byPage.set(page, { texts, render });
  return render;
}
