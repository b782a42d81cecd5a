/**
 * A hand-made minimal IR shaped like SL Classic's, so parseScenario can be tested without the front
 * end. Only what the scenario reader looks at is filled in (enums, inputs, dice in rules).
 */

import type { Def, EnumDef, InputField, RulesetIR, Type, Value } from "../../compiler/ir/ir.js";

const def = (name: string, cite = "5.1"): Def => ({
  name,
  cite,
  title: name,
  concept: name,
  section: null,
  origin: { ruleset: "sl-classic", line: 1 },
});

const enumDef = (name: string, members: string[]): EnumDef => ({
  ...def(name),
  members: members.map((m) => ({ name: m, display: m, cite: null })),
});

const field = (name: string, type: Type, dflt: Value | null, optional = false): InputField => ({
  name,
  json: name.replace(/-([a-z])/g, (_, ch: string) => ch.toUpperCase()),
  type,
  optional,
  default: dflt,
  cite: "5.1",
});

export function slClassicIR(): RulesetIR {
  return {
    id: "sl-classic",
    title: "Squad Leader Classic: infantry movement",
    edition: null,
    citeStyle: "numbered",
    extends: [],
    measures: [{ ...def("MF") }, { ...def("PP") }],
    enums: [
      enumDef("kind", ["squad", "half-squad", "crew", "leader", "hero"]),
      enumDef("terrain", ["open-ground", "road", "woods", "building", "shell-hole", "wheatfield"]),
      enumDef("hexside", ["wall", "hedge"]),
      enumDef("status", ["inexperienced", "broken", "pinned", "cx"]),
      enumDef("phase", ["movement", "advance"]),
    ],
    groups: [],
    inputs: [
      {
        rec: "unit",
        cite: "5.4",
        fields: [
          field("kind", { t: "enum", name: "kind" }, null),
          field("portage", { t: "num", measure: "PP" }, { v: "num", q: "0" }),
          field("leader", { t: "bool" }, { v: "bool", b: false }),
          field("status", { t: "set", of: "status" }, { v: "set", enum: "status", members: [] }),
        ],
      },
      {
        rec: "step",
        cite: "5.5",
        fields: [
          field("terrain", { t: "enum", name: "terrain" }, null, true),
          field("hexside", { t: "enum", name: "hexside" }, null, true),
          field("via-road", { t: "bool" }, { v: "bool", b: false }),
        ],
      },
      {
        rec: "scenario",
        cite: "5.1",
        fields: [
          field(
            "phase",
            { t: "enum", name: "phase" },
            { v: "member", enum: "phase", name: "movement" },
          ),
        ],
      },
    ],
    tables: [],
    rules: [],
    constraints: [],
    movement: {
      cite: "5.2",
      measure: "MF",
      allowance: { k: "num", q: "4" },
      cost: { k: "num", q: "1" },
      minimumMove: null,
      vehicleSpent: null,
      vehicleMeasure: null,
    },
    examples: [],
    scale: 2,
  };
}

/** The same, with an allowance rolled on 2d6 (to test `unit.dice`). */
export function diceIR(): RulesetIR {
  const ir = slClassicIR();
  ir.id = "dice-house";
  ir.rules.push({
    ...def("roll"),
    kind: "rule",
    params: [],
    type: { t: "dist", measure: null },
    context: "unit",
    value: { k: "dice", n: 2, sides: 6, keep: null, perDie: null },
    exceptions: [],
  });
  return ir;
}
