/**
 * The conflict memo (check/memo.ts): answers kept under a key (a rule's name), a hit checked against
 * the meaning kept, several meanings per key, within a budget of bytes.
 */
import { describe, expect, it } from "vitest";
import { compileText } from "../../compiler/engine/index.js";
import { MeaningMemo, VERSIONS } from "../../compiler/front/check/memo.js";
import type { RuleDef } from "../../compiler/ir/ir.js";

/** The rules of a small ruleset, `cost` being the value of rule `c`. */
function rules(cost = "2"): Map<string, RuleDef> {
  const text = `ruleset memo "Memo"

measure MF [1.1] "movement factors"

input unit [1.2] {
  leader: bool = false
}

rule a [1.3] "a": MF = 1
rule b [1.4] "b": MF = 1 {
  exception [1.5] "leaders" when unit.leader: 2
}
rule c [1.6] "c": MF = ${cost}

movement [1.9] MF {
  allowance: a + b + c
  cost: 1
}
`;
  const ir = compileText(text).ir!;
  return new Map(ir.rules.map((r) => [r.name, r]));
}

describe("the conflict memo", () => {
  it("answers a hit only for the meaning it kept: one key with another meaning is a miss", () => {
    const memo = new MeaningMemo<string>();
    const { a, c } = Object.fromEntries(rules());
    memo.set(7, 0, [a!], "a's answer", 0);
    expect(memo.get(7, 0, [rules().get("a")!])).toBe("a's answer"); // a copy of a: the same meaning
    expect(memo.get(7, 0, [c!])).toBeUndefined(); // the same key, another rule
    expect(memo.get(7, 1, [a!])).toBeUndefined(); // another shared key
    expect(memo.get(7, 0, [a!, c!])).toBeUndefined(); // another closure
    const c3 = rules("3").get("c")!;
    memo.set(8, 0, [c!], "c's answer", 0);
    expect(memo.get(8, 0, [c3])).toBeUndefined(); // c edited
  });

  it("reads a meaning, not a paraphrase", () => {
    const memo = new MeaningMemo<string>();
    const b = rules().get("b")!;
    memo.set("b", 0, [b], "b's answer", 0);
    const paraphrased: RuleDef = { ...b, title: "other words", cite: "9.9" };
    expect(memo.get("b", 0, [paraphrased])).toBe("b's answer");
    const edited: RuleDef = { ...b, exceptions: [{ ...b.exceptions[0]!, cite: "1.7" }] };
    expect(memo.get("b", 0, [edited])).toBeUndefined(); // an exception's citation is meaning
  });

  it("keeps several meanings under one key, the most recent first, up to VERSIONS", () => {
    const memo = new MeaningMemo<string>();
    const c = (n: number) => rules(String(n)).get("c")!;
    memo.set("c", 0, [c(2)], "two", 0);
    memo.set("c", 0, [c(3)], "three", 0);
    expect(memo.get("c", 0, [c(2)])).toBe("two"); // an edit undone is found again
    expect(memo.get("c", 0, [c(3)])).toBe("three");
    for (let n = 4; n < 4 + VERSIONS; n++) memo.set("c", 0, [c(n)], String(n), 0);
    expect(memo.stats.count).toBe(VERSIONS);
    expect(memo.get("c", 0, [c(2)])).toBeUndefined(); // the least recently used of c's went
    expect(memo.get("c", 0, [c(3 + VERSIONS)])).toBe(String(3 + VERSIONS));
  });

  it("keeps what it may within its budget of bytes, the least recently used going first", () => {
    const rs = rules();
    const probe = new MeaningMemo<string>();
    probe.set(1, 0, [rs.get("b")!], "b", 0);
    const one = probe.stats.bytes;
    const memo = new MeaningMemo<string>(one * 2 + one / 2);
    memo.set(1, 0, [rs.get("b")!], "first", 0);
    memo.set(2, 0, [rs.get("b")!], "second", 0);
    expect(memo.get(1, 0, [rs.get("b")!])).toBe("first"); // used again: now the most recent
    memo.set(3, 0, [rs.get("b")!], "third", 0);
    expect(memo.stats).toEqual({ bytes: one * 2, count: 2 });
    expect(memo.get(2, 0, [rs.get("b")!])).toBeUndefined(); // the least recently used went
    expect(memo.get(1, 0, [rs.get("b")!])).toBe("first");
    expect(memo.get(3, 0, [rs.get("b")!])).toBe("third");
    memo.set(4, 0, [rs.get("b")!], "too big", one * 3);
    expect(memo.get(4, 0, [rs.get("b")!])).toBeUndefined(); // larger than the whole budget: not kept
  });
});
