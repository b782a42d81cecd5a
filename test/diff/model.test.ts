/** The diff model: rows aligned by concept, statuses, sections, notes, and situations (minimal first). */

import { describe, expect, it } from "vitest";
import { buildReport, type Row } from "../../compiler/diff/index.js";
import { inferSection } from "../../compiler/ir/report-sections.js";
import { load } from "./helpers.js";

const report = () => buildReport([load("alpha"), load("beta")]);
const row = (rows: Row[], concept: string, member: string | null = null) => {
  const r = rows.find((x) => x.concept === concept && x.member === member);
  if (!r)
    throw new Error(
      `no row ${concept}${member ? `/${member}` : ""}; rows: ${rows.map((x) => x.concept + (x.member ? `/${x.member}` : "")).join(", ")}`,
    );
  return r;
};

describe("rows", () => {
  it("has one cell per ruleset, keyed by id", () => {
    const r = report();
    expect(r.rulesets.map((x) => x.id)).toEqual(["alpha", "beta"]);
    for (const x of r.rows) expect(Object.keys(x.cells)).toEqual(["alpha", "beta"]);
  });

  it("aligns definitions by concept, whatever their names", () => {
    const lb = row(report().rows, "leader-bonus");
    expect(lb.cells.alpha!.definition).toBe("leader-bonus");
    expect(lb.cells.beta!.definition).toBe("officer-bonus");
    expect(lb.cells.alpha!.display).toContain("2 MF");
    expect(lb.cells.beta!.display).toContain("1 MF");
    expect(lb.cells.beta!.rules).toEqual(["B2"]);
    expect(lb.status).toBe("changed");
  });

  it("makes a row of every table entry, aligned by member name then by display name", () => {
    const rows = report().rows;
    expect(row(rows, "terrain-cost", "open-ground").status).toBe("same");
    // alpha's `woods "Woods"` and beta's `forest "Woods"` share a row.
    const woods = row(rows, "terrain-cost", "woods");
    expect(woods.cells.alpha).toMatchObject({ value: 2, display: "2 MF", rules: ["1.8"] });
    expect(woods.cells.beta).toMatchObject({
      value: 3,
      display: "3 MF",
      definition: "terrain-cost",
    });
    expect(woods.status).toBe("changed");
    expect(woods.label).toBe("Terrain cost: Woods");
    const marsh = row(rows, "terrain-cost", "marsh");
    expect(marsh.cells.alpha).toBeNull();
    expect(marsh.cells.beta).toMatchObject({ value: "all", display: "all" });
    expect(marsh.status).toBe("partial");
  });

  it("gives each row a status: same, changed or partial", () => {
    const rows = report().rows;
    expect(row(rows, "road-rate").status).toBe("same");
    expect(row(rows, "road-rate").cells.alpha!.display).toBe("½ MF");
    expect(row(rows, "may-move").status).toBe("same");
    expect(row(rows, "ipc").status).toBe("changed");
    expect(row(rows, "terrain-cost", "wheatfield").status).toBe("partial");
    expect(row(rows, "terrain-cost", "wheatfield").differs).toBe(false);
    const s = report().stats;
    expect(s.same + s.changed + s.partial).toBe(s.rows);
  });

  it("marks a rule changed when only a rule it refers to changed", () => {
    const rows = report().rows;
    const entry = row(rows, "entry-cost");
    expect(entry.cells.alpha!.display).toBe(entry.cells.beta!.display);
    expect(entry.status).toBe("changed");
    expect(entry.notes).toContain("beta reads the same as alpha but differs through: terrain-cost");
  });

  it("shows exceptions, and notes the ones a ruleset adds or drops", () => {
    const ipc = row(report().rows, "ipc");
    expect(ipc.cells.beta!.lines.map((l) => l.depth)).toEqual([0, 1, 2]);
    expect(ipc.cells.beta!.rules).toEqual(["B3", "B4"]);
    expect(ipc.notes).toContain("beta adds an exception: B4 (a CX leader carries none)");
    expect(ipc.notes).toContain("beta drops alpha's exception: 2.3 (a half-squad carries 2)");
  });

  it("puts rows in sections, inferring a section when none is given", () => {
    const rows = report().rows;
    expect(row(rows, "road-rate").section).toBe("roads");
    expect(row(rows, "ipc").section).toBe("portage");
    expect(row(rows, "leader-bonus").section).toBe("bonuses");
    expect(row(rows, "terrain-cost", "woods").section).toBe("terrain");
    expect(row(rows, "movement-factor").section).toBe("allowances");
    expect(row(rows, "may-move").section).toBe("who-may-move");
    const order = report().sections.map((s) => s.key);
    expect(order).toEqual([...order].sort((a, b) => keys.indexOf(a) - keys.indexOf(b)));
  });

  it("--only-differences leaves out the rows that are the same", () => {
    const r = buildReport([load("alpha"), load("beta")], { onlyDifferences: true });
    expect(r.rows.length).toBeGreaterThan(0);
    expect(r.rows.every((x) => x.status !== "same")).toBe(true);
  });

  it("gives every row a unique anchor id made of safe characters", () => {
    const ids = report().rows.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^r-[a-z0-9-]+$/);
  });
});

const keys = [
  "allowances",
  "bonuses",
  "terrain",
  "hexsides",
  "roads",
  "portage",
  "who-may-move",
  "advance",
  "special",
  "transport",
  "dice",
];

describe("section inference", () => {
  const ir = load("alpha");
  it.each([
    ["road-rate", "roads"],
    ["ipc", "portage"],
    ["portage-excess", "portage"],
    ["hexside-cost", "hexsides"],
    ["climb-cost", "hexsides"],
    ["leader-bonus", "bonuses"],
    ["double-time", "bonuses"],
    ["may-move", "who-may-move"],
    ["advance-portage", "advance"],
    ["assault-movement", "special"],
    ["minimum-move", "special"],
    ["board-cost", "transport"],
    ["allowance", "allowances"],
    ["terrain-cost", "terrain"],
    ["something-else", "special"],
  ])("%s → %s", (name, section) => {
    expect(inferSection({ name, concept: name, section: null }, ir)).toBe(section);
  });
  it("keeps an explicit section", () => {
    expect(inferSection({ name: "road-rate", concept: "road-rate", section: "terrain" }, ir)).toBe(
      "terrain",
    );
  });
  it("puts anything that rolls dice under dice", () => {
    expect(
      inferSection(
        {
          name: "allowance",
          concept: "allowance",
          section: null,
          exprs: [{ k: "dice", n: 2, sides: 6, keep: null, perDie: null }],
        },
        ir,
      ),
    ).toBe("dice");
  });
});

describe("situations", () => {
  it("finds situations where two definitions of a rule answer differently", () => {
    const ipc = row(report().rows, "ipc");
    expect(ipc.situations.length).toBeGreaterThan(0);
    const first = ipc.situations[0]!;
    expect(first.inputs).toEqual({ unit: { kind: "half-squad" } });
    expect(first.values).toEqual({ alpha: 2, beta: 3 });
    expect(first.display).toEqual({ alpha: "2 PP", beta: "3 PP" });
    expect(first.rules).toEqual({ alpha: ["2.3"], beta: ["B3"] });
    expect(first.text).toBe("Half-squad");
  });

  it("lists minimal situations first, and none that contains another", () => {
    const sits = row(report().rows, "allowance").situations;
    expect(sits.length).toBeGreaterThanOrEqual(2);
    expect(sits.length).toBeLessThanOrEqual(5);
    const weight = (s: (typeof sits)[number]) =>
      Object.keys(s.inputs.unit ?? {}).filter(
        (k) => !(k === "kind" && s.inputs.unit!.kind === "squad"),
      ).length;
    expect(sits[0]!.inputs).toEqual({ unit: { kind: "squad", leader: true } });
    expect(sits[0]!.values).toEqual({ alpha: 6, beta: 5 });
    expect(weight(sits[0]!)).toBe(1);
    for (let i = 1; i < sits.length; i++)
      expect(weight(sits[i]!)).toBeGreaterThanOrEqual(weight(sits[0]!));
    const contains = (a: Record<string, unknown>, b: Record<string, unknown>) =>
      Object.entries(b).every(([k, v]) => a[k] === v);
    for (const a of sits)
      for (const b of sits)
        if (a !== b)
          expect(
            contains(a.inputs.unit!, b.inputs.unit!) &&
              Object.keys(b.inputs.unit!).length < Object.keys(a.inputs.unit!).length,
          ).toBe(false);
  });

  it("varies fields both rulesets declare, with values both share; an input one has is marked one-sided", () => {
    // beta's CX exception is reached only by a `cx` status, which alpha has not: such a situation
    // says that only beta has it.
    for (const s of row(report().rows, "ipc").situations)
      if (JSON.stringify(s.inputs).includes("cx")) expect(s.only?.rulesets).toEqual(["beta"]);
      else expect(s.only).toBeUndefined();
  });

  it("finds none when two rules agree everywhere", () => {
    expect(row(report().rows, "movement-factor").situations).toEqual([]);
    expect(row(report().rows, "may-move").situations).toEqual([]);
  });

  it("can be turned off", () => {
    const r = buildReport([load("alpha"), load("beta")], { situations: 0 });
    expect(r.rows.every((x) => x.situations.length === 0)).toBe(true);
  });
});

describe("a house rule against its base", () => {
  it("shows only what the house rule changes", () => {
    const r = buildReport([load("sl-classic"), load("sl-house")]);
    const changed = r.rows.filter((x) => x.status === "changed").map((x) => x.concept);
    expect(changed).toContain("ipc");
    expect(changed).toContain("leader-bonus");
    expect(r.rows.filter((x) => x.status === "partial")).toEqual([]);
    expect(r.stats.same).toBeGreaterThan(r.stats.changed);
    const ipc = row(r.rows, "ipc");
    expect(ipc.situations[0]!.text).toBe("Half-squad or Crew");
    expect(ipc.situations[0]!.values).toEqual({ "sl-classic": 2, "my-house": 3 });
  });
});

describe("SL Classic against ASL A4", () => {
  it("has at least 15 changed rows, at least 5 of them with situations", () => {
    const r = buildReport([load("sl-classic"), load("asl-a4")]);
    const changed = r.rows.filter((x) => x.status === "changed");
    expect(changed.length).toBeGreaterThanOrEqual(15);
    expect(changed.filter((x) => x.situations.length > 0).length).toBeGreaterThanOrEqual(5);
  });

  it("finds the half-squad carrying 3 PP", () => {
    const r = buildReport([load("sl-classic"), load("asl-a4")]);
    const ipc = row(r.rows, "ipc");
    expect(
      ipc.situations.some(
        (s) =>
          s.inputs.unit?.kind === "half-squad" &&
          s.values["sl-classic"] === 2 &&
          s.values["asl-a4"] === 3,
      ),
    ).toBe(true);
  });
});
