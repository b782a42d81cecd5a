/**
 * "Did you mean …?" (compiler/util/suggest.ts): the nearest-name search skips candidates by length
 * without changing its answer, and never measures a name past MAX_SUGGESTED_NAME (a studio save-path
 * mutant naming a 200,000-character rule took 49 s of `check` in edit distances before).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { closest, editDistance, MAX_SUGGESTED_NAME } from "../../compiler/util/suggest.js";

/** The search without its shortcuts: every candidate measured. */
function reference(name: string, candidates: readonly string[]): string | null {
  const lower = name.toLowerCase();
  let best: string | null = null;
  let bestD = Math.max(2, Math.floor(name.length / 3)) + 1;
  for (const c of candidates) {
    const d = editDistance(lower, c.toLowerCase());
    if (d < bestD) {
      best = c;
      bestD = d;
    }
  }
  return best;
}

describe("closest", () => {
  it("gives the answer of measuring every candidate (names up to 30 characters)", () => {
    const name = fc.string({ unit: fc.constantFrom("a", "b", "c", "-", "A", "İ"), maxLength: 30 });
    fc.assert(
      fc.property(name, fc.array(name, { maxLength: 12 }), (n, cs) => {
        expect(closest(n, cs)).toBe(reference(n, cs));
      }),
      { seed: 20261129, numRuns: 500 },
    );
  });

  it("measures no name past the limit, nor a candidate too long or too short to be near", () => {
    const measured: [number, number][] = [];
    const counting = (a: string, b: string) => {
      measured.push([a.length, b.length]);
      return editDistance(a, b);
    };
    expect(closest("woods".repeat(40_000), ["woods", "wood"], counting)).toBeNull();
    expect(measured).toEqual([]);
    const long = "w".repeat(MAX_SUGGESTED_NAME + 1);
    expect(closest("woods", [long, "wods", "a-much-longer-name"], counting)).toBe("wods");
    expect(measured).toEqual([[5, 4]]);
    expect(closest("w".repeat(MAX_SUGGESTED_NAME), ["w".repeat(MAX_SUGGESTED_NAME - 1)])).toBe(
      "w".repeat(MAX_SUGGESTED_NAME - 1),
    );
  });
});
