/**
 * A default is named ("assuming no unit.aboard (the default)") only when it changes the answer, not
 * when another field left out splits the answer on its own. Derived by hand from SL: a squad through
 * woods, woods and open ground (5 MF) with its leader unknown is legal with one (6 MF, 5.44) and not
 * without (4 MF); whether it rides a vehicle (`aboard`, read only by the stacking counts) changes
 * neither case, while the phase does (in the Advance Phase it moves one hex, 142.2).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compileText } from "../../compiler/engine/index.js";
import { answerScenario } from "../../compiler/interpret/answers.js";
import { parseScenario } from "../../compiler/scenario/index.js";
import { ROOT } from "../cli/run.js";

const ir = compileText(
  readFileSync(join(ROOT, "rulesets", "sl-classic.rules"), "utf8"),
  "sl-classic.rules",
).ir!;

describe("assumed defaults", () => {
  it("beside a field left out, names only the defaults the answer turns on", () => {
    const text = JSON.stringify({
      unit: { kind: "squad", leader: null },
      path: [{ terrain: "woods" }, { terrain: "woods" }, { terrain: "open-ground" }],
    });
    const p = parseScenario(text, "s.json", [ir]);
    const r = answerScenario(ir, p.perRuleset[0]!.value, []);
    expect(r.dependsOn).toEqual(["unit.leader"]);
    const assumed = r.assumed.map((a) => a.field);
    expect(assumed).toContain("phase");
    expect(assumed).not.toContain("unit.aboard");
  });
});
