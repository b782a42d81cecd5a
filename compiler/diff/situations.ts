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

import { Asker, type Answer, type Glance, type Used } from "./situation-answers.js";
import { describe, type Fold, type SituationInputs } from "./describe.js";
import { memberDisplay, scopeOf } from "../render/expr.js";
import {
  assignments,
  buildDims,
  countAssignments,
  enumMembers,
  fieldDef,
  isRule,
  readsOf,
  type Assignment,
  type Dim,
  type Subject,
} from "./domain.js";
import type { Exception, RecordName } from "../ir/ir.js";
import { bindAtCall } from "./bind.js";
import { humanise } from "../render/expr.js";

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
  /** Set when the situation gives inputs only some rulesets have (absent otherwise). */
  only?: OneSided;
  /**
   * Set when situations that differ only in one enum input's member, with the same answers and
   * citations on every side, are folded into this one: that input (`vehicle.kind`) and its members,
   * the first being the one `inputs` holds ("Tank, Halftrack or Truck" in `text`).
   */
  members?: { input: string; values: string[] };
  /**
   * On a root cause's row (causes.ts): the changed rows that explain this situation — given their
   * first ruleset's values, every later ruleset answers as the first (absent otherwise).
   */
  follows?: string[];
  /**
   * On a root cause's row: the changed rows its answer also turns on, and what each later ruleset
   * answers with them given the values of ruleset `from` (absent where it turns on none).
   */
  apart?: { from: string; causes: string[]; display: Record<string, string> };
}

/**
 * A situation with inputs only some rulesets have ("only asl-a4 has Conscript"): the rulesets that
 * lack them cannot be asked it (their `values` are null); what they answer without those inputs is
 * what the answers differ from.
 */
export interface OneSided {
  /** The inputs, as a reader names them: "Conscript", "winter". */
  inputs: string[];
  /** The rulesets that have them. */
  rulesets: string[];
  /** ruleset id → what a ruleset that lacks them answers without them (4, "4 MF"). */
  without: Record<string, { value: Answer; display: string } | null>;
}

/**
 * What a one-sided situation says of each ruleset that lacks its inputs: "sl-classic has no
 * Conscript: 4 MF without it". Empty for a situation over shared inputs.
 */
export function lackingWords(sit: Situation, ids: readonly string[]): string[] {
  const only = sit.only;
  if (only === undefined) return [];
  const what = only.inputs.join(" or ");
  const it = only.inputs.length === 1 ? "it" : "them";
  return ids
    .filter((id) => id in only.without)
    .map((id) => {
      const w = only.without[id];
      return `${id} has no ${what}${w ? `: ${w.display} without ${it}` : ""}`;
    });
}

/** The search's own form of a situation: its dimensions and their values (see `probeOf`). */
export interface Probe {
  dims: readonly Dim[];
  a: Readonly<Assignment>;
}
const PROBE = Symbol("probe");

/** How a situation the search found was asked, to ask it again of another form of a definition. */
export function probeOf(s: Situation): Probe | undefined {
  return (s as unknown as Record<symbol, Probe | undefined>)[PROBE];
}

/** What each ruleset's answer in a situation used: the exceptions that applied, the rules and rows. */
export type Trace = Record<string, { fired: readonly Exception[]; used: Used } | undefined>;
const TRACE = Symbol("trace");

/** What each ruleset's answer used (deciding.ts); empty for a situation not made by the search. */
export function traceOf(s: Situation): Trace {
  return (s as unknown as Record<symbol, Trace | undefined>)[TRACE] ?? {};
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

/** Whether the search can ask this definition at all (one with parameters: bound at a call, bind.ts). */
export function searchable(s: Subject): boolean {
  return prepared(s) !== null;
}

/** The subject as the search asks it: a definition with parameters bound at its first call. */
function prepared(s: Subject): Subject | null {
  if (!(isRule(s.def) && s.def.params.length > 0)) return s;
  const b = bindAtCall(s.ir, s.def);
  return b === null ? null : { ...s, def: b.def, origin: b.origin };
}

/**
 * What a row is about (notes.ts's exceptionNotes): per ruleset id, the exceptions of its own definition
 * that the other rulesets add, drop or change; and whether the base values read differently. A
 * situation is evidence for the row only when it exercises one of them: a situation where only a
 * definition the row uses differs (the Uphill row's shell hole without a climb) belongs to that
 * definition's row.
 */
export interface Focus {
  exceptions: ReadonlyMap<string, ReadonlySet<Exception>>;
  base: boolean;
}

export interface SearchResult {
  situations: Situation[];
  /** Focus exceptions no situation found fires (with answers that differ). */
  unfired: { id: string; exception: Exception }[];
  /** Why a row whose definitions differ has no situations (null when it has some). */
  why: string | null;
  /** The search stopped at its budget before it saw every situation. */
  exhausted: boolean;
}

/**
 * Up to `limit` minimal situations in which the subjects' answers differ (none when they agree on
 * the whole domain, or when fewer than two subjects can be searched).
 */
export function findSituations(all: readonly Subject[], opts: SearchOptions = {}): Situation[] {
  return searchSituations(all, opts).situations;
}

/** Whether the answers given (not null) are not all the same. */
function twoAnswers(outs: readonly ({ key: string } | null)[]): boolean {
  let first: string | null = null;
  for (const o of outs) {
    if (o === null) continue;
    if (first === null) first = o.key;
    else if (o.key !== first) return true;
  }
  return false;
}

/** A one-sided situation sets at most this many inputs (its one-sided ones included). */
const ONE_SIDED = 3;

/** How a reader names a one-sided input: a status by its display ("Conscript"), a field by its name. */
function inputName(subjects: readonly Subject[], d: Dim): string {
  if (d.kind === "flag") {
    for (const s of subjects) {
      const f = fieldDef(s.ir, d.rec, "json", d.json);
      if (f?.type.t === "set" && enumMembers(s.ir, f.type.of).includes(d.member!))
        return memberDisplay(scopeOf(s.ir), f.type.of, d.member!);
    }
    return d.member!;
  }
  return d.rec === "vehicle" ? "vehicle" : humanise(d.json).toLowerCase();
}

/**
 * The search, with a focus: situations that exercise none of the row's focus are left out, and the
 * search goes on (within its budget) until every focus exception has fired in a situation whose
 * answers differ — then those come first. It runs twice: over the inputs two or more rulesets share;
 * then, when that found too few situations or left a focus exception unfired, also setting inputs
 * only one ruleset has (a one-sided situation: the others answer without them, and say they lack
 * them). Says why when it finds nothing, with the search's bound.
 */
export function searchSituations(
  all: readonly Subject[],
  opts: SearchOptions & { focus?: Focus } = {},
): SearchResult {
  const limit = opts.limit ?? 5;
  const budget = opts.budget ?? 400;
  const subjects = all.map(prepared).filter((s): s is Subject => s !== null);
  const none = (why: string | null): SearchResult => ({
    situations: [],
    unfired: [],
    why,
    exhausted: false,
  });
  if (subjects.length < 2) {
    const withParams = all.filter((s) => !searchable(s)).map((s) => s.id);
    return none(
      withParams.length > 0
        ? `no situations: ${withParams.join(", ")} ${withParams.length === 1 ? "takes" : "take"} parameters and no definition of ${withParams.length === 1 ? "its" : "their"} ruleset calls it, so nothing says what they stand for`
        : null,
    );
  }
  const reads = subjects.map((s) => readsOf(s.ir, s.def));
  const built = buildDims(subjects, reads, true);
  // Definitions that read no input differ everywhere alike: no situation says more than the cells.
  const readsNothing = reads.every(
    (r) => r.fields.size === 0 && r.flags.size === 0 && r.wholeSets.size === 0 && !r.path,
  );
  if (built.length === 0 && readsNothing) return none(null); // constants: the cells say it all
  if (built.length === 0)
    return none(
      "no situations: the definitions read no input two rulesets share, so they differ alike everywhere",
    );
  const askers = subjects.map((s, i) => new Asker(s, reads[i]!));
  // Pruned by what each definition reads: a dimension no definition reads (one only pricing or a
  // whole-set read brought in) is never varied — it could only leave a ruleset without an answer.
  const dims = built.map((d, i) =>
    askers.some((k) => k.readsDim(built, i)) ? d : { ...d, values: [d.def] },
  );
  const pathLevel = subjects.some((s, i) => s.def.context === "path" || reads[i]!.path);
  const focus = opts.focus;
  const focusSets = subjects.map((s) => focus?.exceptions.get(s.id) ?? new Set<Exception>());
  const hasFocus = focus !== undefined && (focus.base || focusSets.some((f) => f.size > 0));
  const uncovered = new Set<Exception>(focusSets.flatMap((f) => [...f]));
  // Per subject: whether its focus exceptions are all of its own definition's (a row that follows
  // from others has theirs), so that a glance's `own` tells which of them fired.
  const ownFocus = subjects.map((s, i) => {
    if (focusSets[i]!.size === 0 || !isRule(s.def)) return false;
    const tree = new Set<Exception>();
    const add = (xs: readonly Exception[]) =>
      xs.forEach((x) => {
        tree.add(x);
        add(x.exceptions);
      });
    add(s.def.exceptions);
    return [...focusSets[i]!].every((x) => tree.has(x));
  });
  // `found` are minimal and of a new kind; `more` differ from one found only in a number (the
  // same fields off their defaults, the same enum values): used only when there are too few others.
  // `cover` fire a focus exception no earlier situation fired.
  type Entry = { a: Assignment; sit: Situation; n: number; sig: string; fold?: Fold };
  const found: Entry[] = [];
  const more: Entry[] = [];
  const cover: Entry[] = [];
  const kept = () => [...found, ...more, ...cover];
  // The one enum dimension where `a` differs from entry `e`, when both answer alike (else null).
  const foldsAt = (e: Entry, a: Readonly<Assignment>, sig: string): number | null => {
    if (e.sig !== sig) return null;
    let at: number | null = null;
    for (let i = 0; i < dims.length; i++) {
      if (e.a[i] === a[i]) continue;
      if (at !== null || dims[i]!.kind !== "enum") return null;
      at = i;
    }
    if (at === null || (e.fold !== undefined && e.fold.index !== at)) return null;
    const mine = a[at] ?? dims[at]!.def;
    const theirs = e.a[at] ?? dims[at]!.def;
    return mine === null || theirs === null ? null : at;
  };
  // Whether situation `a` contains entry `f`'s: the same values, and perhaps more set.
  const within = (f: Entry, a: Readonly<Assignment>) => {
    for (let i = 0; i < f.a.length; i++) {
      const v = f.a[i];
      if (v === undefined || v === a[i]) continue;
      if (f.fold?.index === i && f.fold.members.includes(a[i] as string)) continue;
      return false;
    }
    return true;
  };
  const containsOne = (list: readonly Entry[], a: Readonly<Assignment>) => {
    for (let i = 0; i < list.length; i++) if (within(list[i]!, a)) return true;
    return false;
  };
  // Whether some Asker has spent its budget in this phase.
  const spentAll = (spent: readonly number[], oneSided: boolean, cap: number) => {
    for (let i = 0; i < askers.length; i++) {
      const k = askers[i]!;
      if ((oneSided ? k.work : k.evaluations) - spent[i]! >= cap) return true;
    }
    return false;
  };
  const classOf = (a: Readonly<Assignment>) =>
    a
      .map((v, i) => (v === undefined ? "-" : dims[i]!.kind === "num" ? "#" : String(v)))
      .join("\u0000");
  const classes = new Set<string>();
  let tried = 0;
  let offTopic = 0;
  let exhausted = false;
  let complete = true;
  const phases = dims.some((d) => d.only !== null) ? [false, true] : [false];
  for (const oneSided of phases) {
    // One-sided situations are sought only where the shared inputs show nothing, or leave a focus
    // exception unfired (a wounded SMC's 3 MF, A4.11).
    if (oneSided && found.length + more.length + cover.length > 0 && uncovered.size === 0) break;
    // Each phase has a budget of its own: the shared inputs' search does not starve the one-sided
    // one, which looks for small situations only (ONE_SIDED: at most that many inputs set, half the
    // evaluations).
    // The one-sided search counts work, so a definition answered over every roll of the dice
    // counts each roll.
    const spent = askers.map((k) => (oneSided ? k.work : k.evaluations));
    const cap = oneSided ? Math.ceil(budget / 2) : budget;
    let triedHere = 0;
    complete = true;
    const maxWeight = oneSided ? ONE_SIDED : dims.length;
    for (const a of assignments(dims, oneSided, maxWeight)) {
      if (++triedHere > cap * 20 || spentAll(spent, oneSided, cap)) {
        exhausted = true;
        complete = false;
        break;
      }
      tried++;
      if (found.length >= limit && uncovered.size === 0) {
        complete = false;
        break;
      }
      // Skip a situation that contains one already found, unless a focus exception is still to fire.
      const contains = containsOne(found, a) || containsOne(more, a) || containsOne(cover, a);
      if (contains && uncovered.size === 0) {
        // A situation found at the defaults contains every later one: skip them all at once, as
        // the loop would one by one (each counted as tried, up to the bound of 20× the budget).
        if (!kept().some((e) => e.a.every((v) => v === undefined))) continue;
        const left = countAssignments(dims, oneSided, maxWeight) - triedHere;
        const skipped = Math.min(left, cap * 20 - triedHere);
        tried += skipped;
        if (left > skipped) {
          exhausted = true;
          complete = false;
        }
        break;
      }
      const answers: (Glance | null)[] = new Array(askers.length);
      for (let i = 0; i < askers.length; i++) answers[i] = askers[i]!.ask(dims, a);
      if (!twoAnswers(answers)) continue;
      // One-sided: the rulesets that lack an input set here answer without it.
      const lacking = askers.map((k) => oneSided && k.ignores(dims, a));
      if (oneSided) {
        // Evidence only when a ruleset that has the inputs answers other than one that lacks them.
        const has = answers.filter((o, i) => o !== null && !lacking[i]).map((o) => o!.key);
        const lacks = answers.filter((o, i) => o !== null && lacking[i]).map((o) => o!.key);
        if (!has.some((h) => lacks.some((l) => l !== h))) continue;
      }
      // The answers differ: what each rests on (its citations, the exceptions that fired), asked
      // where it is read.
      const outcomeOf = (i: number) => (answers[i] === null ? null : askers[i]!.outcome(dims, a));
      // Which of the focus exceptions fired. Base values that read differently make every situation
      // whose answers differ evidence; otherwise one of the focus exceptions must fire.
      const fired = new Set<Exception>();
      focusSets.forEach((focusSet, i) => {
        // A ruleset that lacks the inputs counts too: its exception fires where the other's does not.
        if (focusSet.size === 0) return;
        // Focus exceptions all the definition's own: the glance tells which applied.
        const own = ownFocus[i] ? answers[i]?.own : undefined;
        for (const x of own ?? outcomeOf(i)?.fired ?? []) if (focusSet.has(x)) fired.add(x);
      });
      if (hasFocus && !focus!.base && fired.size === 0) {
        offTopic++;
        continue;
      }
      const newly = [...fired].filter((x) => uncovered.has(x));
      if (contains && newly.length === 0) continue;
      if (found.length >= limit && newly.length === 0) continue;
      const outs = askers.map((_, i) => outcomeOf(i));
      const { inputs, text } = describe(subjects, dims, a, pathLevel);
      const values: Record<string, Answer> = {};
      const display: Record<string, string | null> = {};
      const rules: Record<string, string[]> = {};
      const without: OneSided["without"] = {};
      const trace: Trace = {};
      for (const s of all) {
        const i = subjects.findIndex((x) => x.id === s.id);
        const o = i < 0 || lacking[i] ? null : outs[i]!;
        values[s.id] = o ? o.answer : null;
        display[s.id] = o ? o.display : null;
        rules[s.id] = o ? [...o.rules] : [];
        if (o?.used) trace[s.id] = { fired: o.fired ?? [], used: o.used };
        if (i >= 0 && lacking[i]) {
          const o = outs[i];
          without[s.id] = o ? { value: o.answer, display: o.display } : null;
        }
      }
      const sit: Situation = { inputs, values, display, rules, text };
      if (oneSided)
        sit.only = {
          inputs: dims.flatMap((d, i) =>
            a[i] !== undefined && d.only !== null ? [inputName(subjects, d)] : [],
          ),
          rulesets: subjects.filter((_, i) => !lacking[i]).map((s) => s.id),
          without,
        };
      // How to ask the situation again (causes.ts), kept out of the report's data.
      Object.defineProperty(sit, PROBE, { value: { dims, a } satisfies Probe, enumerable: false });
      Object.defineProperty(sit, TRACE, { value: trace, enumerable: false });
      const sig = JSON.stringify([values, display, rules, sit.only ?? null]);
      // The same answers and citations everywhere, differing only in one enum input's member: one
      // situation naming the members ("Tank, Halftrack or Truck").
      const into = [...cover, ...found, ...more].find((e) => foldsAt(e, a, sig) !== null);
      if (into !== undefined) {
        const i = foldsAt(into, a, sig)!;
        const first = (into.a[i] ?? dims[i]!.def) as string;
        const member = (a[i] ?? dims[i]!.def) as string;
        into.fold = { index: i, members: [...(into.fold?.members ?? [first]), member] };
        into.sit.text = describe(subjects, dims, into.a, pathLevel, into.fold).text;
        into.sit.members = {
          input: `${dims[i]!.rec}.${dims[i]!.json}`,
          values: [...into.fold.members],
        };
        for (const x of newly) uncovered.delete(x);
        continue;
      }
      const entry: Entry = { a, sit, n: tried, sig };
      if (newly.length > 0) {
        for (const x of newly) uncovered.delete(x);
        cover.push(entry);
        continue;
      }
      const cls = classOf(a);
      if (classes.has(cls)) more.push(entry);
      else {
        classes.add(cls);
        found.push(entry);
      }
    }
  }
  // The situations that fire a focus exception first, then the minimal ones, then the rest; shown
  // lightest first.
  const picked: Entry[] = [...cover];
  for (const e of [...found, ...more])
    if (picked.length < Math.max(limit, cover.length)) picked.push(e);
  picked.sort((x, y) => x.n - y.n);
  const unfired: { id: string; exception: Exception }[] = [];
  subjects.forEach((s, i) => {
    for (const x of focusSets[i]!) if (uncovered.has(x)) unfired.push({ id: s.id, exception: x });
  });
  let why: string | null = null;
  if (picked.length === 0) {
    if (offTopic > 0)
      why =
        "no situations of its own: where the answers differ, none of the exceptions this row changes applies — they differ through the definitions it uses";
    else if (exhausted || !complete)
      why = `no situations within the search's bound (${budget} evaluations per ruleset over the inputs two share${phases.length > 1 ? `, ${Math.ceil(budget / 2)} setting up to ${ONE_SIDED} inputs with one that only one has` : ""}; ${tried} situations tried)`;
    else
      why = `no situations: the answers agree in every one of the ${tried} situations over the inputs the definitions read (every value tried${phases.length > 1 ? `; with an input only one ruleset has, up to ${ONE_SIDED} inputs set` : ""})`;
  }
  return { situations: picked.map((e) => e.sit), unfired, why, exhausted };
}
