import { describe, expect, it } from "vitest";
import { forEachRoll, forEachSortedRoll, summarize } from "../../runtime/index.js";
import { diceRead, summarizeWeighted } from "../../runtime/dice.js";
import { blockRollCount, forEachBlockRoll } from "../../runtime/rolls.js";
import { InputError, MissingInput } from "../../runtime/errors.js";

describe("forEachRoll", () => {
  it("enumerates 6^3 = 216 distinct ordered outcomes", () => {
    const seen = new Set<string>();
    let calls = 0;
    forEachRoll(3, 6, (roll) => {
      calls++;
      expect(roll.length).toBe(3);
      for (const f of roll) expect(f >= 1 && f <= 6).toBe(true);
      seen.add(roll.join(","));
    });
    expect(calls).toBe(216);
    expect(seen.size).toBe(216);
  });

  it("goes in lexicographic order", () => {
    const rolls: string[] = [];
    forEachRoll(2, 3, (roll) => rolls.push(roll.join("")));
    expect(rolls).toEqual(["11", "12", "13", "21", "22", "23", "31", "32", "33"]);
  });

  it("treats zero dice as one empty roll and rejects bad arguments", () => {
    const rolls: number[][] = [];
    forEachRoll(0, 6, (roll) => rolls.push([...roll]));
    expect(rolls).toEqual([[]]);
    expect(() => forEachRoll(-1, 6, () => {})).toThrow(RangeError);
    expect(() => forEachRoll(1, 0, () => {})).toThrow(RangeError);
  });
});

describe("summarize", () => {
  it("gives the exact 2d6 distribution", () => {
    const sums: number[] = [];
    forEachRoll(2, 6, (r) => sums.push(r[0] + r[1]));
    const s = summarize(sums);
    expect(s.min).toBe(2);
    expect(s.max).toBe(12);
    expect(s.mean).toBe(7);
    expect(s.distribution["7"]).toBe(6 / 36);
    expect(s.distribution["2"]).toBe(1 / 36);
    expect(s.distribution["12"]).toBe(1 / 36);
    expect(Object.keys(s.distribution)).toEqual([
      "2",
      "3",
      "4",
      "5",
      "6",
      "7",
      "8",
      "9",
      "10",
      "11",
      "12",
    ]);
    const total = Object.values(s.distribution).reduce((a, b) => a + b, 0);
    expect(total).toBeCloseTo(1, 12);
  });

  it("handles fractional outcomes and rejects an empty list", () => {
    const s = summarize([0.5, 1.5, 1.5, 3]);
    expect(s).toEqual({
      min: 0.5,
      max: 3,
      mean: 1.625,
      distribution: { "0.5": 0.25, "1.5": 0.5, "3": 0.25 },
    });
    expect(() => summarize([])).toThrow(RangeError);
  });
});

describe("summarizeWeighted", () => {
  it("is summarize over the outcomes each repeated by its weight (one summary for reach and eval)", () => {
    // 2d6 summed, as sorted rolls with the ordered rolls each stands for (what reach enumerates).
    const weights = new Map<number, number>();
    const values: number[] = [];
    forEachSortedRoll(2, 6, (roll, w) => {
      const s = roll[0]! + roll[1]! + 0.5;
      weights.set(s, (weights.get(s) ?? 0) + w);
      for (let i = 0; i < w; i++) values.push(s);
    });
    expect(summarizeWeighted(weights)).toEqual(summarize(values));
    expect(summarizeWeighted(weights).mean).toBe(7.5);
  });

  it("refuses an empty map", () => {
    expect(() => summarizeWeighted(new Map())).toThrow(RangeError);
  });
});

describe("diceRead: the dice a move reads", () => {
  const reads = (n: number) => (k: number) => {
    if (k < n) throw new InputError("roll", "unit.dice", `this move rolls ${n} dice`);
  };
  it("is the fewest dice that price the move", () => {
    expect(diceRead(3, reads(0))).toBe(0);
    expect(diceRead(3, reads(2))).toBe(2);
  });
  it("is the most allowed when every shorter roll falls short", () => {
    expect(diceRead(2, reads(2))).toBe(2);
    expect(diceRead(2, reads(5))).toBe(2);
  });
  it("lets any other failure through", () => {
    const fails = () => {
      throw new MissingInput("unit.kind");
    };
    expect(() => diceRead(3, fails)).toThrow(MissingInput);
  });
});

describe("forEachBlockRoll: rolls up to reordering within blocks (issue 45, items 9 and 10)", () => {
  // Canonical form of an ordered roll: each block's faces sorted.
  const canon = (roll: readonly number[], ends: readonly number[]) => {
    const out: number[] = [];
    let from = 0;
    for (const e of ends) {
      out.push(...roll.slice(from, e).sort((a, b) => a - b));
      from = e;
    }
    return out.join(",");
  };
  const shapes: [number, number, number[] | undefined][] = [
    [6, 6, [6]],
    [3, 6, [2, 3]],
    [3, 6, [1, 3]],
    [3, 6, undefined],
    [4, 3, [2, 4]],
    [2, 20, [2]],
    [5, 4, [1, 3, 5]],
    [0, 6, []],
  ];
  for (const [dice, sides, cuts] of shapes)
    it(`${dice}d${sides} cut at ${JSON.stringify(cuts)}: each class once, weighted by its ordered rolls, in their first-met order`, () => {
      const ends = cuts === undefined ? Array.from({ length: dice }, (_, i) => i + 1) : cuts;
      // Brute force: every ordered roll, grouped by its canonical form, in first-met order.
      const expected = new Map<string, number>();
      forEachRoll(dice, sides, (r) => {
        const k = canon(r, ends);
        expected.set(k, (expected.get(k) ?? 0) + 1);
      });
      const got = new Map<string, number>();
      forEachBlockRoll(dice, sides, cuts, (r, w) => {
        expect(canon(r, ends)).toBe(r.join(","));
        expect(got.has(r.join(","))).toBe(false);
        got.set(r.join(","), w);
      });
      expect([...got]).toEqual([...expected]);
      expect(blockRollCount(dice, sides, cuts)).toBe(expected.size);
    });
  it("6d6 read as one block is 462 rolls, not 46,656", () => {
    expect(blockRollCount(6, 6, [6])).toBe(462);
    expect(blockRollCount(6, 6, undefined)).toBe(46_656);
  });
});
