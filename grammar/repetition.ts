/**
 * Chevrotain 11's `OPTION`, `MANY`, `MANY_SEP` and `AT_LEAST_ONE_SEP`, for a parser instance without
 * error recovery (the one that builds the AST as it parses, grammar/parser.ts). Chevrotain's own
 * (`optionInternalLogic`, …) make the same choices but allocate on every call for the sake of
 * recovery: a context for a closure over `this`, an array of arguments for
 * `attemptInRepetitionRecovery` (a no-op without recovery), a closure for the separator's lookahead.
 * With tens of thousands of calls per file that was a visible share of parsing's garbage. These take
 * the same lookahead functions from Chevrotain's cache and call the same actions in the same order;
 * an early exit (`AT_LEAST_ONE_SEP` with nothing to repeat) is left to Chevrotain's own, which raises
 * its exception. test/grammar/chevrotain-internals.test.ts holds the names to Chevrotain's.
 */
import type { IToken, TokenType } from "chevrotain";

/** The Chevrotain internals these use: all public-shaped methods of its parser class. */
interface Internals {
  getLaFuncFromCache(key: number): (this: Internals) => boolean;
  getLexerPosition(): number;
  tokenMatcher(token: IToken, type: TokenType): boolean;
  LA(howMuch: number): IToken;
  CONSUME(type: TokenType): IToken;
}
type Action = (this: Internals) => unknown;
interface Gated {
  GATE?: (this: Internals) => boolean;
  DEF: Action;
}
interface Separated {
  SEP: TokenType;
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
  _occurrence: number,
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
    if (!(this.getLexerPosition() > before)) break;
  }
}

function manySepFirstInternalLogic(
  this: Internals,
  _occurrence: number,
  options: Separated,
  key: number,
): void {
  if (this.getLaFuncFromCache(key).call(this) !== true) return;
  const { SEP: sep, DEF: action } = options;
  action.call(this);
  while (this.tokenMatcher(this.LA(1), sep) === true) {
    this.CONSUME(sep);
    action.call(this);
  }
}

/** Chevrotain's own, for the early exit. */
type Original = (this: Internals, occurrence: number, options: Separated, key: number) => void;

function atLeastOneSepFirstInternalLogic(
  this: Internals & { readonly originalAtLeastOneSep: Original },
  occurrence: number,
  options: Separated,
  key: number,
): void {
  if (this.getLaFuncFromCache(key).call(this) !== true) {
    this.originalAtLeastOneSep(occurrence, options, key);
    return;
  }
  const { SEP: sep, DEF: action } = options;
  action.call(this);
  while (this.tokenMatcher(this.LA(1), sep) === true) {
    this.CONSUME(sep);
    action.call(this);
  }
}

/** The methods `installRepetitions` replaces, by their names in Chevrotain 11. */
export const REPLACED = [
  "optionInternalLogic",
  "manyInternalLogic",
  "manySepFirstInternalLogic",
  "atLeastOneSepFirstInternalLogic",
] as const;

/**
 * Gives `parser` (an instance without recovery, its grammar already recorded) the allocation-free
 * repetitions, as own properties: the class, and so the recovering instance, keeps Chevrotain's.
 */
export function installRepetitions(parser: object): void {
  const p = parser as Record<string, unknown>;
  p["originalAtLeastOneSep"] = p["atLeastOneSepFirstInternalLogic"];
  p["optionInternalLogic"] = optionInternalLogic;
  p["manyInternalLogic"] = manyInternalLogic;
  p["manySepFirstInternalLogic"] = manySepFirstInternalLogic;
  p["atLeastOneSepFirstInternalLogic"] = atLeastOneSepFirstInternalLogic;
}
