/**
 * A change of floor in Chain of Command (10.1.4; issue 42): going up or down a floor takes the whole
 * phase, and the unit may then move up to 6" within the floor moved to. The ruleset makes it the
 * move's first step (`floor-change-first`), so only a unit that starts in a building can make one.
 * `eval` answers such a move; reach does not search it (its answer is one cost per hex, and after the
 * change the unit stands on another floor of its hex, which a map has no place for), and says so where
 * it matters: a unit starting in a building, warned at its start (V1121).
 *
 * Derived by hand on a 3 × 3 map, 4" a hex, open ground with a house in B2 (a `building`, which
 * Chain of Command reads as broken ground, 10.1.2):
 * - a Team in B2 rolling 3 and 4 could change floor: V1121 at `--from`, naming 10.1.4 and
 *   `change-floor`; the hexes listed stay on its floor (7", the house and its six neighbours); from A1
 *   (open ground) no such move exists, and SL (no floors) never warns;
 * - `reach --all` with Teams in B2 and A1: one V1121, at the B2 Team as the map places it;
 * - the move reach leaves to eval: from B2, change floor then 4" within the house (broken ground) is
 *   legal on the 6" the change leaves whatever the dice; 7" is not (10.1.4).
 */
import { describe, expect, it } from "vitest";
import { reachOn, reachUnitsOn, interpretScenario } from "../../compiler/engine/index.js";
import { parseScenario } from "../../compiler/scenario/index.js";
import { ir } from "./helpers.js";

const VILLAGE = {
  name: "Village",
  columns: 3,
  rows: 3,
  hexInches: 4,
  terrain: { default: "open-ground", hexes: { B2: "building" } },
};
const TEAM = '{"kind":"team","dice":[3,4]}';

function reachFrom(ids: string[], from: string) {
  return reachOn({
    rulesets: ids.map(ir),
    map: { text: JSON.stringify(VILLAGE), file: "village.json" },
    from: { text: from, file: "--from" },
    unit: { text: ids[0] === "chain-of-command" ? TEAM : '{"kind":"squad"}', file: "--unit" },
    phase: "movement",
  });
}

describe("Chain of Command: a change of floor (10.1.4) is eval's, and reach says so", () => {
  it("a Team starting in a building is warned at --from (V1121), and its ground-floor reach is given", () => {
    const out = reachFrom(["chain-of-command"], "B2");
    const notes = out.diagnostics.filter((d) => d.code === "V1121");
    expect(notes).toHaveLength(1);
    const d = notes[0]!;
    expect(d.severity).toBe("warning");
    expect(d.span?.file).toBe("--from");
    expect([d.span?.start, d.span?.end]).toEqual([0, 2]);
    expect(d.message).toContain("[10.1.4] `change-floor`");
    expect(d.message).toContain("(B2)");
    expect(out.value).not.toBeNull();
    // 3 + 4 = 7" on broken ground (the house, 10.1.2.2: the slowest ground governs): B2 and its six
    // neighbours, 4" each (column B sits half a hex lower: A2, A3, C2, C3), nothing 8" away.
    expect(Object.keys(out.value!.report.results[0]!.hexes).sort()).toEqual([
      "A2",
      "A3",
      "B1",
      "B2",
      "B3",
      "C2",
      "C3",
    ]);
  });

  it("no warning from open ground, nor under a ruleset without floors (SL)", () => {
    expect(reachFrom(["chain-of-command"], "A1").diagnostics.map((d) => d.code)).not.toContain(
      "V1121",
    );
    expect(reachFrom(["sl-classic"], "B2").diagnostics.map((d) => d.code)).not.toContain("V1121");
  });

  it("reach --all warns at the unit that starts in the building, once", () => {
    const map = {
      ...VILLAGE,
      units: {
        A1: [{ kind: "team", name: "Bren", dice: [3, 4] }],
        B2: [{ kind: "team", name: "Rifles", dice: [3, 4] }],
      },
    };
    const text = JSON.stringify(map);
    const out = reachUnitsOn({
      rulesets: [ir("chain-of-command")],
      map: { text, file: "village.json" },
      phase: "movement",
      side: "friendly",
    });
    const notes = out.diagnostics.filter((d) => d.code === "V1121");
    expect(notes).toHaveLength(1);
    const at = notes[0]!.span!;
    expect(text.slice(at.start, at.end)).toContain('"name":"Rifles"');
  });

  it("eval answers the move reach leaves to it: the change, then up to 6 inches on the new floor", () => {
    const coc = ir("chain-of-command");
    const move = (inches: number) => {
      const p = parseScenario(
        JSON.stringify({
          unit: { kind: "team" },
          path: [{ action: "change-floor" }, { terrain: "broken", inches }],
        }),
        "s.json",
        [coc],
      );
      expect(p.diagnostics).toEqual([]);
      return interpretScenario(coc, p.perRuleset[0]!.value, []);
    };
    const four = move(4);
    expect(four.allowance).toEqual({ min: 6, max: 6, mean: 6, distribution: { "6": 1 } });
    expect(four.legal).toBe(true);
    expect(move(7).legal).toBe(false);
  });
});
