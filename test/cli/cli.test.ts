import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANSI, ROOT, STACK, variorum } from "./run.js";

// Each test runs the command line in-process through `run()` (test/cli/run.ts).

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), "variorum-cli-"));
});
afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

function scenario(name: string, json: string): string {
  const p = join(tmp, name);
  writeFileSync(p, json);
  return p;
}

describe("variorum: usage", () => {
  it("--version prints the package version", async () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string };
    const r = await variorum(["--version"]);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe(pkg.version);
  });

  it("--help lists the commands and exits 0", async () => {
    const r = await variorum(["--help"]);
    expect(r.code).toBe(0);
    for (const cmd of ["compile", "check", "test", "eval"])
      expect(r.stdout).toMatch(new RegExp(`^  ${cmd} `, "m"));
  });

  it.each([
    ["compile", ["--out", "--check"]],
    ["check", ["[rulesets...]"]],
    ["test", ["[rulesets...]"]],
    ["eval", ["--json", "<scenario>"]],
  ])("%s --help describes the command", async (cmd, words) => {
    const r = await variorum([cmd, "--help"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Usage: variorum ${cmd}`);
    for (const w of words) expect(r.stdout).toContain(w);
  });

  it.each([
    [[]],
    [["frobnicate"]],
    [["check", "--frob"]],
    [["eval", "sl-classic"]],
    [["eval", "a", "b.json", "c"]],
    [["compile", "--out"]],
  ])("usage error %j exits 2 without a stack trace", async (args) => {
    const r = await variorum(args);
    expect(r.code).toBe(2);
    expect(r.stderr).not.toMatch(STACK);
    expect(r.stderr.length).toBeGreaterThan(0);
  });

  it("names the unknown command", async () => {
    const r = await variorum(["chek"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("variorum: error: unknown command 'chek'");
    expect(r.stderr).toContain("check");
  });

  it("an unknown ruleset id is a usage error that lists the known ones", async () => {
    const r = await variorum(["check", "no-such-ruleset"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("variorum: error: unknown ruleset `no-such-ruleset`");
  });

  it("a missing scenario file is a usage error", async () => {
    const r = await variorum(["eval", "whatever", join(tmp, "missing.json")]);
    expect(r.code).toBe(2);
    expect(r.stderr).not.toMatch(STACK);
  });
});

describe("variorum check: diagnostics", () => {
  it("prints file:line:col: error CODE: message, a code frame, relative to the cwd, without colour off a TTY", async () => {
    writeFileSync(
      join(tmp, "broken.rules"),
      'ruleset broken "Broken"\n  cites numbered\n\nmeasure MF [5.2] "x" @@\n',
    );
    const r = await variorum(["check", "broken.rules"], { cwd: tmp });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^broken\.rules:\d+:\d+: error V\d{4}: .+$/m);
    expect(r.stderr).toMatch(/^> +\d+ \| /m);
    expect(r.stderr).not.toMatch(STACK);
    expect(r.stderr).not.toMatch(ANSI);
  });

  it("NO_COLOR keeps output plain", async () => {
    const r = await variorum(["check", join(tmp, "broken.rules")], { env: { NO_COLOR: "1" } });
    expect(r.code).toBe(1);
    expect(r.stderr + r.stdout).not.toMatch(ANSI);
  });
});

describe("variorum with the bundled rulesets", () => {
  it("check sl-classic exits 0", async () => {
    const r = await variorum(["check", "sl-classic"]);
    expect(r.stderr).not.toMatch(/error V/);
    expect(r.code).toBe(0);
  });

  it("test ends with exactly `N passed, N failed`", async () => {
    const r = await variorum(["test", "sl-classic"]);
    const lines = r.stdout.trimEnd().split("\n");
    const m = /^(\d+) passed, (\d+) failed$/.exec(lines[lines.length - 1]!);
    expect(m).not.toBeNull();
    expect(r.code).toBe(Number(m![2]) > 0 ? 1 : 0);
  });

  it("eval --json prints the contract shape", async () => {
    const r = await variorum([
      "eval",
      "sl-classic",
      "scenarios/sl-squad-woods-uphill.json",
      "--json",
    ]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { scenario: unknown; results: Record<string, unknown>[] };
    expect(Object.keys(out)).toEqual(["scenario", "results"]);
    expect(out.scenario).toBe("Squad with a leader climbs into woods (SL 5.44, 5.5, 5.53)");
    expect(out.results).toHaveLength(1);
    const res = out.results[0]!;
    expect(res).toMatchObject({
      ruleset: "sl-classic",
      allowance: expect.any(Number),
      spent: expect.any(Number),
      legal: expect.any(Boolean),
      violations: expect.any(Array),
      notApplicable: expect.any(Array),
    });
    expect("vehicleSpent" in res).toBe(true);
    const steps = res.steps as { cost: unknown; rules: unknown }[];
    expect(steps).toHaveLength(2);
    for (const s of steps) {
      expect(s.cost === null || typeof s.cost === "number").toBe(true);
      expect(Array.isArray(s.rules)).toBe(true);
    }
  });

  it("eval lists fields the ruleset has no concept for under notApplicable", async () => {
    const p = scenario(
      "rate.json",
      JSON.stringify({
        name: "n",
        unit: { kind: "squad", rate: "tactical" },
        path: [{ terrain: "open-ground", obstacle: "minor" }],
      }),
    );
    const r = await variorum(["eval", "sl-classic", p, "--json"]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { results: { notApplicable: string[] }[] };
    expect(out.results[0]!.notApplicable).toEqual(
      expect.arrayContaining(["unit.rate", "path[0].obstacle"]),
    );
  });

  it("eval prints a readable account without --json", async () => {
    const r = await variorum(["eval", "sl-classic", "scenarios/sl-squad-road.json"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Squad runs along a road");
    expect(r.stdout).toContain("sl-classic");
    expect(r.stdout).toMatch(/legal/);
  });

  it("every bundled scenario evaluates under sl-classic", async () => {
    for (const f of readdirSync(join(ROOT, "scenarios")).filter(
      (n) => n.startsWith("sl-") && n.endsWith(".json"),
    )) {
      const r = await variorum(["eval", "sl-classic", `scenarios/${f}`, "--json"]);
      expect({ f, code: r.code, stderr: r.stderr }).toEqual({ f, code: 0, stderr: "" });
    }
  });

  it("a bad scenario exits 1 and names the field", async () => {
    const p = scenario(
      "typo.json",
      '{\n  "unit": { "kind": "squad" },\n  "path": [ { "terrain": "woods" }, { "terain": "woods" } ]\n}\n',
    );
    const r = await variorum(["eval", "sl-classic", p], { cwd: tmp });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^typo\.json:3:39: error V0902: unknown field `path\[1\]\.terain`/m);
    expect(r.stderr).toContain("hint: did you mean `terrain`?");
    expect(r.stderr).not.toMatch(STACK);
    expect(r.stdout).toBe("");
  });

  it("an unknown terrain exits 1 listing the valid ones", async () => {
    const p = scenario(
      "marsh.json",
      JSON.stringify({ unit: { kind: "squad" }, path: [{ terrain: "swamp" }] }),
    );
    const r = await variorum(["eval", "sl-classic", p]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("error V0903");
    expect(r.stderr).toContain("`swamp`");
    expect(r.stderr).toContain("sl-classic");
    expect(r.stderr).toContain("open-ground");
    expect(r.stderr).toContain("woods");
  });

  it("malformed JSON exits 1 with line and column", async () => {
    const p = scenario("bad.json", '{\n  "unit": { "kind": "squad" }\n  "path": []\n}\n');
    const r = await variorum(["eval", "sl-classic", p], { cwd: tmp });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^bad\.json:3:3: error V0901: malformed JSON/m);
    expect(r.stderr).not.toMatch(STACK);
  });

  it("compile --out writes once, then is up to date; --check writes nothing", async () => {
    const out = join(tmp, "gen");
    const stale = await variorum(["compile", "sl-classic", "--out", out, "--check"]);
    expect(stale.code).toBe(1);
    expect(stale.stdout).toMatch(/missing: .*sl-classic\.ts/);
    expect(() => readdirSync(out)).toThrow();

    const first = await variorum(["compile", "sl-classic", "--out", out]);
    expect(first.stderr).not.toMatch(/error V/);
    expect(first.code).toBe(0);
    expect(readdirSync(out).sort()).toEqual(["index.ts", "sl-classic.ts"]);
    const again = await variorum(["compile", "sl-classic", "--out", out]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("0 written");
    expect((await variorum(["compile", "sl-classic", "--out", out, "--check"])).code).toBe(0);
  });
});

describe("variorum test reports failing examples as located diagnostics", () => {
  it("V0801 for a failed expectation, V0802 for an invalid input, with file:line:col and a code frame", async () => {
    const dir = mkdtempSync(join(tmpdir(), "variorum-examples-"));
    const file = join(dir, "fail.rules");
    writeFileSync(
      file,
      [
        'ruleset fail-demo "Examples that fail"',
        "  extends sl-classic",
        "",
        'example [5.4] "an inexperienced squad has 4 MF (it has 3)" {',
        "  unit { kind: squad, status: {inexperienced} }",
        "  expect allowance = 4",
        "}",
        "",
        'example [5.4] "a unit without a kind" {',
        "  unit { portage: 1 }",
        "  expect legal",
        "}",
        'example [5.4] "an inexperienced squad has 3 MF" {',
        "  unit { kind: squad, status: {inexperienced} }",
        "  expect allowance = 3",
        "}",
        "",
      ].join("\n"),
    );
    // `check` validates the example inputs without running them: a missing required field is V0802 at the record.
    const c = await variorum(["check", file]);
    expect(c.code).toBe(1);
    expect(c.stderr).toMatch(
      /fail\.rules:10:8: error V0802: this example's unit lacks unit\.kind, which has no default/,
    );
    expect(c.stderr).not.toMatch(/V0801/);
    // With the input fixed, `test` runs the examples: V0801 for the failed expectation, located.
    writeFileSync(
      file,
      readFileSync(file, "utf8").replace("unit { portage: 1 }", "unit { kind: squad, portage: 1 }"),
    );
    const r = await variorum(["test", file]);
    expect(r.code).toBe(1);
    expect(r.stdout.trim().split("\n").at(-1)).toBe("2 passed, 1 failed");
    expect(r.stderr).toMatch(
      /fail\.rules:4:1: error V0801: example \[5\.4\] "an inexperienced squad has 4 MF \(it has 3\)": expected allowance = 4, got 3/,
    );
    expect(r.stderr).toContain("> 4 | example [5.4]");
  });
});
