/**
 * runtime/cases.ts `threshold` (issue 42): a move left without a number that is legal only from
 * some value of it on says "legal from N" (`legalFrom`), found by probing the one answer with the
 * number given; a rule that is not one threshold (legal at a single value, within a band, above and
 * then again below) gets no threshold, and neither does a move another left-out field or the dice
 * leave undecided.
 */
import { describe, expect, it } from "vitest";
import { answerCases, type Answering, type PartialAnswer } from "../../runtime/cases.js";
import { MissingInput } from "../../runtime/errors.js";
import { Rat } from "../../runtime/rational.js";

/** The input: the number `mp` (in the measure), or absent (left out). */
type Input = { mp?: Rat };

/** A move whose legality is `rule(mp)` (null: the dice decide), its number in ticks of `scale`. */
function answering(
  rule: (mp: Rat) => boolean | null,
  scale = 4,
): Answering<Input, { legal: boolean | null }> {
  return {
    answer: (input) => {
      if (input.mp === undefined) throw new MissingInput("vehicle.mp");
      return { legal: rule(input.mp) };
    },
    values: () => null,
    withValue: (input) => input,
    partial: (): PartialAnswer => ({ allowance: 4 }),
    key: (a) => a,
    merge: (as) => as[0]!,
    defaults: () => [],
    withUnknown: (input) => input,
    scale,
    withNumber: (input, field, value) => (field === "vehicle.mp" ? { ...input, mp: value } : null),
    measureOf: () => "MP",
    legal: (a) => a.legal,
  };
}

function partialOf(how: ReturnType<typeof answering>): PartialAnswer {
  const reply = answerCases<Input, { legal: boolean | null }>({}, how);
  expect(reply.cases).toHaveLength(1);
  expect(reply.cases[0]!.needs).toEqual(["vehicle.mp"]);
  return reply.cases[0]!.partial!;
}

const at = (n: number, d = 1) => Rat.of(n, d);

describe("legal from N: the least value of a left-out number from which the move is legal", () => {
  it("SQLA 31.6's shape, the vehicle pays 2 MP: legal from 2 MP", () => {
    const p = partialOf(answering((mp) => mp.ge(at(2))));
    expect(p.legalFrom).toEqual({ field: "vehicle.mp", at: 2, measure: "MP" });
  });

  it("a threshold that is not whole is given exactly", () => {
    const p = partialOf(answering((mp) => mp.ge(at(7, 2))));
    expect(p.legalFrom).toEqual({ field: "vehicle.mp", at: 3.5, exact: "7/2", measure: "MP" });
  });

  it("a strict comparison: legal above 2, so from the next tick", () => {
    const p = partialOf(answering((mp) => mp.gt(at(2))));
    expect(p.legalFrom).toEqual({ field: "vehicle.mp", at: 2.25, exact: "9/4", measure: "MP" });
  });

  it("a threshold far up (300 MP, 1,200 ticks) is still found", () => {
    const p = partialOf(answering((mp) => mp.ge(at(300))));
    expect(p.legalFrom).toEqual({ field: "vehicle.mp", at: 300, measure: "MP" });
  });

  const NONE: [string, (mp: Rat) => boolean | null][] = [
    ["legal at one value only", (mp) => mp.eq(at(4))],
    ["legal within a band", (mp) => mp.ge(at(2)) && mp.le(at(10))],
    ["legal from 2 but not at 3", (mp) => mp.ge(at(2)) && !mp.eq(at(3))],
    ["legal at every value", () => true],
    ["legal at no value", () => false],
    ["legal only below a value", (mp) => mp.le(at(6))],
    ["the dice decide", (mp) => (mp.ge(at(2)) ? null : false)],
  ];
  for (const [what, rule] of NONE)
    it(`no threshold where it is ${what}`, () => {
      expect(partialOf(answering(rule)).legalFrom).toBeUndefined();
    });

  it("no threshold where another left-out field leaves the answer open", () => {
    const how = answering((mp) => mp.ge(at(2)));
    const p = partialOf({
      ...how,
      answer: (input) => {
        if (input.mp !== undefined) throw new MissingInput("path[0].inches");
        return how.answer(input);
      },
    });
    expect(p.legalFrom).toBeUndefined();
  });

  it("no threshold where the partial answer already decides legality", () => {
    const how = answering((mp) => mp.ge(at(2)));
    const p = partialOf({
      ...how,
      partial: () => ({ allowance: 4, legal: false, violations: [] }),
    });
    expect(p.legalFrom).toBeUndefined();
  });
});

/**
 * "Legal up to N (field)": runtime/open.ts bounds the cost of the step whose number is left out, and
 * labels it with that number's field; it is that field's bound only where the step costs its number
 * (a Chain of Command stretch costs its inches). `threshold` says the field's own bound, probed with
 * the field given, in the field's measure, or none.
 */
describe("legal up to N: the most a left-out number may be, said of that number", () => {
  /** A stretch of `inches` (left out) costing `cost(inches)`, within 6 of allowance. */
  function stretch(cost: (inches: Rat) => Rat): ReturnType<typeof answering> {
    const how = answering((mp) => !cost(mp).gt(at(6)));
    return {
      ...how,
      answer: (input) => {
        if (input.mp === undefined) throw new MissingInput("path[0].inches");
        return how.answer(input);
      },
      // What open.ts gives: the most the step may cost (6), labelled with the step's field.
      partial: () => ({ allowance: 6, legalUpTo: { field: "path[0].inches", at: 6 } }),
      withNumber: (input, field, value) =>
        field === "path[0].inches" ? { ...input, mp: value } : null,
      measureOf: () => "inch",
    };
  }
  const partialUpTo = (how: ReturnType<typeof answering>): PartialAnswer => {
    const reply = answerCases<Input, { legal: boolean | null }>({}, how);
    return reply.cases[0]!.partial!;
  };

  it("a stretch that costs its length: legal up to 6 inch, as the cost bound says", () => {
    expect(partialUpTo(stretch((i) => i)).legalUpTo).toEqual({
      field: "path[0].inches",
      at: 6,
      measure: "inch",
    });
  });

  it("a stretch that costs twice its length: legal up to 3 inch, not the cost bound's 6", () => {
    expect(partialUpTo(stretch((i) => i.add(i))).legalUpTo).toEqual({
      field: "path[0].inches",
      at: 3,
      measure: "inch",
    });
  });

  it("a stretch whose cost is not one threshold of its length: no bound said", () => {
    // Legal up to 2 inches and again from 5 on (a cost that drops past 4 inches).
    const p = partialUpTo(stretch((i) => (i.gt(at(2)) && i.lt(at(5)) ? at(7) : at(0))));
    expect(p.legalUpTo).toBeUndefined();
    expect(p.legal).toBeUndefined();
  });
});
