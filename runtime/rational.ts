/**
 * Exact rationals for the interpreter (`Rat`), and the interpreter's number representation
 * (`ratNum`, a `Num<Rat>` whose "not allowed" cost is the singleton `NA_RAT`).
 *
 * A `Rat` is an immutable pair of JS integers, always normalised: gcd(n, d) = 1, d > 0, zero is 0/1.
 * Wargame quantities are tiny, so numerators and denominators stay far below 2^53; if an operation
 * would produce one beyond `Number.MAX_SAFE_INTEGER` it throws a `RangeError` rather than lose
 * precision (comparisons never throw: they fall back to bigint). Division by zero is a `RangeError`.
 *
 * `NA_RAT` (also `Rat.NA`) is "not allowed": arithmetic on it yields NA, `eq` holds only between two
 * NAs, ordering comparisons (`cmp`, `lt`, …) on it throw, `toNumber()` is NaN, `toString()` is "NA".
 */

import type { Num } from "./types.js";

/** Greatest common divisor of two integers, as numbers or as bigints (the result is non-negative). */
export function gcd(a: number, b: number): number;
export function gcd(a: bigint, b: bigint): bigint;
export function gcd(a: number | bigint, b: number | bigint): number | bigint {
  if (typeof a === "bigint" && typeof b === "bigint") {
    if (a < 0n) a = -a;
    if (b < 0n) b = -b;
    while (b !== 0n) [a, b] = [b, a % b];
    return a;
  }
  let x = Math.abs(a as number);
  let y = Math.abs(b as number);
  while (y !== 0) {
    const t = x % y;
    x = y;
    y = t;
  }
  return x;
}

/**
 * The one exact-decimal reader: "1.25" → 5/4, "-0.75" → -3/4, "125E-3" → 1/8, "3" → 3, read from
 * the text (never through a binary float), normalised (gcd 1, d > 0). Null for anything else, or an
 * exponent beyond ±400. Range checks are the caller's.
 */
export function parseDecimal(text: string): { n: bigint; d: bigint } | null {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (m === null) return null;
  const frac = m[3] ?? "";
  const exp = Number(m[4] ?? "0") - frac.length;
  if (!Number.isFinite(exp) || Math.abs(exp) > 400) return null;
  let n = BigInt(m[2]! + frac);
  let d = 1n;
  if (exp >= 0) n *= 10n ** BigInt(exp);
  else d = 10n ** BigInt(-exp);
  const g = gcd(n, d);
  if (g > 1n) {
    n /= g;
    d /= g;
  }
  return { n: m[1] === "-" ? -n : n, d };
}

/** The exact range: numerators and denominators up to 2^53 − 1. */
export const SAFE_BOUND = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * The one decimal reader over `parseDecimal`: a decimal's text as exact IR text ("1.25" → "5/4",
 * "-0.75" → "-3/4", "3" → "3"). Null when the text is not a decimal, or when its numerator or
 * denominator exceeds `bound` (default: the exact range; null: no bound, for a caller that applies
 * its own range policy, as the ruleset parser does with V0105).
 */
export function decimalToQ(text: string, bound: bigint | null = SAFE_BOUND): string | null {
  const q = parseDecimal(text);
  if (q === null) return null;
  if (bound !== null && (q.n > bound || -q.n > bound || q.d > bound)) return null;
  return q.d === 1n ? `${q.n}` : `${q.n}/${q.d}`;
}

/**
 * A value a ruleset computes that leaves the exact range (numerator or denominator beyond 2^53 − 1):
 * the ruleset's arithmetic, not a bug of the evaluator. Callers report it as the user's error.
 */
export class RatOverflow extends RangeError {
  constructor() {
    super(
      "a value the ruleset computes exceeds the exact range (numerators and denominators up to 9,007,199,254,740,991)",
    );
  }
}

function overflow(): never {
  throw new RatOverflow();
}

export class Rat {
  /** Numerator and denominator (normalised; both NaN for NA). */
  readonly n: number;
  readonly d: number;

  private constructor(n: number, d: number) {
    this.n = n;
    this.d = d;
  }

  /** n/d normalised; every caller passes integers, possibly unsafe ones (the check happens here). */
  private static make(n: number, d: number): Rat {
    if (d === 0) throw new RangeError("division by zero");
    if (!Number.isSafeInteger(n) || !Number.isSafeInteger(d)) overflow();
    if (d < 0) {
      n = -n;
      d = -d;
    }
    if (n === 0) return Rat.ZERO;
    const g = gcd(n, d);
    return g === 1 ? new Rat(n, d) : new Rat(n / g, d / g);
  }

  static readonly ZERO: Rat = new Rat(0, 1);
  static readonly ONE: Rat = new Rat(1, 1);
  /** "Not allowed" (the same object as `NA_RAT`). */
  static readonly NA: Rat = new Rat(NaN, NaN);

  /** n/d from two safe integers; anything else is a `RangeError`. */
  static of(n: number, d = 1): Rat {
    if (!Number.isSafeInteger(n) || !Number.isSafeInteger(d)) {
      throw new RangeError(`Rat.of needs safe integers, got ${n}/${d}`);
    }
    return Rat.make(n, d);
  }

  /**
   * The texts parsed so far and their values (a Rat is immutable, so one value serves every reader):
   * the interpreter reads the same few constants and defaults thousands of times. Bounded: emptied
   * when full.
   */
  private static readonly parsed = new Map<string, Rat>();

  /** Parses "3", "-1/2", "0.25" (as IR `Q` text and scenario input use) and "NA". */
  static parse(text: string): Rat {
    const hit = Rat.parsed.get(text);
    if (hit !== undefined) return hit;
    const r = Rat.read(text);
    if (Rat.parsed.size >= 4096) Rat.parsed.clear();
    Rat.parsed.set(text, r);
    return r;
  }

  private static read(text: string): Rat {
    const s = text.trim();
    if (s === "NA") return Rat.NA;
    const m = /^(-?)(\d+)(?:\/(\d+)|\.(\d+))?$/.exec(s);
    if (m === null) throw new SyntaxError(`not a rational number: ${JSON.stringify(text)}`);
    let n = Number(m[2]);
    let d = 1;
    if (m[3] !== undefined) d = Number(m[3]);
    else if (m[4] !== undefined) {
      d = 10 ** m[4].length;
      n = n * d + Number(m[4]);
    }
    return Rat.make(m[1] === "-" ? -n : n, d);
  }

  isNA(): boolean {
    return this === Rat.NA;
  }

  add(o: Rat): Rat {
    if (this === Rat.NA || o === Rat.NA) return Rat.NA;
    if (this.d === 1 && o.d === 1) return Rat.make(this.n + o.n, 1);
    const g = gcd(this.d, o.d);
    const bd = this.d / g;
    return Rat.make(this.n * (o.d / g) + o.n * bd, bd * o.d);
  }

  sub(o: Rat): Rat {
    return this.add(o.neg());
  }

  mul(o: Rat): Rat {
    if (this === Rat.NA || o === Rat.NA) return Rat.NA;
    if (this.n === 0 || o.n === 0) return Rat.ZERO;
    const g1 = gcd(this.n, o.d);
    const g2 = gcd(o.n, this.d);
    return Rat.make((this.n / g1) * (o.n / g2), (this.d / g2) * (o.d / g1));
  }

  div(o: Rat): Rat {
    if (this === Rat.NA || o === Rat.NA) return Rat.NA;
    if (o.n === 0) throw new RangeError("division by zero");
    return this.mul(new Rat(o.d, o.n));
  }

  neg(): Rat {
    if (this === Rat.NA || this.n === 0) return this;
    return new Rat(-this.n, this.d);
  }

  /** Sign of this − other. Throws on NA (NA is not ordered). */
  cmp(o: Rat): -1 | 0 | 1 {
    if (this === Rat.NA || o === Rat.NA) throw new RangeError("NA cannot be compared");
    const l = this.n * o.d;
    const r = o.n * this.d;
    if (Number.isSafeInteger(l) && Number.isSafeInteger(r)) return l < r ? -1 : l > r ? 1 : 0;
    const bl = BigInt(this.n) * BigInt(o.d);
    const br = BigInt(o.n) * BigInt(this.d);
    return bl < br ? -1 : bl > br ? 1 : 0;
  }

  /** Equal values (two NAs are equal; NA equals nothing else). */
  eq(o: Rat): boolean {
    return this === o || (this.n === o.n && this.d === o.d);
  }
  lt(o: Rat): boolean {
    return this.cmp(o) < 0;
  }
  le(o: Rat): boolean {
    return this.cmp(o) <= 0;
  }
  gt(o: Rat): boolean {
    return this.cmp(o) > 0;
  }
  ge(o: Rat): boolean {
    return this.cmp(o) >= 0;
  }
  min(o: Rat): Rat {
    return this.cmp(o) <= 0 ? this : o;
  }
  max(o: Rat): Rat {
    return this.cmp(o) >= 0 ? this : o;
  }

  isZero(): boolean {
    return this.n === 0;
  }
  isInteger(): boolean {
    return this.d === 1;
  }

  /** Smallest integer ≥ this (FRU). */
  ceil(): Rat {
    if (this === Rat.NA || this.d === 1) return this;
    return this.floor().add(Rat.ONE);
  }

  /** Largest integer ≤ this (FRD). Exact: uses the integer remainder, not float division. */
  floor(): Rat {
    if (this === Rat.NA || this.d === 1) return this;
    const r = ((this.n % this.d) + this.d) % this.d;
    return Rat.make((this.n - r) / this.d, 1);
  }

  toNumber(): number {
    return this.n / this.d;
  }

  /** "n" or "n/d" ("NA" for NA). */
  toString(): string {
    if (this === Rat.NA) return "NA";
    return this.d === 1 ? `${this.n}` : `${this.n}/${this.d}`;
  }
}

/** "Not allowed", the interpreter's NA cost. */
export const NA_RAT: Rat = Rat.NA;

/** The interpreter's number representation for the pricing loop. */
export const ratNum: Num<Rat> = {
  zero: Rat.ZERO,
  add: (a, b) => a.add(b),
  gt: (a, b) => a.gt(b),
  isNA: (a) => a === NA_RAT,
  toNumber: (a) => a.toNumber(),
  toExact: (a) => a.toString(),
};
