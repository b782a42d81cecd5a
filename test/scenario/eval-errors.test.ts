/**
 * Evaluation errors split in two: a scenario that passes validation but cannot be evaluated (a fixed
 * roll with fewer dice than the move rolls) is the user's `InputError`, which `variorum eval` reports
 * as V0903; an `EvalError` that is not an `InputError` is an internal bug (exit 70).
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fsHost } from "../../compiler/cli/host.js";
import { EvalError, InputError } from "../../compiler/interpret/eval.js";
import { interpretScenario, loadRuleset } from "../../compiler/pipeline.js";
import { parseScenario } from "../../compiler/scenario/index.js";

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
});
