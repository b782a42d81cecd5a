/**
 * Issue 45 (hostile input, round 4), items 5, 9, 10, 11, 12 and 22, each as the user met it, in-process
 * through the CLI's `run()`: a located error or a bounded answer, never exit 70, and no timing
 * assertion — each bound is asserted on a count or a size.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { Interpreter } from "../../compiler/interpret/interpreter.js";
import { MAX_WORK } from "../../runtime/chance.js";
import { ROOT, STACK, variorum } from "../cli/run.js";

const FIX = "test/hostile/fixtures";
const tmp = mkdtempSync(join(tmpdir(), "variorum-round4-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

/** A scenario file in the temporary folder. */
function scenario(name: string, value: unknown): string {
  const f = join(tmp, name);
  writeFileSync(f, JSON.stringify(value));
  return f;
}

function clean(r: { code: number | null; stderr: string }): void {
  expect(r.stderr).not.toMatch(/internal error/);
  expect(r.stderr).not.toMatch(STACK);
  expect(r.code).not.toBe(70);
}

describe("5. reach where a step cost need()s a unit field the unit leaves out", () => {
  const rules = `${FIX}/needs-tired.rules`;
  const map = `${FIX}/needs-tired.json`;
  const unit = '{"kind":"squad"}';
  const named = /this move needs `unit\.tired`/;

  it("eval names the field (the wording reach must give)", async () => {
    const r = await variorum(["eval", rules, `${FIX}/needs-tired-scenario.json`]);
    clean(r);
    expect(r.stdout).toMatch(/needs +unit\.tired/);
  });

  for (const extra of [[], ["--summary"], ["--format", "json"], ["--format", "svg"]])
    it(`reach ${extra.join(" ") || "(text)"}: V0903 at the unit, naming the field`, async () => {
      const r = await variorum(["reach", rules, map, "--from", "A1", "--unit", unit, ...extra]);
      clean(r);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/^--unit:1:1: error V0903: under needs-tired: /m);
      expect(r.stderr).toMatch(named);
      expect(r.stdout).toBe("");
    });

  it("reach --all: V0903 at the unit the map places", async () => {
    const r = await variorum(["reach", rules, map, "--all"]);
    clean(r);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/needs-tired\.json:6:\d+: error V0903: under needs-tired: /);
    expect(r.stderr).toMatch(named);
  });

  it("diff --map: V0903 at the unit, naming the ruleset that needs it", async () => {
    const r = await variorum([
      "diff",
      rules,
      `${FIX}/needs-tired-too.rules`,
      "--map",
      map,
      "--from",
      "A1",
      "--unit",
      unit,
    ]);
    clean(r);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^--unit:1:1: error V0903: under needs-tired: /m);
    expect(r.stderr).toMatch(named);
  });

  it("given the field, reach answers", async () => {
    const r = await variorum([
      "reach",
      rules,
      map,
      "--from",
      "A1",
      "--unit",
      '{"kind":"squad","tired":3}',
      "--format",
      "json",
    ]);
    clean(r);
    expect(r.code).toBe(0);
    const hexes = (JSON.parse(r.stdout) as { results: { hexes: Record<string, unknown> }[] })
      .results[0]!.hexes;
    expect(Object.keys(hexes).sort()).toEqual(["A1", "A2", "A3", "B1", "B2", "C1", "C2"]);
  });
});

describe("9 and 10. dice × left-out cases, dice × path length: the work is bounded", () => {
  // Written here, not kept under test/: the card of six dice over 200 members is itself slow (22 s),
  // and test/hostile/commands.test.ts runs every command on every fixture there.
  const rules = join(tmp, "six-dice.rules");
  writeFileSync(
    rules,
    `# Issue 45, items 9 and 10: six dice (46,656 ordered rolls) and a 200-member terrain a scenario may
# leave out. Every dice expression reads all six dice, so a roll is priced once per multiset of faces
# (462), and the work of an answer — cases × rolls × steps — is bounded (docs/cli.md, limits).
ruleset six-dice "Six dice and a 200-member terrain"
  cites numbered

measure MF [1.1] "movement factors"

enum kind [1.2] "counters" {
  squad "Squad"
}

enum terrain [1.3] "terrain" {\n${Array.from({ length: 200 }, (_, i) => `  t${i}`).join("\n")}\n}\n
input unit [1.4] {
  kind: kind
}

input step [1.5] {
  terrain: terrain?
  wet: bool = false
}

rule allowance-of [1.6] "six dice, a MF a pip" : MF = 6d6 * 1 MF

rule step-cost [1.7] "1 MF a hex, 2 in t0" : MF = 2 MF if need(step.terrain) == t0 else 1 MF

movement [1.8] MF {
  allowance: allowance-of
  cost: step-cost
}

example [1.7] "a hex of t0 costs 2 MF" {
  unit { kind: squad }
  path { terrain: t0 }
  roll 1, 1, 1, 1, 1, 1
  expect spent = 2
}
`,
  );
  // Six dice read as one block: 462 multisets of faces, each priced twice (distribution, chance).
  const perStep = 2 * 462;

  it("9. a one-step scenario leaving out a 200-value field: answered, each case priced per multiset", async () => {
    const f = scenario("one-step.json", { unit: { kind: "squad" }, path: [{ wet: true }] });
    const priced = vi.spyOn(Interpreter.prototype, "stepCost");
    const r = await variorum(["eval", rules, f, "--json"]);
    clean(r);
    expect(r.code).toBe(0);
    const res = (JSON.parse(r.stdout) as { results: { dependsOn: string[]; cases: unknown[] }[] })
      .results[0]!;
    expect(res.dependsOn).toEqual(["path[0].terrain"]);
    expect(res.cases).toHaveLength(2);
    // 200 cases × 462 × 2 step pricings (and a few to count the dice), not 200 × 46,656 × 2.
    expect(priced.mock.calls.length).toBeLessThanOrEqual(200 * perStep * 1.1);
  });

  it("10. a long path under six dice: priced per multiset of faces", async () => {
    const f = scenario("long.json", {
      unit: { kind: "squad" },
      path: Array.from({ length: 500 }, () => ({ terrain: "t1" })),
    });
    const priced = vi.spyOn(Interpreter.prototype, "stepCost");
    const r = await variorum(["eval", rules, f, "--json"]);
    clean(r);
    expect(r.code).toBe(0);
    const res = (JSON.parse(r.stdout) as { results: { legal: boolean | null }[] }).results[0]!;
    expect(res.legal).toBe(false); // 500 MF against at most 36
    expect(priced.mock.calls.length).toBeLessThanOrEqual(500 * perStep * 1.1);
  });

  it("beyond the work bound: a located error at the scenario, before the work is done", async () => {
    const steps = Math.ceil(MAX_WORK / perStep);
    const f = scenario("longer.json", {
      unit: { kind: "squad" },
      path: Array.from({ length: steps }, () => ({ terrain: "t1" })),
    });
    const priced = vi.spyOn(Interpreter.prototype, "stepCost");
    const r = await variorum(["eval", rules, f]);
    clean(r);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/longer\.json:1:1: error V0903: under six-dice: too much to answer/);
    expect(priced.mock.calls.length).toBe(0);
  });

  it("the same bound in the cases: 200 left-out values × a path too long for all of them", async () => {
    // Each case fits (500 steps × 924 pricings); 200 of them do not.
    const f = scenario("cases-long.json", {
      unit: { kind: "squad" },
      path: [{ wet: true }, ...Array.from({ length: 499 }, () => ({ terrain: "t1" }))],
    });
    const priced = vi.spyOn(Interpreter.prototype, "stepCost");
    const r = await variorum(["eval", rules, f]);
    clean(r);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/error V0903: under six-dice: too much to answer/);
    expect(priced.mock.calls.length).toBeLessThanOrEqual(MAX_WORK * 1.1);
  });
});

describe("11. a huge enum: a documented bound, and messages that list its members clipped", () => {
  /** A ruleset whose terrain has `n` members; its table gives `rows` of them (and `otherwise` or not). */
  function bigEnum(n: number, otherwise: boolean): string {
    const f = join(tmp, `enum-${n}-${otherwise}.rules`);
    const members = Array.from({ length: n }, (_, i) => `  m${i}`).join("\n");
    writeFileSync(
      f,
      `ruleset big-enum "a big enum"\n  cites numbered\nmeasure MF [1.1] "m"\n` +
        `enum kind [1.2] "k" {\n  squad\n}\nenum terrain [1.3] "t" {\n${members}\n}\n` +
        `input unit [1.4] {\n  kind: kind\n}\ninput step [1.5] {\n  terrain: terrain\n}\n` +
        `table cost [1.6] "c": terrain -> MF {\n  m0: 1\n${otherwise ? "  otherwise: 2\n" : ""}}\n` +
        `movement [1.7] MF {\n  allowance: 4 MF\n  cost: cost(step.terrain)\n}\n`,
    );
    return f;
  }

  it("60,000 members: V0108 at the first member past 1,000, one short message", async () => {
    const f = bigEnum(60_000, true);
    const r = await variorum(["check", f]);
    clean(r);
    expect(r.code).toBe(1);
    // Line 8 holds the first member, m0: the 1,001st, m1000, is on line 1,008.
    expect(r.stderr).toMatch(
      /enum-60000-true\.rules:1008:3: error V0108: terrain has 60,000 members; an enum has at most 1,000/,
    );
    expect(r.stderr.length).toBeLessThan(2_000);
  });

  for (const cmd of [["compile", "--out"], ["diff", "--format", "json", "sl-classic"], ["card"]])
    it(`${cmd[0]} refuses it with the same error, writing nothing`, async () => {
      const f = bigEnum(60_000, true);
      const out = join(tmp, `out-${cmd[0]}`);
      const args =
        cmd[0] === "compile"
          ? ["compile", f, "--out", out]
          : cmd[0] === "diff"
            ? ["diff", f, "sl-classic", "--format", "json"]
            : ["card", f];
      const r = await variorum(args);
      clean(r);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/error V0108: terrain has 60,000 members/);
      expect(r.stdout.length).toBeLessThan(2_000);
    });

  it("1,000 members: V0501 names the first rows missing and how many more", async () => {
    const r = await variorum(["check", bigEnum(1_000, false)]);
    clean(r);
    expect(r.code).toBe(1);
    const line = r.stderr.split("\n").find((l) => l.includes("V0501"))!;
    expect(line).toMatch(/cost has no entry for m1, m2, .*, … and 979 more$/);
    expect(line.length).toBeLessThan(400);
  });

  it("1,000 members: V0903 for an unknown member lists the first and how many more", async () => {
    const f = bigEnum(1_000, true);
    const s = scenario("unknown-member.json", {
      unit: { kind: "squad" },
      path: [{ terrain: "nowhere" }],
    });
    const r = await variorum(["eval", f, s]);
    clean(r);
    expect(r.code).toBe(1);
    const line = r.stderr.split("\n").find((l) => l.includes("V0903"))!;
    expect(line).toMatch(/valid: m0, m1, .*, … and 980 more$/);
    expect(line.length).toBeLessThan(400);
  });
});

describe("12. reach --all: the searches and the listing are bounded", () => {
  /** A 15 × 15 open map placing `n` friendly squads in H8, one unit a line. */
  function crowd(n: number): string {
    const f = join(tmp, `crowd-${n}.json`);
    const units = Array.from({ length: n }, () => '    { "kind": "squad", "side": "friendly" }');
    writeFileSync(
      f,
      `{\n  "name": "Crowd", "columns": 15, "rows": 15,\n  "terrain": { "default": "open-ground" },\n` +
        `  "units": { "H8": [\n${units.join(",\n")}\n  ] }\n}\n`,
    );
    return f;
  }

  it("1,001 units × one ruleset: V1003 at the 1,001st unit, before any search", async () => {
    const r = await variorum(["reach", "sl-classic", crowd(1_001), "--all", "--format", "json"]);
    clean(r);
    expect(r.code).toBe(1);
    // Line 5 holds the first unit: the 1,001st is on line 1,005.
    expect(r.stderr).toMatch(
      /crowd-1001\.json:1005:5: error V1003: the map places 1,001 friendly units and 1 rulesets are asked: --all searches at most 1,000/,
    );
    expect(r.stdout).toBe("");
  });

  it("the same bound counts the rulesets asked", async () => {
    const r = await variorum(["reach", "sl-classic,asl-a4", crowd(501), "--all"]);
    clean(r);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /crowd-501\.json:505:5: error V1003: the map places 501 friendly units/,
    );
  });

  it("1,000 units each reaching 61 hexes: the listing (61,000 entries) is refused, located at the map", async () => {
    const r = await variorum(["reach", "sl-classic", crowd(1_000), "--all", "--format", "json"]);
    clean(r);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /crowd-1000\.json:1:1: error V1003: the answer is too large to list: 61,000 units ending in a hex/,
    );
    expect(r.stdout).toBe("");
  });
});

describe("22. every command answers alike whatever the working folder", () => {
  const abs = (p: string) => join(ROOT, p);
  const files = [
    abs("scenarios/minimum-move.json"),
    abs("maps/crossroads.json"),
    abs(`${FIX}/needs-tired.rules`),
    abs(`${FIX}/needs-tired.json`),
  ];
  const runs: string[][] = [
    ["check", "sl-classic", abs("rulesets/house/asl-officer-bonus.rules")],
    ["test", "asl-officer-bonus"],
    ["eval", "sl-classic,asl-a4", files[0]!, "--json"],
    ["eval", "sl-classic", abs("scenarios/nope.json")],
    ["diff", "sl-classic", "asl-a4", "--format", "md"],
    ["card", "asl-officer-bonus", "--format", "md"],
    ["reach", "sl-classic", files[1]!, "--from", "B3"],
    ["reach", files[2]!, files[3]!, "--from", "A1", "--unit", '{"kind":"squad"}'],
    ["reach", files[2]!, files[3]!, "--all"],
    ["list"],
    ["explain", "V0903"],
  ];
  /** Paths shown relative to the working folder (or absolute) become one placeholder. */
  function shown(text: string, cwd: string): string {
    let out = text;
    for (const f of [...files, abs("scenarios/nope.json")].sort((a, b) => b.length - a.length)) {
      const rel = relative(cwd, f);
      out = out.split(f).join("<FILE>").split(rel).join("<FILE>");
    }
    // The bundled files, shown relative to the working folder as the user's are.
    if (cwd !== ROOT)
      out = out
        .split(`${relative(cwd, ROOT)}/`)
        .join("")
        .split(`${ROOT}/`)
        .join("");
    return out;
  }
  for (const argv of runs)
    it(`${argv.slice(0, 2).join(" ")}: the same from the project, a subfolder and elsewhere`, async () => {
      const answers = [];
      for (const cwd of [ROOT, join(ROOT, "test"), tmp]) {
        const r = await variorum(argv, { cwd });
        clean(r);
        answers.push({ code: r.code, stdout: shown(r.stdout, cwd), stderr: shown(r.stderr, cwd) });
      }
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[2]).toEqual(answers[0]);
    });
});
