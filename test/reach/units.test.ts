/**
 * Several units on one map (issue 24): a unit per ruleset (`--unit ID=JSON`), and `reach --all`:
 * per ruleset, per hex, how many of a side's units can end their move there and whether the stacking
 * limit lets them all. The expected values are derived by hand from the texts first:
 *
 * test/fixtures/maps/units-skirmish.json, 8 × 5 hexes of open ground (woods in D3): friendly 1st and
 * 2nd (squads) and Lt (a leader) in A3, HS (a half-squad, 3 PP) in C5, MG (a squad, 4 PP) in H5;
 * enemy a squad and a leader in F2, a squad in G4.
 * - SL: a squad 4 MF, a leader 6 (5.4); the HS carries 2 PP free (142.33), so 3 PP leave it 3 MF; MG
 *   carries 3 free, 4 leave it 3 MF. Enemy hexes are entered only in the Advance Phase (5.6).
 * - A3: the three who start there (0 MF) and HS (C5 → B4 → B3 → A3, 3 MF); MG is seven columns away.
 *   Four infantry counters (≤ 4), three MMC (≤ 3: two squads, the HS), 3 PP (≤ 10): within 6.1.
 * - E5: all five: five counters (> 4) and four MMC (> 3), 7 PP: over the limit (6.1).
 * - F2: held by the enemy: no friendly unit ends there in the Movement Phase (5.6).
 * - ASL A4 gives no stacking limit: counted, never judged.
 * - Enemy side: F3 is one hex from F2 and from G4 (G4's upper-left neighbour): all three, two MMC,
 *   within the limit; A3 is held by the friendly units.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { reachOn, reachUnitsOn } from "../../compiler/engine/index.js";
import { stackingOf } from "../../compiler/reach/units.js";
import { renderUnitsHtml, renderUnitsSvg } from "../../compiler/reach/units-drawing.js";
import { notMovedText, stackingText, unitText } from "../../compiler/reach/units-labels.js";
import { renderUnitsText } from "../../compiler/reach/units-text.js";
import { interpretedBinding } from "../../compiler/reach/binding.js";
import { parseScenario } from "../../compiler/scenario/index.js";
import { ROOT, ir } from "./helpers.js";

const SKIRMISH = join(ROOT, "test", "fixtures", "maps", "units-skirmish.json");
const text = readFileSync(SKIRMISH, "utf8");
const CROSSROADS = readFileSync(join(ROOT, "maps", "crossroads.json"), "utf8");

function all(ids: string[], side: "friendly" | "enemy" = "friendly") {
  const out = reachUnitsOn({
    rulesets: ids.map(ir),
    map: { text, file: "units-skirmish.json" },
    phase: "movement",
    side,
  });
  expect(out.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return out.value!.report;
}

describe("reach --all: counts and stacking per hex", () => {
  it("SL: A3 holds four within 6.1, E5 five over it, F2 none (enemy-held)", () => {
    const sl = all(["sl-classic"]).results[0]!;
    expect(sl.units.map((u) => [u.name, u.allowance])).toEqual([
      ["1st", 4],
      ["2nd", 4],
      ["Lt", 6],
      ["HS", 3],
      ["MG", 3],
    ]);
    expect(sl.hexes["A3"]).toEqual({
      count: 4,
      units: ["1st", "2nd", "Lt", "HS"],
      counts: { infantry: 4, mmcs: 3, pp: 3 },
      withinLimit: true,
    });
    expect(sl.hexes["E5"]).toEqual({
      count: 5,
      units: ["1st", "2nd", "Lt", "HS", "MG"],
      counts: { infantry: 5, mmcs: 4, pp: 7 },
      withinLimit: false,
    });
    expect(sl.hexes["F2"]).toBeUndefined();
    expect(sl.hexes["H5"]?.units).toEqual(["MG"]);
    expect(sl.stacking?.rule).toBe("within-stacking");
    expect(sl.overLimit).toContain("E5");
    expect(sl.overLimit).not.toContain("A3");
  });

  it("ASL: the same units counted, no limit judged (chapter A4 gives none)", () => {
    const asl = all(["sl-classic", "asl-a4"]).results[1]!;
    expect(asl.stacking).toBeNull();
    expect(asl.stackingNote).toBe("no stacking limit in the bundled text");
    expect(asl.hexes["A3"]?.count).toBe(4);
    expect(asl.hexes["E5"]).toEqual({
      count: 5,
      units: ["1st", "2nd", "Lt", "HS", "MG"],
      withinLimit: null,
    });
    expect(asl.overLimit).toEqual([]);
  });

  it("--side enemy: the enemy's three reach F3 together, within 6.1; friendly-held A3 is shut", () => {
    const sl = all(["sl-classic"], "enemy").results[0]!;
    expect(sl.units.map((u) => u.name)).toEqual(["Gruppe 1", "Fw", "Gruppe 2"]);
    expect(sl.hexes["F3"]).toEqual({
      count: 3,
      units: ["Gruppe 1", "Fw", "Gruppe 2"],
      counts: { infantry: 3, mmcs: 2, pp: 0 },
      withinLimit: true,
    });
    expect(sl.hexes["A3"]).toBeUndefined();
  });

  it("each unit's hexes are exactly its single-unit reach (the other side holding its hexes)", () => {
    const sl = all(["sl-classic"]).results[0]!;
    const held = JSON.parse(text) as Record<string, unknown>;
    held["enemy"] = { F2: "units", G4: "units" };
    delete held["units"];
    const single = reachOn({
      rulesets: [ir("sl-classic")],
      map: { text: JSON.stringify(held), file: "held.json" },
      from: { text: "C5", file: "--from" },
      unit: { text: '{"kind":"half-squad","portage":3}', file: "--unit" },
      phase: "movement",
    }).value!.report.results[0]!;
    const mine = Object.keys(sl.hexes).filter((h) => sl.hexes[h]!.units.includes("HS"));
    expect(mine).toEqual(Object.keys(single.hexes));
  });

  it("Tide of Iron: a leader and a half-squad are no kinds of it (listed), squads count one unit each, no limit in the text", () => {
    const ti = all(["tide-of-iron"]).results[0]!;
    expect(ti.notPlaced.map((u) => u.name)).toEqual(["Lt", "HS"]);
    expect(ti.stacking).toBeNull();
    expect(ti.stackingNote).toMatch(/^no stacking limit in the bundled text; counted: units/);
    expect(ti.hexes["A3"]?.counts).toEqual({ units: 2 });
  });

  it("a map without units of the side is V1104; the rulesets' stacking is read from their rules", () => {
    const out = reachUnitsOn({
      rulesets: [ir("sl-classic")],
      map: { text: CROSSROADS, file: "crossroads.json" },
      phase: "movement",
      side: "friendly",
    });
    expect(out.diagnostics.map((d) => d.code)).toEqual(["V1104"]);
    expect(stackingOf(ir("sqla-31")).limit?.name).toBe("within-stacking");
    expect(stackingOf(ir("asl-a4"))).toEqual({ limit: null, counts: [] });
    expect(stackingOf(ir("chain-of-command"))).toEqual({ limit: null, counts: [] });
  });
});

describe("a unit per ruleset", () => {
  it("an SL squad and a Chain of Command team share the crossroads map", () => {
    const out = reachOn({
      rulesets: [ir("sl-classic"), ir("chain-of-command")],
      map: { text: CROSSROADS, file: "crossroads.json" },
      from: { text: "C3", file: "--from" },
      unit: { text: '{"kind":"squad"}', file: "--unit" },
      units: { "chain-of-command": { text: '{"kind":"team","dice":[3,4]}', file: "--unit coc" } },
      phase: "movement",
    });
    expect(out.diagnostics).toEqual([]);
    const [sl, coc] = out.value!.report.results;
    expect(sl!.unit).toBeUndefined();
    expect(coc!.unit).toEqual({ kind: "team", dice: [3, 4] });
    expect(sl!.hexes["D3"]?.cost).toBe(1);
    expect(Object.keys(coc!.hexes).length).toBeGreaterThan(1);
    expect(out.value!.mismatches).toEqual([]);
  });

  it("Tide of Iron alone on the crossroads answers; without an action V1103 says which to give", () => {
    const out = reachOn({
      rulesets: [ir("tide-of-iron")],
      map: { text: CROSSROADS, file: "crossroads.json" },
      from: { text: "C3", file: "--from" },
      unit: { text: '{"kind":"squad"}', file: "--unit" },
      phase: "movement",
    });
    expect(out.diagnostics.map((d) => [d.code, d.severity, d.span?.col])).toEqual([
      ["V1103", "warning", 1],
    ]);
    const ti = out.value!.report.results[0]!;
    expect(ti.notApplicable).toContain("terrain: building");
    const advance = reachOn({
      rulesets: [ir("tide-of-iron")],
      map: { text: CROSSROADS, file: "crossroads.json" },
      from: { text: "C3", file: "--from" },
      unit: { text: '{"kind":"squad","action":"advance"}', file: "--unit" },
      phase: "movement",
    });
    expect(advance.diagnostics).toEqual([]);
    expect(advance.value!.report.results[0]!.hexes["D3"]?.cost).toBe(1);
  });
});

describe("reach --all drawn: the SVG and HTML say what the JSON says", () => {
  const built = (side: "friendly" | "enemy") => {
    const out = reachUnitsOn({
      rulesets: ["sl-classic", "asl-a4", "tide-of-iron"].map(ir),
      map: { text, file: "units-skirmish.json" },
      phase: "movement",
      side,
    });
    return out.value!;
  };
  /** Per panel, per hex: the number printed in it (absent: none) and its hover text. */
  function drawn(svg: string): Map<string, Map<string, { printed?: string; title: string }>> {
    const out = new Map<string, Map<string, { printed?: string; title: string }>>();
    for (const p of svg.split('<g class="panel" data-ruleset="').slice(1)) {
      const ruleset = p.slice(0, p.indexOf('"'));
      const hexes = new Map<string, { printed?: string; title: string }>();
      for (const m of p.matchAll(/<g class="hex" data-hex="([A-Z]+\d+)"><title>([^<]*)<\/title>/g))
        hexes.set(m[1]!, { title: m[2]! });
      const labels = p.slice(p.indexOf('<g class="labels"'));
      for (const m of labels.matchAll(
        /class="name">([A-Z]+\d+)<\/text>(?:<text [^>]*class="cost"[^>]*>([^<]*)<\/text>)?/g,
      ))
        if (m[2] !== undefined) hexes.get(m[1]!)!.printed = m[2];
      out.set(ruleset, hexes);
    }
    return out;
  }

  for (const side of ["friendly", "enemy"] as const)
    it(`--side ${side}: every hex prints the JSON's count (\`!\` over the limit) and names its units`, () => {
      const { report, graph } = built(side);
      const svg = renderUnitsSvg(graph, report);
      const panels = drawn(svg);
      expect([...panels.keys()]).toEqual(["sl-classic", "asl-a4", "tide-of-iron"]);
      for (const r of report.results) {
        const hexes = panels.get(r.ruleset)!;
        expect(hexes.size).toBe(graph.n);
        for (const name of graph.names) {
          const h = r.hexes[name];
          const d = hexes.get(name)!;
          if (h === undefined) {
            expect(d.printed, `${r.ruleset} ${name}`).toBeUndefined();
            continue;
          }
          expect(d.printed, `${r.ruleset} ${name}`).toBe(
            `${h.count}${h.withinLimit === false ? "!" : ""}`,
          );
          expect(d.title).toContain(`${r.ruleset}: ${h.count} unit`);
          expect(d.title).toContain(h.units.join(", "));
          if (r.stacking === null)
            expect(d.title).toContain("no stacking limit in the bundled text");
          else
            expect(d.title).toContain(
              `${h.withinLimit ? "within" : "over"} the stacking limit [${r.stacking.cite}]`,
            );
        }
        // Outlined over the limit: exactly the JSON's overLimit.
        const outlined = [
          ...svg
            .split(`data-ruleset="${r.ruleset}"`)[1]!
            .split('<g class="panel"')[0]!
            .matchAll(/class="over-limit" data-hex="([A-Z]+\d+)"/g),
        ].map((m) => m[1]);
        expect(outlined).toEqual(r.overLimit);
      }
      // Nothing of one unit's reach: no path, no cost, no start of a single move.
      expect(svg).not.toMatch(/\bpath [A-H]\d|least cost|allowance|class="start"/);
      expect(svg).toContain(`where the ${side} units can end their move`);
    });

  it("the page lists per ruleset what the text lists: stacking, units, not moved, over the limit", () => {
    const { report, graph } = built("friendly");
    const html = renderUnitsHtml(graph, report);
    const text = renderUnitsText(graph, report);
    // Every line of the text but the grid is in the page (its escaped form).
    const esc = (s: string) =>
      s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
    for (const r of report.results) {
      expect(html).toContain(esc(stackingText(r)));
      for (const u of r.units) expect(html).toContain(esc(unitText(u, r.measure)));
      for (const u of r.notPlaced) expect(html).toContain(esc(notMovedText(u)));
      expect(text).toContain(stackingText(r));
    }
    expect(html).toContain("over the limit if all end there (!): 2 hexes".replace(/^o/, "O"));
    expect(html).toContain(
      '<tr><th scope="row">E5</th><td class="num">5</td><td>infantry 5, mmcs 4, pp 7</td><td>1st, 2nd, Lt, HS, MG</td></tr>',
    );
  });
});

describe("units of one ruleset share the map's prepared steps", () => {
  it("every unit's binding resolves names with the one resolver of its ruleset (the key of the prepared steps)", () => {
    const sl = ir("sl-classic");
    const base = (unit: Record<string, unknown>) =>
      parseScenario(JSON.stringify({ unit, path: [] }), "u.json", [sl]).perRuleset[0]!.value;
    const a = interpretedBinding(sl, base({ kind: "squad" }), { kind: "squad" });
    const b = interpretedBinding(sl, base({ kind: "leader" }), { kind: "leader" });
    expect(a.resolve).toBe(b.resolve);
    expect(interpretedBinding(ir("asl-a4"), base({ kind: "squad" })).resolve).not.toBe(a.resolve);
  });
});
