/**
 * Escaping of text that comes from a `.rules` file, and exact numbers. Strings become JSON string
 * literals; comment text loses its line breaks and every `*\/` that could close a comment.
 */

import { gcd, parseDecimal } from "../../runtime/rational.js";
import { isSafeProperty } from "./names.js";
import { safeLine } from "../../diagnostics/safe-text.js";

/** A string as a TypeScript string literal. */
export function lit(s: string): string {
  return JSON.stringify(s);
}

/**
 * Text safe inside a JSDoc block or a line comment: one line (every line terminator and other
 * control character becomes a space) and no comment terminator (`*\/` is written `*\/`).
 */
export function commentText(s: string): string {
  return safeLine(s, " ").replace(/\*\//g, "*\\/").replace(/\s+/g, " ").trim();
}

/**
 * The emitted code of a literal, as a regular expression's source: a number (`3`, `1.5`, `(-2)`), a
 * truth value, a string, a member's code after its name in a comment (`/* road *\/ 1`).
 */
export const LITERAL_CODE = String.raw`(?:\d+(?:\.\d+)?|\(-\d+(?:\.\d+)?\)|true|false|"(?:[^"\\]|\\.)*"|\/\*(?:(?!\*\/).)*\*\/ \d+)`;

const LITERAL = new RegExp(`^${LITERAL_CODE}$`);

/** Whether emitted `code` is a literal (`LITERAL_CODE`): TypeScript rejects comparing two literals. */
export function isLiteralCode(code: string): boolean {
  return LITERAL.test(code);
}

/** `paraphrase [cite]`, comment-safe. */
export function citeLine(title: string, cite: string | null): string {
  const t = commentText(title);
  return cite === null ? t : `${t} [${commentText(cite)}]`;
}

/** A key in an object literal: bare when safe, else quoted (`__proto__` is computed, never a setter). */
export function objectKey(key: string): string {
  if (key === "__proto__") return `[${lit(key)}]`;
  return isSafeProperty(key) ? key : lit(key);
}

/** A property name in an interface. */
export function interfaceKey(key: string): string {
  return isSafeProperty(key) ? key : lit(key);
}

/** Property access: `.key` or `[ "key" ]`. */
export function access(key: string): string {
  return isSafeProperty(key) ? `.${key}` : `[${lit(key)}]`;
}

/** An exact rational. */
export interface Rational {
  n: bigint;
  d: bigint;
}

/** Parses IR `Q` text ("3", "-1/2"; a decimal such as "1.5" is accepted too). */
export function parseQ(q: string): Rational {
  const m = /^(-?)(\d+)\/(\d+)$/.exec(q);
  if (m === null) {
    const r = parseDecimal(q);
    if (r === null) throw new Error(`not an exact number: ${JSON.stringify(q)}`);
    return r;
  }
  let n = BigInt(m[2]!);
  const d = BigInt(m[3]!);
  if (d === 0n) throw new Error(`division by zero in ${JSON.stringify(q)}`);
  if (m[1] === "-") n = -n;
  const g = gcd(n, d) || 1n;
  return { n: n / g, d: d / g };
}

/** The value of `q` in ticks at `scale`, as a JS integer; an error if it is not whole. */
export function qTicks(q: string, scale: number): number {
  const r = parseQ(q);
  const t = r.n * BigInt(scale);
  if (t % r.d !== 0n) throw new Error(`${q} is not a whole number of ticks at scale ${scale}`);
  const v = Number(t / r.d);
  if (!Number.isSafeInteger(v)) throw new Error(`${q} at scale ${scale} is too large`);
  return v;
}

/** The value of `q` as a JS number literal in real units ("0.5", "0.3333333333333333"). */
export function qReal(q: string): string {
  const r = parseQ(q);
  return numberLiteral(Number(r.n) / Number(r.d));
}

/** Exact text of `q`, reduced: "1/2", "3". */
export function qExact(q: string): string {
  const r = parseQ(q);
  return r.d === 1n ? `${r.n}` : `${r.n}/${r.d}`;
}

/** A finite JS number as source text (parenthesised when negative, `-0` as `0`). */
export function numberLiteral(x: number): string {
  if (!Number.isFinite(x)) throw new Error(`not a finite number: ${x}`);
  if (Object.is(x, -0)) return "0";
  return x < 0 ? `(${x})` : `${x}`;
}
