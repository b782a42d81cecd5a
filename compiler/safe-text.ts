/**
 * Text from a user's file (a scenario's name, a ruleset's title, a source line) printed to a terminal:
 * control characters — ESC, CR, LF inside a value, DEL, the C1 range — are shown as `�`, so nothing a
 * file holds can move the cursor, recolour the screen or fake a line of output.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/g;
// eslint-disable-next-line no-control-regex
const CONTROL_OR_NEWLINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** One line of user text: every control character, line breaks and tabs included, becomes `�`. */
export function safeLine(s: string): string {
  return s.replace(CONTROL_OR_NEWLINE, "\ufffd");
}

/** User text that may keep its tabs and line feeds (a multi-line value); other controls become `�`. */
export function safeText(s: string): string {
  return s.replace(CONTROL, "\ufffd");
}
