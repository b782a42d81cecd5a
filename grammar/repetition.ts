/**
 * Chevrotain 11's `OPTION` and `MANY`, for the parser that builds the AST as it parses
 * (grammar/parser.ts). Chevrotain's own (`optionInternalLogic`, `manyInternalLogic`) make the same
 * choices but allocate on every call: a closure over `this` for a gate, and an array of arguments
 * for `attemptInRepetitionRecovery`, the in-repetition error recovery run after every `MANY`. With
 * tens of thousands of calls per file that was a visible share of parsing's garbage. These take the
 * same lookahead functions from Chevrotain's cache and call the same actions in the same order.
 * After a repetition they ask, without allocating, what Chevrotain's recovery would ask first —
 * does the token that may follow the repetition (`firstAfterRepMap`, Chevrotain's cache) come next?
 * — and only where it does not (a syntax error, or the first time that cache is asked) call
 * Chevrotain's own method, which then runs no round (its lookahead says no) and tries the
 * recovery. `MANY_SEP` and `AT_LEAST_ONE_SEP` stay Chevrotain's: their recovery resumes the list
 * mid-way, by functions Chevrotain does not export. test/grammar/chevrotain-internals.test.ts
 * holds the names to Chevrotain's.
 */
import type { IToken, TokenType } from "chevrotain";

/** The Chevrotain internals these use: all public-shaped methods and fields of its parser class. */
interface Internals {
  getLaFuncFromCache(key: number): (this: Internals) => boolean;
  getLexerPosition(): number;
  tokenMatcher(token: IToken, type: TokenType): boolean;
  LA(howMuch: number): IToken;
  /** Per repetition (by its lookahead key): the token that may follow it, once Chevrotain asked. */
  firstAfterRepMap: Record<
    number,
    { token: TokenType | undefined; isEndOfRule: boolean } | undefined
  >;
  RULE_STACK: number[];
  /** Chevrotain's own `manyInternalLogic` (see `installRepetitions`). */
  originalMany(occurrence: number, def: Action | Gated, key: number): void;
}
type Action = (this: Internals) => unknown;
interface Gated {
  GATE?: (this: Internals) => boolean;
  DEF: Action;
}

function optionInternalLogic(
  this: Internals,
  def: Action | Gated,
  _occurrence: number,
  key: number,
): unknown {
  let action: Action;
  if (typeof def === "function") action = def;
  else {
    action = def.DEF;
    // Chevrotain: `GATE() && lookahead()`, the gate first.
    if (def.GATE !== undefined && def.GATE.call(this) !== true) return undefined;
  }
  return this.getLaFuncFromCache(key).call(this) === true ? action.call(this) : undefined;
}

function manyInternalLogic(
  this: Internals,
  occurrence: number,
  def: Action | Gated,
  key: number,
): void {
  const lookahead = this.getLaFuncFromCache(key);
  const action = typeof def === "function" ? def : def.DEF;
  const gate = typeof def === "function" ? undefined : def.GATE;
  // As Chevrotain's: repeat while the lookahead says so and each round consumes a token.
  while ((gate === undefined || gate.call(this) === true) && lookahead.call(this) === true) {
    const before = this.getLexerPosition();
    action.call(this);
    // Stuck: Chevrotain tries no recovery either.
    if (!(this.getLexerPosition() > before)) return;
  }
  if (!followsAsExpected(this, key)) this.originalMany(occurrence, def, key);
}

/**
 * Whether Chevrotain's in-repetition recovery would stop at its first test after the repetition
 * of lookahead key `key` (`attemptInRepetitionRecovery`): nothing to resynchronise to (a
 * repetition at the end of a rule that is not the file's), or the token expected after it is next.
 */
function followsAsExpected(p: Internals, key: number): boolean {
  const after = p.firstAfterRepMap[key];
  if (after === undefined) return false;
  if (after.token === undefined) return !(p.RULE_STACK.length === 1 && after.isEndOfRule);
  return p.tokenMatcher(p.LA(1), after.token);
}

/** The methods `installRepetitions` replaces, by their names in Chevrotain 11. */
export const REPLACED = ["optionInternalLogic", "manyInternalLogic"] as const;

/**
 * Gives `parser` (its grammar already recorded) the allocation-free repetitions, as own
 * properties; Chevrotain's `MANY` stays reachable as `originalMany` for the recovery.
 */
export function installRepetitions(parser: object): void {
  const p = parser as Record<string, unknown>;
  p["originalMany"] = p["manyInternalLogic"];
  p["optionInternalLogic"] = optionInternalLogic;
  p["manyInternalLogic"] = manyInternalLogic;
}
