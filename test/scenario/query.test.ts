/**
 * The interpreter's query layer (compiler/interpret/query.ts): an exact value, or a distribution over
 * every roll, or a fixed roll's value; "cannot be asked" as a value, never thrown; the exceptions
 * recorded are those the evaluator chose, and recording changes no answer.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fsHost } from "../../compiler/cli/host.js";
import type { ScenarioValue, Value } from "../../compiler/ir/ir.js";
import { interpreterFor } from "../../compiler/interpret/interpreter.js";
import { ask } from "../../compiler/interpret/query.js";
import { loadRuleset } from "../../compiler/engine/index.js";

const ROOT = join(import.meta.dirname, "..", "..");
const member = (e: string, name: string): Value => ({ v: "member", enum: e, name });

describe("query layer", () => {
  const asl = loadRuleset("asl-a4", fsHost(ROOT)).ir!;
  const coc = loadRuleset("chain-of-command", fsHost(ROOT)).ir!;
  const squad = (unit: Record<string, Value>): ScenarioValue => ({
    unit: { kind: member("kind", "squad"), ...unit },
    vehicle: null,
    scenario: {},
    path: [],
  });
  const team: ScenarioValue = {
    unit: { kind: member("kind", "team") },
    vehicle: null,
    scenario: {},
    path: [],
  };

  it("an exact allowance, with the exceptions the evaluator chose", () => {
    const r = ask(
      asl,
      { scenario: squad({ leader: { v: "bool", b: true } }) },
      { allowance: true },
      true,
    );
    expect(r.value).toEqual({ k: "exact", v: expect.anything() });
    expect(r.value.k === "exact" && r.value.v.toString()).toBe("6");
    expect(r.applied!.exceptions.map((x) => x.cite)).toEqual(["A4.12", "A4.42"]);
    expect(r.applied!.rules.map((x) => x.name)).toContain("leader-bonus");
    expect(r.rules).toEqual([...new Set(r.rules)]);
    // Recording changes nothing, and leaves no listener behind.
    const plain = ask(
      asl,
      { scenario: squad({ leader: { v: "bool", b: true } }) },
      { allowance: true },
    );
    expect(plain.applied).toBeUndefined();
    expect(plain.rules).toEqual(r.rules);
    expect(interpreterFor(asl).ev.listener).toBeNull();
    const none = ask(asl, { scenario: squad({}) }, { allowance: true }, true);
    expect(none.applied!.exceptions).toEqual([]);
  });

  it("a dice allowance over every roll, or with the fixed roll", () => {
    const every = ask(coc, { scenario: team }, { allowance: true });
    expect(every.value.k).toBe("rolls");
    if (every.value.k === "rolls")
      expect([
        every.value.dist?.min,
        every.value.dist?.max,
        every.value.dist?.mean,
        every.value.na,
      ]).toEqual([2, 12, 7, 0]);
    const fixed = ask(coc, { scenario: { ...team, roll: [3, 5] } }, { allowance: true });
    expect(fixed.value.k === "exact" && fixed.value.v.toString()).toBe("8");
  });

  it("what cannot be asked is a value", () => {
    const short = ask(
      coc,
      { scenario: { ...team, roll: [3] }, everyRoll: false },
      { allowance: true },
    );
    expect(short.value).toEqual({
      k: "cannot",
      reason: "this move rolls 2 dice, but the fixed roll gives 1",
      found: [],
    });
    expect(ask(asl, { scenario: squad({}) }, { def: "no-such-rule" }).value.k).toBe("cannot");
  });

  it('an overflow is the answer "cannot", saying so, not a throw', () => {
    const big = loadRuleset(
      join(ROOT, "test/fixtures/diagnostics/V0105-example.rules"),
      fsHost(ROOT),
    ).ir!;
    const r = ask(
      big,
      {
        scenario: {
          unit: { kind: member("kind", "squad"), strength: { v: "num", q: "1000000000" } },
          vehicle: null,
          scenario: {},
          path: [],
        },
      },
      { allowance: true },
    );
    expect(r.value).toMatchObject({ k: "cannot", reason: expect.stringMatching(/exact range/) });
  });
});
