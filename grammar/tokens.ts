/**
 * Tokens of the rules language (Chevrotain). Text → token stream; nothing else.
 * Keywords are matched with `longer_alt: Name`, so `unit-cost` stays one name.
 */
import type { IToken, TokenType } from "chevrotain";
import { createToken, Lexer } from "./chevrotain.js";

export const WhiteSpace = createToken({
  name: "WhiteSpace",
  pattern: /[ \t\r\n\f]+/,
  group: Lexer.SKIPPED,
});
export const Comment = createToken({ name: "Comment", pattern: /#[^\r\n]*/, group: Lexer.SKIPPED });
/** A byte-order mark at the very start of a file (editors on Windows save one): skipped. */
export const ByteOrderMark = createToken({
  name: "ByteOrderMark",
  pattern: (text: string, offset: number) =>
    offset === 0 && text.charCodeAt(0) === 0xfeff ? ["\ufeff"] : null,
  line_breaks: false,
  start_chars_hint: ["\ufeff"],
  group: Lexer.SKIPPED,
});

/**
 * `Name` is a category: it matches identifiers and the soft keywords, words that are keywords only
 * where the grammar expects them (`movement` starts the movement binding, yet is also a phase name;
 * `section` is a clause, yet also a Chain of Command unit kind).
 */
export const Name = createToken({ name: "Name", pattern: Lexer.NA });

/*
 * Names and strings are matched by scanning functions, not regular expressions: V8's regular
 * expressions backtrack through a repeated group on the stack, and overflow it on a string of
 * 10,000,000 characters or a name of a million `a-`. Each scanner matches exactly the expression in
 * its comment, in one pass.
 */
const QUOTE = 34;
const BACKSLASH = 92;
const isWordChar = (c: number): boolean =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
const isLineBreak = (c: number): boolean => c === 10 || c === 13;
/**
 * The one match array the scanners return (Chevrotain reads its `[0]` at once and keeps only that):
 * no array per token.
 */
const matched: [string] = [""];
const match = (text: string, offset: number, end: number): [string] | null => {
  if (!(end > offset)) return null;
  matched[0] = text.slice(offset, end);
  return matched;
};

/**
 * `"(?:[^"\\\r\n]|\\[^\r\n])*`: where the body of a string opened at `offset` ends (at its closing
 * quote, a line break or the end of the text).
 */
function stringBody(text: string, offset: number): number {
  let i = offset + 1;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === QUOTE || isLineBreak(c)) break;
    if (c === BACKSLASH) {
      if (i + 1 >= text.length || isLineBreak(text.charCodeAt(i + 1))) break;
      i += 2;
    } else i++;
  }
  return i;
}

/** `[A-Za-z_][A-Za-z0-9_]*(?:-[A-Za-z0-9_]+)*` */
function scanIdent(text: string, offset: number): [string] | null {
  const first = text.charCodeAt(offset);
  if (!(isWordChar(first) && !(first >= 48 && first <= 57))) return null;
  let i = offset + 1;
  for (;;) {
    while (i < text.length && isWordChar(text.charCodeAt(i))) i++;
    if (text.charCodeAt(i) === 45 && isWordChar(text.charCodeAt(i + 1))) i += 2;
    else return match(text, offset, i);
  }
}

const LETTERS = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_"];

export const Ident = createToken({
  name: "Ident",
  pattern: scanIdent,
  line_breaks: false,
  start_chars_hint: LETTERS,
  categories: [Name],
});
export const Citation = createToken({ name: "Citation", pattern: /\[[^\]\r\n]*\]/ });
/** `"(?:[^"\\\r\n]|\\[^\r\n])*"` */
export const StringLit = createToken({
  name: "StringLit",
  pattern: (text: string, offset: number) => {
    if (text.charCodeAt(offset) !== QUOTE) return null;
    const end = stringBody(text, offset);
    return text.charCodeAt(end) === QUOTE ? match(text, offset, end + 1) : null;
  },
  line_breaks: false,
  start_chars_hint: ['"'],
});
/** A string missing its closing quote: reported as V0103 by the AST builder, not a lexer failure. */
export const BadString = createToken({
  name: "BadString",
  pattern: (text: string, offset: number) =>
    text.charCodeAt(offset) === QUOTE ? match(text, offset, stringBody(text, offset)) : null,
  line_breaks: false,
  start_chars_hint: ['"'],
});
export const Dice = createToken({ name: "Dice", pattern: /\d+d\d+/ });
export const NumberLit = createToken({ name: "NumberLit", pattern: /\d+(?:\.\d+)?/ });
export const Fraction = createToken({ name: "Fraction", pattern: /[½⅓⅔¼¾]/ });

const kw = (word: string, soft = false): TokenType =>
  createToken({
    name: `Kw_${word.replace(/-/g, "_")}`,
    pattern: new RegExp(word),
    longer_alt: Ident,
    categories: soft ? [Name] : [],
  });

export const Ruleset = kw("ruleset");
export const Edition = kw("edition", true);
export const Cites = kw("cites", true);
export const Extends = kw("extends");
/** `extend rule NAME { … }`: soft, so `extend` stays usable as a name; listed after `extends`. */
export const Extend = kw("extend", true);
export const Measure = kw("measure");
export const Enum = kw("enum");
export const Group = kw("group");
export const Input = kw("input");
export const Table = kw("table");
export const Rule = kw("rule");
export const Predicate = kw("predicate");
export const Constraint = kw("constraint");
export const Movement = kw("movement", true);
export const Example = kw("example");
export const Exception = kw("exception");
export const When = kw("when");
export const Override = kw("override");
export const Remove = kw("remove");
export const Concept = kw("concept", true);
export const Section = kw("section", true);
/** `note "…"`: a reading the ruleset chose where the text is open; soft, so `note` stays a name. */
export const Note = kw("note", true);
/** `helper`: a definition of the encoding, not a concept of the book (never a diff row or card line). */
export const Helper = kw("helper", true);
export const Set = kw("set");
export const Of = kw("of", true);
export const Bool = kw("bool");
export const If = kw("if");
export const Else = kw("else");
export const And = kw("and");
export const Or = kw("or");
export const Not = kw("not");
export const In = kw("in");
export const True = kw("true");
export const False = kw("false");
export const All = kw("all");
export const NA = kw("NA");
export const Base = kw("base");
export const Expect = kw("expect");
export const Legal = kw("legal");
export const Violation = kw("violation");
export const Otherwise = kw("otherwise");
export const Unit = kw("unit");
export const Vehicle = kw("vehicle");
export const Step = kw("step");
export const Scenario = kw("scenario");
export const Path = kw("path");
export const Keep = kw("keep");
export const Highest = kw("highest");
export const Lowest = kw("lowest");
export const Each = kw("each");
export const Roll = kw("roll", true);
/** `source "…" { … }`: the index of a ruleset's source text; soft, so `source` stays a name. */
export const Source = kw("source", true);
/** `paragraph [5.1] "…"`: an entry of a source index; soft. */
export const Paragraph = kw("paragraph", true);
/** `out-of-scope [5.3] "why"`: a paragraph the ruleset leaves out; soft. */
export const OutOfScope = kw("out-of-scope", true);
/** `stack A1 { … }`: an example's units in one hex, top of the stack first; soft, so `stack` stays a name. */
export const Stack = kw("stack", true);

export const Arrow = createToken({ name: "Arrow", pattern: /->/ });
export const EqEq = createToken({ name: "EqEq", pattern: /==/ });
export const NotEq = createToken({ name: "NotEq", pattern: /!=/ });
export const LtEq = createToken({ name: "LtEq", pattern: /<=/ });
export const GtEq = createToken({ name: "GtEq", pattern: />=/ });
export const Lt = createToken({ name: "Lt", pattern: /</ });
export const Gt = createToken({ name: "Gt", pattern: />/ });
export const Equals = createToken({ name: "Equals", pattern: /=/ });
export const Plus = createToken({ name: "Plus", pattern: /\+/ });
export const Minus = createToken({ name: "Minus", pattern: /-|−/ });
export const Star = createToken({ name: "Star", pattern: /\*|×/ });
export const Slash = createToken({ name: "Slash", pattern: /\// });
export const LBrace = createToken({ name: "LBrace", pattern: /\{/ });
export const RBrace = createToken({ name: "RBrace", pattern: /\}/ });
export const LParen = createToken({ name: "LParen", pattern: /\(/ });
export const RParen = createToken({ name: "RParen", pattern: /\)/ });
export const Colon = createToken({ name: "Colon", pattern: /:/ });
export const Comma = createToken({ name: "Comma", pattern: /,/ });
export const Dot = createToken({ name: "Dot", pattern: /\./ });
export const Pipe = createToken({ name: "Pipe", pattern: /\|/ });
export const Question = createToken({ name: "Question", pattern: /\?/ });

export const keywords = [
  Ruleset,
  Edition,
  Cites,
  Extends,
  Extend,
  Measure,
  Enum,
  Group,
  Input,
  Table,
  Rule,
  Predicate,
  Constraint,
  Movement,
  Example,
  Exception,
  When,
  Override,
  Remove,
  Concept,
  Section,
  Note,
  Helper,
  Set,
  Of,
  Bool,
  If,
  Else,
  And,
  Or,
  Not,
  In,
  True,
  False,
  All,
  NA,
  Base,
  Expect,
  Legal,
  Violation,
  Otherwise,
  Unit,
  Vehicle,
  Step,
  Scenario,
  Path,
  Keep,
  Highest,
  Lowest,
  Each,
  Roll,
  Source,
  Paragraph,
  OutOfScope,
  Stack,
];

/** A keyword's spelling (`Kw_half_squad` is written `half-squad`). */
export const spelling = (t: TokenType): string => (t.PATTERN as RegExp).source;

/** Every keyword of the language, as written: the one list the language service and the fuzzer use. */
export const KEYWORDS: readonly string[] = keywords.map(spelling);

/**
 * The keywords that start a definition, where it starts a line (`override` and `remove` before one):
 * the incremental parser cuts a document before each (compiler/service/incremental.ts).
 */
export const DEFINITION_KEYWORDS: readonly string[] = [
  Measure,
  Enum,
  Group,
  Input,
  Table,
  Rule,
  Predicate,
  Constraint,
  Movement,
  Example,
  Override,
  Remove,
  Extend,
  Source,
  OutOfScope,
].map(spelling);

/** The keywords that start a clause on a line of its own inside a definition. */
export const CLAUSE_KEYWORDS: readonly string[] = [Exception, Expect, Concept, Section, Stack].map(
  spelling,
);

/** The keywords written inside expressions (and `when`, which starts an exception's condition). */
export const EXPRESSION_KEYWORDS: readonly string[] = [
  If,
  Else,
  And,
  Or,
  Not,
  In,
  True,
  False,
  All,
  NA,
  Base,
  Unit,
  Vehicle,
  Step,
  Scenario,
  Path,
  Keep,
  Highest,
  Lowest,
  Each,
  When,
].map(spelling);

export const allTokens: TokenType[] = [
  ByteOrderMark,
  WhiteSpace,
  Comment,
  Citation,
  StringLit,
  BadString,
  Dice,
  NumberLit,
  Fraction,
  Arrow,
  EqEq,
  NotEq,
  LtEq,
  GtEq,
  Lt,
  Gt,
  Equals,
  ...keywords,
  Ident,
  Name,
  Plus,
  Minus,
  Star,
  Slash,
  LBrace,
  RBrace,
  LParen,
  RParen,
  Colon,
  Comma,
  Dot,
  Pipe,
  Question,
];

/**
 * Where token `t` ends: the offset just past its last character. The lexer records where a token
 * starts and its text, not where it ends (`positionTracking: "onlyOffset"`, below).
 */
export function tokenEnd(t: IToken): number {
  return t.startOffset + t.image.length;
}

/**
 * The lexer tracks offsets only (Chevrotain's performance guide: position tracking only as needed):
 * every span is made from offsets (`SourceFile` turns them into lines and columns), and the two
 * parser gates that ask whether tokens share a line read the text between them (grammar/parser.ts
 * `sameLine`). Tracking lines and columns too made lexing ≈ 1.6–3.5× slower. The token definitions
 * are fixed, so Chevrotain's checks of them run in test/grammar/parse-data.test.ts, not at every
 * start (and no Node global is read to decide: this module runs in the browser too).
 */
let theLexer: InstanceType<typeof Lexer> | null = null;

/** The one lexer, built on first use (a command answered from built results never lexes). */
export function lexer(): InstanceType<typeof Lexer> {
  return (theLexer ??= new Lexer(allTokens, {
    positionTracking: "onlyOffset",
    ensureOptimizations: false,
    skipValidations: true,
  }));
}
