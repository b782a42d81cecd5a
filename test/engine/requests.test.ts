/**
 * Reach requests as data: every `test/fixtures/requests/NAME.json` names rulesets, a map, a start hex
 * and a unit (null: the default squad), and lists the diagnostics the engine must report
 * (`FILE:LINE:COL severity CODE message`, where FILE is `from` or `unit` for what the user typed).
 * A fixture with `side` (and no `from` or `unit`) is `reach --all --side SIDE`: the map's own units.
 * Every V11xx code has a fixture named after it.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CODES } from "../../diagnostics/index.js";
import { loadRuleset, reachOn, reachUnitsOn } from "../../compiler/engine/index.js";
import { fsHost } from "../../compiler/cli/host.js";
import { ROOT } from "../cli/run.js";

const DIR = join(ROOT, "test", "fixtures", "requests");
const fixtures = readdirSync(DIR)
  .filter((f) => f.endsWith(".json"))
  .sort();

interface Fixture {
  ruleset: string;
  map: string;
  from: string;
  unit: string | null;
  side?: "friendly" | "enemy";
  /** `reach --aboard`: the unit starts aboard the vehicle in `from`. */
  aboard?: boolean;
  expect: string[];
}

const host = fsHost(ROOT);

describe("reach request fixtures", () => {
  for (const name of fixtures) {
    it(name, () => {
      const fx = JSON.parse(readFileSync(join(DIR, name), "utf8")) as Fixture;
      const irs = fx.ruleset.split(",").map((id) => loadRuleset(id, host).ir!);
      const map = { text: readFileSync(join(ROOT, fx.map), "utf8"), file: fx.map };
      const out =
        fx.side !== undefined
          ? reachUnitsOn({ rulesets: irs, map, phase: "movement", side: fx.side })
          : reachOn({
              rulesets: irs,
              map,
              from: { text: fx.from, file: "from" },
              unit: fx.unit === null ? null : { text: fx.unit, file: "unit" },
              phase: "movement",
              ...(fx.aboard === true ? { aboard: true } : {}),
            });
      const got = out.diagnostics.map(
        (d) =>
          `${d.span!.file}:${d.span!.line}:${d.span!.col} ${d.severity} ${d.code} ${d.message}`,
      );
      expect(got).toEqual(fx.expect);
      expect(out.value === null).toBe(fx.expect.some((e) => / error /.test(e)));
    });
  }
  it("every V11xx code has a fixture named after it", () => {
    const have = new Set(fixtures.map((f) => f.slice(0, 5)));
    expect(Object.keys(CODES).filter((c) => c >= "V1100" && c < "V1200" && !have.has(c))).toEqual(
      [],
    );
  });
});
