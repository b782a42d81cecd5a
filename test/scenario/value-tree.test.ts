/**
 * A value handed over in memory is read as its JSON text would be (compiler/scenario/value-tree.ts):
 * the tree `valueTree` builds is the one jsonc-parser makes of `JSON.stringify(value)`, node for
 * node, and `scenarioOfValue` answers what `parseScenario` answers for that text, diagnostics and
 * their places included.
 */
import { parseTree, type Node } from "jsonc-parser";
import { describe, expect, it } from "vitest";
import { parseScenario, scenarioOfValue, type JsonValue } from "../../compiler/scenario/index.js";
import { valueTree } from "../../compiler/scenario/value-tree.js";
import { diceIR, slClassicIR } from "./fixture-ir.js";

/** A node without its parent (compared apart: a parent is checked to hold the node). */
function plain(n: Node): unknown {
  for (const c of n.children ?? []) expect(c.parent).toBe(n);
  const { parent: _, children, ...rest } = n;
  return children === undefined ? rest : { ...rest, children: children.map(plain) };
}

const VALUES: JsonValue[] = [
  null,
  true,
  0,
  -0,
  -2.5,
  1e21,
  0.1 + 0.2,
  1 / 3,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  "",
  'a "quoted" \\ line\nbreak \u0001 é \ud83d\ude00 \udc00',
  [],
  {},
  [1, "x", [null, [false]], {}],
  [undefined as unknown as JsonValue, Number.NaN],
  { a: 1, b: undefined, c: { "": [], "2": "two", "1": "one" }, __proto__x: "p" },
  {
    name: "Lt. Ross",
    phase: "movement",
    path: [],
    unit: { kind: "squad", portage: 1.5, status: ["cx"], dice: [3, 5], leader: null },
  },
];

describe("valueTree", () => {
  for (const v of VALUES)
    it(`is jsonc-parser's tree of JSON.stringify(${JSON.stringify(v)})`, () => {
      const text = JSON.stringify(v);
      const { root, text: built } = valueTree(v);
      expect(built).toBe(text);
      expect(plain(root)).toEqual(plain(parseTree(text)!));
    });
});

describe("scenarioOfValue", () => {
  const sl = slClassicIR();
  const dice = diceIR();
  const cases: Record<string, JsonValue> = {
    "a good unit": { name: "u", phase: "movement", path: [], unit: { kind: "squad", portage: 2 } },
    "an unknown member and a negative quantity": {
      name: "u",
      path: [],
      unit: { kind: "sqaud", portage: -1, status: ["cx", "brokn"] },
    },
    "an unknown field and a wrong shape": {
      phase: "movement",
      unit: { kind: "squad", teem: 1, leader: "yes", status: [1, "cx"] },
    },
    "a number beyond the exact range": { unit: { kind: "squad", portage: 1 / 3 } },
    "a roll the dice cannot make": { unit: { kind: "squad", dice: [7, 0, 1] } },
    "a unit that is no object": { unit: [] },
    "fields given as unknown": { unit: { kind: null, portage: null }, path: [] },
  };
  for (const [what, v] of Object.entries(cases))
    it(`reads ${what} as parseScenario reads its text`, () => {
      for (const irs of [[sl], [dice], [sl, dice]]) {
        const got = scenarioOfValue(v, "unit.json", irs);
        const want = parseScenario(JSON.stringify(v), "unit.json", irs);
        expect(got).toEqual(want);
        expect(got.diagnostics.map((d) => [d.span?.line, d.span?.col])).toEqual(
          want.diagnostics.map((d) => [d.span?.line, d.span?.col]),
        );
      }
    });

  it("says what parseScenario says of a text beyond the size limit", () => {
    const v = { name: "x".repeat(1_000_001), unit: { kind: "squad" } };
    const got = scenarioOfValue(v, "big.json", [sl]);
    expect(got.diagnostics.map((d) => d.code)).toEqual(["V0901"]);
    expect(got).toEqual(parseScenario(JSON.stringify(v), "big.json", [sl]));
  });
});
