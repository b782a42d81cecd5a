/**
 * Diagnostics are values: every phase returns them instead of throwing on a user's mistake.
 * This file holds the one table of codes; a test checks the codes are unique and each has a fixture.
 */

export interface Span {
  file: string;
  /** 0-based offsets into the file's text, end exclusive. */
  start: number;
  end: number;
  /** 1-based line and column of `start`. */
  line: number;
  col: number;
}

export type Severity = "error" | "warning";

export interface Diagnostic {
  code: Code;
  severity: Severity;
  message: string;
  span: Span | null;
  hint?: string;
  /** Other places that explain this one (e.g. where parsing gave up after an unclosed bracket). */
  related?: { message: string; span: Span }[];
  /** What a tool needs to repair it (the editor's quick fixes), so that none parses the message. */
  data?: DiagnosticData;
}

/** What a tool needs to act on a diagnostic: the repair it suggests, or what a scenario names. */
export type DiagnosticData = RepairData | ScenarioData;

/**
 * The repair a diagnostic suggests: `rename` — `name`, written inside the span, is likely a typo of
 * `suggestion` (did you mean); `rows` — a table lacks rows for these keys; `citation` — a citation
 * is expected where the span starts.
 */
export type RepairData =
  | { fix: "rename"; name: string; suggestion: string }
  | { fix: "rows"; missing: string[] }
  | { fix: "citation" };

/**
 * What a scenario (or a map's vehicle) gives that a ruleset does not understand, at `path`
 * (`unit.team`, `path[2].terrain`): `field` — a field `name` (as written) it does not know;
 * `member` — a value `name` that is no member of its enum `enum` (a terrain, a kind); `type` — a
 * value that is not `expected` (a number, true or false…). The diff's one-line "n/a" reason is built
 * from it (diff/scenarios.ts), never from the message.
 */
export type ScenarioData = { fix?: never; path: string } & (
  | { scenario: "field"; name: string }
  | { scenario: "member"; enum: string; name: string }
  | { scenario: "type"; expected: string }
);

/** Every diagnostic code, its severity and what it means. Codes are stable: never reuse one. */
export const CODES = {
  // Lexing and parsing
  V0101: { severity: "error", summary: "unexpected character" },
  V0102: { severity: "error", summary: "syntax error" },
  V0103: { severity: "error", summary: "unterminated string" },
  V0104: { severity: "error", summary: "nested too deeply" },
  V0105: { severity: "error", summary: "number out of range" },
  V0106: { severity: "error", summary: "fractions too fine for exact ticks" },
  V0107: { severity: "error", summary: "control character in text" },
  V0108: { severity: "error", summary: "file or text too long" },
  // Names and inheritance
  V0201: { severity: "error", summary: "unknown name" },
  V0202: { severity: "error", summary: "name defined twice" },
  V0203: { severity: "error", summary: "inherited name redefined without override" },
  V0204: { severity: "error", summary: "override or remove of a name the parent lacks" },
  V0205: { severity: "error", summary: "unknown parent ruleset" },
  V0206: { severity: "error", summary: "inheritance cycle" },
  V0207: { severity: "error", summary: "ambiguous enum member" },
  V0208: { severity: "error", summary: "definitions refer to each other in a cycle" },
  V0209: { severity: "error", summary: "wrong number of arguments" },
  V0210: { severity: "error", summary: "unknown input field" },
  V0211: { severity: "error", summary: "override changes the kind of definition" },
  V0212: { severity: "error", summary: "missing ruleset header or movement binding" },
  V0213: { severity: "error", summary: "ruleset id cannot name a module" },
  V0214: { severity: "error", summary: "unknown section" },
  // Citations
  V0301: { severity: "error", summary: "citation does not fit the ruleset citation style" },
  V0302: { severity: "error", summary: "empty citation" },
  V0303: {
    severity: "warning",
    summary: "paragraph of the source index neither cited nor out of scope",
  },
  V0304: { severity: "warning", summary: "citation names no paragraph of the source index" },
  V0305: { severity: "warning", summary: "citation names several paragraphs numbered alike" },
  V0306: {
    severity: "warning",
    summary: "source index entry listed twice, or out of scope and cited",
  },
  // Types and measures
  V0401: { severity: "error", summary: "measures do not match" },
  V0402: { severity: "error", summary: "type mismatch" },
  V0403: { severity: "error", summary: "division by a value that is not a constant" },
  V0404: { severity: "error", summary: "division by zero" },
  V0405: { severity: "error", summary: "`base` outside an exception" },
  V0406: { severity: "error", summary: "value not allowed in this context" },
  // Tables
  V0501: { severity: "error", summary: "table misses a member of its domain" },
  V0502: { severity: "error", summary: "table defines a key twice" },
  V0503: { severity: "error", summary: "table row has the wrong number of columns" },
  // Exceptions
  V0601: { severity: "error", summary: "exceptions conflict" },
  // Hygiene
  V0701: { severity: "warning", summary: "definition is never used" },
  V0702: { severity: "warning", summary: "definition is neither a concept nor a helper" },
  // Examples
  V0801: { severity: "error", summary: "example expectation failed" },
  V0802: { severity: "error", summary: "example input is invalid" },
  V0803: { severity: "error", summary: "example's stacks are invalid" },
  // Scenario files
  V0901: { severity: "error", summary: "malformed scenario JSON" },
  V0902: { severity: "error", summary: "unknown scenario field" },
  V0903: { severity: "error", summary: "invalid scenario value" },
  // Maps (variorum reach)
  V1001: { severity: "error", summary: "malformed map JSON" },
  V1002: { severity: "error", summary: "unknown map field" },
  V1003: { severity: "error", summary: "invalid map value" },
  V1004: { severity: "error", summary: "terrain unknown to every ruleset" },
  // Reach requests (the start hex and the unit of variorum reach and the studio)
  V1101: { severity: "error", summary: "start hex not on the map" },
  V1102: { severity: "error", summary: "malformed unit JSON" },
  V1103: { severity: "warning", summary: "the unit gives no action its moves need" },
  V1104: { severity: "error", summary: "the map places no units of the side asked" },
  V1105: { severity: "error", summary: "a unit moves `with` one who is not a leader in its hex" },
  V1113: { severity: "error", summary: "no vehicle in the start hex to start aboard" },
  // Reach against eval (the ruleset's `cost:` binding, and every reach answer)
  V1120: { severity: "warning", summary: "reach prices a step over the path so far" },
  V1121: { severity: "warning", summary: "a change of floor is not searched" },
} as const satisfies Record<string, { severity: Severity; summary: string }>;

export type Code = keyof typeof CODES;

/**
 * A diagnostic with a message's text as written: what `report` (messages.ts) builds from the table.
 * Called directly only where a message is not in the table yet (grammar/, compiler/engine/front.ts);
 * test/check/messages.test.ts keeps the rooms that moved onto the table from calling it.
 */
export function diag(
  code: Code,
  message: string,
  span: Span | null,
  hint?: string,
  data?: DiagnosticData,
): Diagnostic {
  const d: Diagnostic = {
    code,
    severity: CODES[code].severity,
    message: windowWords(message),
    span,
  };
  if (hint !== undefined) d.hint = windowWords(hint);
  if (data !== undefined) d.data = data;
  return d;
}

/** The longest word (run of characters other than white space) a message shows whole. */
export const MESSAGE_WORD = 100;
const LONG_WORD = new RegExp(`\\S{${MESSAGE_WORD + 1},}`, "g");

/**
 * A name, citation or other word of a user's text as a message shows it: whole up to MESSAGE_WORD
 * characters, else its start and end around `…` — the window a code frame puts on a long line, so a
 * name of a million characters makes a message of a hundred, while the frame shows where it is.
 */
export function shortWord(word: string): string {
  if (word.length <= MESSAGE_WORD) return word;
  const head = Math.ceil((MESSAGE_WORD - 1) / 2);
  return `${word.slice(0, head)}…${word.slice(word.length - (MESSAGE_WORD - 1 - head))}`;
}

/** Every word of `text` longer than MESSAGE_WORD shortened by `shortWord`; `diag` applies it to every message. */
export function windowWords(text: string): string {
  return text.length <= MESSAGE_WORD ? text : text.replace(LONG_WORD, shortWord);
}

export function hasErrors(ds: readonly Diagnostic[]): boolean {
  return ds.some((d) => d.severity === "error");
}

/** U+FEFF, the byte-order mark: accepted and ignored at the start of a ruleset, scenario or map. */
export const BOM = 0xfeff;

/**
 * Where the lines of a text start. `\r\n`, `\r` and `\n` each end a line (and nothing else: a U+2028
 * inside a string is an ordinary character). The one line splitter: spans, code frames and the
 * lexer's view of lines (comments end at `\r` or `\n`) all agree with it.
 */
export function lineStarts(text: string): number[] {
  // Two passes: count the lines, then fill an array made to that size (an array grown by pushing
  // 30,000 starts is copied as it grows and keeps its spare room). Most texts end their lines with
  // `\n` alone: then the engine's own search finds each (a loop over every character took ≈ 3 ms of
  // the front end on a file of 30,000 lines).
  if (text.indexOf("\r") < 0) {
    let lines = 1;
    for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) lines++;
    const out: number[] = new Array<number>(lines);
    out[0] = text.charCodeAt(0) === BOM ? 1 : 0;
    let at = 1;
    for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) out[at++] = i + 1;
    return out;
  }
  const n = text.length;
  let count = 1;
  for (let i = 0; i < n; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 10) count++;
    else if (ch === 13) {
      if (text.charCodeAt(i + 1) === 10) i++;
      count++;
    }
  }
  const starts: number[] = new Array<number>(count);
  // A leading byte-order mark (editors on Windows save one) is no column: line 1 starts after it.
  starts[0] = text.charCodeAt(0) === BOM ? 1 : 0;
  let k = 1;
  for (let i = 0; i < n; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 10) starts[k++] = i + 1;
    else if (ch === 13) {
      if (text.charCodeAt(i + 1) === 10) i++;
      starts[k++] = i + 1;
    }
  }
  return starts;
}

/**
 * Maps offsets of one file's text to 1-based line/column spans. The line table is built when a line
 * or column is first asked for (most parses show none: no diagnostic, no code frame), and kept in a
 * private field: two SourceFiles of one path and text compare equal field by field (the tests' deep
 * equality) whether or not either has built it.
 */
export class SourceFile {
  #lineStarts: number[] | null = null;
  constructor(
    readonly path: string,
    readonly text: string,
  ) {}
  private get lineStarts(): number[] {
    return (this.#lineStarts ??= lineStarts(this.text));
  }
  /** Number of lines (a file ending in a line break has an empty last line). */
  get lineCount(): number {
    return this.lineStarts.length;
  }
  /** The text of the 0-based line `index`, without its line break. */
  lineText(index: number): string {
    const starts = this.lineStarts;
    const start = starts[index]!;
    const next = index + 1 < starts.length ? starts[index + 1]! : this.text.length;
    let end = next;
    if (end > start && this.text.charCodeAt(end - 1) === 10) end--;
    if (end > start && this.text.charCodeAt(end - 1) === 13) end--;
    return this.text.slice(start, Math.max(start, end));
  }
  /** A span whose line and column are computed when first read (most spans are never shown). */
  span(start: number, end: number): Span {
    return new LazySpan(this, start, end);
  }
  /** The line `lineIndex` last answered: where the next search starts (see `lineIndex`). */
  #near = 0;
  /**
   * 0-based index of the line holding `offset`. Lines are mostly asked in file order (a pass over
   * the definitions of a kind): at or after the line last answered, the search steps from it by
   * doubling strides, then halves, a few probes over nearby lines rather than a search of all of a
   * long file's; before it, over the lines before.
   */
  lineIndex(offset: number): number {
    const starts = this.lineStarts;
    let lo = 0;
    let hi = starts.length - 1;
    const near = this.#near <= hi ? this.#near : 0;
    if (starts[near]! <= offset) {
      lo = near;
      let step = 1;
      while (lo + step <= hi && starts[lo + step]! <= offset) {
        lo += step;
        step *= 2;
      }
      // Line `lo` starts at or before `offset`, line `lo + step` (if any) after it.
      if (lo + step - 1 < hi) hi = lo + step - 1;
    } else hi = near - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    this.#near = lo;
    return lo;
  }
  lineStart(index: number): number {
    return this.lineStarts[index]!;
  }
}

/**
 * A span of `src`: its offsets, and the rest read through `src` when asked. Its line is searched for
 * on each read rather than kept (an AST holds tens of thousands of spans, each for as long as the AST,
 * and most are never shown; the search is a binary one over the file's line starts).
 */
class LazySpan implements Span {
  constructor(
    private readonly src: SourceFile,
    readonly start: number,
    readonly end: number,
  ) {}
  get file(): string {
    return this.src.path;
  }
  get line(): number {
    return this.src.lineIndex(this.start) + 1;
  }
  get col(): number {
    // At least 1: offset 0 of a file that starts with a byte-order mark lies before line 1's start.
    return Math.max(1, this.start - this.src.lineStart(this.src.lineIndex(this.start)) + 1);
  }
  toJSON(): Omit<Span, never> {
    return { file: this.file, start: this.start, end: this.end, line: this.line, col: this.col };
  }
}
