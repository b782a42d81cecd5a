/**
 * The memo of the conflicting-exception search (conflicts.ts). A rule's answer depends only on the
 * meaning of what its search evaluates or enumerates: the rule itself (its name, parameters, type, and
 * its exceptions' citations, conditions and values — not its paraphrases, citation or place), the
 * rules it calls and the tables they consult, and what every search of the ruleset shares (a short id,
 * conflicts.ts `sharedId`). An answer is filed under the rule's name, beside that meaning written out
 * as a tape of tokens; a lookup reads the current definitions against the tapes kept under the name,
 * the most recent first, so an unchanged rule is found with one walk of its definitions and nothing
 * built, and an edited one is a miss, never a wrong answer. Up to `VERSIONS` meanings are kept per
 * name (an edit undone is found again); a tape is written only when an answer is added. The memo
 * keeps the answers used last within `MEMO_BUDGET` bytes (as estimated from the tapes and answers
 * kept), so a long-running language server's memory is bounded by size, not by a count of rules.
 */
import type * as I from "../../ir/ir.js";

/** What a rule's search reads: a rule, a table, or (as text) a name that denotes neither. */
export type Part = I.RuleDef | I.TableDef | string;

/**
 * A meaning written out: its strings, numbers, booleans and nulls in order, with markers for where a
 * part, an object or an array begins and ends and each object's property names, so that two tapes are
 * equal exactly when the meanings are (an absent property and an undefined one alike).
 */
type Tape = (string | number | boolean | null | symbol)[];

const RULE = Symbol("rule");
const TABLE = Symbol("table");
const TEXT = Symbol("text");
const OBJECT = Symbol("object");
const ARRAY = Symbol("array");
const END = Symbol("end");

function writeJson(v: unknown, tape: Tape): void {
  if (v === null || typeof v !== "object") {
    tape.push(v as string | number | boolean | null);
    return;
  }
  if (Array.isArray(v)) {
    tape.push(ARRAY, v.length);
    for (const x of v) writeJson(x, tape);
    return;
  }
  tape.push(OBJECT);
  const o = v as Record<string, unknown>;
  for (const k in o) {
    const x = o[k];
    if (x === undefined) continue;
    tape.push(k);
    writeJson(x, tape);
  }
  tape.push(END);
}

function writeExceptions(xs: readonly I.Exception[], tape: Tape): void {
  tape.push(ARRAY, xs.length);
  for (const x of xs) {
    tape.push(x.cite);
    writeJson(x.when, tape);
    writeJson(x.value, tape);
    writeExceptions(x.exceptions, tape);
  }
}

/**
 * The tape of `parts`: a table's name, keys, type and rows; a rule's name, parameters, type, value
 * and exceptions (each one's citation, condition, value and exceptions); a text as itself.
 */
function writeParts(parts: readonly Part[]): Tape {
  const tape: Tape = [];
  for (const p of parts) {
    if (typeof p === "string") tape.push(TEXT, p);
    else if ("rows" in p) {
      tape.push(TABLE, p.name);
      writeJson(p.keys, tape);
      writeJson(p.type, tape);
      writeJson(p.rows, tape);
    } else {
      tape.push(RULE, p.name);
      writeJson(p.params, tape);
      writeJson(p.type, tape);
      writeJson(p.value, tape);
      writeExceptions(p.exceptions, tape);
    }
  }
  return tape;
}

/** Reads a tape back against the current definitions: whether they mean what it holds. */
class TapeReader {
  private i = 0;
  constructor(private readonly tape: Tape) {}

  /**
   * Whether the tape goes on with `v`. An array's or an object's members that are no object (most of
   * an expression's fields: its kind, name, number) are compared where they are met, not by a call.
   */
  private json(v: unknown): boolean {
    const t = this.tape;
    if (v === null || typeof v !== "object") return t[this.i++] === v;
    if (Array.isArray(v)) {
      if (t[this.i++] !== ARRAY || t[this.i++] !== v.length) return false;
      for (let j = 0; j < v.length; j++) {
        const x: unknown = v[j];
        if (x === null || typeof x !== "object" ? t[this.i++] !== x : !this.json(x)) return false;
      }
      return true;
    }
    if (t[this.i++] !== OBJECT) return false;
    const o = v as Record<string, unknown>;
    for (const k in o) {
      const x = o[k];
      if (x === undefined) continue;
      if (t[this.i++] !== k) return false;
      if (x === null || typeof x !== "object" ? t[this.i++] !== x : !this.json(x)) return false;
    }
    return t[this.i++] === END;
  }

  private exceptions(xs: readonly I.Exception[]): boolean {
    const t = this.tape;
    if (t[this.i++] !== ARRAY || t[this.i++] !== xs.length) return false;
    for (let j = 0; j < xs.length; j++) {
      const x = xs[j]!;
      if (t[this.i++] !== x.cite || !this.json(x.when) || !this.json(x.value)) return false;
      if (!this.exceptions(x.exceptions)) return false;
    }
    return true;
  }

  /** Whether the tape holds exactly `parts`. */
  parts(parts: readonly Part[]): boolean {
    const t = this.tape;
    for (let j = 0; j < parts.length; j++) {
      const p = parts[j]!;
      if (typeof p === "string") {
        if (t[this.i++] !== TEXT || t[this.i++] !== p) return false;
      } else if ("rows" in p) {
        if (t[this.i++] !== TABLE || t[this.i++] !== p.name) return false;
        if (!this.json(p.keys) || !this.json(p.type) || !this.json(p.rows)) return false;
      } else {
        if (t[this.i++] !== RULE || t[this.i++] !== p.name) return false;
        if (!this.json(p.params) || !this.json(p.type) || !this.json(p.value)) return false;
        if (!this.exceptions(p.exceptions)) return false;
      }
    }
    return this.i === t.length;
  }
}

/** The bytes a tape keeps, roughly: a slot each token, and each string's own. */
function tapeBytes(tape: Tape): number {
  let n = 16 + 8 * tape.length;
  for (const x of tape) if (typeof x === "string") n += 16 + x.length;
  return n;
}

/** An answer kept: the key it is filed under, the shared id and the tape of the parts it was found for, and its bytes. */
interface Entry<A> {
  key: string | number;
  shared: number;
  tape: Tape;
  answer: A;
  bytes: number;
}

/**
 * The bytes the memo may keep, as estimated (on the benchmark's synthetic ruleset the estimate is
 * within a few percent of the heap the entries hold, 3.5 kB a rule): some 4,500 such rules.
 */
export const MEMO_BUDGET = 16_000_000;

/** The meanings kept under one key (one rule's name), the least recently used going first. */
export const VERSIONS = 8;

/**
 * Answers by key (a rule's name), several meanings per key, within `budget` bytes, the least recently
 * used going first. Module-wide in conflicts.ts, so the language service's checks after every
 * keystroke share it.
 */
export class MeaningMemo<A> {
  /** The entries under each key, the most recently used first. */
  private readonly byKey = new Map<string | number, Entry<A>[]>();
  /** Every entry, the most recently used last. */
  private readonly order = new Set<Entry<A>>();
  private total = 0;

  constructor(private readonly budget = MEMO_BUDGET) {}

  /**
   * The answer kept under `key` and `shared` for exactly `parts` (the current definitions are read
   * against each tape under the key, the most recent first), made the most recent; else undefined.
   */
  get(key: string | number, shared: number, parts: readonly Part[]): A | undefined {
    const list = this.byKey.get(key);
    if (list === undefined) return undefined;
    for (let i = 0; i < list.length; i++) {
      const e = list[i]!;
      if (e.shared !== shared || !new TapeReader(e.tape).parts(parts)) continue;
      if (i > 0) {
        list.splice(i, 1);
        list.unshift(e);
      }
      this.order.delete(e);
      this.order.add(e);
      return e.answer;
    }
    return undefined;
  }

  /**
   * Keeps `answer` for `parts` under `key` and `shared` (the key's least recently used meaning going
   * when it holds `VERSIONS`), `answerBytes` being the answer's size; the least recently used answers
   * go until the memo is within its budget.
   */
  set(
    key: string | number,
    shared: number,
    parts: readonly Part[],
    answer: A,
    answerBytes: number,
  ): void {
    const tape = writeParts(parts);
    const bytes = 64 + tapeBytes(tape) + answerBytes;
    if (bytes > this.budget) return;
    const e: Entry<A> = { key, shared, tape, answer, bytes };
    const list = this.byKey.get(key);
    if (list === undefined) this.byKey.set(key, [e]);
    else {
      list.unshift(e);
      if (list.length > VERSIONS) this.drop(list[list.length - 1]!);
    }
    this.order.add(e);
    this.total += bytes;
    for (const old of this.order) {
      if (this.total <= this.budget) break;
      this.drop(old);
    }
  }

  private drop(e: Entry<A>): void {
    this.order.delete(e);
    this.total -= e.bytes;
    const list = this.byKey.get(e.key)!;
    if (list.length === 1) this.byKey.delete(e.key);
    else list.splice(list.indexOf(e), 1);
  }

  /** The bytes kept (estimated) and the number of answers. */
  get stats(): { bytes: number; count: number } {
    return { bytes: this.total, count: this.order.size };
  }
}
