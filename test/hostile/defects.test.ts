/**
 * Issue 15's defects (1–10) and later ones (11: a path aggregate reading a rule's parameter, on
 * test/fixtures/reach/param-aggregates.rules), each as the user met it: through the real `variorum`
 * binary, on a fixture under test/hostile/fixtures/ or a file the test writes. Each asserts the
 * located error or the right answer, and never exit 70 or a stack trace.
 */
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { STACK, variorum } from "../cli/run.js";

const FIX = "test/hostile/fixtures";
const tmp = mkdtempSync(join(tmpdir(), "variorum-hostile-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function clean(r: { code: number | null; stderr: string }): void {
  expect(r.code).not.toBe(70);
  expect(r.stderr).not.toMatch(/internal error/);
  expect(r.stderr).not.toMatch(STACK);
}

describe("1. fields named like Object.prototype members", () => {
  it("test and eval price __proto__ and constructor by their defaults, as the generated module does", async () => {
    const t = await variorum(["test", `${FIX}/proto-fields.rules`]);
    expect(t.stdout.trim().split("\n").at(-1)).toBe("2 passed, 0 failed");
    expect(t.code).toBe(0);
    const e = await variorum([
      "eval",
      `${FIX}/proto-fields.rules`,
      `${FIX}/proto-fields.json`,
      "--json",
    ]);
    clean(e);
    const r = (JSON.parse(e.stdout) as { results: { spent: number; allowance: number }[] })
      .results[0]!;
    expect([r.allowance, r.spent]).toEqual([4, 1]);
  });
});

describe("2. deep and long expressions", () => {
  it("500 nested parentheses: V0104 located at the spot", async () => {
    const f = join(tmp, "deep.rules");
    writeFileSync(
      f,
      `ruleset deep "deep"\n  cites numbered\nmeasure MF [1.1] "m"\nrule r [1.2] "r" : MF = ${"(".repeat(500)}1 MF${")".repeat(500)}\n`,
    );
    const r = await variorum(["check", f]);
    clean(r);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/deep\.rules:4:\d+: error V0104/);
  });

  it("a flat sum of 100,000 terms checks, and its examples price it", async () => {
    const f = join(tmp, "flat.rules");
    const sum = Array.from({ length: 100_000 }, () => "1 MF").join(" + ");
    writeFileSync(
      f,
      `ruleset flat "flat"\n  cites numbered\nmeasure MF [1.1] "m"\nrule r [1.2] "r" : MF = ${sum}\n` +
        `movement [1.3] MF {\n  allowance: r\n  cost: 1 MF\n}\nexample [1.2] "the sum" {\n  expect allowance = 100000\n}\n`,
    );
    const r = await variorum(["test", f]);
    clean(r);
    expect(r.stdout.trim().split("\n").at(-1)).toBe("1 passed, 0 failed");
  });
});

describe("3. numbers check accepts are numbers every backend handles", () => {
  it("out-of-range numbers are V0105 in check, and compile refuses them with the same error", async () => {
    const c = await variorum(["check", "test/fixtures/diagnostics/V0105.rules"]);
    expect(c.code).toBe(1);
    expect(c.stderr).toMatch(/V0105\.rules:9:33: error V0105/);
    const o = await variorum([
      "compile",
      "test/fixtures/diagnostics/V0105.rules",
      "--out",
      join(tmp, "out105"),
    ]);
    clean(o);
    expect(o.code).toBe(1);
  });

  it("`expect spent = 99999999999999999999` is located, not a crash of check", async () => {
    const f = join(tmp, "expect-huge.rules");
    writeFileSync(
      f,
      'ruleset expect-huge "e"\n  cites numbered\nmeasure MF [1.1] "m"\nmovement [1.2] MF {\n  allowance: 4 MF\n  cost: 1 MF\n}\n' +
        'example [1.2] "huge" {\n  expect spent = 99999999999999999999\n}\n',
    );
    const r = await variorum(["check", f]);
    clean(r);
    expect(r.stderr).toMatch(/expect-huge\.rules:9:\d+: error V0105/);
  });
});

describe("4. the CST→AST builder takes every recovered tree", () => {
  it("`path { te = rrain: woods }` is a located syntax error", async () => {
    const r = await variorum(["check", `${FIX}/parse-crash.rules`]);
    clean(r);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/parse-crash\.rules:16:13: error V0102: expected ":", found "="/);
  });
});

describe("5, 7 and 9: hostile scenario files", () => {
  it("a scenario nested 5,000 deep is V0901 with a location (eval and diff --scenarios)", async () => {
    mkdirSync(join(tmp, "deep"), { recursive: true });
    const f = join(tmp, "deep", "deep.json");
    writeFileSync(
      f,
      `{ "unit": { "kind": "squad" }, "path": [], "x": ${"[".repeat(5000)}${"]".repeat(5000)} }`,
    );
    const e = await variorum(["eval", "sl-classic", f]);
    clean(e);
    expect(e.code).toBe(1);
    expect(e.stderr).toMatch(/deep\.json:1:\d+: error V0901/);
    const d = await variorum([
      "diff",
      "sl-classic",
      "asl-a4",
      "--scenarios",
      join(tmp, "deep"),
      "--format",
      "text",
    ]);
    clean(d);
    // The diff reports an unreadable scenario in its scenario section, per ruleset, and goes on.
    expect(d.code).toBe(0);
    expect(d.stdout).toMatch(/n\/a: the scenario nests more than 64 levels deep/);
  });

  it("a 40 KB one-line scenario with 2,000 bad steps prints a bounded, summarised report", async () => {
    const f = join(tmp, "long-line.json");
    const steps = Array.from({ length: 2000 }, (_, i) => `{"terrain":"nowhere${i}"}`).join(",");
    writeFileSync(f, `{"unit":{"kind":"squad"},"path":[${steps}]}`);
    const r = await variorum(["eval", "sl-classic", f]);
    clean(r);
    expect(r.code).toBe(1);
    expect(r.stderr.length).toBeLessThan(50_000);
    expect(r.stderr).toMatch(/… and 1950 more/);
    // Each frame shows a window of the line, not the whole 40 KB line.
    for (const line of r.stderr.split("\n")) expect(line.length).toBeLessThan(400);
  });

  it("a scenario name with escapes and line breaks prints as one inert line", async () => {
    const f = join(tmp, "name.json");
    writeFileSync(
      f,
      JSON.stringify({
        name: "x\u001b[2J\r\nFAKE: legal",
        unit: { kind: "squad" },
        path: [{ terrain: "open-ground" }],
      }),
    );
    const r = await variorum(["eval", "sl-classic", f]);
    clean(r);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain("\u001b");
    expect(r.stdout).not.toContain("\r");
    expect(r.stdout.split("\n").some((l) => l.startsWith("FAKE"))).toBe(false);
  });
});

describe("6. bad output paths are the user’s error", () => {
  it('-o an existing directory, or under a file, exits 1 with "cannot write" and writes nothing', async () => {
    const dir = join(tmp, "existing-dir");
    mkdirSync(dir, { recursive: true });
    const d = await variorum(["diff", "sl-classic", "asl-a4", "-o", dir]);
    clean(d);
    expect(d.code).toBe(1);
    expect(d.stderr).toMatch(/variorum: error: cannot write .*existing-dir/);
    const file = join(tmp, "a-file");
    writeFileSync(file, "keep");
    const c = await variorum(["compile", "sl-classic", "--out", file]);
    clean(c);
    expect(c.code).toBe(1);
    expect(c.stderr).toMatch(/cannot write/);
    expect(readFileSync(file, "utf8")).toBe("keep");
  });

  it("-o into a folder that cannot be written exits 1", async () => {
    const ro = join(tmp, "read-only");
    mkdirSync(ro, { recursive: true });
    chmodSync(ro, 0o500);
    // Root writes into a read-only folder: for root, a folder that cannot exist (under a file).
    const blocker = join(tmp, "blocker");
    writeFileSync(blocker, "");
    const folder = process.getuid?.() === 0 ? blocker : ro;
    const r = await variorum(["card", "sl-classic", "-o", join(folder, "card.html")]);
    chmodSync(ro, 0o700);
    clean(r);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/cannot write/);
  });
});

describe("8. line ends", () => {
  it("a CR-only file reports its real lines, and a leading comment swallows nothing", async () => {
    const r = await variorum(["check", `${FIX}/cr-only.rules`]);
    expect(r.stderr).toMatch(/cr-only\.rules:6:34: error V0201: unknown name nothing/);
    expect(r.stderr).toMatch(/> 6 \| rule r \[1\.2\] "bad" : MF = 1 MF \+ nothing/);
    const c = await variorum(["check", `${FIX}/cr-comment.rules`]);
    expect(c.code).toBe(0);
  });

  it("a U+2028 in a comment shifts neither the location nor the frame", async () => {
    const r = await variorum(["check", `${FIX}/ls-in-comment.rules`]);
    expect(r.stderr).toMatch(/ls-in-comment\.rules:6:34: error V0201/);
    expect(r.stderr).toMatch(/> 6 \| rule r/);
  });
});

describe("10. names of house-rule sources", () => {
  it("a house rule’s generated module names rulesets/house/…", async () => {
    const out = join(tmp, "house-out");
    const r = await variorum(["compile", "sl-asl-portage", "--out", out]);
    expect(r.code).toBe(0);
    expect(readFileSync(join(out, "sl-asl-portage.ts"), "utf8").split("\n")[0]).toContain(
      "rulesets/house/sl-asl-portage.rules",
    );
  });

  it("a folder named x.rules is not offered as a known ruleset", async () => {
    const cwd = join(tmp, "cwd");
    mkdirSync(join(cwd, "rulesets", "fake.rules"), { recursive: true });
    const r = await variorum(["check", "nope"], { cwd });
    clean(r);
    expect(r.stderr).not.toMatch(/fake/);
  });
});

describe("11. a path aggregate that reads a rule's parameter", () => {
  const rules = "test/fixtures/reach/param-aggregates.rules";
  it("compiles to a module, and reach answers on a map (text and JSON)", async () => {
    const out = join(tmp, "param-out");
    const c = await variorum(["compile", rules, "--out", out]);
    clean(c);
    expect(c.code).toBe(0);
    expect(readFileSync(join(out, "param-aggregates.ts"), "utf8")).toContain("pathKey: true");
    const reach = [
      "reach",
      rules,
      "maps/crossroads.json",
      "--from",
      "A4",
      "--unit",
      '{"mp":4,"tired":true}',
    ];
    const r = await variorum(reach);
    clean(r);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/allowance 4 MP; \d+ hexes reachable from /);
    const j = await variorum([...reach, "--format", "json"]);
    clean(j);
    expect(j.code).toBe(0);
    const hexes = (JSON.parse(j.stdout) as { results: { hexes: Record<string, unknown> }[] })
      .results[0]!.hexes;
    expect(Object.keys(hexes).length).toBeGreaterThan(5);
  });
});
