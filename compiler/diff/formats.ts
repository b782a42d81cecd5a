/**
 * The diff's output formats, one registry: a format name → its renderer. The CLI looks a format up
 * here (and lists the valid ones from here) instead of switching over names; templates come from the
 * caller, so this stays free of file access.
 */
import { renderHtml, type Templates } from "./html.js";
import { renderJson } from "./json.js";
import { renderMarkdown } from "./markdown.js";
import type { DiffReport } from "./report-model.js";
import { renderText, type Paint } from "./text.js";

export interface RenderContext {
  /** The HTML templates, loaded only when the HTML format asks for them. */
  templates: () => Templates;
  /** Colours for the text format (none: plain text). */
  paint?: Paint;
}

export type Renderer = (report: DiffReport, cx: RenderContext) => string;

export const DIFF_RENDERERS = {
  text: (report, cx) => renderText(report, cx.paint),
  md: (report) => renderMarkdown(report),
  html: (report, cx) => renderHtml(report, cx.templates()),
  json: (report) => renderJson(report),
} as const satisfies Record<string, Renderer>;

export type DiffFormat = keyof typeof DIFF_RENDERERS;

/** Format names in the order the help lists them. */
export const DIFF_FORMATS = Object.keys(DIFF_RENDERERS) as DiffFormat[];
