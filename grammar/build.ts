/**
 * The AST's builders: what the parser's actions (grammar/parser.ts) call to make the typed AST of
 * `ast.ts` from tokens, with a span on every node — numbers, strings and citations checked against
 * the grammar's limits, dice, the header, and the precedence climb over an expression's flat run.
 */
import type { IToken } from "chevrotain";
import type { Diagnostic, SourceFile, Span } from "../diagnostics/index.js";
import { report } from "../diagnostics/messages.js";
import { decimalToQ } from "../runtime/rational.js";
import { hasControl, quotedText, safeLine } from "../diagnostics/safe-text.js";
import type * as A from "./ast.js";
import { MAX_EXPR_DEPTH, MAX_TEXT_CHARS } from "./limits.js";
import { tokenEnd } from "./tokens.js";

/** The member of `A.Decl` whose kind is (or takes in) `K`. */
export type DeclOf<K extends A.Decl["kind"]> = A.Decl extends infer D
  ? D extends { kind: infer DK }
    ? [K] extends [DK]
      ? D
      : never
    : never
  : never;
/** A definition's own fields: all but the ones every definition has. */
export type DeclOwn<K extends A.Decl["kind"]> = Omit<
  DeclOf<K>,
  "name" | "nameSpan" | "override" | "meta" | "span" | "kind"
>;

/**
 * A definition, as the parser's actions build it: the fields every definition has, in the AST's
 * order, then its kind's own. The common part is one literal and the own fields are copied onto it,
 * so each kind keeps one object shape (an object spread of a shared base measured far dearer).
 */
export function decl<K extends A.Decl["kind"]>(
  name: string,
  nameSpan: Span,
  override: boolean,
  meta: A.Meta,
  span: Span,
  kind: K,
  own: DeclOwn<K>,
): DeclOf<K> {
  const common = { name, nameSpan, override, meta, span, kind };
  return Object.assign(common, own) as unknown as DeclOf<K>;
}

/**
 * `items` in an array of its own length, for an array the AST keeps. V8 gives an array grown by
 * `push` from empty room for 17 elements at the first push; most of the AST's arrays hold one to
 * three, and each lives as long as the AST (copied by the scavenges it survives, as is its unused
 * room): on the benchmark's ruleset, 15,700 such arrays held 2.4 MB, nine tenths of it empty.
 */
export function exact<T>(items: T[]): T[] {
  return items.length === 0 ? items : items.slice();
}

const FRACTIONS: Record<string, string> = {
  "½": "1/2",
  "⅓": "1/3",
  "⅔": "2/3",
  "¼": "1/4",
  "¾": "3/4",
};

/** The largest whole part a number of a ruleset may have, and the most decimal places (see docs/cli.md). */
export const MAX_NUMBER = 1_000_000_000;
export const MAX_DECIMALS = 6;
/** Dice: distributions are enumerated exactly, one evaluation per ordered outcome, so keep them few. */
export const MAX_DICE = 6;
export const MAX_SIDES = 20;
export const MAX_OUTCOMES = 6 ** 6;
/** The highest step number an example may name. */
export const MAX_STEPS = 10_000;

/**
 * Whether exact "n/d" text lies within the numbers every backend handles exactly: |n/d| ≤ MAX_NUMBER
 * and d ≤ 10^MAX_DECIMALS (so that, at any tick scale the compiler accepts, a value stays a safe integer).
 */
function malformed(text: string): never {
  throw new Error(`the lexer passed a malformed number: ${text}`);
}

/**
 * Whether a number token's text is already its exact value's text: a whole number of at most nine
 * digits without a leading zero (most numbers of a ruleset), which `decimalToQ` would return as is.
 */
function plainWhole(image: string): boolean {
  if (image.length > 9 || (image.length > 1 && image.charCodeAt(0) === 48)) return false;
  for (let i = 0; i < image.length; i++) {
    const c = image.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return image.length > 0;
}

export function inRange(q: string): boolean {
  // Most numbers are small whole numbers: under ten digits they are in range without BigInt.
  if (q.length < 10 && !q.includes("/")) return true;
  const [n, d = "1"] = q.replace(/^-/, "").split("/");
  return BigInt(n!) <= BigInt(MAX_NUMBER) * BigInt(d) && BigInt(d) <= 10n ** BigInt(MAX_DECIMALS);
}

export function outOfRange(text: string, span: Span): Diagnostic {
  return report("V0105", "number", span, {
    shown: quotedText(text, 40),
    max: MAX_NUMBER.toLocaleString("en"),
    decimals: MAX_DECIMALS,
  });
}

export function unquote(text: string): string {
  const inner = text.slice(1, -1);
  // Most strings escape nothing: no pattern to run over them.
  return inner.includes("\\") ? inner.replace(/\\(.)/g, "$1") : inner;
}

export class AstBuilder {
  readonly diagnostics: Diagnostic[] = [];
  /** Expression levels open while an operand is built (see `binary`). */
  private open = 0;
  /** The run `climb` is climbing: its items, position, how an operand is built, its span. */
  private readonly run: ClimbRun = {
    items: [],
    pos: 0,
    end: 0,
    operand: () => FALSE_STANDIN,
    span: NO_SPAN,
  };
  /** The infix operator `atInfix` last found. */
  private readonly infix = { op: "", prec: 0, width: 1 };
  constructor(readonly src: SourceFile) {}

  spanOfToken(t: IToken): Span {
    return this.src.span(t.startOffset, tokenEnd(t));
  }
  /** A string's text, or null where there is none (or recovery inserted an empty one). */
  str(t: IToken | undefined): string | null {
    return t && !t.isInsertedInRecovery ? this.clean(t, unquote(t.image)) : null;
  }
  /** A citation, or null where there is none (or recovery inserted an empty one). */
  /** A citation, or null where there is none (or recovery inserted an empty one). */
  cite(t: IToken | undefined): A.Cite | null {
    return t && !t.isInsertedInRecovery
      ? { text: this.clean(t, t.image.slice(1, -1).trim()), span: this.spanOfToken(t) }
      : null;
  }
  /**
   * Text of a string or citation, which reaches reports, cards and terminals: a control character
   * (ESC, DEL, …) in it is an error, and is replaced by `�` so that nothing downstream ever sees one.
   */
  clean(t: IToken, full: string): string {
    let text = full;
    if (text.length > MAX_TEXT_CHARS) {
      // Titles and citations reach every report; a longer one is an error, and is cut.
      const n = (x: number) => x.toLocaleString("en");
      this.diagnostics.push(
        report(
          "V0108",
          "text",
          this.spanOfToken(t),
          { length: n(text.length), max: n(MAX_TEXT_CHARS) },
          "say it in fewer words; cite the rule for the rest",
        ),
      );
      text = text.slice(0, MAX_TEXT_CHARS) + "…";
    }
    if (!hasControl(text)) return text;
    this.diagnostics.push(
      report(
        "V0107",
        "control",
        this.spanOfToken(t),
        {},
        "write plain text; use spaces instead of tabs",
      ),
    );
    return safeLine(text);
  }

  /** The header from its tokens: the first of each clause counts. */
  headerOf(
    id: IToken | undefined,
    title: IToken | undefined,
    editionTok: IToken | undefined,
    cites: IToken | undefined,
    ext: IToken | undefined,
    span: Span,
  ): A.Header | null {
    if (!id || !title) return null;
    return {
      id: id.image,
      title: this.clean(title, unquote(title.image)),
      edition: this.str(editionTok),
      cites: cites ? { style: cites.image, span: this.spanOfToken(cites) } : null,
      extends: ext ? { id: ext.image, span: this.spanOfToken(ext) } : null,
      span,
    };
  }

  /** V0102 for a `ruleset` header at `at` that is not the file's (`first`: the file has one before it). */
  extraHeader(at: number, first: boolean): void {
    this.diagnostics.push(
      report(
        "V0102",
        first ? "secondHeader" : "headerFirst",
        this.src.span(at, at + "ruleset".length),
        {},
        first ? "put each ruleset in a file of its own" : "move it to the top of the file",
      ),
    );
  }

  /** A `section KEY { … }` block's key on a definition in it that names no section of its own. */
  inSection(built: A.Decl, section: IToken): void {
    if (built.meta.section === null && built.kind !== "example" && built.kind !== "movement") {
      built.meta.section = section.image;
      built.meta.sectionSpan = this.spanOfToken(section);
    }
  }

  /** A definition's citation and clauses (`titleTok`: its first string that is not the note). */
  metaOf(
    citeTok: IToken | undefined,
    titleTok: IToken | undefined,
    noteTok: IToken | undefined,
    concept: IToken | undefined,
    section: IToken | undefined,
    helper?: IToken,
  ): A.Meta {
    const meta: A.Meta = {
      cite: this.cite(citeTok),
      title: this.str(titleTok),
      concept: concept?.image ?? null,
      section: section?.image ?? null,
    };
    if (section) meta.sectionSpan = this.spanOfToken(section);
    const note = this.str(noteTok);
    if (note !== null) meta.note = note;
    if (helper) meta.helper = true;
    return meta;
  }

  // ---- expressions ----

  /**
   * The `if … else` run of an expression (`parts`: value, condition, value, …, value), nested to the
   * right; `build` makes each part's expression, in the order the nesting needs them.
   */
  ifChain<P>(parts: P[], build: (p: P) => A.Expr, span: Span): A.Expr {
    // Recovery may leave a partial `if` (no condition or no else part): drop it.
    const whole = parts.length % 2 === 1 ? parts.length : parts.length - 1;
    if (whole < 1) return { k: "bool", v: false, span };
    let acc = build(parts[whole - 1]!);
    for (let i = whole - 3; i >= 0; i -= 2) {
      const t = build(parts[i]!);
      const span = this.src.span(t.span.start, acc.span.end);
      acc = { k: "if", c: build(parts[i + 1]!), t, e: acc, span };
    }
    return acc;
  }

  /**
   * Precedence climbing over a flat run of operands and operator tokens in source order (a `binary`
   * node's children); `operand` makes an operand's expression when the climb reaches it. The run
   * being climbed is held in one object's fields (saved and restored here, since an operand may
   * climb a run of its own), so the climb allocates nothing but the nodes it builds. The run is
   * `items[from]` to `items[to - 1]` (the parser passes its shared stack of runs).
   */
  climb<P extends object>(
    items: readonly (IToken | P)[],
    operand: (p: P) => A.Expr,
    span: Span,
    from = 0,
    to = items.length,
  ): A.Expr {
    const run = this.run;
    const { items: outerItems, pos, end, operand: outerOperand, span: outerSpan } = run;
    run.items = items;
    run.pos = from;
    run.end = to;
    run.operand = operand as (p: object) => A.Expr;
    run.span = span;
    const e = this.climbFrom(PREC.or);
    run.items = outerItems;
    run.pos = pos;
    run.end = end;
    run.operand = outerOperand;
    run.span = outerSpan;
    return e;
  }

  /**
   * Whether an infix operator stands at the run's position; if so its operator, precedence and
   * width in items (`not in` takes two) are in `this.infix`.
   */
  private atInfix(): boolean {
    const { items, pos, end } = this.run;
    if (pos >= end) return false;
    const x = items[pos];
    if (!isTok(x)) return false;
    const img = x.image;
    const infix = this.infix;
    if (img === "not") {
      const after = pos + 1 < end ? items[pos + 1] : undefined;
      if (!(isTok(after) && after.image === "in")) return false;
      infix.op = "not in";
      infix.prec = PREC.cmp;
      infix.width = 2;
      return true;
    }
    const prec = INFIX[img];
    if (prec === undefined) return false;
    infix.op = normaliseOp(img);
    infix.prec = prec;
    infix.width = 1;
    return true;
  }

  /**
   * An operand one level further down (a prefix's, an infix operator's right side), climbed from
   * precedence `min`. Beyond MAX_EXPR_DEPTH open levels the rest of the run is skipped and a
   * stand-in located at the operator takes its place: it lies more than MAX_EXPR_DEPTH levels
   * down, so `tooDeep` reports it (V0104) and the definition is left out, without recursing once
   * per operator of `- - - … 1` or `a + not b + not c …`.
   */
  private deeper(at: IToken, min: number): A.Expr {
    if (this.open >= MAX_EXPR_DEPTH) {
      this.run.pos = this.run.end;
      return { k: "bool", v: false, span: this.spanOfToken(at) };
    }
    this.open++;
    const e = this.climbFrom(min);
    this.open--;
    return e;
  }

  /** The operand at the run's position, with its prefix operators (`not`, `-`). */
  private nextOperand(): A.Expr {
    const run = this.run;
    const x = run.pos < run.end ? run.items[run.pos++] : undefined;
    if (isTok(x)) {
      const not = x.image === "not";
      const inner = this.deeper(x, not ? PREC.cmp : PREC.unary);
      const span = this.src.span(x.startOffset, inner.span.end);
      return not ? { k: "not", x: inner, span } : { k: "neg", x: inner, span };
    }
    return x ? run.operand(x) : { k: "bool", v: false, span: run.span };
  }

  /** The run from its position on, while its operators bind at least as tightly as `min`. */
  private climbFrom(min: number): A.Expr {
    const infix = this.infix;
    let left = this.nextOperand();
    // Operands of the chain at this level, and its one operator (null once two differ).
    let operands = 1;
    let only: string | null = null;
    let mixed = false;
    while (this.atInfix() && infix.prec >= min) {
      const { op, prec, width } = infix;
      const at = this.run.items[this.run.pos] as IToken;
      this.run.pos += width;
      const right = this.deeper(at, prec + 1);
      const span = this.src.span(left.span.start, right.span.end);
      left =
        op === "in" || op === "not in"
          ? { k: "in", x: left, set: right, negated: op === "not in", span }
          : { k: "bin", op, a: left, b: right, span };
      operands++;
      if (only === null && !mixed) only = op;
      else if (only !== op) {
        only = null;
        mixed = true;
      }
    }
    // A long chain of one associative operator (`1 + 1 + … + 1`, `a and b and …`) is grouped as a
    // balanced tree, so its depth is log₂ of its length: exact rationals and integer ticks make the
    // grouping invisible, and no pass recurses 100,000 levels down a left-leaning chain. Its
    // operands are read back down the left-leaning chain just built.
    if (only !== null && operands > BALANCE_FROM && BALANCED_OPS.has(only)) {
      const chain: A.Expr[] = new Array<A.Expr>(operands);
      let node = left;
      for (let i = operands - 1; i > 0; i--) {
        const bin = node as Extract<A.Expr, { k: "bin" }>;
        chain[i] = bin.b;
        node = bin.a;
      }
      chain[0] = node;
      return this.balanced(only, chain, 0, operands);
    }
    return left;
  }

  /** `run[from] op … op run[to - 1]` as a balanced tree of `op`. */
  private balanced(op: string, run: A.Expr[], from: number, to: number): A.Expr {
    if (to - from === 1) return run[from]!;
    const mid = (from + to) >>> 1;
    const a = this.balanced(op, run, from, mid);
    const b = this.balanced(op, run, mid, to);
    return { k: "bin", op, a, b, span: this.src.span(a.span.start, b.span.end) };
  }

  /** A number (`2`, `1.5`, `½`) and the measure written after it, if any. */
  number(num: IToken, measure: IToken | undefined, span: Span): A.Expr {
    // Unbounded here: V0105 below is the ruleset's range policy. The lexer only passes decimals.
    const q =
      num.tokenType.name === "Fraction"
        ? FRACTIONS[num.image]!
        : plainWhole(num.image)
          ? num.image
          : (decimalToQ(num.image, null) ?? malformed(num.image));
    if (!inRange(q)) this.diagnostics.push(outOfRange(num.image, this.spanOfToken(num)));
    return { k: "num", q: inRange(q) ? q : "0", measure: measure?.image ?? null, span };
  }

  /** A whole number token that must be at most `max` (a die face, a step index); 0 when it is not. */
  smallInt(t: IToken, max: number): number {
    const v = Number(t.image);
    if (Number.isSafeInteger(v) && v <= max) return v;
    this.diagnostics.push(
      report("V0105", "value", this.spanOfToken(t), {
        value: quotedText(t.image, 40),
        max,
      }),
    );
    return 0;
  }

  /** `2d6 keep highest 1 each -1`: the roll, its `keep` clause and its per-die value, if written. */
  diceOf(
    diceTok: IToken | undefined,
    keepTok: IToken | undefined,
    highest: boolean,
    perValue: A.Expr | null,
    minus: boolean,
    span: Span,
  ): A.Expr {
    let [count, sides] = (diceTok?.image ?? "1d6").split("d").map(Number) as [number, number];
    // Distributions are enumerated exactly: sides^count outcomes; keep that within reach.
    if (
      !(
        count >= 1 &&
        count <= MAX_DICE &&
        sides >= 2 &&
        sides <= MAX_SIDES &&
        sides ** count <= MAX_OUTCOMES
      )
    ) {
      const what = `1 to ${MAX_DICE} dice of 2 to ${MAX_SIDES} sides, at most ${MAX_OUTCOMES.toLocaleString("en")} outcomes (6d6)`;
      this.diagnostics.push(
        report("V0105", "dice", this.spanOfToken(diceTok!), {
          dice: quotedText(diceTok!.image, 40),
          what,
        }),
      );
      [count, sides] = [1, 6];
    }
    const which = highest ? "highest" : "lowest";
    const per =
      perValue && minus ? { k: "neg" as const, x: perValue, span: perValue.span } : perValue;
    return {
      k: "dice",
      n: count,
      sides,
      keep: keepTok ? { which, count: Math.min(Number(keepTok.image), count) } : null,
      perDie: per,
      span,
    };
  }
}

interface ClimbRun {
  items: readonly (IToken | object)[];
  pos: number;
  /** Where the run ends in `items` (exclusive). */
  end: number;
  operand: (p: object) => A.Expr;
  span: Span;
}
const NO_SPAN: Span = { file: "", start: 0, end: 0, line: 1, col: 1 };
const FALSE_STANDIN: A.Expr = { k: "bool", v: false, span: NO_SPAN };
const isTok = (x: unknown): x is IToken => x !== undefined && "image" in (x as object);

/** Chains of one of these operators longer than BALANCE_FROM operands are built balanced. */
const BALANCED_OPS = new Set(["+", "and", "or"]);
const BALANCE_FROM = 32;

const PREC = { or: 1, and: 2, not: 3, cmp: 4, add: 5, mul: 6, unary: 7 } as const;
const INFIX: Record<string, number> = {
  or: PREC.or,
  and: PREC.and,
  "==": PREC.cmp,
  "!=": PREC.cmp,
  "<": PREC.cmp,
  "<=": PREC.cmp,
  ">": PREC.cmp,
  ">=": PREC.cmp,
  in: PREC.cmp,
  "+": PREC.add,
  "-": PREC.add,
  "−": PREC.add,
  "*": PREC.mul,
  "×": PREC.mul,
  "/": PREC.mul,
};

function normaliseOp(op: string): string {
  if (op === "−") return "-";
  if (op === "×") return "*";
  return op;
}
