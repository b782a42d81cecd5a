/**
 * The generated modules as the README promises them: `evaluate()` returns what `variorum eval --json`
 * returns for that ruleset — over every bundled scenario, under every compiled ruleset, those that
 * leave out a detail a rule needs too (`notNeeded`, `dependsOn` and `cases`, `needs`: issue 24); a
 * scenario the CLI refuses is one the module throws on — and it checks its input against its own domains,
 * throwing the runtime's `InputError` with the CLI's code and the field's scenario path.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, expectTypeOf, it } from "vitest";
import { buildGraph, InputError } from "../../runtime/index.js";
import { rulesets } from "../../generated/index.js";
import * as sl from "../../generated/sl-classic.js";
import * as asl from "../../generated/asl-a4.js";
import * as sqla from "../../generated/sqla-31.js";
import * as coc from "../../generated/chain-of-command.js";
import type { DistributionSummary } from "../../runtime/index.js";
import { runInProcess } from "../golden/cases.js";
import { ROOT } from "../cli/run.js";

const SCENARIOS = join(ROOT, "scenarios");
const files = readdirSync(SCENARIOS)
  .filter((f) => f.endsWith(".json"))
  .sort();

/** A scenario file as a module's input: top-level fields go to `scenario`, `name` is the title. */
function asInput(json: Record<string, unknown>): Record<string, unknown> {
  const scenario: Record<string, unknown> = {};
  const out: Record<string, unknown> = { scenario };
  for (const [k, v] of Object.entries(json)) {
    if (k === "name") continue;
    if (k === "unit" || k === "vehicle" || k === "path") out[k] = v;
    else scenario[k] = v;
  }
  return out;
}

function thrown(f: () => unknown): InputError {
  try {
    f();
  } catch (e) {
    if (e instanceof InputError) return e;
    throw e;
  }
  throw new Error("no InputError thrown");
}

describe("evaluate() is eval --json", () => {
  for (const [id, mod] of Object.entries(rulesets) as [
    string,
    { evaluate: (input: unknown) => unknown },
  ][]) {
    it(`${id}: every bundled scenario`, async () => {
      let compared = 0;
      for (const f of files) {
        const json = JSON.parse(readFileSync(join(SCENARIOS, f), "utf8")) as Record<
          string,
          unknown
        >;
        const cli = await runInProcess(["eval", id, join(SCENARIOS, f), "--json"]);
        const input = asInput(json);
        if (cli.exit !== 0) {
          // The CLI refuses it (a value outside this ruleset's domains, a detail a rule needs).
          expect(cli.exit, `${f}: ${cli.stderr}`).toBe(1);
          expect(() => mod.evaluate(input), f).toThrow(InputError);
          continue;
        }
        const expected = (JSON.parse(cli.stdout) as { results: Record<string, unknown>[] })
          .results[0]!;
        expect(JSON.parse(JSON.stringify(mod.evaluate(input))), f).toEqual(expected);
        compared++;
      }
      expect(compared).toBeGreaterThan(0);
    });
  }
});

describe("evaluate() answers a left-out detail as eval does", () => {
  it("lists what is not applicable beside an answer that depends on a left-out field", async () => {
    // eval --json printed `"notApplicable": []` for a dependent answer (the cases' own lists dropped).
    const json = JSON.parse(
      readFileSync(join(SCENARIOS, "std-sqla-1941-boards-unnamed-vehicle.json"), "utf8"),
    ) as { unit: Record<string, unknown> };
    json.unit["doubleTime"] = true;
    const dir = mkdtempSync(join(tmpdir(), "variorum-modules-"));
    try {
      const file = join(dir, "s.json");
      writeFileSync(file, JSON.stringify(json));
      const cli = await runInProcess(["eval", "sqla-31", file, "--json"]);
      expect(cli.exit, cli.stderr).toBe(0);
      const expected = (JSON.parse(cli.stdout) as { results: Record<string, unknown>[] })
        .results[0]!;
      expect(expected["dependsOn"]).toEqual(["vehicle.kind"]);
      expect(expected["notApplicable"]).toEqual(["unit.doubleTime"]);
      const got = sqla.evaluate(asInput(json) as never);
      expect(JSON.parse(JSON.stringify(got))).toEqual(expected);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("evaluate() checks its input against the module's domains", () => {
  const path = [{ terrain: "open-ground" }] as const;
  const cases: [string, unknown, string, string][] = [
    ["a misspelt kind", { unit: { kind: "sqaud" }, path }, "V0903", "unit.kind"],
    ["no kind", { unit: {}, path }, "V0903", "unit.kind"],
    [
      "a terrain it lacks",
      { unit: { kind: "squad" }, path: [{ terrain: "swamp" }] },
      "V0903",
      "path[0].terrain",
    ],
    ["a field nobody knows", { unit: { kind: "squad", knid: "x" }, path }, "V0902", "unit.knid"],
    [
      "a negative quantity",
      { unit: { kind: "squad", portage: -1 }, path },
      "V0903",
      "unit.portage",
    ],
    [
      "a number that is no number",
      { unit: { kind: "squad", portage: "3" }, path },
      "V0903",
      "unit.portage",
    ],
    [
      "a number beyond its ticks",
      { unit: { kind: "squad", portage: 0.3 }, path },
      "V0903",
      "unit.portage",
    ],
    ["an empty step", { unit: { kind: "squad" }, path: [{}] }, "V0903", "path[0]"],
    [
      "a status it lacks",
      { unit: { kind: "squad", status: ["tired"] }, path },
      "V0903",
      "unit.status[0]",
    ],
    [
      "a phase it lacks",
      { unit: { kind: "squad" }, scenario: { phase: "rally" }, path },
      "V0903",
      "phase",
    ],
    // Issue 45, items 15 and 16: eval's bounds, and arrays with holes (skipped by forEach and map).
    [
      "a number beyond the exact range",
      { unit: { kind: "squad", portage: 1e16 }, path },
      "V0903",
      "unit.portage",
    ],
    ["a path with holes", { unit: { kind: "squad" }, path: [, , path[0]] }, "V0903", "path[0]"],
    [
      "a status list with a hole",
      { unit: { kind: "squad", status: new Array(1) }, path },
      "V0903",
      "unit.status[0]",
    ],
  ];
  for (const [what, input, code, field] of cases)
    it(`${what}: ${code} at ${field}`, () => {
      const e = thrown(() => sl.evaluate(input as Parameters<typeof sl.evaluate>[0]));
      expect({ code: e.code, field: e.field }).toEqual({ code, field });
    });

  it("lists a field of the vocabulary it has no concept for, as eval does", () => {
    const r = sl.evaluate({ unit: { kind: "squad", doubleTime: true }, path } as never);
    expect(r.notApplicable).toEqual(["unit.doubleTime"]);
  });

  it("answers predicates and per-step values by their rulebook names", () => {
    const r = asl.evaluate({ unit: { kind: "squad" }, path: [{ terrain: "woods" }] });
    if (!("steps" in r)) throw new Error("one answer expected");
    expect(Object.keys(r.predicates)).toContain("assault-movement");
    expect(r.steps[0]?.answers).toHaveProperty("location-drm");
  });

  it("bounds a module's numbers as eval does: inches and MP beyond the exact range", () => {
    const coc = rulesets["chain-of-command"] as { evaluate: (input: unknown) => unknown };
    const inches = thrown(() =>
      coc.evaluate({
        unit: { kind: "team", rate: "normal" },
        path: [{ terrain: "open", inches: 1e16 }],
      }),
    );
    expect({ code: inches.code, field: inches.field }).toEqual({
      code: "V0903",
      field: "path[0].inches",
    });
    const mp = thrown(() =>
      sqla.evaluate({
        unit: { kind: "squad" },
        vehicle: { kind: "halftrack", mp: 1e300 },
        path: [{ action: "board" }],
      } as never),
    );
    expect({ code: mp.code, field: mp.field }).toEqual({ code: "V0903", field: "vehicle.mp" });
  });

  it("refuses a roll with holes (it gave a NaN allowance)", () => {
    const coc = rulesets["chain-of-command"] as { evaluate: (input: unknown) => unknown };
    const e = thrown(() =>
      coc.evaluate({
        unit: { kind: "team", rate: "normal", dice: new Array(2) },
        path: [{ terrain: "open", inches: 3 }],
      }),
    );
    expect({ code: e.code, field: e.field }).toEqual({ code: "V0903", field: "unit.dice[0]" });
  });

  it("checks reach's unit too", () => {
    const map = { cols: 1, rows: 1 } as never;
    const e = thrown(() => sl.reach(map, { kind: "sqaud" } as never, "A1"));
    expect({ code: e.code, field: e.field }).toEqual({ code: "V0903", field: "unit.kind" });
  });
});

/** A squad over woods, a wall and open ground, as a game aid asks it of the SL module. */
const WOODS_WALL = {
  unit: { kind: "squad" as const },
  path: [
    { terrain: "woods" as const },
    { terrain: "open-ground" as const, hexside: "wall" as const },
  ],
};

describe("evaluate(input, { trace }): the options form (issue 44)", () => {
  it("cites the rules behind each step by default and with trace: true, as eval --json does", () => {
    const traced = sl.evaluate(WOODS_WALL) as sl_Answer;
    expect(sl.evaluate(WOODS_WALL, { trace: true })).toEqual(traced);
    const rules = traced.steps.map((s) => s.rules);
    // SL 5.5: the Cost Of Terrain of woods; 5.52 … a wall's hexside cost on top (cited, not copied).
    expect(rules.every((r) => r.length > 0)).toBe(true);
    expect(rules[1]!.length).toBeGreaterThan(1);
  });

  it("without trace the steps cite nothing, and the price and verdict are the same", () => {
    const traced = sl.evaluate(WOODS_WALL) as sl_Answer;
    const plain = sl.evaluate(WOODS_WALL, { trace: false }) as sl_Answer;
    expect(plain.steps.map((s) => s.rules)).toEqual([[], []]);
    expect(plain.steps.map((s) => s.cost)).toEqual(traced.steps.map((s) => s.cost));
    expect({ ...plain, steps: [] }).toEqual({ ...traced, steps: [] });
    // The deprecated trailing boolean asks the same.
    expect(sl.evaluate(WOODS_WALL, false)).toEqual(plain);
  });
});

type sl_Answer = { steps: { cost: number | null; rules: string[] }[] };

describe("reach's forms are told by the count of its arguments, never by the keys of the fourth (issue 44)", () => {
  const map = buildGraph(JSON.parse(readFileSync(join(ROOT, "maps", "crossroads.json"), "utf8")));
  const coc = rulesets["chain-of-command"] as unknown as {
    reach: (...args: unknown[]) => { cost: Float64Array };
  };
  const team = { kind: "team" };

  it("the options object and the positional form (five or six arguments) ask the same", () => {
    const options = coc.reach(map, team, "B3", { roll: [2, 3] });
    expect([...coc.reach(map, team, "B3", {}, [2, 3]).cost]).toEqual([...options.cost]);
    expect([...coc.reach(map, team, "B3", {}, [2, 3], false).cost]).toEqual([...options.cost]);
    // A roll given is a roll: another roll is another answer.
    expect([...coc.reach(map, team, "B3", { roll: [6, 6] }).cost]).not.toEqual([...options.cost]);
  });

  it("a scenario passed alone where the options go is refused, naming its field and the fix", () => {
    const e = thrown(() => sl.reach(map, { kind: "squad" }, "B3", { phase: "advance" } as never));
    expect({ code: e.code, field: e.field }).toEqual({ code: "V0902", field: "options.phase" });
    expect(e.message).toContain("{ scenario: { phase: … } }");
  });

  it("a misspelt option is named, not read as a scenario's field", () => {
    const e = thrown(() => sl.reach(map, { kind: "squad" }, "B3", { abord: true } as never));
    expect({ code: e.code, field: e.field }).toEqual({ code: "V0902", field: "options.abord" });
    const f = thrown(() => sl.reach(map, { kind: "squad" }, "B3", { aboard: "yes" } as never));
    expect({ code: f.code, field: f.field }).toEqual({ code: "V0903", field: "options.aboard" });
  });

  it("a scenario given under `scenario` is read as one", () => {
    const advance = sl.reach(map, { kind: "squad" }, "B3", { scenario: { phase: "advance" } });
    const movement = sl.reach(map, { kind: "squad" }, "B3");
    expect([...advance.cost]).not.toEqual([...movement.cost]);
    expect([
      ...sl.reach(map, { kind: "squad" }, "B3", { phase: "advance" }, undefined).cost,
    ]).toEqual([...advance.cost]);
  });
});

describe("allowance is typed per ruleset: a number where the ruleset rolls no dice (issue 44)", () => {
  type Moved<A> = Extract<A, { steps: unknown }>;
  type Needs<A> = Extract<A, { needs: string[] }>;
  it("SL Classic, which rolls no dice: a number, in the answer and where a number is left out", () => {
    expectTypeOf<Moved<ReturnType<typeof sl.evaluate>>["allowance"]>().toEqualTypeOf<number>();
    expectTypeOf<Needs<ReturnType<typeof sl.evaluate>>["allowance"]>().toEqualTypeOf<
      number | null
    >();
    const a = sl.evaluate(WOODS_WALL);
    const n: number = "steps" in a ? a.allowance : NaN;
    expect(n).toBe(4);
  });

  it("Chain of Command, whose allowance is rolled: a number or, without a fixed roll, its distribution", () => {
    expectTypeOf<Moved<ReturnType<typeof coc.evaluate>>["allowance"]>().toEqualTypeOf<
      number | DistributionSummary
    >();
    const a = coc.evaluate({ unit: { kind: "team" }, path: [{ terrain: "open", inches: 3 }] });
    expect("steps" in a && typeof a.allowance === "object" ? a.allowance.max : null).toBe(12);
  });
});
