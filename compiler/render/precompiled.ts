/**
 * The package's own report templates, precompiled: each template's text → its Handlebars template
 * specification (`Handlebars.precompile` with `TEMPLATE_OPTIONS`), so a command renders a card or a
 * diff page without compiling its templates first. Empty here; the CLI's bundle replaces this
 * module with the specifications of every `templates/**\/*.hbs` of its build
 * (scripts/bundle-cli.mjs). A text without an entry (another build's, a user's) is compiled when
 * rendered, as before (templates.ts).
 */
import type Handlebars from "handlebars";

/** What `Handlebars.precompile` makes of a template, as `Handlebars.template` takes it. */
export type TemplateSpec = Parameters<typeof Handlebars.template>[0];

export const PRECOMPILED: ReadonlyMap<string, TemplateSpec> = new Map();
