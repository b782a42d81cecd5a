/**
 * `reach --all` names the defaults each unit's answer turns on, as the single-unit reach does (issue
 * 42): the same words, the same JSON field (`assumed`), one implementation (per-value.ts through
 * runtime/cases.ts), told at the least cost.
 *
 * Derived by hand from SL Classic on test/fixtures/maps/units-leader-woods.json (A1 open ground, B1
 * and C1 woods, D1–F1 open ground; squads 1st, `leader` given as unknown, and 2nd, `leader` left out,
 * in A1): 2nd has 4 MF (5.4) and ends in A1, B1 or C1 (woods 2 MF, 5.5); with a leader it would have
 * 6 MF (5.44) and reach E1 — its answer turns on the default, which is named: "assuming no
 * unit.leader (the default)". 1st gives it as unknown: answered per value, nothing assumed. Neither
 * rides a vehicle (there is none in A1): `aboard` is never assumed.
 *
 * Then every unit of the fixtures, under every bundled ruleset, against brute force: a default is named
 * exactly where giving the unit another value of it, on the same map, changes its allowance or the
 * hexes it can end in.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { reachUnitsOn } from "../../compiler/engine/index.js";
import { perValue } from "../../compiler/reach/per-value.js";
import { renderUnitsText } from "../../compiler/reach/units-text.js";
import { interpretedBinding } from "../../compiler/reach/binding.js";
import { parseScenario } from "../../compiler/scenario/index.js";
import { buildGraph } from "../../runtime/map.js";
import { reachOnMap } from "../../runtime/reach-map.js";
import type { ScenarioValue } from "../../compiler/ir/ir.js";
import { ir, ROOT } from "./helpers.js";

const fixture = (name: string) =>
  readFileSync(join(ROOT, "test", "fixtures", "maps", name), "utf8");

const RIDERS = JSON.stringify({
  name: "Riders",
  columns: 4,
  rows: 3,
  terrain: { default: "open-ground", hexes: { C2: "woods" } },
  vehicles: { B2: { kind: "halftrack", mp: 16 } },
  units: { B2: [{ kind: "squad", name: "1st" }], A1: [{ kind: "squad", name: "2nd" }] },
});

const TEAMS = JSON.stringify({
  name: "Teams",
  columns: 3,
  rows: 2,
  hexInches: 4,
  terrain: { default: "open-ground", hexes: { B1: "woods" } },
  units: {
    A1: [{ kind: "team", name: "Rifles" }],
    C2: [{ kind: "light-gun", name: "Gun" }],
    C1: [{ kind: "team", rate: "tactical", name: "Scouts" }],
  },
});

function all(ids: string[], text: string) {
  const out = reachUnitsOn({
    rulesets: ids.map(ir),
    map: { text, file: "map.json" },
    phase: "movement",
    side: "friendly",
  });
  expect(out.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return out.value!;
}

/**
 * `perValue` over the reach of ruleset `id`'s unit `unit` from `from` on the fixture map `file`,
 * split by `answer`, with the searches it made.
 */
function searched(
  id: string,
  unit: Record<string, unknown>,
  file: string,
  from: string,
  answer: (a: ReturnType<typeof reachOnMap>) => unknown,
) {
  const rs = ir(id);
  const map = buildGraph(JSON.parse(fixture(file)));
  let searches = 0;
  const split = perValue(
    rs,
    unitValue(id, unit),
    (b) => {
      searches++;
      return reachOnMap(interpretedBinding(rs, b), map, from);
    },
    answer,
    { aboard: false },
  );
  return { split, searches };
}

describe("reach --all names the defaults a unit's answer turns on", () => {
  it("SL: a squad without `leader` is told 'assuming no unit.leader (the default)' (5.4, 5.44, 5.5)", () => {
    const v = all(["sl-classic"], fixture("units-leader-woods.json"));
    const r = v.report.results[0]!;
    const second = r.units.find((u) => u.name === "2nd")!;
    expect(second.allowance).toBe(4);
    expect(second.reaches).toBe(3);
    expect(second.assumed).toEqual({ "unit.leader": false });
    const first = r.units.find((u) => u.name === "1st")!;
    expect(first.dependsOn).toEqual(["unit.leader"]);
    expect(first.assumed).toBeUndefined();
    expect(renderUnitsText(v.graph, v.report)).toContain(
      '2nd      A1   {"kind":"squad"}: 4 MF, 3 hexes; assuming no unit.leader (the default)\n',
    );
  });

  it("one search where the allowance tells the default: an SL squad's leader costs no search more", () => {
    const { split, searches } = searched(
      "sl-classic",
      { kind: "squad" },
      "ok-leader-woods.json",
      "A1",
      (a) => [a.allowance, Array.from(a.cost, (c) => !Number.isNaN(c))],
    );
    expect(split.assumed).toEqual([{ field: "unit.leader", value: false }]);
    expect(searches).toBe(1);
  });

  it("Chain of Command: a Team's rate is told by its distribution, 2D6 against 1D6 (10.1.1): one search", () => {
    const { split, searches } = searched(
      "chain-of-command",
      { kind: "team" },
      "ok-coc-stream.json",
      "B2",
      (a) => [a.allowance, a.distribution, Array.from(a.cost, (c) => !Number.isNaN(c))],
    );
    expect(split.assumed).toEqual([{ field: "unit.rate", value: "normal" }]);
    expect(searches).toBe(1);
  });

  it("ASL: a default the allowance does not tell is searched once more, not once per value", () => {
    // Every field given but Assault Movement (A4.61), which leaves the allowance as it is: only the
    // search tells that it changes the hexes reached (one Location at most, A4.61). Its default's
    // search is the base's: two searches, not one per value and the base (three).
    const { split, searches } = searched(
      "asl-a4",
      {
        kind: "squad",
        leader: true,
        leaderDoubleTime: false,
        doubleTime: false,
        lateDoubleTime: false,
        startUnseen: false,
      },
      "ok-leader-woods.json",
      "A1",
      (a) => [a.allowance, Array.from(a.cost, (c) => !Number.isNaN(c))],
    );
    expect(split.assumed).toEqual([{ field: "unit.assaultMovement", value: false }]);
    expect(searches).toBe(2);
  });

  for (const [file, text, ids] of [
    [
      "units-skirmish.json",
      fixture("units-skirmish.json"),
      ["sl-classic", "asl-a4", "sqla-31", "tide-of-iron"],
    ],
    ["units-leader-woods.json", fixture("units-leader-woods.json"), ["sl-classic", "asl-a4"]],
    ["units-small.json", fixture("units-small.json"), ["sl-classic", "sqla-31"]],
    // A halftrack in B2 with a squad beside it (whether it rides is then a default read) and one in A1.
    ["a halftrack's hex", RIDERS, ["sqla-31", "sl-classic"]],
    // Dice: a Team's rate changes its distribution (10.1.1); a gun's does not (10.3: it rolls its own).
    ["Chain of Command Teams", TEAMS, ["chain-of-command"]],
  ] as const)
    it(`every unit of ${file} names exactly the defaults that change its answer (brute force)`, () => {
      const json = JSON.parse(text) as {
        units: Record<string, Record<string, unknown>[]>;
        vehicles?: Record<string, unknown>;
      };
      const v = all([...ids], text);
      for (const [i, r] of v.report.results.entries()) {
        const rs = ir(ids[i]!);
        const fields = rs.inputs
          .find((x) => x.rec === "unit")!
          .fields.filter((f) => f.default !== null && (f.type.t === "bool" || f.type.t === "enum"));
        for (const u of r.units) {
          const expected: Record<string, unknown> = {};
          const answerOf = (unit: Record<string, unknown>) => {
            const units = Object.fromEntries(
              Object.entries(json.units).map(([h, l]) => [
                h,
                l.map((x) => (x["name"] === u.name ? { ...unit, name: u.name } : x)),
              ]),
            );
            const w = all([ids[i]!], JSON.stringify({ ...json, units }));
            const res = w.report.results[0]!;
            const mine = res.units.find((x) => x.name === u.name);
            return JSON.stringify([
              mine?.allowance ?? null,
              Object.entries(res.hexes)
                .filter(([, h]) => h.units.includes(u.name))
                .map(([name]) => name),
            ]);
          };
          const asIs = answerOf(u.unit);
          for (const f of fields) {
            if (f.json in u.unit) continue;
            if (f.json === "aboard" && json.vehicles?.[u.hex] === undefined) continue;
            const values =
              f.type.t === "bool"
                ? [true, false]
                : rs.enums
                    .find((e) => e.name === (f.type as { name: string }).name)!
                    .members.map((m) => m.name);
            const dflt =
              f.default!.v === "bool" ? f.default!.b : (f.default as { name: string }).name;
            if (values.some((x) => x !== dflt && answerOf({ ...u.unit, [f.json]: x }) !== asIs))
              expected[`unit.${f.json}`] = dflt;
          }
          expect(u.assumed ?? {}, `${ids[i]} ${u.name}`).toEqual(expected);
        }
      }
    });
});

/** A unit as the ruleset's scenario value (an empty path). */
function unitValue(id: string, unit: Record<string, unknown>): ScenarioValue {
  const parsed = parseScenario(
    JSON.stringify({ name: "u", phase: "movement", path: [], unit }),
    "u",
    [ir(id)],
  );
  return parsed.perRuleset[0]!.value;
}
