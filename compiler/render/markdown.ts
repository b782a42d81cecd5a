/**
 * The one Markdown escaper for the reports (cards, diff): plain text from a ruleset made safe in a
 * Markdown table cell or paragraph. Control characters and line breaks become spaces (a cell is one
 * line), HTML's `& < >` become entities, and Markdown's `\ ` * _ [ ] | # ~` are backslash-escaped, so
 * no text can open a heading, emphasis, link or code span, or break a table.
 */

import { safeLine } from "../../diagnostics/safe-text.js";

export function md(s: string): string {
  return safeLine(s.replace(/\r\n/g, " "), " ")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/([\\`*_[\]|#~])/g, "\\$1");
}
