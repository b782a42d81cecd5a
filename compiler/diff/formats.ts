/**
 * The diff's output formats, one registry: a format name → its renderer. The CLI looks a format up
 * here (and lists the valid ones from here) instead of switching over names. The HTML page comes
 * from the caller (html.ts's `renderHtml` with its templates), so this stays free of file access and
 * of Handlebars: a text, Markdown or JSON report never loads the template engine (the CLI imports
 * html.ts only for `--format html`; the studio imports it directly).
 */
import { renderJson } from "./json.js";
import { renderMarkdown } from "./markdown.js";
import type { DiffReport } from "./report-model.js";
import { renderText, type Paint } from "./text.js";

export interface RenderContext {
  /** The HTML page of a report (html.ts's `renderHtml` with the templates of templates/diff/). */
  html: (report: DiffReport) => string;
  /** Colours for the text format (none: plain text). */
  paint?: Paint;
}

export type Renderer = (report: DiffReport, cx: RenderContext) => string;

export const DIFF_RENDERERS = {
  text: (report, cx) => renderText(report, cx.paint),
  md: (report) => renderMarkdown(report),
  html: (report, cx) => cx.html(report),
  json: (report) => renderJson(report),
} as const satisfies Record<string, Renderer>;

export type DiffFormat = keyof typeof DIFF_RENDERERS;

/** Format names in the order the help lists them. */
export const DIFF_FORMATS = Object.keys(DIFF_RENDERERS) as DiffFormat[];
