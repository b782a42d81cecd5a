/**
 * The search's bound (situations.ts): it gives up after 20× its budget of situations, and says so
 * (`exhausted`). Where a situation at the defaults already differs, every later one contains it
 * and is skipped unasked; the search counts them (`countAssignments`) rather than making each, and
 * must say it was exhausted exactly when the loop would have.
 */

import { describe, expect, it } from "vitest";
import {
  assignments,
  buildDims,
  countAssignments,
  readsOf,
  type Dim,
  type Subject,
} from "../../compiler/diff/domain.js";
import { Asker } from "../../compiler/diff/situation-answers.js";
import { searchSituations } from "../../compiler/diff/situations.js";
import { load } from "./helpers.js";

const dim = (values: (string | boolean)[], only: string[] | null = null): Dim => ({
  rec: "unit",
  json: "x",
  member: null,
  kind: "enum",
  values,
  def: values[0]!,
  required: false,
  measure: null,
  only,
});

describe("countAssignments: how many situations assignments() yields", () => {
  const cases: { name: string; dims: Dim[] }[] = [
    { name: "no dimension", dims: [] },
    { name: "one fixed dimension", dims: [dim(["a"])] },
    { name: "shared ones", dims: [dim(["a", "b", "c"]), dim([true, false]), dim(["p", "q"])] },
    {
      name: "shared and one-sided",
      dims: [
        dim(["a", "b", "c"]),
        dim([false, true], ["x"]),
        dim(["p", "q", "r", "s"]),
        dim(["m", "n"], ["y"]),
        dim(["u"]),
        dim([false, true]),
      ],
    },
  ];
  for (const { name, dims } of cases)
    for (const oneSided of [false, true])
      for (const maxWeight of [0, 1, 2, 3, dims.length])
        it(`${name}, ${oneSided ? "one-sided" : "shared"}, at most ${maxWeight} set`, () => {
          expect(countAssignments(dims, oneSided, maxWeight)).toBe(
            [...assignments(dims, oneSided, maxWeight)].length,
          );
        });
});

describe("a row that differs at the defaults", () => {
  // SL 5.74 and A4.41 answer differently with nothing moved: every situation contains that one.
  const sl = load("sl-classic");
  const asl = load("asl-a4");
  const subjects: Subject[] = [
    { id: sl.id, ir: sl, def: sl.rules.find((r) => r.name === "may-fire-sw-in-afph")! },
    { id: asl.id, ir: asl, def: asl.rules.find((r) => r.name === "heavy-sw-may-fire-in-afph")! },
  ];
  // The dimensions the search varies: those two rulesets share, each left at its default where
  // neither definition reads it (as searchSituations prunes them).
  const reads = subjects.map((s) => readsOf(s.ir, s.def));
  const built = buildDims(subjects, reads, true);
  const askers = subjects.map((s, i) => new Asker(s, reads[i]!));
  const dims = built.map((d, i) =>
    askers.some((k) => k.readsDim(built, i)) ? d : { ...d, values: [d.def] },
  );
  const total = countAssignments(dims, false);

  it("has more situations than the default bound", () => {
    expect(total).toBeGreaterThan(20 * 400);
  });

  it("is exhausted under a bound below the situations left, and not above it", () => {
    for (const [budget, exhausted] of [
      [400, true],
      [Math.ceil(total / 20) - 1, true],
      [Math.ceil(total / 20), false],
      [2 * Math.ceil(total / 20), false],
    ] as const) {
      const r = searchSituations(subjects, { budget });
      expect(r.situations.map((s) => s.text)).toEqual(["Squad, entering Open Ground"]);
      expect({ budget, exhausted: r.exhausted }).toEqual({ budget, exhausted });
    }
  });
});
