import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { exactToTicks, Rat, ratNum, ticksToExact, tickNum, toTicks } from "../../runtime/index.js";

describe("ticks", () => {
  const t12 = tickNum(12);

  it("adds twelve thirds to exactly 4 at scale 12", () => {
    const third = toTicks(1 / 3, 12);
    expect(third).toBe(4);
    let s = t12.zero;
    for (let i = 0; i < 12; i++) s = t12.add(s, third);
    expect(s).toBe(48);
    expect(t12.toNumber(s)).toBe(4);
    expect(t12.toExact(s)).toBe("4");
  });

  it("gives reduced exact text and numbers", () => {
    expect(t12.toExact(6)).toBe("1/2");
    expect(t12.toExact(8)).toBe("2/3");
    expect(t12.toExact(-20)).toBe("-5/3");
    expect(t12.toExact(0)).toBe("0");
    expect(t12.toExact(-0)).toBe("0");
    expect(t12.toExact(30)).toBe("5/2");
    expect(t12.toNumber(6)).toBe(0.5);
    expect(ticksToExact(3, 4)).toBe("3/4");
    expect(() => t12.toExact(1.5)).toThrow(RangeError);
  });

  it("treats NaN as NA, propagated by add", () => {
    expect(t12.isNA(NaN)).toBe(true);
    expect(t12.isNA(0)).toBe(false);
    expect(t12.isNA(t12.add(12, NaN))).toBe(true);
    expect(t12.toExact(NaN)).toBe("NA");
    expect(t12.gt(13, 12)).toBe(true);
    expect(t12.gt(12, 12)).toBe(false);
  });

  it("converts user numbers to ticks, or NaN when not representable", () => {
    expect(toTicks(0.5, 12)).toBe(6);
    expect(toTicks(0.25, 12)).toBe(3);
    expect(toTicks(-1.5, 12)).toBe(-18);
    expect(toTicks(2 / 3, 12)).toBe(8);
    expect(toTicks(0.2, 12)).toBeNaN();
    expect(toTicks(1 / 8, 12)).toBeNaN();
    expect(toTicks(Infinity, 12)).toBeNaN();
    expect(toTicks(NaN, 12)).toBeNaN();
    expect(exactToTicks("1/3", 12)).toBe(4);
    expect(exactToTicks("-5/2", 12)).toBe(-30);
    expect(exactToTicks("7", 12)).toBe(84);
    expect(exactToTicks("1/5", 12)).toBeNaN();
    expect(exactToTicks("x", 12)).toBeNaN();
  });

  it("rejects a bad scale", () => {
    expect(() => tickNum(0)).toThrow(RangeError);
    expect(() => tickNum(1.5)).toThrow(RangeError);
  });

  it("property: ticks and Rat agree on sums of fractions with denominators dividing 12", () => {
    const frac = fc.tuple(fc.integer({ min: -60, max: 60 }), fc.constantFrom(1, 2, 3, 4, 6, 12));
    fc.assert(
      fc.property(fc.array(frac, { maxLength: 30 }), (parts) => {
        let r = ratNum.zero;
        let t = t12.zero;
        for (const [n, d] of parts) {
          r = ratNum.add(r, Rat.of(n, d));
          t = t12.add(t, exactToTicks(`${n}/${d}`, 12));
        }
        expect(t12.toExact(t)).toBe(ratNum.toExact(r));
        expect(t12.toNumber(t)).toBeCloseTo(ratNum.toNumber(r), 12);
        expect(Number.isInteger(t)).toBe(true);
      }),
    );
  });
});
