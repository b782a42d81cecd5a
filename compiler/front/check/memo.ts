/**
 * The memo of the conflicting-exception search (conflicts.ts). A rule's answer depends only on the
 * meaning of what its search evaluates or enumerates: the rule itself (its name, parameters, type, and
 * its exceptions' citations, conditions and values — not its paraphrases, citation or place), the
 * rules it calls and the tables they consult, and what every search of the ruleset shares (a short id,
 * conflicts.ts `sharedId`). An answer is kept under a 32-bit hash of that meaning, beside the meaning
 * itself written out as a tape of tokens: a hit is checked against the tape, so two meanings with one
 * hash are a miss, never a wrong answer. Hashing walks the checked definitions without building
 * anything, once per definition per check; a tape is written only when an answer is added. The memo
 * keeps the answers used last within `MEMO_BUDGET` bytes (as estimated from the tapes and answers
 * kept), so a long-running language server's memory is bounded by size, not by a count of rules.
 */
import type * as I from "../../ir/ir.js";

/** A rule or table expression: what a definition refers to. */
export type Ref = I.Expr & { k: "rule" | "table" };

/** What a rule's search reads: a rule, a table, or (as text) a name that denotes neither. */
export type Part = I.RuleDef | I.TableDef | string;

/** A definition's meaning, hashed: its hash, and what it refers to. */
export interface Meaning {
  hash: number;
  /** The rules and tables its expressions name, parents before children (empty for a table). */
  refs: readonly Ref[];
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const NO_REFS: readonly Ref[] = [];

/** Hashes JSON-like values (the IR's objects, arrays, strings, numbers, booleans and null). */
class Hasher {
  h = FNV_OFFSET;
  refs: Ref[] | null = null;

  tag(n: number): void {
    this.h = Math.imul(this.h ^ n, FNV_PRIME);
  }

  str(s: string): void {
    let h = this.h;
    for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), FNV_PRIME);
    this.h = Math.imul(h ^ 0xff, FNV_PRIME);
  }

  json(v: unknown): void {
    if (typeof v === "string") this.str(v);
    else if (typeof v === "number") this.tag((v | 0) ^ 0x5bd1e995);
    else if (typeof v === "boolean") this.tag(v ? 2 : 3);
    else if (v === null || typeof v !== "object") this.tag(4);
    else if (Array.isArray(v)) {
      this.tag(0x100 + v.length);
      for (const x of v) this.json(x);
    } else {
      this.tag(5);
      const o = v as Record<string, unknown>;
      if (o["k"] === "rule" || o["k"] === "table") (this.refs ??= []).push(o as Ref);
      for (const k in o) {
        const x = o[k];
        if (x === undefined) continue;
        this.json(x);
      }
    }
  }

  exceptions(xs: readonly I.Exception[]): void {
    this.tag(0x200 + xs.length);
    for (const x of xs) {
      this.str(x.cite);
      this.json(x.when);
      this.json(x.value);
      this.exceptions(x.exceptions);
    }
  }

  done(): Meaning {
    return { hash: this.h >>> 0, refs: this.refs ?? NO_REFS };
  }
}

/** The meaning of rule `r` for the search. */
export function ruleMeaning(r: I.RuleDef): Meaning {
  const h = new Hasher();
  h.str(r.name);
  h.json(r.params);
  h.json(r.type);
  h.json(r.value);
  h.exceptions(r.exceptions);
  return h.done();
}

/** The meaning of table `t` for the search: its name, keys, type and rows. */
export function tableMeaning(t: I.TableDef): Meaning {
  const h = new Hasher();
  h.str(t.name);
  h.json(t.keys);
  h.json(t.type);
  h.json(t.rows);
  return h.done();
}

/** `h` combined with `n` (a part's hash, or a shared id). */
export function mix(h: number, n: number): number {
  return Math.imul(h ^ n, FNV_PRIME) >>> 0;
}

/** The hash of a name that denotes no definition, for a part given as text. */
export function textHash(s: string): number {
  const h = new Hasher();
  h.str(s);
  return h.h >>> 0;
}

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

/** The tape of `parts`: each part's meaning, as `ruleMeaning` and `tableMeaning` hash it. */
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

  private json(v: unknown): boolean {
    const t = this.tape;
    if (v === null || typeof v !== "object") return t[this.i++] === v;
    if (Array.isArray(v)) {
      if (t[this.i++] !== ARRAY || t[this.i++] !== v.length) return false;
      for (const x of v) if (!this.json(x)) return false;
      return true;
    }
    if (t[this.i++] !== OBJECT) return false;
    const o = v as Record<string, unknown>;
    for (const k in o) {
      const x = o[k];
      if (x === undefined) continue;
      if (t[this.i++] !== k || !this.json(x)) return false;
    }
    return t[this.i++] === END;
  }

  private exceptions(xs: readonly I.Exception[]): boolean {
    const t = this.tape;
    if (t[this.i++] !== ARRAY || t[this.i++] !== xs.length) return false;
    for (const x of xs) {
      if (t[this.i++] !== x.cite || !this.json(x.when) || !this.json(x.value)) return false;
      if (!this.exceptions(x.exceptions)) return false;
    }
    return true;
  }

  /** Whether the tape holds exactly `parts`. */
  parts(parts: readonly Part[]): boolean {
    const t = this.tape;
    for (const p of parts) {
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

/** An answer kept: the shared id and the tape of the parts it was found for, and its bytes. */
interface Entry<A> {
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

/**
 * Answers by the hash of their meaning, the most recently used last, within `budget` bytes.
 * Module-wide in conflicts.ts, so the language service's checks after every keystroke share it.
 */
export class MeaningMemo<A> {
  private readonly entries = new Map<number, Entry<A>>();
  private total = 0;

  constructor(private readonly budget = MEMO_BUDGET) {}

  /** The answer kept for `parts` under `shared` (hash `hash`), made the most recent; else undefined. */
  get(hash: number, shared: number, parts: readonly Part[]): A | undefined {
    const e = this.entries.get(hash);
    if (e === undefined || e.shared !== shared || !new TapeReader(e.tape).parts(parts))
      return undefined;
    this.entries.delete(hash);
    this.entries.set(hash, e);
    return e.answer;
  }

  /**
   * Keeps `answer` for `parts` under `shared` (replacing what `hash` held), `answerBytes` being the
   * answer's size; the least recently used answers go until the memo is within its budget.
   */
  set(hash: number, shared: number, parts: readonly Part[], answer: A, answerBytes: number): void {
    const old = this.entries.get(hash);
    if (old !== undefined) {
      this.total -= old.bytes;
      this.entries.delete(hash);
    }
    const tape = writeParts(parts);
    const bytes = 64 + tapeBytes(tape) + answerBytes;
    if (bytes > this.budget) return;
    this.entries.set(hash, { shared, tape, answer, bytes });
    this.total += bytes;
    for (const [k, e] of this.entries) {
      if (this.total <= this.budget) break;
      this.entries.delete(k);
      this.total -= e.bytes;
    }
  }

  /** The bytes kept (estimated) and the number of answers. */
  get stats(): { bytes: number; count: number } {
    return { bytes: this.total, count: this.entries.size };
  }
}
