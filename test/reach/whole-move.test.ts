/**
 * A step cost that reads the whole move (compiler/reach/lookahead.ts): `eval` prices each step
 * knowing every step of the move, reach over the path so far, so reach's cost of a hex is not the
 * price `eval` gives its path. Each such read is shown to disagree (the engine's re-pricing of every
 * reported path, `mismatches`), and the engine says so with V1120 — on the ruleset's `cost:` binding
 * (front end: `check`, the language server, the studio's editor) and in the reach answer (`variorum
 * reach`, `reach --all`, the diff's map section, the studio's reach pane). A cost that reads only its own
 * step agrees and gets neither.
 */
import { describe, expect, it } from "vitest";
import { compileText, diffReport, reachOn, reachUnitsOn } from "../../compiler/engine/index.js";
import type { RulesetIR } from "../../compiler/ir/ir.js";
import { wholeMoveRead } from "../../compiler/reach/lookahead.js";
import { ir as bundled } from "./helpers.js";

const ruleset = (cost: string) => `ruleset lookahead "a step cost"
  cites numbered

measure MP [1.1] "movement points"

enum terrain [1.2] "terrain" {
  open-ground "Open ground"
  woods "Woods"
}

input step [1.3] {
  terrain: terrain
}

input unit [1.4] {
  mp: MP
}

rule cost [2.1] "what a step costs" section terrain: MP = ${cost}

movement [1.5] MP {
  allowance: unit.mp
  cost: cost
}
`;

/** A row: open ground (the start), open ground, woods, open ground, woods. */
const MAP = JSON.stringify({
  name: "Row",
  columns: 5,
  rows: 1,
  terrain: { default: "open-ground", hexes: { C1: "woods", E1: "woods" } },
});

function loaded(cost: string): { ir: RulesetIR; codes: string[]; line: number | null } {
  const l = compileText(ruleset(cost), "lookahead.rules");
  expect(l.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  const v = l.diagnostics.find((d) => d.code === "V1120");
  return {
    ir: l.ir!,
    codes: l.diagnostics.map((d) => d.code),
    line: v?.span ? v.span.line : null,
  };
}

function reached(ir: RulesetIR) {
  const out = reachOn({
    rulesets: [ir],
    map: { text: MAP, file: "row.json" },
    from: { text: "A1", file: "--from" },
    unit: { text: '{"mp":12}', file: "--unit" },
    phase: "movement",
  });
  expect(out.value).not.toBeNull();
  return { mismatches: out.value!.mismatches, codes: out.diagnostics.map((d) => d.code) };
}

const WHOLE = [
  { read: "count step (…)", cost: "1 MP + count step (step.terrain == woods) * 1 MP" },
  { read: "max step (…)", cost: "max step (2 MP if step.terrain == woods else 1 MP)" },
  { read: "path.hexes", cost: "1 MP if path.hexes < 3 else 2 MP" },
  { read: "path.steps", cost: "1 MP if path.steps < 3 else 2 MP" },
  { read: "step.last", cost: "2 MP if step.last else 1 MP" },
];

describe("a step cost that reads the whole move", () => {
  for (const w of WHOLE)
    it(`\`${w.read}\`: reach and eval disagree, and V1120 says so`, () => {
      const { ir, codes, line } = loaded(w.cost);
      expect(wholeMoveRead(ir)).toEqual({ what: w.read, rule: "cost" });
      expect(codes).toEqual(["V1120"]);
      expect(line).toBe(23); // `cost: cost` in the movement binding
      const r = reached(ir);
      expect(r.mismatches.length, "reach's costs are not eval's prices").toBeGreaterThan(0);
      expect(r.codes).toEqual(["V1120"]);
    });

  it("a cost of its own step alone: they agree, and nothing is said", () => {
    const { ir, codes } = loaded("2 MP if step.terrain == woods else 1 MP + 0 MP * step.number");
    expect(wholeMoveRead(ir)).toBeNull();
    expect(codes).toEqual([]);
    expect(reached(ir)).toEqual({ mismatches: [], codes: [] });
  });

  it("the diff's map section says it too, of the ruleset that reads the whole move", () => {
    const { ir } = loaded(WHOLE[0]!.cost);
    const { ir: local } = loaded("1 MP");
    const diff = diffReport({
      rulesets: [local, { ...ir, id: "lookahead-whole" }],
      reach: {
        map: { text: MAP, file: "row.json" },
        from: { text: "A1", file: "--from" },
        unit: { text: '{"mp":12}', file: "--unit" },
        phase: "movement",
      },
    });
    expect(diff.value).not.toBeNull();
    expect(diff.diagnostics.map((d) => [d.code, d.message.split(":")[0]])).toEqual([
      ["V1120", "lookahead-whole"],
    ]);
  });

  it("`reach --all` says it too, for each ruleset whose cost reads the whole move", () => {
    // A map's units carry the scenario's fields only: the allowance is the ruleset's own, 12 MP.
    const fixed = (cost: string): RulesetIR => {
      const text = ruleset(cost)
        .replace("allowance: unit.mp", "allowance: 12 MP")
        .replace("input unit [1.4] {\n  mp: MP\n}\n", "");
      return compileText(text, "lookahead.rules").ir!;
    };
    const [ir, local] = [fixed(WHOLE[2]!.cost), fixed("1 MP")];
    const placed = JSON.stringify({
      ...JSON.parse(MAP),
      units: { A1: [{ kind: "squad", name: "1st" }] },
    });
    const out = reachUnitsOn({
      rulesets: [local, { ...ir, id: "lookahead-whole" }],
      map: { text: placed, file: "row.json" },
      phase: "movement",
      side: "friendly",
    });
    expect(out.value).not.toBeNull();
    expect(out.value!.report.results.map((r) => Object.keys(r.hexes).length)).toEqual([5, 5]);
    expect(out.diagnostics.map((d) => [d.code, d.message.split(":")[0]])).toEqual([
      ["V1120", "lookahead-whole"],
    ]);
  });

  it("no bundled ruleset's step cost reads the whole move", () => {
    for (const id of ["sl-classic", "sqla-31", "asl-a4", "tide-of-iron", "chain-of-command"])
      expect(wholeMoveRead(bundled(id)), id).toBeNull();
  });
});
