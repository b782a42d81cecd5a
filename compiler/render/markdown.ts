/**
 * The one Markdown escaper for the reports (cards, diff): plain text from a ruleset made safe in a
 * Markdown table cell or paragraph. Control characters and line breaks become spaces (a cell is one
 * line), HTML's `< >` become entities, and Markdown's `\ ` * _ [ ] | # ~` are backslash-escaped, so
 * no text can open a heading, emphasis, link or code span, or break a table. A `&` stays as it is
 * ("Q&A" reads "Q&A" in the source too) unless it would start an entity (`&lt;`, `&#60;`), which
 * gets a backslash.
 */

import { safeLine } from "../../diagnostics/safe-text.js";

export function md(s: string): string {
  return safeLine(s.replace(/\r\n/g, " "), " ")
    .replace(/([\\`*_[\]|#~])/g, "\\$1")
    .replace(/&(?=#?[A-Za-z0-9]+;)/g, "\\&")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");
}
