/**
 * Coverage of the source: a RulesetIR → the coverage report model (build.ts) → text, Markdown, HTML,
 * JSON (formats.ts). `variorum coverage ID` prints it; the card and the diff say in one line what a
 * ruleset leaves out (`leavesOutLine`).
 */
export type * from "./model.js";
export { buildCoverage, definitionCitations, leavesOutLine } from "./build.js";
export { COVERAGE_RENDERERS, totalsLine, type CoverageFormat } from "./formats.js";
