/**
 * A row's notes, from its items and cells across the rulesets: the exceptions one ruleset adds,
 * drops or changes compared with the first ruleset that has the row ("asl-a4 adds an exception: A4.52
 * (…)"), and, when two cells read the same but differ, the definitions they differ through.
 */

import type { Exception, RuleDef, RulesetIR } from "../ir/ir.js";
import { ruleExprs, walk } from "../ir/walk.js";
import { exprText, type RenderScope } from "../render/expr.js";
import type { Canon } from "./canonical-form.js";
import type { Item } from "./ruleset-items.js";
import type { Cell } from "./report-model.js";

/**
 * Exceptions one ruleset adds, drops or changes compared with the first ruleset that has the row.
 * Exceptions are paired one to one: first those with the same citation, then those testing the same
 * condition, then those giving the same value at the same depth (a changed condition). Nothing is
 * said when the base values differ and one of the rules has no exceptions at all.
 *
 * With the notes, the row's *focus* (what its situations must exercise, situations.ts): per ruleset
 * index, the exceptions that ruleset adds, drops or changes (both sides of a change), and whether the
 * base values read differently.
 */
export function exceptionNotes(
  irs: readonly RulesetIR[],
  items: readonly (Item | null)[],
  canons: readonly Canon[],
  scopes: readonly RenderScope[],
): { notes: string[]; focus: Map<number, Set<Exception>>; baseDiffers: boolean } {
  const rulesAt: { i: number; r: RuleDef }[] = [];
  items.forEach((it, i) => {
    if (it && (it.kind === "rule" || it.kind === "predicate")) rulesAt.push({ i, r: it.def });
  });
  const focus = new Map<number, Set<Exception>>();
  const mark = (i: number, x: Exception) => {
    const set = focus.get(i) ?? new Set<Exception>();
    set.add(x);
    focus.set(i, set);
  };
  let baseDiffers = false;
  if (rulesAt.length < 2) return { notes: [], focus, baseDiffers };
  interface Flat {
    x: RuleDef["exceptions"][number];
    depth: number;
    when: string;
    value: string;
  }
  const flat = (i: number, r: RuleDef): Flat[] => {
    const out: Flat[] = [];
    const params = r.params.map((p) => p.name);
    const go = (xs: RuleDef["exceptions"], depth: number) =>
      xs.forEach((x) => {
        out.push({
          x,
          depth,
          when: canons[i]!.expr(x.when, params),
          value: canons[i]!.expr(x.value, params, true),
        });
        go(x.exceptions, depth + 1);
      });
    go(r.exceptions, 1);
    return out;
  };
  const base = rulesAt[0]!;
  const baseId = irs[base.i]!.id;
  const baseExc = flat(base.i, base.r);
  const notes: string[] = [];
  for (const other of rulesAt.slice(1)) {
    const id = irs[other.i]!.id;
    const exc = flat(other.i, other.r);
    // Adding or dropping exceptions is news when the base values agree or both rules have
    // exceptions; a rule that moved all its cases into another rule has nothing to pair with.
    const sameBase =
      canons[base.i]!.expr(
        base.r.value,
        base.r.params.map((p) => p.name),
      ) ===
      canons[other.i]!.expr(
        other.r.value,
        other.r.params.map((p) => p.name),
      );
    if (exprText(base.r.value, scopes[base.i]!) !== exprText(other.r.value, scopes[other.i]!))
      baseDiffers = true;
    if (!sameBase && (exc.length === 0 || baseExc.length === 0)) continue;
    const pairedBase = new Set<Flat>();
    const pairedOther = new Map<Flat, Flat>();
    const pair = (test: (b: Flat, e: Flat) => boolean) => {
      for (const e of exc) {
        if (pairedOther.has(e)) continue;
        const b = baseExc.find((x) => !pairedBase.has(x) && test(x, e));
        if (b) {
          pairedBase.add(b);
          pairedOther.set(e, b);
        }
      }
    };
    pair((b, e) => b.x.cite === e.x.cite && b.when === e.when);
    pair((b, e) => b.when === e.when);
    pair((b, e) => b.x.cite === e.x.cite && b.depth === e.depth);
    pair((b, e) => b.value === e.value && b.depth === e.depth);
    for (const e of exc) {
      const b = pairedOther.get(e);
      if (!b) {
        notes.push(`${id} adds an exception: ${e.x.cite} (${e.x.title})`);
        mark(other.i, e.x);
      } else if (b.when !== e.when) {
        notes.push(
          `${id} changes the condition of ${baseId}'s exception ${b.x.cite} (${id}: ${e.x.cite}): ${exprText(e.x.when, scopes[other.i]!)}`,
        );
        mark(other.i, e.x);
        mark(base.i, b.x);
      } else if (b.value !== e.value) {
        // The same case, another value (an `override exception`): both sides are in play.
        notes.push(
          `${id} changes the value of ${baseId}'s exception ${b.x.cite} (${id}: ${e.x.cite}): ${exprText(e.x.value, scopes[other.i]!)}`,
        );
        mark(other.i, e.x);
        mark(base.i, b.x);
      }
    }
    for (const b of baseExc) {
      if (!pairedBase.has(b)) {
        notes.push(`${id} drops ${baseId}'s exception: ${b.x.cite} (${b.x.title})`);
        mark(base.i, b.x);
      }
    }
  }
  return { notes, focus, baseDiffers };
}

/**
 * When two cells read the same but differ, say through which definitions: "beta reads the same as
 * alpha, but differs through: terrain-cost".
 */
export function throughNotes(
  irs: readonly RulesetIR[],
  items: readonly (Item | null)[],
  canons: readonly Canon[],
  cells: Record<string, Cell | null>,
): { notes: string[]; followsFrom: string[] } {
  const at = irs.map((_, i) => i).filter((i) => items[i] !== null);
  const base = at[0]!;
  const baseCell = cells[irs[base]!.id]!;
  const notes: string[] = [];
  const from = new Set<string>();
  // The row follows from other definitions when no cell differs in its own text.
  let ownText = false;
  for (const i of at.slice(1)) {
    const c = cells[irs[i]!.id]!;
    if (c.differs && c.display !== baseCell.display) ownText = true;
    if (!c.differs || c.display !== baseCell.display) continue;
    const refsOf = (d: Item["def"]): Set<string> => {
      const refs = new Set<string>();
      const exprs = "cond" in d ? [d.cond] : "value" in d ? ruleExprs(d as RuleDef) : [];
      for (const e of exprs)
        walk(e, (x) => {
          if (x.k === "rule" || x.k === "table") refs.add(x.name);
        });
      return refs;
    };
    const deep = (ci: number, name: string): string => {
      const ir = irs[ci]!;
      const r = ir.rules.find((x) => x.name === name);
      if (r) return canons[ci]!.rule(r);
      const t = ir.tables.find((x) => x.name === name);
      return t ? canons[ci]!.table(t) : "";
    };
    const defOf = (ci: number, name: string) =>
      irs[ci]!.rules.find((x) => x.name === name) ?? irs[ci]!.tables.find((x) => x.name === name);
    // A helper is never the source a row names: the concepts it differs through are, found through it.
    const through = new Set<string>();
    const seen = new Set<string>();
    const follow = (names: Iterable<string>) => {
      for (const n of names) {
        if (seen.has(n) || deep(base, n) === deep(i, n)) continue;
        seen.add(n);
        const d = defOf(i, n) ?? defOf(base, n);
        if (d?.helper !== true) {
          through.add(n);
          continue;
        }
        const inner = new Set<string>();
        for (const ci of [base, i]) {
          const x = defOf(ci, n);
          if (x) for (const r of refsOf(x)) inner.add(r);
        }
        follow(inner);
      }
    };
    follow(new Set([...refsOf(items[base]!.def), ...refsOf(items[i]!.def)]));
    if (through.size > 0)
      notes.push(
        `${irs[i]!.id} reads the same as ${irs[base]!.id} but differs through: ${[...through].sort().join(", ")}`,
      );
    for (const n of through) from.add(n);
  }
  return { notes, followsFrom: ownText ? [] : [...from].sort() };
}
