/**
 * Every change with evidence (issue 40): the situation search sets inputs only one ruleset has and
 * says so, searches definitions with parameters (bound where the ruleset calls them), and gives a
 * house rule's `remove constraint` and `override input` situations. Expected values are derived from
 * the rule texts: A4.11 (a Conscript MMC has 3 MF, a wounded SMC 3, a conveyance sets 4), A4.12 (only a
 * Good Order MMC gets the leader bonus), SL 5.4 (4 MF a squad, 6 an SMC), 5.44 (+2 MF with a
 * leader), 5.71 (an SMC carries at most 3 PP), SL's terrain chart (woods 2 MF).
 */

import { describe, expect, it } from "vitest";
import { buildReport, type DiffReport, type Row } from "../../compiler/diff/index.js";
import { lackingWords, type Situation } from "../../compiler/diff/situations.js";
import { load } from "./helpers.js";

let slAsl: DiffReport | null = null;
const slAslReport = () => (slAsl ??= buildReport([load("sl-classic"), load("asl-a4")]));
const row = (r: DiffReport, concept: string): Row =>
  r.rows.find((x) => x.concept === concept || x.label === concept)!;
const sit = (r: Row, text: string): Situation => {
  const s = r.situations.find((x) => x.text === text);
  if (!s)
    throw new Error(
      `no situation "${text}" in ${r.label}: ${r.situations.map((x) => x.text).join(" | ")}`,
    );
  return s;
};

describe("inputs only one ruleset has", () => {
  it("Movement factor: a Conscript squad and a wounded SMC, which SL does not have", () => {
    const mf = row(slAslReport(), "Movement factor");
    const conscript = sit(mf, "Squad, Conscript");
    expect(conscript.values).toEqual({ "sl-classic": null, "asl-a4": 3 });
    expect(conscript.rules["asl-a4"]).toEqual(["A4.11"]);
    expect(conscript.only).toEqual({
      inputs: ["Conscript"],
      rulesets: ["asl-a4"],
      without: { "sl-classic": { value: 4, display: "4 MF" } },
    });
    expect(lackingWords(conscript, ["sl-classic", "asl-a4"])).toEqual([
      "sl-classic has no Conscript: 4 MF without it",
    ]);
    const wounded = sit(mf, "Leader or Hero, Wounded (SMC)");
    expect(wounded.values["asl-a4"]).toBe(3);
    expect(wounded.only!.without["sl-classic"]!.value).toBe(6);
    expect(mf.notes.join("\n")).not.toMatch(/no situations/);
  });

  it("Leader bonus: a broken squad with a leader gets none in ASL; SL has no broken units", () => {
    const lb = row(slAslReport(), "Leader bonus");
    const broken = sit(lb, "Squad, leader, Broken");
    expect(broken.values).toEqual({ "sl-classic": null, "asl-a4": 0 });
    expect(broken.only!.without["sl-classic"]!.value).toBe(2);
    // A conveyance (a vehicle, which SL lacks) takes the bonus away too.
    expect(
      lb.situations.some((s) => s.only?.inputs.includes("vehicle") && s.values["asl-a4"] === 0),
    ).toBe(true);
  });

  it("the summary says which ruleset has the input", () => {
    const r = slAslReport();
    const c = r.summary.changes.find((x) => x.label === "Movement factor")!;
    expect(c.sentence).toBe(
      "only asl-a4 has Conscript: asl-a4 lowers Movement factor to 3 MF for squad, Conscript (A4.11; sl-classic has no Conscript: 4 MF without it)",
    );
  });

  it("a house rule's override input: in winter, woods cost 3 MF; SL has no winter", () => {
    const r = buildReport([load("sl-classic"), load("sl-winter")]);
    const cot = row(r, "cot");
    expect(cot.status).toBe("changed");
    const w = sit(cot, "winter, entering Woods");
    expect(w.values).toEqual({ "sl-classic": null, "sl-winter": 3 });
    expect(w.rules["sl-winter"]).toEqual(["H1"]);
    expect(w.only!.without["sl-classic"]!.display).toBe("2 MF");
    expect(w.inputs).toEqual({ winter: true, path: [{ terrain: "woods" }] });
  });
});

describe("definitions with parameters", () => {
  it("SL's bypass-cost(obstacle, other, sides) is asked as SL's pricing calls it, against ASL's Bypass", () => {
    const by = row(slAslReport(), "Bypass");
    expect(by.notes.join("\n")).not.toMatch(/parameters/);
    // Skirting woods through a shell hole: the other terrain's cost (SL 1 MF, ASL 2 MF, A4.31).
    const s = sit(by, "entering Woods or Building, bypassing 1 hexside, through Shell hole");
    expect(s.values).toEqual({ "sl-classic": 1, "asl-a4": 2 });
    // Three hexsides double it in both (106.3, A4.31).
    expect(
      sit(by, "entering Woods or Building, bypassing 3 hexsides, through Shell hole").values,
    ).toEqual({
      "sl-classic": 2,
      "asl-a4": 4,
    });
  });
});

describe("a constraint a house rule removes", () => {
  it("a leader with 4 PP: not legal in SL (5.71), legal without the cap", () => {
    const r = buildReport([load("sl-classic"), load("sl-no-cap")]);
    const cap = row(r, "SMC portage cap");
    expect(cap.status).toBe("partial");
    expect(cap.differs).toBe(true);
    const s = sit(cap, "Leader or Hero, portage 4 PP, entering Open Ground");
    expect(s.values).toEqual({ "sl-classic": false, "sl-no-cap": true });
    expect(s.rules).toEqual({ "sl-classic": ["5.71"], "sl-no-cap": [] });
    expect(cap.notes).toContain(
      "sl-no-cap removes sl-classic's SMC portage cap: every move is allowed where it applied",
    );
    expect(r.summary.changes.map((c) => c.sentence)).toEqual([
      "sl-no-cap removes SMC portage cap: allowed (no such constraint) for leader or hero, portage 4 PP, entering Open Ground (sl-classic not allowed, 5.71)",
    ]);
  });
});

describe("no situations, said only with the bound", () => {
  it("every 'no situations' note of the SL–ASL report names the bound or the reason", () => {
    for (const r of slAslReport().rows)
      for (const n of r.notes.filter((x) => x.startsWith("no situations")))
        expect(n).toMatch(/situations tried|parameters|read no input|of its own/);
  });
});
