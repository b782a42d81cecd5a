/**
 * Limits on nesting that keep every pass (all of them recursive over expressions) within the stack:
 * a file that nests deeper gets one located diagnostic (V0104) at the place where it goes too deep,
 * instead of a stack overflow somewhere down the pipeline. The numbers are far above anything a
 * rulebook needs (the bundled rulesets nest at most 9 brackets and 12 expression levels).
 */
import type { IToken } from "chevrotain";
import type { Span } from "../diagnostics/index.js";
import type { Decl, Expr } from "./ast.js";

/** Brackets — `(`, `{` — open at once. */
export const MAX_BRACKETS = 64;
/** Levels of one expression tree: each operator of a chain (`1 + 1 + …`), prefix and `if … else` counts. */
export const MAX_EXPR_DEPTH = 256;

/** The first bracket that opens more than MAX_BRACKETS deep, or null. */
export function tooManyBrackets(tokens: readonly IToken[]): IToken | null {
  let depth = 0;
  for (const t of tokens) {
    const name = t.tokenType.name;
    if (name === "LParen" || name === "LBrace") {
      if (++depth > MAX_BRACKETS) return t;
    } else if ((name === "RParen" || name === "RBrace") && depth > 0) depth--;
  }
  return null;
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
 * The node of a definition's expressions that lies MAX_EXPR_DEPTH levels down, if any. Iterative (an
 * explicit stack), so it survives any depth the parser produced. Walks the definition's structure
 * generically: any object with a `k` and a `span` is an expression node.
 */
export function tooDeep(decl: Decl): Span | null {
  const stack: [unknown, number][] = [[decl, 0]];
  while (stack.length > 0) {
    const [x, depth] = stack.pop()!;
    if (Array.isArray(x)) {
      for (const y of x) stack.push([y, depth]);
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
    for (const [k, v] of Object.entries(x)) {
      if (k !== "span" && k !== "nameSpan" && typeof v === "object" && v !== null)
        stack.push([v, d]);
    }
  }
  return null;
}
