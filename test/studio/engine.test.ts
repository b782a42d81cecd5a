/**
 * The studio's engine (studio/page/engine.ts) run in Node: the same code the page runs, over the
 * rulesets, maps and templates Vite bundles (import.meta.glob works under vitest too). Checked: a
 * house rule's diagnostics, diff, card, scenario and reach answers, and the share link round trip.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { variorum } from "../cli/run.js";
import { describe, expect, it } from "vitest";
import { StudioSession } from "../../studio/page/engine.js";
import { MAPS, RULESETS, SCENARIOS } from "../../studio/page/bundled.js";
import { decodeDraft, encodeDraft } from "../../studio/page/share.js";

const LEADER = `
override rule leader-bonus [H1] "a leader adds only 1 MF"
  section bonuses: MF = 0 {
  exception [H1] "moving all phase with a leader" when unit.leader and unit.kind in MMC: 1
}
`;

function house(extra = LEADER): StudioSession {
  const s = StudioSession.skeleton("my-house", "sl-classic");
  if (!s.ok) throw new Error(s.message);
  return new StudioSession(s.text + extra);
}

describe("studio engine", () => {
  it("bundles every ruleset, house rule, map and scenario of the project", () => {
    expect(RULESETS.map((r) => r.id)).toEqual(
      expect.arrayContaining([
        "sl-classic",
        "asl-a4",
        "sqla-31",
        "tide-of-iron",
        "chain-of-command",
        "sl-asl-portage",
        "asl-officer-bonus",
      ]),
    );
    expect(RULESETS.find((r) => r.id === "sl-asl-portage")).toMatchObject({
      house: true,
      extends: "sl-classic",
      path: "rulesets/house/sl-asl-portage.rules",
    });
    expect(Object.keys(MAPS)).toEqual(
      expect.arrayContaining(["crossroads", "ridge", "shell-holes", "hedgerows"]),
    );
    expect(Object.keys(SCENARIOS).length).toBeGreaterThan(20);
  });

  it("a new house rule from the skeleton checks clean and differs in nothing", () => {
    const w = house("");
    expect(w.diagnostics()).toEqual([]);
    expect(w.header()).toEqual({ id: "my-house", extends: "sl-classic" });
    const d = w.diffHtml("sl-classic", true);
    expect(d.ok && d.value.changed).toBe(0);
    expect(w.examples().every((e) => e.passed)).toBe(true);
  });

  it("an overridden leader bonus changes the diff, the card, a scenario and the reach map", () => {
    const w = house();
    expect(w.diagnostics()).toEqual([]);
    const d = w.diffHtml("sl-classic", true);
    if (!d.ok) throw new Error("no diff");
    expect(d.value.changed).toBeGreaterThan(0);
    expect(d.value.html).toContain("Leader bonus");
    const card = w.cardHtml("sl-classic");
    if (!card.ok) throw new Error("no card");
    expect(card.value).toMatch(/was 6(&nbsp;|\s)MF/);
    const s = w.scenario(
      JSON.stringify({
        name: "squad with a leader",
        unit: { kind: "squad", leader: true },
        path: [{ terrain: "open-ground" }],
      }),
      "sl-classic",
    );
    if (!s.ok) throw new Error(JSON.stringify(s.problems));
    expect(s.value.answers.map((a) => [a.ruleset, a.result?.allowance])).toEqual([
      ["sl-classic", 6],
      ["my-house", 5],
    ]);
    const r = w.reach(
      "crossroads",
      "B3",
      '{"kind":"squad","leader":true}',
      "movement",
      "sl-classic",
    );
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    const [base, mine] = r.value.report.results;
    expect(Object.keys(base!.hexes).length).toBeGreaterThan(Object.keys(mine!.hexes).length);
    expect(r.value.svg).toContain('data-hex="B3"');
  });

  it("an error is located in the draft, and the panes wait for a text that checks", () => {
    const w = house(LEADER.replace("unit.leader and", "unit.leeder and"));
    const errors = w.diagnostics().filter((d) => d.severity === "error");
    expect(errors.length).toBeGreaterThan(0);
    const text = w.text();
    expect(text.slice(errors[0]!.start, errors[0]!.end)).toContain("leeder");
    expect(w.ir()).toBeNull();
    expect(w.diffHtml("sl-classic", true).ok).toBe(false);
  });

  it("a failing example is reported with its line", () => {
    const w = house(
      LEADER +
        '\nexample [H1] "a squad with a leader has 6 MF" {\n  unit { kind: squad, leader: true }\n  expect allowance = 6\n}\n',
    );
    const failed = w.examples().filter((e) => !e.passed);
    expect(failed).toHaveLength(1);
    expect(w.text().split("\n")[failed[0]!.span!.line - 1]).toContain("example [H1]");
    expect(w.diagnostics().map((d) => d.code)).toContain("V0801");
  });

  it("a scenario or unit the rulesets do not accept is a located problem, not an exception", () => {
    const w = house();
    const s = w.scenario('{ "name": "x", "unit": { "kind": "tank" }, "path": [] }', "sl-classic");
    expect(s.ok).toBe(false);
    if (!s.ok) expect(s.problems[0]).toMatchObject({ severity: "error", line: 1 });
    const r = w.reach("crossroads", "Z99", '{"kind":"squad"}', "movement", "sl-classic");
    expect(r.ok).toBe(false);
    const u = w.reach("crossroads", "B3", "{kind", "movement", "sl-classic");
    expect(u.ok).toBe(false);
  });

  it("a draft whose path aggregates read a rule's parameters reaches on a map, no exception", () => {
    const text = readFileSync(
      join(__dirname, "..", "fixtures", "reach", "param-aggregates.rules"),
      "utf8",
    );
    const w = new StudioSession(text);
    expect(w.diagnostics().filter((d) => d.severity === "error")).toEqual([]);
    expect(w.examples().every((e) => e.passed)).toBe(true);
    const r = w.reach("crossroads", "A4", '{"mp":4,"tired":true}', "movement", null);
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    expect(Object.keys(r.value.report.results[0]!.hexes).length).toBeGreaterThan(5);
  });

  it("editing a bundled ruleset itself compares it with its original", () => {
    const text = RULESETS.find((r) => r.id === "sl-classic")!.text.replace(
      "when unit.leader and unit.kind in MMC: 2",
      "when unit.leader and unit.kind in MMC: 3",
    );
    const w = new StudioSession(text);
    const d = w.diffHtml("sl-classic", true);
    if (!d.ok) throw new Error(JSON.stringify(w.diagnostics()));
    expect(d.value.changed).toBeGreaterThan(0);
    expect(d.value.html).toContain("sl-classic-draft");
    // The scenario and the reach map hold the edited copy against the original too.
    const s = w.scenario(
      JSON.stringify({
        name: "squad with a leader",
        unit: { kind: "squad", leader: true },
        path: [],
      }),
      "sl-classic",
    );
    if (!s.ok) throw new Error(JSON.stringify(s.problems));
    expect(s.value.answers.map((a) => [a.ruleset, a.result?.allowance])).toEqual([
      ["sl-classic", 6],
      ["sl-classic-draft", 7],
    ]);
    const r = w.reach(
      "crossroads",
      "B3",
      '{"kind":"squad","leader":true}',
      "movement",
      "sl-classic",
    );
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    expect(r.value.report.results.map((x) => x.ruleset)).toEqual([
      "sl-classic",
      "sl-classic-draft",
    ]);
  });

  it("a share link carries the draft exactly, and a damaged one is refused", async () => {
    const text = RULESETS.find((r) => r.id === "asl-a4")!.text + "\n# ünïcødé ½ ⅓\n";
    const code = await encodeDraft(text);
    expect(code).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(code.length).toBeLessThan(text.length / 2);
    expect(await decodeDraft(code)).toEqual({ ok: true, text });
    expect(await decodeDraft(code.slice(0, 40))).toEqual({ ok: false, reason: "unreadable" });
    expect(await decodeDraft("not base64 at all!")).toEqual({ ok: false, reason: "unreadable" });
  });

  it("a new house rule's id is refused with the CLI's words (issue 44, item 12)", async () => {
    for (const [id, base] of [
      ["Winter ASL", "asl-a4"],
      ["asl-a4", "asl-a4"],
      ["sl-classic", "asl-a4"],
    ] as const) {
      const cli = await variorum(["new", id, "--extends", base]);
      expect(cli.code).toBe(2);
      const s = StudioSession.skeleton(id, base);
      expect(s).toEqual({
        ok: false,
        message: cli.stderr.replace(/^variorum: error: /, "").trimEnd(),
      });
    }
  });

  it("the problems list keeps the CLI's hints (issue 44, item 14)", async () => {
    const s = StudioSession.skeleton("my-house", "sl-classic");
    if (!s.ok) throw new Error(s.message);
    const text = `${s.text}\nrule extra [H9] "one more": MF = 1 if unit.leadr else 0\n`;
    const dir = mkdtempSync(join(tmpdir(), "variorum-studio-"));
    try {
      writeFileSync(join(dir, "my-house.rules"), text);
      const cli = await variorum(["check", "my-house.rules"], { cwd: dir });
      const hint = /^hint: (.*)$/m.exec(cli.stderr)![1]!;
      const problems = new StudioSession(text).problems();
      expect(problems).toHaveLength(1);
      expect(problems[0]!.message).toBe(`unit has no field leadr (${hint})`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/**
 * Issue 44 item 14: the Reach pane sets scenario fields, through the engine's reach request. A house
 * rule over SL whose woods cost 3 MF in winter (test/diff/fixtures/sl-winter.rules): on Crossroads a
 * squad from B3 enters the woods of B2 (the hex above) for 2 MF (SL's chart), and for 3 MF with `{"winter": true}`.
 */
describe("the reach pane's scenario fields", () => {
  const winter = new StudioSession(
    readFileSync(join(import.meta.dirname, "..", "diff", "fixtures", "sl-winter.rules"), "utf8"),
  );
  const reach = (fields: string) =>
    winter.reach("crossroads", "B3", '{"kind":"squad"}', "movement", null, {}, fields);
  const b2 = (fields: string) => {
    const a = reach(fields);
    expect(a.ok, JSON.stringify(a.ok ? [] : a.problems)).toBe(true);
    return a.ok ? a.value.report.results[0]!.hexes["B2"] : undefined;
  };

  it("a house rule's scenario field changes the answer: woods 2 MF, 3 MF in winter", () => {
    expect(b2("")?.cost).toBe(2);
    expect(b2('{"winter": false}')?.cost).toBe(2);
    expect(b2('{"winter": true}')?.cost).toBe(3);
    expect(b2('{"winter": true}')?.rules).toContain("H1");
  });

  it("a phase given there is the phase", () => {
    const advance = reach('{"phase": "advance"}');
    const movement = reach("");
    expect(advance.ok && movement.ok).toBe(true);
    if (advance.ok && movement.ok)
      expect(Object.keys(advance.value.report.results[0]!.hexes).length).toBeLessThan(
        Object.keys(movement.value.report.results[0]!.hexes).length,
      );
  });

  it("mistakes are the scenario's, located in the fields typed", () => {
    const unknown = reach('{"winterr": true}');
    expect(unknown.ok).toBe(false);
    if (!unknown.ok) {
      expect(unknown.problems.map((p) => p.code)).toEqual(["V0902"]);
      expect(unknown.problems[0]!.file).toBe("scenario fields");
      expect(unknown.problems[0]!.col).toBe(2);
    }
    const wrong = reach('{"winter": 3}');
    expect(wrong.ok ? [] : wrong.problems.map((p) => [p.code, p.file])).toEqual([
      ["V0903", "scenario fields"],
    ]);
    const array = reach("[1]");
    expect(array.ok ? [] : array.problems.map((p) => p.code)).toEqual(["V0903"]);
  });
});
