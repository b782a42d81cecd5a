/**
 * Issue 15, defect 1, as a property: rulesets whose fields, rules and predicates are named like
 * Object.prototype members (`__proto__`, `constructor`, `toString`, …) price every move the same
 * in the generated module (integer ticks) and in the interpreter (exact rationals), whichever
 * fields a scenario gives or leaves to their defaults.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { RulesetIR, ScenarioValue, Value } from "../../compiler/ir/ir.js";
import { compileText, interpretScenario, runExamples } from "../../compiler/engine/index.js";
import { artifacts, importEmitted } from "../artifacts.js";

const HOSTILE = [
  "__proto__",
  "constructor",
  "toString",
  "valueOf",
  "hasOwnProperty",
  "isPrototypeOf",
  "prototype",
  "then",
  "length",
  "name",
];
const ARTIFACTS = artifacts("hostile-names");

/** A ruleset over three unit fields (bool, number, bool) and a step field, all named from HOSTILE. */
function rulesetText(id: string, [b1, n1, b2, s1, r1, p1]: string[]): string {
  return `ruleset ${id} "hostile names ${id}"
  cites numbered

measure MF [1.1] "movement factors"
enum kind [1.2] "counters" {
  squad "Squad"
}
input unit [1.3] {
  kind: kind
  ${b1}: bool = false
  ${n1}: number = 2
  ${b2}: bool = true
}
input step [1.4] {
  ${s1}: bool = false
}
rule ${r1} [1.5] "the unit's MF" : MF = unit.${n1} * 2 MF + (1 MF if unit.${b1} else 0 MF)
predicate ${p1} [1.6] "both flags" : unit.${b1} and unit.${b2}
rule cost [1.7] "a hex" : MF = (2 MF if step.${s1} else 1 MF) + (1 MF if ${p1} else 0 MF)
movement [1.8] MF {
  allowance: ${r1}
  cost: cost
}
example [1.5] "defaults: 4 MF, 1 MF a hex" {
  unit { kind: squad }
  path { ${s1}: false }
  expect allowance = 4
  expect spent = 1
  expect ${p1} = false
}
`;
}

interface Generated {
  evaluate(input: unknown, trace?: boolean): unknown;
}

const cases: { ir: RulesetIR; names: string[]; mod?: Generated }[] = [];

beforeAll(async () => {
  const draws = fc.sample(fc.shuffledSubarray(HOSTILE, { minLength: 6, maxLength: 6 }), {
    numRuns: 6,
    seed: 15,
  });
  for (const [i, names] of draws.entries()) {
    const id = `hostile-names-${i}`;
    const loaded = compileText(rulesetText(id, names), `${id}.rules`);
    expect(
      loaded.diagnostics.filter((d) => d.severity === "error"),
      names.join(" "),
    ).toEqual([]);
    const ir = loaded.ir!;
    cases.push({ ir, names, mod: await importEmitted<Generated>(ARTIFACTS, ir) });
  }
});

function toValue(
  ir: RulesetIR,
  rec: "unit" | "step",
  json: Record<string, unknown>,
): Record<string, Value> {
  const out: Record<string, Value> = Object.create(null) as Record<string, Value>;
  for (const f of ir.inputs.find((x) => x.rec === rec)!.fields) {
    if (!Object.hasOwn(json, f.json)) continue;
    const x = json[f.json];
    if (f.type.t === "bool") out[f.name] = { v: "bool", b: x as boolean };
    else if (f.type.t === "enum")
      out[f.name] = { v: "member", enum: f.type.name, name: x as string };
    else out[f.name] = { v: "num", q: String(x) };
  }
  return out;
}

describe("names like Object.prototype members", () => {
  it("compile, and their examples pass in the interpreter", () => {
    expect(cases).toHaveLength(6);
    for (const { ir, names } of cases) {
      const failed = runExamples(ir).filter((r) => !r.passed);
      expect(failed, names.join(" ")).toEqual([]);
    }
  });

  it("generated modules and the interpreter agree on every input, given or defaulted", () => {
    let sawProtoKey = false;
    for (const { ir, names, mod } of cases) {
      const [b1, n1, b2, s1] = names.map(
        (n) => ir.inputs.flatMap((i) => i.fields).find((f) => f.name === n)?.json ?? n,
      );
      const unitArb = fc.record(
        {
          kind: fc.constant("squad"),
          [b1!]: fc.boolean(),
          [n1!]: fc.integer({ min: 0, max: 4 }),
          [b2!]: fc.boolean(),
        },
        { requiredKeys: ["kind"] },
      );
      // A step names at least one field (an empty step is V0903, in the CLI as in a module).
      const stepArb = fc.record({ [s1!]: fc.boolean() }, { requiredKeys: [s1!] });
      fc.assert(
        fc.property(unitArb, fc.array(stepArb, { maxLength: 4 }), (unit, steps) => {
          // Through JSON, as a game aid would pass it: `__proto__` becomes an own key, not a prototype.
          const json = JSON.stringify({ unit, path: steps });
          if (json.includes('"__proto__"')) sawProtoKey = true;
          const input = JSON.parse(json) as {
            unit: Record<string, unknown>;
            path: Record<string, unknown>[];
          };
          const sv: ScenarioValue = {
            unit: toValue(ir, "unit", input.unit),
            vehicle: null,
            scenario: {},
            path: input.path.map((s) => toValue(ir, "step", s)),
          };
          // The module's evaluate() also answers the ruleset's predicates and names the defaults
          // the answer turns on (as eval --json does); the move itself must be the interpreter's.
          const {
            predicates: _p,
            predicateRules: _r,
            assumed: _a,
            ...move
          } = mod!.evaluate(input, true) as {
            predicates: unknown;
            predicateRules: unknown;
            assumed?: unknown;
          };
          expect(move, names.join(" ")).toEqual(interpretScenario(ir, sv, [], true));
        }),
        { numRuns: 100, seed: 1502 },
      );
    }
    // The draw did put `__proto__` into the inputs as an own key.
    expect(sawProtoKey).toBe(true);
  });

  it("with every flag at its default, a move prices as the text of the ruleset says", () => {
    for (const { ir, names, mod } of cases) {
      // The unit's flags left to their defaults; the step names its one field, false (a step may not
      // be empty).
      const s1 = ir.inputs.flatMap((i) => i.fields).find((f) => f.name === names[3])?.json;
      const r = mod!.evaluate({
        unit: { kind: "squad" },
        path: [{ [s1 ?? names[3]!]: false }],
      }) as {
        allowance: number;
        spent: number;
      };
      expect([r.allowance, r.spent], ir.id).toEqual([4, 1]);
    }
  });
});
