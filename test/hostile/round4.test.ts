/**
 * Issue 45 (hostile input, round 4), items 5, 9, 10, 11, 12 and 22, each as the user met it, in-process
 * through the CLI's `run()`: a located error or a bounded answer, never exit 70, and no timing
 * assertion — each bound is asserted on a count or a size.
 */
import { describe, expect, it } from "vitest";
import { STACK, variorum } from "../cli/run.js";

const FIX = "test/hostile/fixtures";

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
