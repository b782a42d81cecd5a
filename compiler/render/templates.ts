/**
 * Handlebars plumbing shared by the HTML reports (diff, cards): a report's templates read by name
 * through the caller (only the CLI touches the file system), and a Handlebars environment with every
 * template but the page registered as a partial. The reports compile their page themselves.
 */

import Handlebars from "handlebars";

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

/** A fresh Handlebars environment with every template of `names` but `page` as a partial (each must be given). */
export function withPartials(
  templates: TemplateTexts,
  names: readonly string[],
  page: string,
): typeof Handlebars {
  const hb = Handlebars.create();
  for (const n of names) {
    if (n === page) continue;
    if (templates[n] === undefined) throw new Error(`missing template ${n}.hbs`);
    hb.registerPartial(n, templates[n]!);
  }
  return hb;
}
