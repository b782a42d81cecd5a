/**
 * The same bad input gets the same code, location and message on every surface: the CLI (run in
 * process, its stderr parsed) and the studio page's session (its `Problem`s). Each case names the
 * command line and the studio call that ask the same question. And the same good input gets the same
 * answer (the last describe): moves, reach maps and examples, the generated modules among them.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createColors } from "picocolors";
import { describe, expect, it } from "vitest";
import type { Ctx } from "../../compiler/cli/context.js";
import { run } from "../../compiler/cli/main.js";
import { replyJson, verdictText } from "../../compiler/render/answers.js";
import { rulesets } from "../../generated/index.js";
import { MAPS } from "../../studio/page/bundled.js";
import { StudioSession, type Problem } from "../../studio/page/engine.js";
import { ROOT, variorum } from "../cli/run.js";
import { loadRuleset, runSuite } from "../../compiler/engine/index.js";
import { fsHost } from "../../compiler/cli/host.js";
import { LanguageService } from "../../compiler/service/index.js";
import { bundledTexts } from "../service/host.js";

/** What both surfaces are compared on: `LINE:COL CODE message (hint)`. */
type Seen = string;

/** The CLI's diagnostics of one severity (errors unless told), each as `LINE:COL CODE message (hint)`. */
async function cli(
  argv: string[],
  severity: "error" | "warning" = "error",
): Promise<{ code: number; seen: Seen[] }> {
  const err: string[] = [];
  const none = createColors(false);
  const ctx: Ctx = {
    cwd: ROOT,
    root: ROOT,
    out: () => {},
    err: (t) => void err.push(t),
    cOut: none,
    cErr: none,
    colorErr: false,
  };
  const code = await run(argv, ctx);
  // `where:LINE:COL: error CODE: message`, a code frame, then `hint: …` when there is one.
  const seen: Seen[] = [];
  for (const line of err.join("").split("\n")) {
    const head = new RegExp(`^.*?:(\\d+):(\\d+): ${severity} (V\\d{4}): (.*)$`).exec(line);
    if (head) seen.push(`${head[1]}:${head[2]} ${head[3]} ${head[4]}`);
    else if (line.startsWith("hint: ") && seen.length > 0)
      seen[seen.length - 1] += ` (${line.slice("hint: ".length)})`;
    else if (/ error /.test(line) && !/^\s*\d* *\|/.test(line)) seen.push(`uncoded: ${line}`);
  }
  return { code, seen };
}

function studio(problems: Problem[]): Seen[] {
  return problems.map((p) => `${p.line}:${p.col} ${p.code} ${p.message}`);
}

/**
 * A session whose draft is a bundled ruleset itself, compared with nothing: the studio is asked what
 * `variorum eval ID` / `reach ID` is asked.
 */
const sessions = new Map<string, StudioSession>();
function sessionOf(id: string): StudioSession {
  let s = sessions.get(id);
  if (!s) {
    s = new StudioSession(readFileSync(join(ROOT, "rulesets", `${id}.rules`), "utf8"));
    sessions.set(id, s);
  }
  return s;
}
const session = sessionOf("sl-classic");

function studioReach(map: string, from: string, unit: string): Seen[] {
  const a = session.reach(map, from, unit, "movement", null);
  expect(a.ok).toBe(false);
  return a.ok ? [] : studio(a.problems);
}

function studioScenario(text: string, id: string): Seen[] {
  const a = sessionOf(id).scenario(text, null);
  expect(a.ok).toBe(false);
  return a.ok ? [] : studio(a.problems);
}

const SQUAD = '{"kind":"squad"}';
// A map with a mistake, offered to the studio under a name of its own (its maps are bundled by name).
const BAD_MAP = "test/fixtures/maps/V1002-unknown-field.json";
(MAPS as Record<string, string>)["bad-map-for-surfaces-test"] = readFileSync(
  join(ROOT, BAD_MAP),
  "utf8",
);

const cases: {
  name: string;
  code: string;
  argv: string[];
  studio: () => Seen[];
}[] = [
  {
    name: "a start hex off the map",
    code: "V1101",
    argv: ["reach", "sl-classic", "maps/crossroads.json", "--from", "Z99"],
    studio: () => studioReach("crossroads", "Z99", SQUAD),
  },
  {
    name: "a start hex that is no hex name",
    code: "V1101",
    argv: ["reach", "sl-classic", "maps/crossroads.json", "--from", "b3"],
    studio: () => studioReach("crossroads", "b3", SQUAD),
  },
  {
    name: "a unit that is not JSON",
    code: "V1102",
    argv: [
      "reach",
      "sl-classic",
      "maps/crossroads.json",
      "--from",
      "B3",
      "--unit",
      "{kind: squad}",
    ],
    studio: () => studioReach("crossroads", "B3", "{kind: squad}"),
  },
  {
    name: "a unit that is not an object",
    code: "V1102",
    argv: ["reach", "sl-classic", "maps/crossroads.json", "--from", "B3", "--unit", "[1]"],
    studio: () => studioReach("crossroads", "B3", "[1]"),
  },
  {
    name: "a unit with an unknown field",
    code: "V0902",
    argv: [
      "reach",
      "sl-classic",
      "maps/crossroads.json",
      "--from",
      "B3",
      "--unit",
      '{"kind":"squad", "portge":2}',
    ],
    studio: () => studioReach("crossroads", "B3", '{"kind":"squad", "portge":2}'),
  },
  {
    name: "a unit with an unknown member",
    code: "V0903",
    argv: [
      "reach",
      "sl-classic",
      "maps/crossroads.json",
      "--from",
      "B3",
      "--unit",
      '{"kind":"tank"}',
    ],
    studio: () => studioReach("crossroads", "B3", '{"kind":"tank"}'),
  },
  {
    name: "a bad map",
    code: "V1002",
    argv: ["reach", "sl-classic", BAD_MAP, "--from", "B2"],
    studio: () => studioReach("bad-map-for-surfaces-test", "B2", SQUAD),
  },
  {
    name: "a unit of its own that a ruleset cannot read (--unit ID=JSON; the studio's Unit for ID)",
    code: "V0903",
    argv: [
      "reach",
      "sl-classic,chain-of-command",
      "maps/crossroads.json",
      "--from",
      "C3",
      "--unit",
      'chain-of-command={"kind":"tem"}',
    ],
    studio: () => {
      const a = sessionOf("chain-of-command").reach(
        "crossroads",
        "C3",
        SQUAD,
        "movement",
        "sl-classic",
        {
          draft: '{"kind":"tem"}',
        },
      );
      expect(a.ok).toBe(false);
      return a.ok ? [] : studio(a.problems);
    },
  },
  {
    name: "all units of a side on a map that places none (--all; the studio's all units of side friendly)",
    code: "V1104",
    argv: ["reach", "sl-classic", "maps/crossroads.json", "--all"],
    studio: () => {
      const a = session.reachAll("crossroads", "friendly", "movement", null);
      expect(a.ok).toBe(false);
      return a.ok ? [] : studio(a.problems);
    },
  },
  {
    name: "all units of a side on a bad map",
    code: "V1002",
    argv: ["reach", "sl-classic", BAD_MAP, "--all", "--side", "enemy"],
    studio: () => {
      const a = session.reachAll("bad-map-for-surfaces-test", "enemy", "movement", null);
      expect(a.ok).toBe(false);
      return a.ok ? [] : studio(a.problems);
    },
  },
  // Every scenario fixture, under the ruleset its `.expect` names (`# ruleset:`, default sl-classic).
  ...readdirSync(join(ROOT, "test", "fixtures", "scenarios"))
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => {
      const file = `test/fixtures/scenarios/${f}`;
      const expect = readFileSync(join(ROOT, file.replace(/\.json$/, ".expect")), "utf8");
      const id = /^# ruleset:\s*(\S+)/m.exec(expect)?.[1] ?? "sl-classic";
      return {
        name: `a bad scenario (${f} under ${id})`,
        code: f.slice(0, 5),
        argv: ["eval", id, file],
        studio: () => studioScenario(readFileSync(join(ROOT, file), "utf8"), id),
      };
    }),
];

describe("the CLI and the studio report the same diagnostics for the same bad input", () => {
  for (const c of cases) {
    it(c.name, async () => {
      const fromCli = await cli(c.argv);
      expect(fromCli.code).toBe(1);
      const fromStudio = c.studio();
      expect(fromCli.seen.length).toBeGreaterThan(0);
      expect(fromCli.seen[0]).toContain(` ${c.code} `);
      expect(fromStudio).toEqual(fromCli.seen);
    });
  }

  it("name the start hex and the map's columns and rows, and point into the unit's text", async () => {
    expect((await cli(cases[0]!.argv)).seen).toEqual([
      '1:1 V1101 "Z99" is not a hex of Crossroads (columns A–J, rows 1–8)',
    ]);
    const unknown = (await cli(cases[4]!.argv)).seen;
    expect(unknown).toHaveLength(1);
    // `"portge"` starts at column 18 of the unit as typed.
    expect(unknown[0]).toMatch(/^1:18 V0902 /);
  });
});

/**
 * A warning beside an answer that stands: the studio's reach pane shows what the CLI prints, with the
 * same code, place and message (a Tide of Iron unit that gives no action, V1103).
 */
describe("the CLI and the studio report the same warnings beside a reach answer", () => {
  const warned: { name: string; argv: string[]; studio: () => Seen[] }[] = [
    {
      name: "a Tide of Iron unit without an action (V1103)",
      argv: ["reach", "tide-of-iron", "maps/crossroads.json", "--from", "C3"],
      studio: () => {
        const a = sessionOf("tide-of-iron").reach("crossroads", "C3", SQUAD, "movement", null);
        expect(a.ok).toBe(true);
        return a.ok ? studio(a.value.warnings) : [];
      },
    },
    {
      name: "beside another ruleset, the warning names the ruleset that needs the action",
      argv: ["reach", "sl-classic,tide-of-iron", "maps/crossroads.json", "--from", "C3"],
      studio: () => {
        const a = sessionOf("tide-of-iron").reach(
          "crossroads",
          "C3",
          SQUAD,
          "movement",
          "sl-classic",
        );
        expect(a.ok).toBe(true);
        return a.ok ? studio(a.value.warnings) : [];
      },
    },
  ];
  for (const c of warned) {
    it(c.name, async () => {
      const fromCli = await cli(c.argv, "warning");
      expect(fromCli.code).toBe(0);
      expect(fromCli.seen).toHaveLength(1);
      expect(fromCli.seen[0]).toMatch(/^1:1 V1103 tide-of-iron moves a unit only under `action`/);
      expect(c.studio()).toEqual(fromCli.seen);
    });
  }

  it("no warning when the unit gives its action", () => {
    const a = sessionOf("tide-of-iron").reach(
      "crossroads",
      "C3",
      '{"kind":"squad","action":"advance"}',
      "movement",
      null,
    );
    expect(a.ok && a.value.warnings).toEqual([]);
  });
});

/**
 * A step cost that reads the whole move (V1120, compiler/reach/lookahead.ts): `check` and the
 * language service (the LSP, and the studio's editor, which is one) mark the ruleset's `cost:`
 * binding; `variorum reach` and the studio's reach pane say it beside the answer, at the map.
 */
describe("every surface says when reach cannot give eval's price (V1120)", () => {
  const FILE = "test/fixtures/reach/base-aggregates.rules";
  const TEXT = readFileSync(join(ROOT, FILE), "utf8");
  const UNIT = '{"mp":12,"tired":true}';
  const COST = TEXT.split("\n").findIndex((l) => /^\s*cost:/.test(l)) + 1;

  it("check and the language service: on the `cost:` binding", async () => {
    const fromCli = await cli(["check", FILE], "warning");
    expect(fromCli.code).toBe(0);
    expect(fromCli.seen).toHaveLength(1);
    expect(fromCli.seen[0]).toMatch(
      new RegExp(`^${COST}:3 V1120 base-aggregates: a step's cost reads the whole move`),
    );
    const lsp = new StudioSession(TEXT).diagnostics().filter((d) => d.code === "V1120");
    expect(lsp).toHaveLength(1);
    expect(lsp[0]!.range.start).toEqual({ line: COST - 1, character: 2 });
  });

  it("reach: the CLI and the studio's reach pane, beside the answer", async () => {
    const fromCli = await cli(
      ["reach", FILE, "maps/crossroads.json", "--from", "A1", "--unit", UNIT],
      "warning",
    );
    expect(fromCli.code).toBe(0);
    expect(fromCli.seen).toHaveLength(1);
    expect(fromCli.seen[0]).toMatch(/^1:1 V1120 base-aggregates: a step's cost reads the whole/);
    const a = new StudioSession(TEXT).reach("crossroads", "A1", UNIT, "movement", null);
    expect(a.ok).toBe(true);
    expect(a.ok ? studio(a.value.warnings) : []).toEqual(fromCli.seen);
  });
});

/**
 * A unit starting in a building under Chain of Command could change floor first (10.1.4), a move reach
 * does not search (V1121, compiler/reach/floors.ts): the CLI and the studio's reach pane say so alike,
 * at the start hex, and answer the hexes that stay on its floor.
 */
describe("every surface says when a change of floor is eval's (V1121)", () => {
  it("reach: the CLI and the studio's reach pane, at the start", async () => {
    const TEAM = '{"kind":"team","dice":[3,4]}';
    const fromCli = await cli(
      ["reach", "chain-of-command", "maps/crossroads.json", "--from", "F6", "--unit", TEAM],
      "warning",
    );
    expect(fromCli.code).toBe(0);
    expect(fromCli.seen).toHaveLength(1);
    expect(fromCli.seen[0]).toMatch(
      /^1:1 V1121 chain-of-command: the unit starts in a building \(F6\)/,
    );
    const a = sessionOf("chain-of-command").reach("crossroads", "F6", TEAM, "movement", null);
    expect(a.ok).toBe(true);
    expect(a.ok ? studio(a.value.warnings) : []).toEqual(fromCli.seen);
  });
});

/**
 * The same question gets the same ANSWER on every surface, not only the same errors: a scenario's
 * move (the CLI's `eval --json`, the studio's scenario pane, the generated module's `evaluate`), a
 * reach map (`reach --format json` and the studio's reach pane), a ruleset's examples (`variorum
 * test`, the studio's examples, the language service's V0801 diagnostics).
 */
describe("every surface gives the same answer to the same question", () => {
  const RULESETS = ["sl-classic", "asl-a4", "chain-of-command", "sqla-31", "tide-of-iron"];
  const SCENARIOS = readdirSync(join(ROOT, "scenarios"))
    .filter((f) => f.endsWith(".json"))
    .sort();
  /** Drops what only `eval --json` adds (per-step answers and predicates, test/scenario/ holds them). */
  const core = (v: unknown): unknown =>
    JSON.parse(JSON.stringify(v), (k, x: unknown) =>
      ["predicates", "predicateRules", "answers", "answerRules"].includes(k) ? undefined : x,
    );

  for (const id of RULESETS) {
    it(`${id}: eval --json = the studio's scenario pane = the generated module, every scenario`, async () => {
      const mod = (rulesets as Record<string, { evaluate: (input: unknown) => unknown }>)[id]!;
      let answered = 0;
      for (const f of SCENARIOS) {
        const text = readFileSync(join(ROOT, "scenarios", f), "utf8");
        const out: string[] = [];
        const none = createColors(false);
        const code = await run(["eval", id, `scenarios/${f}`, "--json"], {
          cwd: ROOT,
          root: ROOT,
          out: (t) => void out.push(t),
          err: () => {},
          cOut: none,
          cErr: none,
          colorErr: false,
        });
        const studioAnswer = sessionOf(id).scenario(text, null);
        // Refused on one surface, refused on the other.
        expect(studioAnswer.ok, `${f}: the CLI exits ${code}`).toBe(code === 0);
        if (code !== 0 || !studioAnswer.ok) continue;
        const cli = (JSON.parse(out.join("")) as { results: Record<string, unknown>[] })
          .results[0]!;
        const draft = studioAnswer.value.answers.at(-1)!;
        expect(draft.ruleset).toBe(id);
        const studio = replyJson(id, draft.reply, cli.notApplicable as string[]);
        expect(core(studio), `${id} ${f}: studio`).toEqual(core(cli));
        const { name: _name, ...input } = JSON.parse(text) as Record<string, unknown>;
        void _name;
        let generated: unknown;
        try {
          generated = mod.evaluate(input);
        } catch {
          generated = null; // a shape the generated module types apart: test/emit/modules.test.ts
        }
        if (generated !== null) expect(core(generated), `${id} ${f}: generated`).toEqual(core(cli));
        answered++;
      }
      expect(answered).toBeGreaterThan(0);
    });
  }

  it("reach --format json = the studio's reach pane, on every bundled ruleset", async () => {
    let reached = 0;
    let hexes = 0;
    for (const id of RULESETS) {
      const out: string[] = [];
      const none = createColors(false);
      const code = await run(
        ["reach", id, "maps/crossroads.json", "--from", "B3", "--unit", SQUAD, "--format", "json"],
        {
          cwd: ROOT,
          root: ROOT,
          out: (t) => void out.push(t),
          err: () => {},
          cOut: none,
          cErr: none,
          colorErr: false,
        },
      );
      const a = sessionOf(id).reach("crossroads", "B3", SQUAD, "movement", null);
      // A ruleset that measures in inches has no hex map: refused on both surfaces.
      expect(a.ok, `${id}: the CLI exits ${code}`).toBe(code === 0);
      if (code !== 0 || !a.ok) continue;
      reached++;
      const cli = JSON.parse(out.join("")) as { results: { ruleset: string; hexes: unknown }[] };
      const studio = a.value.report.results.find((r) => r.ruleset === id)!;
      const mine = cli.results.find((r) => r.ruleset === id)!;
      hexes += Object.keys(studio.hexes as object).length;
      expect(JSON.parse(JSON.stringify(studio.hexes)), id).toEqual(mine.hexes);
    }
    expect(reached).toBeGreaterThanOrEqual(3);
    expect(hexes).toBeGreaterThan(reached);
  });

  it("reach --format json = the studio's reach pane, a unit's leader given as unknown (issue 42)", async () => {
    const unit = '{"kind":"squad","leader":null}';
    const out: string[] = [];
    const none = createColors(false);
    const argv = ["reach", "sl-classic", "maps/crossroads.json", "--from", "B3", "--unit", unit];
    const code = await run([...argv, "--format", "json"], {
      cwd: ROOT,
      root: ROOT,
      out: (t) => void out.push(t),
      err: () => {},
      cOut: none,
      cErr: none,
      colorErr: false,
    });
    expect(code).toBe(0);
    const a = session.reach("crossroads", "B3", unit, "movement", null);
    expect(a.ok).toBe(true);
    if (!a.ok) return;
    const cli = JSON.parse(out.join("")) as { results: Record<string, unknown>[] };
    const studio = JSON.parse(JSON.stringify(a.value.report.results[0])) as Record<string, unknown>;
    expect(studio["dependsOn"]).toEqual(["unit.leader"]);
    expect(studio).toEqual(cli.results[0]);
    // The pane's drawing rings the hexes that turn on the leader.
    expect(a.value.svg).toContain('class="depends"');
  });

  it("variorum test = the studio's examples = the language service, on every bundled ruleset", async () => {
    for (const id of RULESETS) {
      const out: string[] = [];
      const none = createColors(false);
      await run(["test", id], {
        cwd: ROOT,
        root: ROOT,
        out: (t) => void out.push(t),
        err: () => {},
        cOut: none,
        cErr: none,
        colorErr: false,
      });
      const m = /^(\d+) passed, (\d+) failed$/m.exec(out.join(""))!;
      const examples = sessionOf(id).examples();
      expect(
        {
          passed: examples.filter((e) => e.passed).length,
          failed: examples.filter((e) => !e.passed).length,
        },
        id,
      ).toEqual({ passed: Number(m[1]), failed: Number(m[2]) });
      expect(Number(m[1]), id).toBeGreaterThan(0);
      const v0801 = sessionOf(id)
        .diagnostics()
        .filter((d) => d.code === "V0801").length;
      expect(v0801, id).toBe(Number(m[2]));
    }
  });
});

/**
 * A move the text forbids whatever the number the scenario leaves out (issue 42) is "not legal" on
 * every surface — not "needs": the CLI's `eval` (JSON and text), the generated module's `evaluate`,
 * the diff's scenario table and the language service (an example asking the same question). CoC
 * 10.1.2: heavy going allows Normal movement only, so a Tactical move is barred at any distance;
 * SQLA 31.3: nobody gets off a vehicle in the Advance Phase, whatever MP the vehicle has.
 */
describe("a move illegal whatever the left-out number is not legal on every surface", () => {
  const QUESTIONS = [
    {
      id: "chain-of-command",
      file: "test/fixtures/answers/coc-tactical-heavy-going.json",
      left: "path[0].inches",
      rule: "10.1.2",
      example: "unit { kind: team, rate: tactical }\n  path { terrain: heavy-going }",
      text: "not legal at any distance",
    },
    {
      id: "sqla-31",
      file: "test/fixtures/answers/sqla-unload-advance.json",
      left: "vehicle.mp",
      rule: "31.3",
      example:
        "unit { kind: squad }\n  vehicle { kind: halftrack }\n  scenario { phase: advance }\n  path { action: unload }, { terrain: open-ground }",
      text: "not legal whatever vehicle.mp is",
    },
    // CoC 10.3: a Tripod MG Team down to two crew may only turn, whatever the distance (no allowance).
    {
      id: "chain-of-command",
      file: "test/fixtures/answers/coc-tripod-mg-moving.json",
      left: "path[0].inches",
      rule: "10.3",
      example: "unit { kind: tripod-mg-team, crew: 2 }\n  path { terrain: open }",
      text: "not legal at any distance",
    },
    // SQLA 31.3 EX: boarding costs the squad 1 MF and 1 more per PP past its IPC of 3 (5 PP: 3 MF),
    // more than the 2 MF its HMG leaves it (SL 5.2), whatever MP the tank has.
    {
      id: "sqla-31",
      file: "test/fixtures/answers/sqla-hmg-board-mp-left-out.json",
      left: "vehicle.mp",
      rule: "5.2",
      example:
        "unit { kind: squad, portage: 5 }\n  vehicle { kind: tank }\n  path { action: board }",
      text: "not legal whatever vehicle.mp is",
    },
  ];
  const host = fsHost(ROOT);
  for (const q of QUESTIONS) {
    it(`${q.id}: eval, the generated module, the diff's scenario table, the studio and the language service say not legal [${q.rule}]`, async () => {
      const text = readFileSync(join(ROOT, q.file), "utf8");
      // The module's input holds the scenario's own fields (`phase`) under `scenario`.
      const { name: _name, phase, ...rest } = JSON.parse(text) as Record<string, unknown>;
      void _name;
      const input = phase === undefined ? rest : { ...rest, scenario: { phase } };

      // The CLI, JSON and text.
      const json = await variorum(["eval", q.id, q.file, "--json"]);
      expect(json.code, json.stderr).toBe(0);
      const cli = (JSON.parse(json.stdout) as { results: Record<string, unknown>[] }).results[0]!;
      expect(cli).toMatchObject({ legal: false, needs: [q.left] });
      const rules = (cli["violations"] as { rule: string }[]).map((v) => v.rule);
      expect(rules).toContain(q.rule);
      const plain = await variorum(["eval", q.id, q.file]);
      expect(plain.stdout).toContain(q.text);
      expect(plain.stdout).toContain(`[${q.rule}]`);

      // The generated module: the very same answer.
      const mod = (rulesets as Record<string, { evaluate: (input: unknown) => unknown }>)[q.id]!;
      expect(mod.evaluate(input)).toEqual(cli);

      // The diff's scenario table.
      const ir = loadRuleset(q.id, host).ir!;
      const row = runSuite([ir], [{ file: q.file, text }]).scenarios[0]!;
      const cell = row.results[q.id]!;
      expect(cell.verdict).toBe("not legal");
      expect(cell.display).toContain(`${q.text} [${q.rule}]`);

      // The studio's scenario pane: its answer, and the verdict it shows (studio/page/panes.ts).
      const studio = sessionOf(q.id).scenario(text, null);
      expect(studio.ok).toBe(true);
      const answer = studio.ok ? studio.value.answers[0]! : null;
      const one = answer!.reply.cases[0]!;
      expect(one.needs).toEqual([q.left]);
      expect(verdictText(one, answer!.measure)).toBe(q.text);

      // The language service: an example asking the same question passes with `expect not legal`,
      // and fails with `expect legal`, naming the rule that holds whatever the number.
      const doc = (want: string) =>
        `ruleset asks "asks" extends ${q.id}\n\nexample [${q.rule}] "the question" {\n  ${q.example}\n  ${want}\n}\n`;
      const s = new LanguageService(bundledTexts());
      s.open("file:///asks.rules", doc("expect not legal"));
      expect(s.diagnostics("file:///asks.rules")).toEqual([]);
      s.update("file:///asks.rules", doc("expect legal"));
      const ds = s.diagnostics("file:///asks.rules");
      expect(ds.map((d) => d.code)).toEqual(["V0801"]);
      expect(ds[0]!.message).toContain(`whatever \`${q.left}\` is: [${q.rule}]`);
    });
  }
});

/**
 * Issue 42: a move left without a number that is legal only from some value of it on says "legal from
 * N" on every surface. SQLA 31.6, derived by hand from the text: infantry may get off only if the
 * vehicle pays a 2 MP penalty, so a squad unloading into the next hex in its Movement Phase, the
 * vehicle's MP not given, is legal from 2 MP on (and not below: 31.6 has no other condition here).
 */
describe("a move legal only from some value of a left-out number says so on every surface", () => {
  const file = "test/fixtures/answers/sqla-unload-mp-left-out.json";
  const from = { field: "vehicle.mp", at: 2, measure: "MP" };
  it("sqla-31, vehicle.mp left out: eval, the generated module, the diff's scenario table and the language service say legal from 2 MP", async () => {
    const text = readFileSync(join(ROOT, file), "utf8");
    const { name: _name, ...input } = JSON.parse(text) as Record<string, unknown>;
    void _name;

    const json = await variorum(["eval", "sqla-31", file, "--json"]);
    expect(json.code, json.stderr).toBe(0);
    const cli = (JSON.parse(json.stdout) as { results: Record<string, unknown>[] }).results[0]!;
    expect(cli).toMatchObject({ legalFrom: from, needs: ["vehicle.mp"] });
    expect(cli["legal"]).toBeUndefined();
    const plain = await variorum(["eval", "sqla-31", file]);
    expect(plain.stdout).toContain("verdict    legal from 2 MP (vehicle.mp)");

    // The generated module: the very same answer.
    const mod = (rulesets as Record<string, { evaluate: (input: unknown) => unknown }>)["sqla-31"]!;
    expect(mod.evaluate(input)).toEqual(cli);

    // The diff's scenario table.
    const ir = loadRuleset("sqla-31", fsHost(ROOT)).ir!;
    const cell = runSuite([ir], [{ file, text }]).scenarios[0]!.results["sqla-31"]!;
    expect(cell.display).toContain("legal from 2 MP (vehicle.mp)");

    // The studio's scenario pane: its answer, and the verdict it shows (studio/page/panes.ts).
    const studio = sessionOf("sqla-31").scenario(text, null);
    expect(studio.ok).toBe(true);
    const answer = studio.ok ? studio.value.answers[0]! : null;
    const one = answer!.reply.cases[0]!;
    expect(one.partial?.legalFrom).toEqual(from);
    expect(verdictText(one, answer!.measure)).toBe("legal from 2 MP (vehicle.mp)");

    // The language service: an example expecting a legal move is told where it turns.
    const doc = `ruleset asks "asks" extends sqla-31\n\nexample [31.6] "the question" {\n  unit { kind: squad }\n  vehicle { kind: halftrack }\n  path { action: unload }, { terrain: open-ground }\n  expect legal\n}\n`;
    const s = new LanguageService(bundledTexts());
    s.open("file:///asks.rules", doc);
    const ds = s.diagnostics("file:///asks.rules");
    expect(ds.map((d) => d.code)).toEqual(["V0801"]);
    expect(ds[0]!.message).toContain("it turns on `vehicle.mp`: legal from 2 MP");
  });
});
