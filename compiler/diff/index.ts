/**
 * The diff backend: rulesets side by side (report.ts builds the report-model.ts form), with situations where
 * their answers differ (situations.ts) and a scenario suite (scenarios.ts), rendered as JSON, text,
 * Markdown or HTML.
 */
export {
  statsOf,
  type Cell,
  type DiffOptions,
  type DiffReport,
  type Row,
  type Status,
} from "./report-model.js";
export { buildReport } from "./report.js";
export type { ScenarioFile, ScenarioSuite, Verdict } from "./scenarios.js";
export { findSituations, type Situation } from "./situations.js";
export { SECTIONS, inferSection } from "../ir/report-sections.js";
export { renderJson, reportJson } from "./json.js";
export { renderText, type Paint } from "./text.js";
export { renderMarkdown } from "./markdown.js";
export { renderHtml, templatesFrom, TEMPLATE_NAMES, type Templates } from "./html.js";
export {
  DIFF_FORMATS,
  DIFF_RENDERERS,
  type DiffFormat,
  type RenderContext,
  type Renderer,
} from "./formats.js";
