/**
 * Limits on nesting that keep every pass (all of them recursive over expressions) within the stack:
 * a file that nests deeper gets one located diagnostic (V0104) at the place where it goes too deep,
 * instead of a stack overflow somewhere down the pipeline. The numbers are far above anything a
 * rulebook needs (the bundled rulesets nest at most 9 brackets and 12 expression levels). The sizes
 * of a file and of one string or citation are bounded too (V0108). docs/cli.md lists every bound.
 */
import type { IToken } from "chevrotain";
import { tokenMatcher } from "./chevrotain.js";
import type { Span } from "../diagnostics/index.js";
import type { Decl, Expr } from "./ast.js";
import {
  allTokens,
  BadString,
  Dice,
  Each,
  Highest,
  Keep,
  LBrace,
  Lowest,
  LParen,
  Minus,
  Name,
  NumberLit,
  RBrace,
  RParen,
} from "./tokens.js";

/** Characters of one `.rules` file (the bundled rulesets hold at most about 62,000). */
export const MAX_FILE_CHARS = 1_000_000;
/** Characters of one string or citation (the bundled rulesets' longest: about 120). */
export const MAX_TEXT_CHARS = 1_000;
/** Brackets — `(`, `{` — open at once. */
export const MAX_BRACKETS = 64;
/** Levels of one expression tree: each operator of a chain (`1 + 1 + …`), prefix and `if … else` counts. */
export const MAX_EXPR_DEPTH = 256;

/** What `scanTokens` does with a token, by its type (`kindOf`). */
const OTHER = 0;
const OPEN = 1;
const CLOSE = 2;
const EACH = 3;
/** A token that continues a chain of dice values (`1d6 each 1d6 keep highest 1 each -2`). */
const CHAIN = 4;
const BAD_STRING = 5;
/** A name: `Name` or a token of its category (a soft keyword). */
const NAME = 6;

let kinds: Uint8Array | undefined;
/**
 * Each token type's kind for `scanTokens`, by its `tokenTypeIdx`: one load per token rather than a
 * comparison with each type of interest and a category lookup. Made at the first scan (the token
 * types and their categories are complete once the lexer is built).
 */
function kindOf(): Uint8Array {
  if (kinds) return kinds;
  let size = 0;
  for (const t of allTokens) size = Math.max(size, (t.tokenTypeIdx ?? 0) + 1);
  const k = new Uint8Array(size);
  for (const type of allTokens) {
    const idx = type.tokenTypeIdx!;
    const token = { tokenType: type, tokenTypeIdx: idx } as IToken;
    if (type === LParen || type === LBrace) k[idx] = OPEN;
    else if (type === RParen || type === RBrace) k[idx] = CLOSE;
    else if (type === Each) k[idx] = EACH;
    else if (
      type === Dice ||
      type === NumberLit ||
      type === Keep ||
      type === Highest ||
      type === Lowest ||
      type === Minus
    )
      k[idx] = CHAIN;
    else if (type === BadString) k[idx] = BAD_STRING;
    else if (tokenMatcher(token, Name)) k[idx] = NAME;
    else k[idx] = OTHER;
  }
  return (kinds = k);
}

/** What one pass over a file's tokens finds for the grammar's limits and lexical reports (`scanTokens`). */
export interface TokenScan {
  /** The first bracket (or `each`) that opens more than MAX_BRACKETS deep, or null. */
  deep: IToken | null;
  /** The strings left open (`BadString`), in file order; not collected past `deep`. */
  badStrings: IToken[];
}

/**
 * One pass over a file's tokens (an indexed loop: no iterator result per token) for what the grammar
 * checks before parsing. The first bracket that opens more than MAX_BRACKETS deep ends the scan: the
 * file is not parsed. A dice's `each` nests its per-die value the way a bracket does (`1d6 each 1d6
 * each …` recurses in the parser), so the `each` of one chain count as brackets too, until a token
 * that is no part of the chain.
 *
 * The same pass makes every name of the file one string per spelling (each token's image is a
 * fresh slice of the text): the later passes look names up in maps and compare them, and a lookup
 * whose key is the very string stored finds it by identity, without hashing or comparing characters.
 */
export function scanTokens(tokens: readonly IToken[]): TokenScan {
  const badStrings: IToken[] = [];
  const names = new Map<string, string>();
  const kind = kindOf();
  // Per open bracket: the `each` of the current dice chain at that level.
  const eaches = [0];
  let open = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const k = kind[t.tokenTypeIdx]!;
    if (k === OPEN) {
      eaches.push(0);
      if (eaches.length - 1 + open > MAX_BRACKETS) return { deep: t, badStrings };
    } else if (k === CLOSE) {
      if (eaches.length > 1) open -= eaches.pop()!;
    } else if (k === EACH) {
      eaches[eaches.length - 1]!++;
      if (eaches.length - 1 + ++open > MAX_BRACKETS) return { deep: t, badStrings };
    } else if (k !== CHAIN) {
      open -= eaches[eaches.length - 1]!;
      eaches[eaches.length - 1] = 0;
      if (k === BAD_STRING) badStrings.push(t);
      else if (k === NAME) {
        const image = t.image;
        const same = names.get(image);
        if (same === undefined) names.set(image, image);
        else t.image = same;
      }
    }
  }
  return { deep: null, badStrings };
}

function isExpr(x: unknown): x is Expr {
  return (
    typeof x === "object" &&
    x !== null &&
    typeof (x as { k?: unknown }).k === "string" &&
    "span" in x
  );
}

/**
 * Whether a definition spanning [start, end) may hold an expression more than MAX_EXPR_DEPTH levels
 * deep, by counting its tokens (`tokens` in file order). Every expression node the AST builder makes
 * that has an expression below it stands for a token of its own (an operator, `if`, a prefix `not` or
 * `-`, the name of a call or an aggregate, a dice roll, the `-` of a per-die value; brackets make no
 * node, and a balanced chain has one node per operator), so an expression is at most one level deeper
 * than the definition has tokens. Most definitions are far shorter than that: `tooDeep` need not walk
 * them.
 */
export function mayNestTooDeep(
  tokens: readonly IToken[],
  start: number,
  end: number,
  cursor: TokenCursor = { at: 0 },
): boolean {
  if (!(end > start)) return true;
  // Tokens take a character at least and do not overlap: a definition of few characters has few
  // tokens, without a search.
  if (end - start + 1 <= MAX_EXPR_DEPTH) return false;
  // The first token at or after `start`; tokens are in file order, so the definition holds at least
  // MAX_EXPR_DEPTH tokens when the one MAX_EXPR_DEPTH - 1 further on still starts before `end`.
  const lo = firstTokenAt(tokens, start, cursor.at);
  cursor.at = lo;
  const last = tokens[lo + MAX_EXPR_DEPTH - 1];
  return last !== undefined && last.startOffset < end;
}

/** Where `mayNestTooDeep` found the last definition's first token: the next search starts there. */
export interface TokenCursor {
  at: number;
}

/**
 * The index of the first token at or after offset `start` (`tokens` in file order). The search starts
 * at `from` when every token before it starts before `start` (the definitions of a file, asked in
 * order), by steps that double until one passes `start`, then halve: a few steps over nearby tokens
 * instead of a search of the whole file, whose far-apart probes each miss the cache.
 */
function firstTokenAt(tokens: readonly IToken[], start: number, from: number): number {
  const n = tokens.length;
  // Every token before `lo` starts before `start`.
  let lo = from > 0 && from <= n && tokens[from - 1]!.startOffset < start ? from : 0;
  let hi = lo;
  for (let step = 1; hi < n && tokens[hi]!.startOffset < start; step *= 2) {
    lo = hi + 1;
    hi = lo + step;
  }
  if (hi > n) hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (tokens[mid]!.startOffset < start) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The node of a definition's expressions that lies MAX_EXPR_DEPTH levels down, if any. Iterative (an
 * explicit stack), so it survives any depth the parser produced. Walks the definition's structure
 * generically: any object with a `k` and a `span` is an expression node.
 */
export function tooDeep(decl: Decl): Span | null {
  // Two parallel stacks (values and depths), and `for … in` over keys: no tuple or entry array is
  // allocated per node, which made this walk a visible share of parsing's garbage.
  const values: unknown[] = [decl];
  const depths: number[] = [0];
  while (values.length > 0) {
    const x = values.pop();
    const depth = depths.pop()!;
    if (Array.isArray(x)) {
      for (let i = 0; i < x.length; i++) {
        const y: unknown = x[i];
        if (typeof y === "object" && y !== null) {
          values.push(y);
          depths.push(depth);
        }
      }
      continue;
    }
    // Plain records only: a SourceFile (a citation's `src`) holds no expression, and walking its
    // line table from every definition made a long file quadratic.
    if (typeof x !== "object" || x === null || Object.getPrototypeOf(x) !== Object.prototype)
      continue;
    let d = depth;
    if (isExpr(x)) {
      d = depth + 1;
      if (d > MAX_EXPR_DEPTH) return x.span;
    }
    const rec = x as Record<string, unknown>;
    for (const k in rec) {
      const v = rec[k];
      if (k !== "span" && k !== "nameSpan" && typeof v === "object" && v !== null) {
        values.push(v);
        depths.push(d);
      }
    }
  }
  return null;
}
