/**
 * Situations: for a row whose rulesets define a rule, predicate or constraint differently, the smallest
 * inputs under which their answers differ ("half-squad carrying 3 PP: SL 3 MF, ASL 4 MF").
 *
 * The domain (domain.ts): the inputs the definitions read that at least two rulesets declare, with
 * the values they share. Each ruleset answers a situation through an Asker (situation-answers.ts), or gives no
 * answer (null) when it cannot be asked it; a situation counts when two answers differ. It is shown
 * as describe.ts writes it. Every definition without parameters is searched.
 *
 * The search. Situations are tried in order of weight (how many dimensions are off their default),
 * so the first ones found are minimal; a situation that contains one already found (the same values
 * plus more) is skipped, and one that differs from a found one only in a number is kept only when
 * there are too few others.
 */

import { Asker, type Answer } from "./situation-answers.js";
import { describe, type SituationInputs } from "./describe.js";
import {
  assignments,
  buildDims,
  isRule,
  readsOf,
  type Assignment,
  type Subject,
} from "./domain.js";

export type { Answer } from "./situation-answers.js";
export type { SituationInputs } from "./describe.js";
export type { Subject } from "./domain.js";

export interface Situation {
  inputs: SituationInputs;
  /** ruleset id → the answer (null: the ruleset cannot be asked this situation). */
  values: Record<string, Answer>;
  /** ruleset id → the answer as a reader sees it ("3 MF", "NA", "yes"). */
  display: Record<string, string | null>;
  /** ruleset id → citations of the definitions that gave the answer. */
  rules: Record<string, string[]>;
  /** The inputs as a reader sees them: "Half-squad, portage 3 PP". */
  text: string;
}

export interface SearchOptions {
  /** At most this many situations (default 5). */
  limit?: number;
  /**
   * Give up when one ruleset has been evaluated this many times (default 400; situations that differ
   * only in inputs a definition does not read are answered from a cache and do not count), or after
   * 20 times as many situations.
   */
  budget?: number;
}

/** Whether the search can ask this definition at all. */
export function searchable(s: Subject): boolean {
  return !(isRule(s.def) && s.def.params.length > 0);
}

/**
 * Up to `limit` minimal situations in which the subjects' answers differ (none when they agree on
 * the whole domain, or when fewer than two subjects can be searched).
 */
export function findSituations(all: readonly Subject[], opts: SearchOptions = {}): Situation[] {
  const limit = opts.limit ?? 5;
  const budget = opts.budget ?? 400;
  const subjects = all.filter(searchable);
  if (subjects.length < 2) return [];
  const reads = subjects.map((s) => readsOf(s.ir, s.def));
  const dims = buildDims(subjects, reads);
  // Definitions that read no shared input differ everywhere alike: no situation says more than the cells.
  if (dims.length === 0) return [];
  const askers = subjects.map((s, i) => new Asker(s, reads[i]!));
  const pathLevel = subjects.some((s, i) => s.def.context === "path" || reads[i]!.path);
  // `found` are minimal and of a new kind; `more` differ from one found only in a number (the
  // same fields off their defaults, the same enum values): used only when there are too few others.
  const found: { a: Assignment; sit: Situation }[] = [];
  const more: { a: Assignment; sit: Situation }[] = [];
  const classOf = (a: Readonly<Assignment>) =>
    a
      .map((v, i) => (v === undefined ? "-" : dims[i]!.kind === "num" ? "#" : String(v)))
      .join("\u0000");
  const classes = new Set<string>();
  let tried = 0;
  for (const a of assignments(dims)) {
    if (
      ++tried > budget * 20 ||
      found.length >= limit ||
      askers.some((k) => k.evaluations >= budget)
    )
      break;
    // Skip a situation that contains one already found.
    if ([...found, ...more].some((f) => f.a.every((v, i) => v === undefined || v === a[i])))
      continue;
    const outs = askers.map((k) => k.ask(dims, a));
    const keys = new Set(outs.filter((o) => o !== null).map((o) => o!.key));
    if (keys.size < 2) continue;
    const { inputs, text } = describe(subjects, dims, a, pathLevel);
    const values: Record<string, Answer> = {};
    const display: Record<string, string | null> = {};
    const rules: Record<string, string[]> = {};
    for (const s of all) {
      const i = subjects.indexOf(s);
      const o = i < 0 ? null : outs[i]!;
      values[s.id] = o ? o.answer : null;
      display[s.id] = o ? o.display : null;
      rules[s.id] = o ? o.rules : [];
    }
    const cls = classOf(a);
    const entry = { a, sit: { inputs, values, display, rules, text } };
    if (classes.has(cls)) more.push(entry);
    else {
      classes.add(cls);
      found.push(entry);
    }
  }
  return [...found, ...more].slice(0, limit).map((f) => f.sit);
}
