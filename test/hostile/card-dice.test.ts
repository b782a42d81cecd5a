/**
 * Issue 45: a card's dice chart prices every roll of every cell (a row per rate, a column per terrain):
 * six dice read in two blocks (1,512 rolls a cell) over a 200-member terrain enum made 302,400 pricings
 * and 22.6 s. The chart's work is bounded where it is enumerated (compiler/cards/dice.ts
 * `MAX_CHART_ROLLS`): past the bound no cell is priced and each says why, with the counts; a chart
 * within it is drawn as before. Asserted on the output, never on time.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MAX_CHART_ROLLS } from "../../compiler/cards/dice.js";
import { variorum } from "../cli/run.js";

const tmp = mkdtempSync(join(tmpdir(), "variorum-card-dice-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A ruleset rolling `6d6 + 1d6 − 1d6` (two blocks of dice) over `terrains` terrain members. */
function rules(terrains: number): string {
  const members = Array.from({ length: terrains }, (_, i) => `  t${i} "T${i}"`).join("\n");
  const text = `ruleset big-dice "Six dice over many terrains"
measure MF [1.1] "movement factors"
enum kind [1.2] "counters" { squad "Squad" }
enum terrain [1.3] "terrain" {
${members}
}
input unit [1.4] { kind: kind }
input step [1.5] { terrain: terrain }
rule allowance [1.6] "six dice" : MF = 6d6 + 1d6 - 1d6 {
  exception [1.7] "the first terrain keeps two dice" when any step (step.terrain == t0): 6d6 keep highest 2
}
movement [1.8] MF { allowance: allowance  cost: 1 MF }
`;
  const f = join(tmp, `big-dice-${terrains}.rules`);
  writeFileSync(f, text);
  return f;
}

describe("a card's dice chart: rolls × cells bounded", () => {
  it("200 terrains × 1,512 rolls: no cell priced, each saying the bound and the counts", async () => {
    const r = await variorum(["card", rules(200), "--format", "md"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      `not charted: 200 cells × 1,512 rolls would price more than ${MAX_CHART_ROLLS.toLocaleString("en")} rolls`,
    );
    expect(r.stdout).not.toMatch(/\b3: \d+%/);
  });

  it("within the bound the chart is drawn", async () => {
    const r = await variorum(["card", rules(3), "--format", "md"]);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain("not charted");
    expect(r.stdout).toMatch(/\b3: \d+%/);
  });
});
