/**
 * A placed unit a ruleset cannot read (`reach --all`): it is listed as not moved, with the scenario
 * reader's first complaint as the reason — the words `variorum eval` would say of the same unit in
 * a scenario file. The unit is handed to the reader as values (compiler/scenario/value-tree.ts), so
 * each reason here is held twice: by its words, and against `parseScenario` of the unit written out
 * as the text the map's unit once became (`{ name, phase, path: [], unit }`).
 *
 * The map places, for SL Classic, ASL A4 and SQLA 31 (values the map itself accepts: the
 * fields are known to some ruleset asked, of a JSON shape it can take):
 * - `Relay`: SL's `relayedPortage`, a field ASL A4 does not declare;
 * - `Late`: ASL's `lateDoubleTime` given as a string, a field SL does not declare;
 * - `Brkn`: a status no ruleset has (`brokn`);
 * - `Neg`: a negative quantity (`portage: -1`).
 */
import { describe, expect, it } from "vitest";
import { reachUnitsOn } from "../../compiler/engine/index.js";
import { parseScenario } from "../../compiler/scenario/index.js";
import { ir } from "./helpers.js";

const UNITS = {
  A1: [
    { kind: "squad", name: "Relay", relayedPortage: 1 },
    { kind: "squad", name: "Late", lateDoubleTime: "yes" },
  ],
  B1: [
    { kind: "squad", name: "Brkn", status: ["inexperienced", "brokn"] },
    { kind: "squad", name: "Neg", portage: -1 },
  ],
};
const MAP = JSON.stringify({
  name: "Refusals",
  columns: 2,
  rows: 1,
  terrain: { default: "open-ground" },
  units: UNITS,
});
const IDS = ["sl-classic", "asl-a4", "sqla-31"];

function notPlaced() {
  const out = reachUnitsOn({
    rulesets: IDS.map(ir),
    map: { text: MAP, file: "refusals.json" },
    phase: "movement",
    side: "friendly",
  });
  expect(out.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return Object.fromEntries(
    out.value!.report.results.map((r) => [
      r.ruleset,
      Object.fromEntries(r.notPlaced.map((n) => [n.name, n.reason])),
    ]),
  );
}

describe("reach --all: a unit a ruleset cannot read is not moved, with the reader's words", () => {
  const got = notPlaced();

  it("each reason is the first error parseScenario gives the unit written out as text", () => {
    let compared = 0;
    for (const id of IDS)
      for (const [hex, list] of Object.entries(UNITS))
        for (const u of list) {
          const { name, ...unit } = u;
          const text = JSON.stringify({ name, phase: "movement", path: [], unit });
          const first = parseScenario(text, name, [ir(id)]).diagnostics.find(
            (d) => d.severity === "error",
          );
          if (first === undefined) continue;
          expect(got[id]![name], `${id} ${hex} ${name}`).toBe(first.message);
          compared++;
        }
    expect(compared).toBeGreaterThanOrEqual(8);
  });

  it("the words, per ruleset (SL Classic moves `Relay`: the field is its own)", () => {
    const SL_HAS =
      "kind, portage, leader, leaderPortage, leaderDoubleTime, squadPortage, doubleTime, status, action, rate, shock, dice, relayedPortage, aboard";
    const neg = (id: string) =>
      `\`unit.portage\` must be 0 or more PP (a quantity is never negative) for ruleset ${id}`;
    expect(got).toEqual({
      "sl-classic": {
        Late: `unknown field \`unit.lateDoubleTime\`; unit has: ${SL_HAS}`,
        Brkn: "unknown status `brokn` in `unit.status[1]` for ruleset sl-classic; valid: inexperienced, prep-fired, berserk, ti",
        Neg: neg("sl-classic"),
      },
      "asl-a4": {
        Relay:
          "unknown field `unit.relayedPortage`; unit has: kind, portage, leader, leaderPortage, leaderDoubleTime, squadPortage, doubleTime, status, action, rate, shock, dice, lateDoubleTime, assaultMovement, startTerrain, startUnseen",
        Late: '`unit.lateDoubleTime` must be true or false, not a string ("yes")',
        Brkn: "unknown status `brokn` in `unit.status[1]` for ruleset asl-a4; valid: inexperienced, conscript, wounded, broken, pinned, cx, ti, berserk, prep-fired, opportunity-fire, melee, disrupted, unarmed, human-wave, hazardous, pushing-gun",
        Neg: neg("asl-a4"),
      },
      "sqla-31": {
        Late: `unknown field \`unit.lateDoubleTime\`; unit has: ${SL_HAS}`,
        Brkn: "unknown status `brokn` in `unit.status[1]` for ruleset sqla-31; valid: inexperienced, prep-fired, berserk, ti, broken, bailed-out",
        Neg: neg("sqla-31"),
      },
    });
  });
});
