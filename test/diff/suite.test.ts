/**
 * The diff's scenario suite asks the engine's scenario evaluation, so `diff --scenarios` and `eval`
 * give the same answers and the same errors: a scenario that validates but cannot be evaluated (a
 * fixed roll with too few dice) is an "n/a" cell carrying eval's message, not a thrown error.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { evaluateScenario, runSuite } from "../../compiler/engine/index.js";
import { load, ROOT } from "./helpers.js";

const FILE = "test/fixtures/scenarios/V0903-roll.json";
const TEXT = readFileSync(join(ROOT, FILE), "utf8");

describe("the diff's scenario suite", () => {
  it("answers as eval does", () => {
    const irs = [load("chain-of-command"), load("sl-classic")];
    const suite = runSuite(irs, [{ file: FILE, text: TEXT }]);
    const row = suite.scenarios[0]!;
    for (const ir of irs) {
      const e = evaluateScenario({ rulesets: [ir], text: TEXT, file: FILE });
      const cell = row.results[ir.id]!;
      if (e.value === null) {
        expect(cell.verdict).toBe("n/a");
        expect(cell.verdict === "n/a" && cell.diagnostics).toEqual(
          e.diagnostics.filter((d) => d.severity === "error").map((d) => d.message),
        );
      } else {
        expect(cell.verdict).toBe(e.value.answers[0]!.result!.legal ? "legal" : "not legal");
      }
    }
    expect(row.results["chain-of-command"]).toMatchObject({
      verdict: "n/a",
      reason: "under chain-of-command: this move rolls 2 dice, but the fixed roll gives 1",
    });
  });
});
