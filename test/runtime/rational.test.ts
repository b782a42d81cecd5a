import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NA_RAT, Rat, ratNum } from "../../runtime/index.js";

const q = (s: string) => Rat.parse(s);

/** Arbitrary rationals with small parts (safe from overflow under a few operations). */
const arbRat = fc
  .tuple(fc.integer({ min: -10_000, max: 10_000 }), fc.integer({ min: 1, max: 10_000 }))
  .map(([n, d]) => Rat.of(n, d));

describe("Rat", () => {
  it("normalises: reduced, positive denominator, zero is 0/1", () => {
    expect(Rat.of(2, 4).toString()).toBe("1/2");
    expect(Rat.of(3, -6).toString()).toBe("-1/2");
    expect(Rat.of(-3, -6).toString()).toBe("1/2");
    expect(Rat.of(0, -5).toString()).toBe("0");
    expect(Rat.of(0, -5).d).toBe(1);
    expect(Rat.of(10, 5).toString()).toBe("2");
    expect(Rat.of(10, 5).isInteger()).toBe(true);
  });

  it("does arithmetic exactly", () => {
    expect(q("1/2").add(q("1/3")).toString()).toBe("5/6");
    expect(q("1/2").sub(q("3/4")).toString()).toBe("-1/4");
    expect(q("2/3").mul(q("9/4")).toString()).toBe("3/2");
    expect(q("1/3").div(q("-2/9")).toString()).toBe("-3/2");
    expect(q("1/3").neg().toString()).toBe("-1/3");
    expect(q("1/6").add(q("1/3")).add(q("1/2")).eq(Rat.ONE)).toBe(true);
    let s = Rat.ZERO;
    for (let i = 0; i < 12; i++) s = s.add(q("1/3"));
    expect(s.toString()).toBe("4");
    expect(q("1/10").add(q("2/10")).eq(q("3/10"))).toBe(true);
  });

  it("compares", () => {
    expect(q("1/3").cmp(q("1/2"))).toBe(-1);
    expect(q("1/2").cmp(q("2/4"))).toBe(0);
    expect(q("-1/2").cmp(q("-2/3"))).toBe(1);
    expect(q("1/3").lt(q("1/2"))).toBe(true);
    expect(q("1/2").le(q("1/2"))).toBe(true);
    expect(q("1/2").gt(q("1/2"))).toBe(false);
    expect(q("1/2").ge(q("1/3"))).toBe(true);
    expect(q("3").min(q("5/2")).toString()).toBe("5/2");
    expect(q("3").max(q("5/2")).toString()).toBe("3");
    expect(Rat.ZERO.isZero()).toBe(true);
    expect(q("1/2").isZero()).toBe(false);
    expect(q("1/2").isInteger()).toBe(false);
  });

  it("compares exactly where cross products exceed 2^53", () => {
    const M = Number.MAX_SAFE_INTEGER;
    const a = Rat.of(M, M - 1); // 1 + 1/(M−1)
    const b = Rat.of(M - 1, M - 2); // 1 + 1/(M−2), slightly larger
    expect(a.cmp(b)).toBe(-1);
    expect(b.cmp(a)).toBe(1);
    expect(a.cmp(Rat.of(M, M - 1))).toBe(0);
  });

  it("parses and prints", () => {
    for (const s of ["3", "-1/2", "0", "7/5", "-12"]) expect(q(s).toString()).toBe(s);
    expect(q("0.25").toString()).toBe("1/4");
    expect(q("-1.5").toString()).toBe("-3/2");
    expect(q(" 4/8 ").toString()).toBe("1/2");
    expect(q("-0").toString()).toBe("0");
    expect(() => q("1/0")).toThrow(RangeError);
    expect(() => q("abc")).toThrow(SyntaxError);
    expect(() => q("1//2")).toThrow(SyntaxError);
    expect(q("NA")).toBe(NA_RAT);
  });

  it("rounds up and down (FRU/FRD), also for negatives", () => {
    expect(q("5/2").ceil().toString()).toBe("3");
    expect(q("5/2").floor().toString()).toBe("2");
    expect(q("-1/2").ceil().toString()).toBe("0");
    expect(q("-1/2").floor().toString()).toBe("-1");
    expect(q("-7/3").ceil().toString()).toBe("-2");
    expect(q("-7/3").floor().toString()).toBe("-3");
    expect(q("-4").floor().toString()).toBe("-4");
    expect(q("-4").ceil().toString()).toBe("-4");
    expect(q("1/4").mul(q("7")).ceil().toString()).toBe("2"); // ¼ FRU per MF: 7 MF → 2 MP
  });

  it("throws RangeError on overflow and division by zero", () => {
    const m = Rat.of(Number.MAX_SAFE_INTEGER);
    expect(() => m.add(Rat.ONE)).toThrow(RangeError);
    expect(() => m.mul(Rat.of(2))).toThrow(RangeError);
    expect(() => Rat.ONE.div(Rat.ZERO)).toThrow(RangeError);
    expect(() => Rat.of(0.5)).toThrow(RangeError);
    expect(() => Rat.of(1, 0)).toThrow(RangeError);
  });

  it("propagates NA through arithmetic and refuses to order it", () => {
    expect(NA_RAT.isNA()).toBe(true);
    expect(Rat.ONE.isNA()).toBe(false);
    expect(Rat.ONE.add(NA_RAT)).toBe(NA_RAT);
    expect(NA_RAT.mul(Rat.ZERO)).toBe(NA_RAT);
    expect(NA_RAT.neg()).toBe(NA_RAT);
    expect(NA_RAT.ceil()).toBe(NA_RAT);
    expect(NA_RAT.eq(NA_RAT)).toBe(true);
    expect(NA_RAT.eq(Rat.ZERO)).toBe(false);
    expect(Rat.ZERO.eq(NA_RAT)).toBe(false);
    expect(NA_RAT.toString()).toBe("NA");
    expect(NA_RAT.toNumber()).toBeNaN();
    expect(() => NA_RAT.cmp(Rat.ONE)).toThrow(RangeError);
  });

  it("implements Num<Rat> as ratNum", () => {
    expect(ratNum.zero.isZero()).toBe(true);
    expect(ratNum.add(q("1/2"), q("1/4")).toString()).toBe("3/4");
    expect(ratNum.isNA(ratNum.add(q("1/2"), NA_RAT))).toBe(true);
    expect(ratNum.isNA(q("1/2"))).toBe(false);
    expect(ratNum.gt(q("1/2"), q("1/3"))).toBe(true);
    expect(ratNum.toNumber(q("3/4"))).toBe(0.75);
    expect(ratNum.toExact(q("6/4"))).toBe("3/2");
  });

  it("property: (a + b) − b = a, and a × b / b = a for b ≠ 0", () => {
    fc.assert(
      fc.property(arbRat, arbRat, (a, b) => {
        expect(a.add(b).sub(b).eq(a)).toBe(true);
        if (!b.isZero()) expect(a.mul(b).div(b).eq(a)).toBe(true);
      }),
    );
  });

  it("property: parse(toString(x)) = x, and floor ≤ x < floor + 1, ceil − 1 < x ≤ ceil", () => {
    fc.assert(
      fc.property(arbRat, (a) => {
        expect(Rat.parse(a.toString()).eq(a)).toBe(true);
        const f = a.floor();
        const c = a.ceil();
        expect(f.isInteger() && c.isInteger()).toBe(true);
        expect(f.le(a) && a.lt(f.add(Rat.ONE))).toBe(true);
        expect(c.sub(Rat.ONE).lt(a) && a.le(c)).toBe(true);
        expect(a.cmp(Rat.ZERO)).toBe(Math.sign(a.toNumber()) + 0);
      }),
    );
  });
});
