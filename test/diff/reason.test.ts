/**
 * The diff's one-line "n/a" reason is built from the scenario diagnostics' `data` (the field or value
 * the ruleset does not understand), never from their messages: the same diagnostics with every
 * message reworded give the same reason, and without their data a different one.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { diag, type Diagnostic } from "../../diagnostics/index.js";
import { evaluateScenario, runSuite } from "../../compiler/engine/index.js";
import { naVerdict } from "../../compiler/diff/scenarios.js";
import { load, ROOT } from "./helpers.js";

const reworded = (ds: readonly Diagnostic[]): Diagnostic[] =>
  ds.map((d) => ({ ...d, message: `reworded ${d.code}` }));
const withoutData = (ds: readonly Diagnostic[]): Diagnostic[] => ds.map(({ data: _, ...d }) => d);
const reason = (ds: readonly Diagnostic[], readers: ReturnType<typeof load>[]): string => {
  const v = naVerdict(ds, readers);
  return v.verdict === "n/a" ? v.reason : v.verdict;
};

describe("the diff's n/a reason", () => {
  it("names the fields and values a ruleset lacks, from the diagnostics' data", () => {
    const file = "scenarios/std-coc-team-rough-six-inches.json";
    const text = readFileSync(join(ROOT, file), "utf8");
    const [sl, coc] = [load("sl-classic"), load("chain-of-command")];
    const row = runSuite([sl, coc], [{ file, text }]).scenarios[0]!;
    const cell = row.results["sl-classic"]!;
    expect(cell).toMatchObject({
      verdict: "n/a",
      reason: "a Chain of Command scenario — inches, team, rough",
    });
    const errors = evaluateScenario({ rulesets: [sl], text, file }).diagnostics.filter(
      (d) => d.severity === "error",
    );
    expect(errors.map((d) => d.data)).toEqual([
      { scenario: "field", path: "path[0].inches", name: "inches" },
      { scenario: "member", path: "unit.kind", enum: "kind", name: "team" },
      { scenario: "member", path: "path[0].terrain", enum: "terrain", name: "rough" },
    ]);
    expect(reason(reworded(errors), [coc])).toBe(
      "a Chain of Command scenario — inches, team, rough",
    );
    // Without their data the messages are all it has.
    expect(reason(reworded(withoutData(errors)), [coc])).toBe(
      "reworded V0902; reworded V0903 (×2)",
    );
  });

  it("shortens a value of the wrong kind or member from data, and shows any other message whole", () => {
    const ds = [
      diag("V0903", "reworded", null, undefined, {
        scenario: "type",
        path: "unit.portage",
        expected: "a number",
      }),
      diag("V0903", "reworded", null, undefined, {
        scenario: "member",
        path: "unit.kind",
        enum: "kind",
        name: "tank",
      }),
      diag("V0903", "reworded", null, undefined, {
        scenario: "member",
        path: "vehicle.kind",
        enum: "kind",
        name: "tank",
      }),
      diag("V0901", "malformed JSON: trailing comma", null),
    ];
    expect(reason(ds, [])).toBe(
      "`unit.portage` must be a number; unknown kind `tank` (×2); malformed JSON: trailing comma",
    );
  });
});
