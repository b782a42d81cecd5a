/**
 * The search's first look at a situation (situation-answers.ts `Asker.ask`, through query.ts
 * `glance`) must give the answer a full question gives (`Asker.outcome`: every citation noted, the
 * evaluator's choices recorded, the move priced, nothing remembered): the glance serves rules from
 * the evaluator's memo (interpret/memo.ts, keyed by what each rule reads), skips pricing the move
 * when the definition reads neither the spent nor the whole allowance, and shares one answer among
 * the situations that differ only in what the definition itself does not read. Each of those is
 * exact only if what it keys by is complete; this holds it situation by situation, over the
 * definitions two bundled rulesets share by name, in both phases of the search (shared inputs, and
 * inputs only one ruleset has). Where a glance also tells which of the definition's own exceptions
 * applied (`Glance.own`, for the search's focus), they are those the full question recorded.
 */
import { describe, expect, it } from "vitest";
import { assignments, buildDims, readsOf, type Subject } from "../../compiler/diff/domain.js";
import { Asker, type Glance } from "../../compiler/diff/situation-answers.js";
import type { Exception, RulesetIR } from "../../compiler/ir/ir.js";
import { load } from "./helpers.js";

/** Situations asked per row and phase: enough to pass every row's first values of each input. */
const PER_ROW = 250;

/** A definition's exceptions, and theirs, at every depth. */
function ownExceptions(d: Subject["def"]): Set<Exception> {
  const out = new Set<Exception>();
  const add = (xs: readonly Exception[]) =>
    xs.forEach((x) => {
      out.add(x);
      add(x.exceptions);
    });
  if ("exceptions" in d) add(d.exceptions);
  return out;
}

function definitions(ir: RulesetIR): Subject["def"][] {
  return [...ir.rules.filter((r) => r.params.length === 0), ...ir.constraints];
}

/** Per situation where the two disagree: the row, the ruleset and both answers. */
function mismatches(a: RulesetIR, b: RulesetIR): string[] {
  const out: string[] = [];
  const inB = new Map(definitions(b).map((d) => [d.name, d]));
  for (const d of definitions(a)) {
    const other = inB.get(d.name);
    if (other === undefined) continue;
    const subjects: Subject[] = [
      { id: a.id, ir: a, def: d },
      { id: b.id, ir: b, def: other },
    ];
    const reads = subjects.map((s) => readsOf(s.ir, s.def));
    const built = buildDims(subjects, reads, true);
    const askers = subjects.map((s, i) => new Asker(s, reads[i]!));
    const dims = built.map((dim, i) =>
      askers.some((k) => k.readsDim(built, i)) ? dim : { ...dim, values: [dim.def] },
    );
    for (const oneSided of [false, true]) {
      let n = 0;
      for (const sit of assignments(dims, oneSided, oneSided ? 3 : dims.length)) {
        if (++n > PER_ROW) break;
        askers.forEach((k, i) => {
          const glance = k.ask(dims, sit);
          const full = k.outcome(dims, sit);
          // Where the glance tells the definition's own exceptions that applied: those the full
          // question recorded of them (as a set: the search asks which fired).
          const tree = ownExceptions(subjects[i]!.def);
          const mine = (xs: readonly Exception[]) =>
            [...new Set(xs)].map((x) => x.cite + " " + x.title).sort();
          const told = (o: Glance | null) => (o?.own === undefined ? {} : { own: mine(o.own) });
          const seen = glance && { key: glance.key, display: glance.display, ...told(glance) };
          const want = full && {
            key: full.key,
            display: full.display,
            ...(glance?.own === undefined
              ? {}
              : { own: mine((full.fired ?? []).filter((x) => tree.has(x))) }),
          };
          if (JSON.stringify(seen) !== JSON.stringify(want))
            out.push(
              `${d.name} in ${subjects[i]!.id} at ${JSON.stringify(sit)}: ${JSON.stringify(seen)} ≠ ${JSON.stringify(want)}`,
            );
        });
      }
    }
  }
  return out;
}

describe("a glance answers as the full question does", () => {
  const pairs = [
    ["sl-classic", "asl-a4"],
    ["sl-classic", "sqla-31"],
    ["asl-a4", "asl-officer-bonus"],
    ["sl-classic", "sl-asl-portage"],
    ["tide-of-iron", "chain-of-command"],
    // Fixtures: a vehicle there or not, as a field only pricing reads says.
    ["glance-a", "glance-b"],
  ] as const;
  for (const [a, b] of pairs)
    it(`${a} and ${b}, every definition both have`, () => {
      expect(mismatches(load(a), load(b))).toEqual([]);
    });
});
