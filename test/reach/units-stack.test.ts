/**
 * `reach --all` moves a stack with its leader as one (issue 42; SL 5.44, ASL A4.12): a placed unit's
 * `with` names the leader it moves with, in the same hex; it then moves with that leader's bonus
 * (`leader`, and in ASL his lent IPC, `leaderPortage` being his own load), and the stack ends only
 * where a path legal for each of its units leads. Derived by hand on 7 × 1 hexes of open ground, all
 * units in A1: HMG, a squad with an HMG (5 PP) moving with Lt, a leader; 2nd, another HMG squad alone.
 * - SL: HMG 4 − (5 − 3) = 2 MF, +2 with the leader (5.44): 4 MF, A1–E1. Lt alone has 6 MF (F1, G1)
 *   but moves with the stack: A1–E1. 2nd, alone: 2 MF, A1–C1.
 * - ASL: HMG's IPC is 3 + the leader's unused 1 (A4.42): 5 − 4 = 1 PP over, 4 + 2 − 1 = 5 MF, A1–F1;
 *   Lt with the stack, A1–F1 (G1 is his alone). 2nd: 4 − 2 = 2 MF, A1–C1.
 */
import { describe, expect, it } from "vitest";
import { reachUnitsOn } from "../../compiler/engine/index.js";
import { ir } from "./helpers.js";

const MAP = {
  name: "Stack",
  columns: 7,
  rows: 1,
  terrain: { default: "open-ground" },
  units: {
    A1: [
      { kind: "squad", portage: 5, name: "HMG", with: "Lt" },
      { kind: "leader", name: "Lt" },
      { kind: "squad", portage: 5, name: "2nd" },
    ],
  },
};

function all(id: string, map: unknown = MAP) {
  const out = reachUnitsOn({
    rulesets: [ir(id)],
    map: { text: JSON.stringify(map), file: "stack.json" },
    phase: "movement",
    side: "friendly",
  });
  expect(out.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return out.value!.report.results[0]!;
}

const where = (r: ReturnType<typeof all>, name: string) =>
  Object.keys(r.hexes).filter((h) => r.hexes[h]!.units.includes(name));

describe("reach --all: a stack moving with its leader", () => {
  it("SL: the HMG squad moves with Lt's bonus, and Lt no further than the stack (5.44)", () => {
    const sl = all("sl-classic");
    expect(sl.units.map((u) => [u.name, u.allowance, u.reaches])).toEqual([
      ["HMG", 4, 5],
      ["Lt", 6, 5],
      ["2nd", 2, 3],
    ]);
    expect(where(sl, "HMG")).toEqual(["A1", "B1", "C1", "D1", "E1"]);
    expect(where(sl, "Lt")).toEqual(["A1", "B1", "C1", "D1", "E1"]);
    expect(where(sl, "2nd")).toEqual(["A1", "B1", "C1"]);
  });

  it("ASL: the leader lends his IPC too (A4.42): 5 MF, the stack to F1", () => {
    const asl = all("asl-a4");
    expect(asl.units.map((u) => [u.name, u.allowance, u.reaches])).toEqual([
      ["HMG", 5, 6],
      ["Lt", 6, 6],
      ["2nd", 2, 3],
    ]);
    expect(where(asl, "Lt")).toEqual(["A1", "B1", "C1", "D1", "E1", "F1"]);
  });

  /** The answer and its diagnostics (`all` refuses errors). */
  function withDiagnostics(id: string, map: unknown) {
    const text = JSON.stringify(map, null, 1);
    const out = reachUnitsOn({
      rulesets: [ir(id)],
      map: { text, file: "stack.json" },
      phase: "movement",
      side: "friendly",
    });
    // An error refuses the answer, as a unit missing a field its rules need does (V0903).
    expect(out.value).toBeNull();
    return { ds: out.diagnostics, text };
  }

  it("a `with` naming no unit in the hex: V1105 at that unit, the answer refused", () => {
    const map = { ...MAP, units: { A1: [{ kind: "squad", name: "1st", with: "Capt" }] } };
    const { ds, text } = withDiagnostics("sl-classic", map);
    expect(ds.map((d) => [d.code, d.severity])).toEqual([["V1105", "error"]]);
    expect(ds[0]!.message).toBe(
      "sl-classic: 1st moves with `Capt`, who is not placed in its hex on its side: a stack moves with a leader of its hex (SL 5.44, ASL A4.12)",
    );
    // Located at the unit whose `with` it is.
    const at = ds[0]!.span!;
    expect(JSON.parse(text.slice(at.start, at.end))).toEqual(map.units.A1[0]);
    expect(at.line).toBeGreaterThan(1);
  });

  it("a `with` naming a hero (SL 5.4, ASL A4.11: a single-man counter, not a leader): V1105, no silent stack", () => {
    // Without the check the squad would move with the hero as with a leader: +2 MF (SL 5.44).
    const units = {
      A1: [
        { kind: "squad", portage: 5, name: "HMG", with: "Hero" },
        { kind: "hero", name: "Hero" },
      ],
    };
    for (const id of ["sl-classic", "asl-a4"]) {
      const { ds } = withDiagnostics(id, { ...MAP, units });
      expect(ds.map((d) => d.code)).toEqual(["V1105"]);
      expect(ds[0]!.message).toBe(
        `${id}: HMG moves with \`Hero\`, a hero, who is not a leader in ${id}: a stack moves with a leader of its hex (SL 5.44, ASL A4.12)`,
      );
    }
  });

  it("a `with` in a ruleset without leaders (Tide of Iron): V1105", () => {
    const units = {
      A1: [
        { kind: "squad", name: "1st", with: "2nd" },
        { kind: "squad", name: "2nd" },
      ],
    };
    const { ds } = withDiagnostics("tide-of-iron", { ...MAP, units });
    expect(ds.filter((d) => d.code === "V1105").map((d) => d.message)).toEqual([
      "tide-of-iron: 1st moves with `2nd`, a squad, who is not a leader in tide-of-iron: a stack moves with a leader of its hex (SL 5.44, ASL A4.12)",
    ]);
  });
});
