/**
 * runtime/cases.ts against brute force (issue 45, items 6 and 19): for a question over left-out fields
 * that interact, every whole assignment of the fields lies in exactly one case, that case's answer is
 * the answer to the assignment, and a field is `notNeeded` only when no answer turns on it. Cases are
 * sets of assignments (products), never per-field value sets merged into a false cross-product.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { answerCases, MAX_CASES, type Answering, type GivenValue } from "../../runtime/cases.js";
import { InputError, MissingInput } from "../../runtime/errors.js";

type Input = Record<string, GivenValue | undefined>;

/**
 * An answering over fields `f0…` with the given values: `rule` reads fields in its own order (each
 * read of a field not given throws MissingInput, as a rule's `need` does) and returns a number.
 */
function answering(
  domains: readonly (readonly GivenValue[])[],
  rule: (read: (f: number) => GivenValue) => number,
): Answering<Input, number> {
  return {
    answer: (input) =>
      rule((f) => {
        const v = input[`f${f}`];
        if (v === undefined) throw new MissingInput(`f${f}`);
        return v;
      }),
    values: (field) => domains[Number(field.slice(1))] ?? null,
    withValue: (input, field, value) => ({ ...input, [field]: value }),
    partial: (_input, missing) => {
      throw missing;
    },
    key: (a) => a,
    merge: (as) => as[0]!,
    defaults: () => [],
    withUnknown: (input) => input,
    scale: 1,
    withNumber: () => null,
    measureOf: () => null,
    legal: () => null,
  };
}

/** Every whole assignment of the fields. */
function product(domains: readonly (readonly GivenValue[])[]): GivenValue[][] {
  return domains.reduce<GivenValue[][]>(
    (acc, d) => acc.flatMap((a) => d.map((v) => [...a, v])),
    [[]],
  );
}

function check(domains: readonly (readonly GivenValue[])[], rule: Parameters<typeof answering>[1]) {
  const how = answering(domains, rule);
  const reply = answerCases<Input, number>({}, how);
  for (const assignment of product(domains)) {
    const truth = rule((f) => assignment[f]!);
    const holding = reply.cases.filter((c) =>
      Object.entries(c.given).every(([f, vs]) => vs.includes(assignment[Number(f.slice(1))]!)),
    );
    expect(holding.length, `cases holding for ${JSON.stringify(assignment)}`).toBe(1);
    expect(holding[0]!.answer, `answer for ${JSON.stringify(assignment)}`).toBe(truth);
  }
  // A field is not needed only when no answer turns on it.
  for (const f of reply.notNeeded) {
    const i = Number(f.slice(1));
    for (const assignment of product(domains)) {
      const base = rule((g) => assignment[g]!);
      for (const v of domains[i]!) {
        const other = assignment.map((x, g) => (g === i ? v : x));
        expect(
          rule((g) => other[g]!),
          `${f} is listed as not needed`,
        ).toBe(base);
      }
    }
  }
  return reply;
}

describe("a scenario's cases (runtime/cases.ts)", () => {
  it("names a default the answer turns on, and no other", () => {
    // f0 defaults to false and changes the answer; f1 defaults to "a" and is read but changes
    // nothing; f2 defaults to true and is never read. A field given as unknown is "?".
    const DEFAULTS: Record<string, GivenValue> = { f0: false, f1: "a", f2: true };
    const how: Answering<Input, number> = {
      ...answering(
        [
          [true, false],
          ["a", "b"],
          [true, false],
        ],
        (read) => (read(1) === "z" ? 0 : read(0) ? 2 : 1),
      ),
      answer: (input) => {
        const read = (f: number): GivenValue => {
          const v = input[`f${f}`];
          if (v === "?") throw new MissingInput(`f${f}`);
          return v ?? DEFAULTS[`f${f}`]!;
        };
        return read(1) === "z" ? 0 : read(0) ? 2 : 1;
      },
      defaults: (input) =>
        Object.entries(DEFAULTS)
          .filter(([f]) => input[f] === undefined)
          .map(([field, value]) => ({ field, value })),
      withUnknown: (input, field) => ({ ...input, [field]: "?" }),
    };
    expect(answerCases<Input, number>({}, how).assumed).toEqual([{ field: "f0", value: false }]);
    // Given, it is not assumed.
    expect(answerCases<Input, number>({ f0: true }, how).assumed).toEqual([]);
  });

  it("two fields that interact: a cost of 2 when wet and cold agree", () => {
    const reply = check(
      [
        [true, false],
        [true, false],
      ],
      (read) => (read(0) === read(1) ? 2 : 1),
    );
    expect(reply.dependsOn.sort()).toEqual(["f0", "f1"]);
    expect(reply.notNeeded).toEqual([]);
    expect(reply.cases).toHaveLength(4);
  });

  it("a field read on one way only holds for all its values on the other", () => {
    const reply = check(
      [
        [true, false],
        ["a", "b", "c"],
      ],
      (read) => (read(0) ? 1 : read(1) === "a" ? 1 : 2),
    );
    expect(reply.dependsOn.sort()).toEqual(["f0", "f1"]);
    // f0 true, or f0 false with f1 a: 1; f0 false with f1 b or c: 2.
    expect(reply.cases).toHaveLength(3);
  });

  it("a field whose every value gives the same answer is not needed", () => {
    const reply = check([[true, false]], (read) => (read(0) ? 3 : 3));
    expect(reply).toMatchObject({ dependsOn: [], notNeeded: ["f0"] });
    expect(reply.cases).toHaveLength(1);
  });

  it("holds against brute force for random rules over three fields", () => {
    const value = fc.constantFrom<GivenValue>("x", "y", "z", true, false);
    const domain = fc.uniqueArray(value, { minLength: 1, maxLength: 3 });
    fc.assert(
      fc.property(
        fc.array(domain, { minLength: 1, maxLength: 3 }),
        fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 4 }),
        fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 27, maxLength: 27 }),
        (domains, order, table) => {
          // A rule that reads some fields in `order` and answers from a table of their values.
          const reads = [...new Set(order.map((f) => f % domains.length))];
          check(domains, (read) => {
            let index = 0;
            for (const f of reads) {
              const v = read(f);
              index = index * 3 + domains[f]!.indexOf(v);
              // A field may end the reading early (as a rule's `if` does).
              if (v === false) break;
            }
            return table[index % table.length]!;
          });
        },
      ),
      { seed: 45, numRuns: 300 },
    );
  });

  it(`answers a field of exactly ${MAX_CASES} values, and refuses one more`, () => {
    const values = (n: number) => Array.from({ length: n }, (_, i) => `v${i}`);
    const at = check([values(MAX_CASES)], (read) => Number((read(0) as string).slice(1)) % 2);
    expect(at.cases).toHaveLength(2);
    expect(() =>
      answerCases(
        {},
        answering([values(MAX_CASES + 1)], (read) => (read(0) ? 1 : 0)),
      ),
    ).toThrow(InputError);
  });
});

/**
 * Defaults assumed (issue 42): a field left to its default is named exactly when some assignment of
 * the other fields left out gives a different answer under another of its values — brute force over
 * every assignment, against `assumed`. f0 is given as unknown; f1 and f2 are left to their defaults.
 */
describe("assumed defaults against brute force", () => {
  const domains: GivenValue[][] = [
    ["a", "b"],
    ["x", "y"],
    [false, true],
  ];
  const defaults = { f1: "x", f2: false } as const;

  function named(rule: (read: (f: number) => GivenValue) => number): string[] {
    const how: Answering<Input, number> = {
      ...answering(domains, rule),
      defaults: (input) =>
        Object.entries(defaults)
          .filter(([f]) => input[f] !== undefined)
          .map(([field, value]) => ({ field, value })),
      withUnknown: (input, field) => ({ ...input, [field]: undefined }),
    };
    return answerCases<Input, number>({ ...defaults }, how).assumed.map((a) => a.field);
  }

  /** The defaults some assignment of f0 (and the other default kept) answers differently without. */
  function truth(rule: (read: (f: number) => GivenValue) => number): string[] {
    return (["f1", "f2"] as const).filter((field) => {
      const i = Number(field.slice(1));
      return domains[0]!.some((f0) => {
        const at = (v: GivenValue) => (f: number) =>
          f === 0 ? f0 : f === i ? v : defaults[`f${f}` as "f1" | "f2"];
        const base = rule(at(defaults[field]));
        return domains[i]!.some((v) => rule(at(v)) !== base);
      });
    });
  }

  it("names a default that decides whether the unknown field is read at all", () => {
    // f1 = x: 1 whatever f0; f1 = y: f0 is read, and b answers 2. So f1 changes the answer when f0
    // is b; f2 is never read.
    const rule = (read: (f: number) => GivenValue) =>
      read(1) === "x" ? 1 : read(0) === "a" ? 1 : 2;
    expect(truth(rule)).toEqual(["f1"]);
    expect(named(rule)).toEqual(["f1"]);
  });

  it("does not name a default when only the unknown field splits the answer", () => {
    // f2 is read only after f0 and never changes the answer; f0 alone does.
    const rule = (read: (f: number) => GivenValue) => (read(0) === "a" ? (read(2) ? 1 : 1) : 2);
    expect(truth(rule)).toEqual([]);
    expect(named(rule)).toEqual([]);
  });

  it("agrees with brute force on rules reading the fields in any order", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 4 }),
        fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 27, maxLength: 27 }),
        (order, table) => {
          const reads = [...new Set(order)];
          const rule = (read: (f: number) => GivenValue) => {
            let index = 0;
            for (const f of reads) {
              const v = read(f);
              index = index * 3 + domains[f]!.indexOf(v);
              if (v === false || v === "x") break;
            }
            return table[index]!;
          };
          expect(named(rule)).toEqual(truth(rule));
        },
      ),
      { seed: 42, numRuns: 300 },
    );
  });
});
