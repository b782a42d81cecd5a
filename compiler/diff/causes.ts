/**
 * One cause per change: which changed rows only carry another row's change, and what each situation
 * of a row owes to the others. A row whose own text differs (COT, Uphill, Entry cost) may owe the
 * situations it shows to a definition it uses (ASL's shell hole at 2 MF, its road at 1 MF). Each
 * situation is asked again of the later rulesets with that definition given the first ruleset's
 * value (the rest of the later ruleset unchanged): when the answer is then the first ruleset's, the
 * situation follows from that definition; when it only moves, the situation turns on it. A row every
 * situation of which follows from other changed rows folds under them (its causes); a row with a
 * situation no other change explains, or an exception of its own no situation fired, stays a root
 * cause, and each of its situations says what it owes (report.ts marks them, the summary shows its
 * own evidence first).
 */

import type { Expr, RuleDef, RulesetIR, TableDef } from "../ir/ir.js";
import { namesReached, ruleExprs, walk } from "../ir/walk.js";
import { isRule, readsOf, type Subject } from "./domain.js";
import type { Item } from "./ruleset-items.js";
import { Asker } from "./situation-answers.js";
import { probeOf, type Probe, type Situation } from "./situations.js";
import { bindAtCall } from "./bind.js";
import { madeFrom } from "../interpret/query.js";

/** A changed row, as causes are sought: its items by ruleset index and its situations. */
export interface Change {
  items: readonly (Item | null)[];
  situations: readonly Situation[];
  /** The row may be a follow-on (it has situations and no exception of its own left unfired). */
  candidate: boolean;
}

/** The names a definition of `ir` uses, directly or through the rules and tables it reaches. */
function reach(ir: RulesetIR, start: RuleDef | { cond: Expr }): Set<string> {
  return namesReached(ir.rules, "cond" in start ? [start.cond] : ruleExprs(start));
}

/**
 * The helper with parameters rule `name` of `ir` only hands its question to (ASL's `ipc` is
 * `ipc-with(double-timing)`), or null.
 */
function delegateOf(ir: RulesetIR, name: string): string | null {
  const own = ir.rules.find((r) => r.name === name);
  const via = own && own.exceptions.length === 0 && own.value.k === "rule" ? own.value : null;
  const helper = via ? ir.rules.find((r) => r.name === via.name) : undefined;
  return helper !== undefined && helper.helper === true && helper.params.length > 0
    ? helper.name
    : null;
}

/**
 * `ir` with the definition of `to` given the value `from` has in the other ruleset `fromIr`, or null;
 * made from `ir` (query.ts `madeFrom`: its rule memo shares `ir`'s for the rules the swap cannot reach).
 * A rule with parameters stands in one with the same parameters, or, bound at its first call in its
 * own ruleset (bind.ts), in one that reads the step itself (SL's `bypass-cost(obstacle, other,
 * sides)` for ASL's Bypass).
 */
export function swapped(ir: RulesetIR, to: Item, from: Item, fromIr: RulesetIR): RulesetIR | null {
  if (to.kind === "table-entry" && from.kind === "table-entry") {
    const row = to.table.row;
    const tables = ir.tables.map(
      (t): TableDef =>
        t.name !== to.def.name
          ? t
          : {
              ...t,
              rows: t.rows.map((r) => (r === row ? { ...r, value: from.table.row.value } : r)),
            },
    );
    return madeFrom({ ...ir, tables }, ir);
  }
  if ((to.kind === "rule" || to.kind === "predicate") && from.kind === to.kind) {
    const name = to.def.name;
    let def = from.def;
    if (def.params.length > 0 && to.def.params.length === 0) {
      const b = bindAtCall(fromIr, def);
      if (b === null) return null;
      def = b.def;
    }
    if (def.params.length !== to.def.params.length) return null;
    // Only a definition whose every reference the later ruleset also defines can stand in it.
    const names = new Set([...ir.rules.map((r) => r.name), ...ir.tables.map((t) => t.name)]);
    const refs = new Set<string>();
    for (const e of ruleExprs(def))
      walk(e, (x) => {
        if (x.k === "rule" || x.k === "table") refs.add(x.name);
      });
    if ([...refs].some((n) => !names.has(n))) return null;
    // A definition that only hands its question to a helper with parameters (ASL's `ipc` is
    // `ipc-with(double-timing)`, and Allowance and Portage excess call `ipc-with` themselves): the
    // helper takes the other ruleset's value too, its parameters left unread, so what calls it
    // directly answers with that value as well.
    const via = delegateOf(ir, name);
    const delegate = def.params.length === 0 && via !== null && !refs.has(via) ? via : null;
    return madeFrom(
      {
        ...ir,
        rules: ir.rules.map((r) =>
          r.name === name
            ? { ...def, name }
            : r.name === delegate
              ? { ...def, name: r.name, params: r.params }
              : r,
        ),
      },
      ir,
    );
  }
  return null;
}

function defIn(ir: RulesetIR, it: Item): Subject["def"] | undefined {
  return it.kind === "constraint"
    ? ir.constraints.find((c) => c.name === it.def.name)
    : ir.rules.find((r) => r.name === it.def.name);
}

/** One Asker per ruleset (a swapped one included) and definition, so its reads and answers are reused. */
const askers = new WeakMap<RulesetIR, Map<Subject["def"], Asker>>();

/** The Asker of a definition in a ruleset (a swapped one included), made once. */
function askerOf(ir: RulesetIR, def: Subject["def"]): Asker {
  let byDef = askers.get(ir);
  if (byDef === undefined) askers.set(ir, (byDef = new Map()));
  let k = byDef.get(def);
  if (k === undefined) byDef.set(def, (k = new Asker({ id: ir.id, ir, def }, readsOf(ir, def))));
  return k;
}

/**
 * How one situation of a change reads once the other changes are set apart: `follows`, the changes
 * that explain it (given their first-ruleset values, every later ruleset answers as the first: the
 * situation is theirs, not the row's); else `turnsOn`, the changes its answer still turns on (set to
 * the first ruleset's values, a later ruleset answers otherwise but still not as the first — ASL's
 * Uphill doubles a shell hole SL does not, and the shell hole's own 2 MF is doubled too), with what
 * each later ruleset answers then (`apart`, by ruleset id) and whose values were used (`from`).
 */
export interface Reading {
  follows: number[];
  turnsOn: number[];
  apart: Record<string, string>;
  from: string | null;
}

/** What causesOf finds: per change, the changes it folds under, and a reading of each situation. */
export interface Causes {
  /** Per change, the indexes of the changes it follows from (empty: a root cause). */
  of: number[][];
  /** Per change, per situation (in its order). */
  readings: Reading[][];
}

/** Bound forms of definitions with parameters, per ruleset (a swapped one included). */
const bound = new WeakMap<RulesetIR, Map<Subject["def"], Subject["def"] | undefined>>();

/** The definition `it` as the search asks it in `ir`: one with parameters bound at its first call. */
function askedDef(ir: RulesetIR, it: Item): Subject["def"] | undefined {
  const def = defIn(ir, it);
  if (def === undefined || !isRule(def) || def.params.length === 0) return def;
  let byDef = bound.get(ir);
  if (byDef === undefined) bound.set(ir, (byDef = new Map()));
  if (!byDef.has(def)) byDef.set(def, bindAtCall(ir, def)?.def);
  return byDef.get(def);
}

/**
 * Which changes each change follows from, and how each situation reads with the others set apart.
 * Every change with situations is read; only a candidate folds (every situation explained), and
 * only under changes that are not themselves follow-ons.
 */
export function causesOf(irs: readonly RulesetIR[], changes: readonly Change[]): Causes {
  const out: number[][] = changes.map(() => []);
  const own = (): Reading => ({ follows: [], turnsOn: [], apart: {}, from: null });
  const readings: Reading[][] = changes.map((c) => c.situations.map(own));
  // One swapped ruleset per (ruleset, change), so its interpreter is built once.
  const swaps = new Map<string, RulesetIR | null>();
  const swapOf = (j: number, base: number, ci: number): RulesetIR | null => {
    const key = `${j}:${base}:${ci}`;
    if (!swaps.has(key)) {
      const c = changes[ci]!;
      swaps.set(key, swapped(irs[j]!, c.items[j]!, c.items[base]!, irs[base]!));
    }
    return swaps.get(key)!;
  };
  const outcome = (ir: RulesetIR, it: Item, p: Probe) => {
    const def = askedDef(ir, it);
    return def === undefined ? null : askerOf(ir, def).ask(p.dims, p.a);
  };
  changes.forEach((r, k) => {
    const present = r.items.map((it, i) => (it ? i : -1)).filter((i) => i >= 0);
    let folds = r.candidate && r.situations.length > 0;
    const causes = new Set<number>();
    r.situations.forEach((sit, si) => {
      const p = probeOf(sit);
      // The first ruleset that answers: the others are read against it.
      const base = present.find((i) => sit.values[irs[i]!.id] !== null);
      const want = p && base !== undefined ? outcome(irs[base]!, r.items[base]!, p) : null;
      if (p === undefined || base === undefined || want === null) {
        folds = false;
        return;
      }
      const reading = readings[k]![si]!;
      reading.from = irs[base]!.id;
      const explainedBy = new Set<number>();
      let explained = true;
      for (const j of present) {
        const id = irs[j]!.id;
        if (j === base || sit.values[id] === null) continue;
        if (JSON.stringify(sit.values[id]) === JSON.stringify(sit.values[irs[base]!.id])) continue;
        const mine = r.items[j]!;
        const def = defIn(irs[j]!, mine);
        const now = def === undefined ? null : outcome(irs[j]!, mine, p);
        if (def === undefined || now === null) {
          explained = false;
          continue;
        }
        const used = reach(irs[j]!, def);
        // Table entries first: a value of the book's charts is the likeliest cause.
        const candidates = changes
          .map((c, ci) => ({ c, ci }))
          .filter(
            ({ c, ci }) =>
              ci !== k &&
              c.items[j] &&
              c.items[base] &&
              (used.has(c.items[j]!.def.name) ||
                used.has(delegateOf(irs[j]!, c.items[j]!.def.name) ?? "")),
          )
          .sort(
            (x, y) =>
              Number(y.c.items[j]!.kind === "table-entry") -
              Number(x.c.items[j]!.kind === "table-entry"),
          );
        // Each alone, then all together (several changes the situation needs at once).
        const turning: number[] = [];
        let alone: number | null = null;
        for (const { ci } of candidates) {
          const ir = swapOf(j, base, ci);
          const o = ir === null ? null : outcome(ir, mine, p);
          if (o === null || o.key === now.key) continue;
          if (o.key === want.key) {
            alone = ci;
            break;
          }
          turning.push(ci);
        }
        if (alone !== null) {
          explainedBy.add(alone);
          continue;
        }
        let together: RulesetIR | null = irs[j]!;
        for (const ci of turning)
          together =
            together &&
            swapped(together, changes[ci]!.items[j]!, changes[ci]!.items[base]!, irs[base]!);
        const o = together === null || turning.length === 0 ? null : outcome(together, mine, p);
        if (o !== null && o.key === want.key) {
          for (const ci of turning) explainedBy.add(ci);
          continue;
        }
        explained = false;
        for (const ci of turning) if (!reading.turnsOn.includes(ci)) reading.turnsOn.push(ci);
        if (o !== null) reading.apart[id] = o.display;
      }
      if (explained && explainedBy.size > 0) {
        reading.follows = [...explainedBy].sort((a, b) => a - b);
        for (const c of explainedBy) causes.add(c);
      } else {
        folds = false;
        // A later ruleset explained on its own still shows what the situation turns on.
        for (const c of explainedBy) if (!reading.turnsOn.includes(c)) reading.turnsOn.push(c);
        reading.turnsOn.sort((a, b) => a - b);
      }
    });
    if (folds) out[k] = [...causes].sort((a, b) => a - b);
  });
  // A cause that follows from others itself stands for them.
  const roots = (k: number, seen: Set<number>): number[] =>
    out[k]!.length === 0 || seen.has(k)
      ? [k]
      : out[k]!.flatMap((c) => roots(c, new Set([...seen, k])));
  const rooted = (cs: readonly number[], k: number) =>
    [...new Set(cs.flatMap((c) => roots(c, new Set([k]))))]
      .filter((c) => c !== k)
      .sort((a, b) => a - b);
  for (const [k, rs] of readings.entries())
    for (const x of rs) {
      x.follows = rooted(x.follows, k);
      x.turnsOn = rooted(x.turnsOn, k);
    }
  return { of: out.map((cs, k) => rooted(cs, k)), readings };
}
