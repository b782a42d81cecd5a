/**
 * The one control-character sanitiser. Text from a user's file or command line (a scenario's name, a
 * ruleset's title, a source line, a path or id typed as an argument) that is printed to a terminal,
 * written into a report or a comment, or kept in a string literal: control characters — ESC, BEL, CR,
 * LF inside a value, DEL, the C1 range (NEL included), U+2028/U+2029 — are replaced (by `�` unless a
 * caller asks for a space), so nothing a file holds can move the cursor, recolour the screen, ring the
 * bell, fake a line of output or close a comment line.
 */

// eslint-disable-next-line no-control-regex
const CONTROL_OR_NEWLINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/g;
// eslint-disable-next-line no-control-regex
const ANY_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** Whether `s` holds a control character (line breaks and tabs included). */
export function hasControl(s: string): boolean {
  return ANY_CONTROL.test(s);
}

/** One line of user text: every control character, line breaks and tabs included, becomes `with`. */
export function safeLine(s: string, withChar = "\ufffd"): string {
  return s.replace(CONTROL_OR_NEWLINE, withChar);
}

/**
 * User text quoted inside a message (a name a user typed): one line, control characters replaced, and
 * at most `max` characters kept — the rest is cut with `…` and the length said — so a message never
 * echoes a megabyte or a terminal sequence back.
 */
export function quotedText(s: string, max = 60): string {
  const line = safeLine(s);
  if (line.length <= max) return line;
  return `${line.slice(0, max)}… (${s.length.toLocaleString("en")} characters)`;
}

/** User text that may keep its tabs and line feeds (a multi-line value); other controls become `�`. */
export function safeText(s: string): string {
  return s.replace(CONTROL, "\ufffd");
}

// eslint-disable-next-line no-control-regex
const SGR = /\u001b\[[0-9;]*m/g;

/**
 * Text the CLI writes to a terminal stream, whole (its own words and whatever user text they quote):
 * tabs and line feeds stay, every other control character becomes `�`. When the stream is coloured,
 * the colour sequences (SGR, `ESC [ … m`) the CLI itself wraps around words survive — a recolouring is
 * all such a sequence can do — and `ESC[2J ESC[H`, written alone, clears the screen for `--watch`.
 */
export function terminalText(s: string, colour: boolean): string {
  if (!colour) return safeText(s);
  if (s === "\u001b[2J\u001b[H") return s;
  let out = "";
  let last = 0;
  for (const m of s.matchAll(SGR)) {
    out += safeText(s.slice(last, m.index)) + m[0];
    last = m.index + m[0].length;
  }
  return out + safeText(s.slice(last));
}
