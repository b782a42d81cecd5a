/**
 * The diff as a designer reads it (issue 25): each row's situations exercise what the row is about,
 * every exception a ruleset changes or adds fires in a situation, rows say why when they have none,
 * cells read in plain words, and a summary of what changed comes first.
 */

import { describe, expect, it } from "vitest";
import { buildReport, type DiffReport, type Row } from "../../compiler/diff/index.js";
import { plainOf } from "../../compiler/render/plain.js";
import { load } from "./helpers.js";

let slAsl: DiffReport | null = null;
const slAslReport = () => (slAsl ??= buildReport([load("sl-classic"), load("asl-a4")]));
let house: DiffReport | null = null;
const houseReport = () => (house ??= buildReport([load("sl-classic"), load("two-change")]));
const five: Record<string, DiffReport> = {};
const fiveReport = (onlyDifferences: boolean) =>
  (five[String(onlyDifferences)] ??= buildReport(
    ["sl-classic", "sqla-31", "asl-a4", "tide-of-iron", "chain-of-command"].map(load),
    { onlyDifferences },
  ));
const row = (r: DiffReport, concept: string): Row =>
  r.rows.find((x) => x.concept === concept || x.label === concept)!;

describe("situations that belong to their row", () => {
  it("the Uphill row climbs: a shell hole entered uphill costs SL 1 MF, ASL 4 MF", () => {
    const up = row(slAslReport(), "uphill");
    expect(up.situations.length).toBeGreaterThan(0);
    for (const s of up.situations) expect(s.inputs.path?.[0]?.uphill).toBe(true);
    expect(up.situations[0]!.text).toBe("entering Shell hole, uphill");
    expect(up.situations[0]!.values).toEqual({ "sl-classic": 1, "asl-a4": 4 });
  });

  it("a predicate that asks another question in each ruleset says the concepts differ", () => {
    const am = row(slAslReport(), "assault-movement");
    expect(am.situations).toEqual([]);
    expect(am.notes.join("\n")).toMatch(
      /the concepts differ: asl-a4's definition .* asks unit\.assault-movement, which sl-classic has no field for/,
    );
  });

  it("a changed row that differs only through inputs one ruleset has shows them (one-sided situations)", () => {
    const mf = row(slAslReport(), "Movement factor");
    expect(mf.status).toBe("changed");
    expect(mf.situations.map((s) => s.text)).toContain("Squad, Conscript");
    expect(mf.situations.every((s) => s.only?.rulesets.join() === "asl-a4")).toBe(true);
    expect(mf.notes.join("\n")).not.toMatch(/no situations/);
  });

  it("a two-change house rule shows both changes in play, in its row and in the rows that follow", () => {
    const r = houseReport();
    const lb = row(r, "leader-bonus");
    expect(lb.situations.map((s) => s.text)).toEqual(["Squad, leader", "Hero, leader"]);
    expect(lb.situations[1]!.values).toEqual({ "sl-classic": 0, "two-change": 1 });
    expect(lb.situations[1]!.rules["two-change"]).toEqual(["H1"]);
    expect(lb.notes).toContain(
      "two-change changes the value of sl-classic's exception 5.44 (two-change: 5.44): 1",
    );
    const al = row(r, "allowance");
    expect(al.followsFrom).toEqual(["leader-bonus"]);
    expect(al.situations.map((s) => s.text)).toEqual(["Squad, leader", "Hero, leader"]);
  });
});

describe("repeated situations folded", () => {
  it("Leader bonus names Tank, Halftrack or Truck in one situation, not three that say the same", () => {
    const lb = row(slAslReport(), "leader-bonus");
    const texts = lb.situations.map((s) => s.text);
    expect(texts).toContain("Squad, leader, Tank, Halftrack or Truck");
    expect(texts).not.toContain("Squad, leader, Halftrack");
    const folded = lb.situations.find((s) => s.text === "Squad, leader, Tank, Halftrack or Truck")!;
    expect(folded.members).toEqual({
      input: "vehicle.kind",
      values: ["tank", "halftrack", "truck"],
    });
    // No two situations of any row answer alike everywhere and differ only in one member.
    const flat = (x: unknown, at = ""): [string, unknown][] =>
      x !== null && typeof x === "object" && !Array.isArray(x)
        ? Object.entries(x).flatMap(([k, v]) => flat(v, `${at}.${k}`))
        : [[at, x]];
    for (const r of slAslReport().rows)
      for (const s of r.situations)
        for (const t of r.situations) {
          if (t === s || s.members || t.members) continue;
          if (JSON.stringify([t.values, t.rules]) !== JSON.stringify([s.values, s.rules])) continue;
          const a = new Map(flat(s.inputs));
          const b = new Map(flat(t.inputs));
          const keys = [...new Set([...a.keys(), ...b.keys()])].filter(
            (k) => a.get(k) !== b.get(k),
          );
          const oneMember =
            keys.length === 1 &&
            typeof a.get(keys[0]!) === "string" &&
            typeof b.get(keys[0]!) === "string";
          expect(oneMember, `${r.id}: ${s.text} / ${t.text}`).toBe(false);
        }
  });
});

describe("counts searched over whole numbers", () => {
  it("a Bypass skirts whole hexsides (a measure no ruleset writes a fraction of), never 1½", () => {
    const rows = slAslReport().rows.filter((r) =>
      r.situations.some((s) => s.inputs.path?.[0]?.bypass !== undefined),
    );
    expect(rows.map((r) => r.label)).toContain("Bypass");
    for (const r of rows)
      for (const s of r.situations) {
        const n = s.inputs.path?.[0]?.bypass;
        if (n !== undefined) expect(Number.isInteger(n), `${r.id}: ${s.text}`).toBe(true);
        expect(s.text).not.toMatch(/[½⅓⅔¼¾] hexside/);
      }
  });
});

describe("citations that decided, first", () => {
  it("the road bonus situation cites the road bonus (A4.11) before Double Time (A4.5) and A4.52", () => {
    const al = row(slAslReport(), "allowance");
    const road = al.situations.find((s) => s.text === "Squad, entering Open Ground, via road")!;
    expect(road.rules["asl-a4"]).toEqual(["A4.11", "A4.12", "A4.5", "A4.42", "A4.52"]);
    // The same order in the summary and every format, which render the model.
    const s = slAslReport().summary.changes.find((c) => c.row === al.id)!;
    expect(s.sentence).toContain("via road (A4.11, A4.12, A4.5 …;");
  });

  it("a shell hole climbed cites the terrain chart that changed (5.5) before the COT rule (5.54)", () => {
    const up = row(slAslReport(), "uphill");
    expect(up.situations[0]!.rules).toEqual({
      "sl-classic": ["5.5", "5.54"],
      "asl-a4": ["A4.133", "A4.13"],
    });
  });
});

describe("one cause per change", () => {
  it("COT follows from the shell hole and the road rate: one cause each, COT folded under both", () => {
    const r = slAslReport();
    const cot = row(r, "cot");
    const shell = r.rows.find((x) => x.label === "Terrain cost: Shell hole")!;
    const road = row(r, "road-rate");
    expect(cot.causes.sort()).toEqual([road.id, shell.id].sort());
    expect(cot.followsFrom).toEqual(["road-rate", "terrain-cost(shell-hole)"]);
    const s = r.summary;
    expect(s.changes.map((c) => c.label)).not.toContain("COT");
    // The shell hole is one cause: every row it changes is listed under it, once.
    expect(s.changes.find((c) => c.row === shell.id)!.follows.map((f) => f.label)).toEqual([
      "COT",
      "Uphill",
      "Entry cost",
      "Bypass",
    ]);
    expect(s.changes.find((c) => c.row === road.id)!.follows.map((f) => f.label)).toEqual([
      "COT",
      "Uphill",
      "Entry cost",
    ]);
    // Uphill stays a cause: SL 5.53 does not double a shell hole, ASL A4.133 doubles every COT.
    expect(s.changes.map((c) => c.label)).toContain("Uphill");
    // The headline counts causes, and each row that only follows once (COT, Enemy hex, Portage
    // excess).
    expect(s.headline).toMatch(/^16 rules change answers \(3 more rows follow from them\)/);
    // ASL's IPC hands its question to a helper (`ipc-with(double-timing)`) that Allowance and
    // Portage excess call themselves: the half-squad's 3 PP is still one cause.
    expect(s.changes.find((c) => c.label === "IPC")!.follows.map((f) => f.label)).toEqual([
      "Allowance",
      "Portage excess",
    ]);
    expect(row(r, "portage-excess").causes).toEqual([row(r, "ipc").id]);
  });

  it("a row with a change of its own shows evidence that does not turn on another change", () => {
    const r = slAslReport();
    const sentence = (label: string) => r.summary.changes.find((c) => c.label === label)!.sentence;
    // Entry cost's own change is A4.15 (OVR): on open ground, where the terrain costs agree.
    expect(sentence("Entry cost")).toBe(
      "asl-a4 raises Entry cost to 2 MF for squad, entering Open Ground, held by a lone enemy leader or hero (A4.15, A4.131, A4.13; sl-classic 1 MF, 5.54, 5.5)",
    );
    const entry = row(r, "entry-cost");
    expect(entry.situations.map((x) => x.follows ?? [])).toEqual([
      [],
      ["Terrain cost: Shell hole"],
      ["Road rate"],
    ]);
    // Bypass's own change: a broken unit may not Bypass (A4.3), not the shell hole's 2 MF.
    expect(sentence("Bypass")).toMatch(/^only asl-a4 has Broken: asl-a4 changes Bypass to NA/);
    expect(sentence("Bypass")).not.toMatch(/Shell hole/);
    // Uphill's own change (a shell hole doubles uphill) cannot be seen apart from the shell hole's
    // 2 MF: the sentence says what ASL answers at SL's shell-hole cost.
    expect(sentence("Uphill")).toBe(
      "asl-a4 raises Uphill to 4 MF for entering Shell hole, uphill (A4.133, A4.13; sl-classic 1 MF, 5.5, 5.54) — asl-a4 2 MF at sl-classic's Terrain cost: Shell hole",
    );
    expect(row(r, "uphill").turnsOn.sort()).toEqual(
      [
        row(r, "road-rate").id,
        r.rows.find((x) => x.label === "Terrain cost: Shell hole")!.id,
      ].sort(),
    );
  });

  it("the five-way diff folds COT's situations under their causes and starts no sentence on the shell hole but its own", () => {
    const s = fiveReport(false).summary;
    const shell = s.changes.find((c) => c.label === "Terrain cost: Shell hole")!;
    expect(shell.follows.map((f) => f.label)).toEqual(["COT", "Uphill", "Entry cost", "Bypass"]);
    for (const c of s.changes)
      if (c.label !== "Terrain cost: Shell hole" && c.label !== "Uphill" && c.label !== "COT")
        expect(c.sentence, c.label).not.toMatch(/Shell hole/);
    // COT's every situation is another change's, and Vehicle spent's search finds none: neither is
    // counted as changing answers.
    expect(s.changes.find((c) => c.label === "COT")!.sentence).toMatch(
      /every situation found follows from Terrain cost: Shell hole/,
    );
    expect(s.headline).toMatch(
      /; 2 more are written differently, with no situation found where that alone changes an answer;/,
    );
  });

  it("the five-way summary says which editions agree, and --only-differences keeps the partial rows that differ", () => {
    const r = fiveReport(true);
    const lb = r.summary.changes.find((c) => c.label === "Leader bonus")!;
    expect(lb.sentence).toBe(
      "Leader bonus for squad, leader: sl-classic, sqla-31, asl-a4: 2 MF (5.44, A4.12); tide-of-iron: 1 MP (Movement EXAMPLES/3); chain-of-command: no answer for these inputs",
    );
    expect(r.rows.some((x) => x.status === "partial" && x.label === "Road rate")).toBe(true);
    expect(r.rows.every((x) => x.differs)).toBe(true);
  });

  it("names every edition in a five-way sentence, those that lack an input grouped by what they answer without it", () => {
    const s = fiveReport(false).summary.changes;
    expect(s.find((c) => c.label === "Movement factor")!.sentence).toBe(
      "Movement factor for squad, Conscript: sl-classic, sqla-31: no Conscript (4 MF without it); asl-a4: 3 MF (A4.11); tide-of-iron: no Conscript (4 MP without it)",
    );
    // Allowance: every edition named, chain-of-command (no squad) even where it gives no answer;
    // asl-a4 answers on the default terrain, which every edition has through its concepts.
    expect(s.find((c) => c.label === "Allowance")!.sentence).toMatch(
      /^Allowance for squad, entering Open Ground, via road: sl-classic, sqla-31: 4 MF \(.*\); asl-a4: 5 MF \(.*\); tide-of-iron: 4 MP \(.*\); chain-of-command: no answer for these inputs$/,
    );
  });

  it("a number without a measure says what it counts: Chain of Command's pips off on the terrain-cost rows", () => {
    const r = fiveReport(false);
    const woods = r.rows.find((x) => x.label.startsWith("Terrain cost: Woods"))!;
    expect(woods.cells["chain-of-command"]!.display).toBe("1 (pips off)");
    expect(woods.cells["chain-of-command"]!.plain).toEqual(["1 (pips off)"]);
    const s = r.summary.changes.find((c) => c.row === woods.id)!.sentence;
    expect(s).toContain("chain-of-command: 1 (pips off) (10.1.2)");
  });

  it("--only-differences keeps every row where any two editions that have it differ, and no other", () => {
    const full = fiveReport(false);
    const only = fiveReport(true);
    const differing = full.rows.filter((x) => {
      const keys = Object.values(x.cells).flatMap((c) => (c === null ? [] : [c.key]));
      return new Set(keys).size > 1 || (x.differs && x.situations.length > 0);
    });
    expect(only.rows.map((x) => x.id)).toEqual(differing.map((x) => x.id));
    expect(only.rows.length).toBeGreaterThan(30);
  });
});

describe("plain words", () => {
  const OPERATORS = /\b(unit|step|scenario|path)\.[a-z]|==|!=|[{}]|\bmax\(|\bmin\(/;

  it("every cell of a changed row has a plain sentence free of rule-language operators", () => {
    for (const r of [slAslReport(), houseReport()])
      for (const x of r.rows.filter((y) => y.status === "changed"))
        for (const c of Object.values(x.cells)) {
          if (c === null) continue;
          expect(c.plain.length, x.id).toBe(c.lines.length);
          for (const p of c.plain) {
            expect(p, x.id).not.toBe("");
            expect(p, `${x.id}: ${p}`).not.toMatch(OPERATORS);
          }
        }
  });

  it("reads formulas the way a designer says them", () => {
    const al = row(slAslReport(), "allowance");
    expect(al.cells["sl-classic"]!.plain).toEqual([
      "the base MF plus the leader bonus minus the portage excess, never below 0 MF",
    ]);
    expect(al.cells["asl-a4"]!.plain).toEqual(["the MF left with double timing"]);
    expect(plainOf(load("sl-classic"), "base-mf")).toEqual([
      { depth: 0, text: "4 MF" },
      { depth: 1, text: "3 MF if unit is MMC and Inexperienced" },
      { depth: 1, text: "6 MF if unit is SMC" },
    ]);
    expect(plainOf(load("sl-classic"), "no-such-definition")).toBeNull();
  });
});

describe("what changed, first", () => {
  it("counts the rules that change answers, one sentence each with its smallest situation", () => {
    const s = slAslReport().summary;
    expect(s.headline).toMatch(
      /^\d+ rules change answers \(\d+ more rows follow from them\); \d+ concepts are not in every ruleset\.$/,
    );
    const ipc = s.changes.find((c) => c.row === "r-ipc")!;
    expect(ipc.sentence).toBe(
      "asl-a4 raises IPC to 3 PP for half-squad or crew (A4.42, A4.5, A4.52; sl-classic 2 PP, 142.33)",
    );
    expect(s.concepts.find((c) => c.section === "terrain")!.lines).toContainEqual(
      expect.stringMatching(/^asl-a4 only: Terrain cost: Brush, Orchard, Marsh; /),
    );
  });

  it("does not count as changing answers a rule written differently whose search found no situation (SQLA's COT)", () => {
    const s = buildReport([load("sl-classic"), load("sqla-31")]).summary;
    expect(s.headline).toBe(
      "1 rule changes answers; 1 more is written differently, with no situation found where that alone changes an answer; 60 concepts are not in every ruleset.",
    );
    expect(s.changes.map((c) => c.label)).toEqual(["COT", "Assault movement"]);
  });

  it("folds the rows that follow from a change under it, and names both changes of the house rule", () => {
    const s = houseReport().summary;
    expect(s.headline).toBe(
      "1 rule changes answers (2 more rows follow from it); 0 concepts are not in every ruleset.",
    );
    expect(s.changes).toHaveLength(1);
    expect(s.changes[0]!.sentence).toBe(
      "two-change lowers Leader bonus to 1 MF for squad, leader (5.44; sl-classic 2 MF, 5.44); and raises to 1 MF for hero, leader (H1; sl-classic 0 MF, 5.44)",
    );
    expect(s.changes[0]!.follows.map((f) => f.label)).toEqual(["Allowance", "Assault movement"]);
  });
});
