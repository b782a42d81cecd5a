/**
 * Answers for every value of what a scenario leaves out (issue 24), with the values derived from the
 * rule texts first: SQLA 31.3's HMG squad (4 − 2 = 2 MF, boarding 1 + 2 = 3 MF, fru(16 × 3 / 4) = 12
 * MP) is the same for every vehicle kind; in a 1941 design-your-own scenario boarding depends on the
 * kind (31.11: no AFV; a half-track or truck is not Mounted Assault, 31.1); a CoC team over rough
 * ground (10.1.2: a pip off each die) moves (a − 1) + (b − 1), 0–10, mean 5, and covers 6 inches when
 * a + b ≥ 8: 15 of 36 rolls. The engine, the diff's scenario table and the eval JSON say the same.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fsHost } from "../../compiler/cli/host.js";
import { evaluateScenario, loadRuleset, runSuite } from "../../compiler/engine/index.js";
import { replyJson } from "../../compiler/render/answers.js";

const ROOT = join(import.meta.dirname, "..", "..");
const host = fsHost(ROOT);
const sqla = loadRuleset("sqla-31", host).ir!;
const coc = loadRuleset("chain-of-command", host).ir!;
const sl = loadRuleset("sl-classic", host).ir!;

function answer(ir: typeof sqla, scenario: object) {
  const out = evaluateScenario({ rulesets: [ir], text: JSON.stringify(scenario), file: "s.json" });
  expect(out.diagnostics).toEqual([]);
  return out.value!.answers[0]!;
}

describe("a field the scenario leaves out", () => {
  it("SQLA 31.3's HMG squad and a 16-MP vehicle of no kind: one answer, the same for every kind", () => {
    const a = answer(sqla, {
      unit: { kind: "squad", portage: 5 },
      vehicle: { mp: 16 },
      path: [{ action: "board" }],
    });
    expect(a.reply.dependsOn).toEqual([]);
    expect(a.reply.notNeeded).toEqual(["vehicle.kind"]);
    expect(a.result).toMatchObject({ allowance: 2, spent: 3, legal: false, vehicleSpent: 12 });
    const json = replyJson("sqla-31", a.reply, []);
    expect(json).toMatchObject({ legal: false, notNeeded: ["vehicle.kind"] });
    expect(json).not.toHaveProperty("dependsOn");
  });

  it("a 1941 boarding with no kind depends on it: an AFV no (31.11), a half-track or truck yes", () => {
    const a = answer(sqla, {
      nationality: "russian",
      year: 1941,
      unit: { kind: "squad" },
      vehicle: { mp: 16 },
      path: [{ action: "board" }],
    });
    expect(a.result).toBeNull();
    expect(a.reply.dependsOn).toEqual(["vehicle.kind"]);
    const cases = a.reply.cases.map((c) => [c.given["vehicle.kind"], c.result?.legal]);
    expect(cases).toEqual([
      [["tank", "td", "spa", "assault-gun"], false],
      [["halftrack", "truck"], true],
    ]);
    expect(a.reply.cases[0]!.result!.violations.map((v) => v.rule)).toEqual(["31.11#1"]);
    const json = replyJson("sqla-31", a.reply, []) as { cases: Record<string, unknown>[] };
    expect(json).toMatchObject({ dependsOn: ["vehicle.kind"] });
    expect(json.cases[1]).toMatchObject({
      given: { "vehicle.kind": ["halftrack", "truck"] },
      legal: true,
    });
  });

  it("a CoC team over rough with no distance: the 0–10 distribution, the rolls covering each inch, needs", () => {
    const a = answer(coc, {
      unit: { kind: "team", rate: "normal" },
      path: [{ terrain: "rough" }],
    });
    const only = a.reply.cases[0]!;
    expect(only.result).toBeNull();
    expect(only.needs).toEqual(["path[0].inches"]);
    expect(only.partial!.allowance).toMatchObject({ min: 0, max: 10, mean: 5 });
    const covers = only.partial!.covers!.map((x) => x.rolls);
    expect(covers).toEqual([36, 35, 33, 30, 26, 21, 15, 10, 6, 3, 1]);
    expect(replyJson("chain-of-command", a.reply, [])).toMatchObject({
      needs: ["path[0].inches"],
      covers: { "6": "15/36", "10": "1/36" },
    });
  });

  it("a Tide of Iron squad entering a transport of no stated kind: one squad fits either (was V0903)", () => {
    const toi = loadRuleset("tide-of-iron", host).ir!;
    const a = answer(toi, {
      unit: { kind: "squad", action: "advance" },
      path: [{ terrain: "clear" }, { action: "enter-transport" }],
    });
    expect(a.reply.notNeeded).toEqual(["vehicle.kind"]);
    expect(a.result).toMatchObject({ allowance: 4, spent: 3, legal: true });
  });

  it("bad input is still an error", () => {
    const out = evaluateScenario({
      rulesets: [coc],
      text: JSON.stringify({ unit: { kind: "team", dice: [3] }, path: [{ terrain: "open" }] }),
      file: "s.json",
    });
    expect(out.value).toBeNull();
    expect(out.diagnostics.map((d) => d.code)).toEqual(["V0903"]);
  });
});

describe("a dice move without a fixed roll says its chance", () => {
  it("6 inches over rough: legal null, 15/36, the 21 short rolls folded into one violation", () => {
    const a = answer(coc, {
      unit: { kind: "team", rate: "normal" },
      path: [{ terrain: "rough", inches: 6 }],
    });
    const only = a.reply.cases[0]!;
    expect(only.chance).toMatchObject({ legal: 15, rolls: 36 });
    expect(only.chance!.violations.map((v) => v.message)).toEqual([
      "short on 21 of 36 rolls: needs 6, rolls 0–5",
    ]);
    expect(replyJson("chain-of-command", a.reply, [])).toMatchObject({
      legal: null,
      probability: "15/36",
    });
  });

  it("a move every roll makes is legal, with its probability all of them", () => {
    const a = answer(coc, {
      unit: { kind: "team", rate: "normal" },
      path: [{ terrain: "open", inches: 2 }],
    });
    expect(replyJson("chain-of-command", a.reply, [])).toMatchObject({
      legal: true,
      probability: "36/36",
      violations: [],
    });
  });
});

describe("diff --scenarios", () => {
  const files = [
    {
      file: "coc.json",
      text: JSON.stringify({
        unit: { kind: "team", rate: "normal" },
        path: [{ terrain: "rough", inches: 6 }],
      }),
    },
  ];
  it("a scenario a ruleset cannot read is one line naming whose it is and what it lacks", () => {
    const row = runSuite([sl, coc], files).scenarios[0]!;
    expect(row.results["sl-classic"]!.display).toBe(
      "n/a: a Chain of Command scenario — inches, team, rough",
    );
    expect(row.results["chain-of-command"]!.display).toBe(
      "reaches its end with probability 15/36 (41.7%): 6 of 0–10 inch [10.1]",
    );
    expect(row.oneSided).toBe(true);
    expect(row.differs).toBe(false);
  });
});
