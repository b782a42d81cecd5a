/**
 * Evaluation errors split in two: a scenario that passes validation but cannot be evaluated (a fixed
 * roll with fewer dice than the move rolls) is the user's `InputError`, which `variorum eval` reports
 * as V0903; an `EvalError` that is not an `InputError` is an internal bug (exit 70).
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fsHost } from "../../compiler/cli/host.js";
import { EvalError, InputError } from "../../compiler/interpret/eval.js";
import { compileText, interpretScenario, loadRuleset } from "../../compiler/engine/index.js";
import { evaluateScenario } from "../../compiler/interpret/interpreter.js";
import { evaluationDiagnostic, parseScenario } from "../../compiler/scenario/index.js";
import { RatOverflow } from "../../runtime/rational.js";
import { readFileSync } from "node:fs";

const ROOT = join(import.meta.dirname, "..", "..");

describe("InputError vs EvalError", () => {
  const ir = loadRuleset("chain-of-command", fsHost(ROOT)).ir!;

  it("a fixed roll with too few dice passes validation, then is an InputError", () => {
    const text = JSON.stringify({
      name: "short roll",
      unit: { kind: "team", rate: "normal", dice: [3] },
      path: [{ terrain: "rough" }],
    });
    const parsed = parseScenario(text, "short.json", [ir]);
    expect(parsed.diagnostics).toEqual([]);
    const p = parsed.perRuleset[0]!;
    let thrown: unknown = null;
    try {
      interpretScenario(ir, p.value, p.notApplicable);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(InputError);
    expect((thrown as Error).message).toBe("this move rolls 2 dice, but the fixed roll gives 1");
    // Callers read what went wrong from the error's code and field, never from its message.
    expect({ code: (thrown as InputError).code, field: (thrown as InputError).field }).toEqual({
      code: "roll",
      field: "unit.dice",
    });
  });

  it("the same roll complete evaluates without error", () => {
    const text = JSON.stringify({
      name: "full roll",
      unit: { kind: "team", rate: "normal", dice: [3, 5] },
      path: [{ terrain: "rough", inches: 2 }],
    });
    const parsed = parseScenario(text, "full.json", [ir]);
    const p = parsed.perRuleset[0]!;
    expect(() => interpretScenario(ir, p.value, p.notApplicable)).not.toThrow();
  });

  it("an internal EvalError is not an InputError", () => {
    expect(new EvalError("unknown rule x")).not.toBeInstanceOf(InputError);
    expect(new InputError("entry", null, "x")).toBeInstanceOf(EvalError);
  });

  it("a scenario whose rules compute 10^27 is a located V0903, not a throw", () => {
    const fixture = join(ROOT, "test", "fixtures", "diagnostics", "V0105-example.rules");
    const big = compileText(readFileSync(fixture, "utf8"), "big.rules").ir!;
    const text = '{\n  "unit": { "kind": "squad", "strength": 1000000000 },\n  "path": []\n}\n';
    const parsed = parseScenario(text, "big.json", [big]);
    expect(parsed.diagnostics).toEqual([]);
    const p = parsed.perRuleset[0]!;
    const r = evaluateScenario(big, p.value, p.notApplicable);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.fault).toBeInstanceOf(RatOverflow);
    const d = evaluationDiagnostic(big.id, r.fault, text, "big.json");
    expect([d.code, d.span?.line, d.span?.col, d.message]).toEqual([
      "V0903",
      1,
      1,
      "under v0105-example: a value the ruleset computes exceeds the exact range (numerators and denominators up to 9,007,199,254,740,991)",
    ]);
  });
});
