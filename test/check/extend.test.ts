/**
 * `extend rule NAME { … }` (docs/language.md): a child ruleset adds exceptions to an inherited rule,
 * overrides or removes one by label or citation, and the rule otherwise stays the parent's — its
 * other exceptions in force, its place in reports, its citations judged by each file's own style.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compileText, runExamples } from "../../compiler/engine/index.js";
import { ROOT, variorum } from "../cli/run.js";

const DIR = "test/fixtures/rules/extend";
const read = (name: string) => readFileSync(join(ROOT, DIR, `${name}.rules`), "utf8");

describe("extend rule", () => {
  it("adds an exception over sl-classic; the parent’s own exception stays in force (variorum test)", async () => {
    const r = await variorum([
      "test",
      `${DIR}/hero-bonus.rules`,
      `${DIR}/edits.rules`,
      `${DIR}/removed.rules`,
    ]);
    expect(r.stderr).toBe("");
    expect(r.stdout.trim().split("\n").at(-1)).toBe("4 passed, 0 failed");
    expect(r.code).toBe(0);
  });

  it("edits by label, at any depth, with each citation judged by its own file’s style", () => {
    const loaded = compileText(read("labelled-house"), "labelled-house.rules", {
      "labelled-base": read("labelled-base"),
    });
    expect(loaded.diagnostics).toEqual([]);
    const mf = loaded.ir!.rules.find((r) => r.name === "mf")!;
    // The nested tired-crew exception is gone; the house rule's own comes after the inherited one.
    expect(mf.exceptions.map((e) => [e.cite, e.exceptions.length])).toEqual([
      ["1.5", 0],
      ["House/Fresh", 0],
    ]);
    const bonus = loaded.ir!.rules.find((r) => r.name === "bonus")!;
    expect(bonus.exceptions.map((e) => e.cite)).toEqual(["House/Leaders"]);
    expect(bonus.cite).toBe("1.7");
    expect(runExamples(loaded.ir!).filter((x) => !x.passed)).toEqual([]);
  });

  it("a restated paraphrase replaces the parent's wording; without one the parent's stays", () => {
    const sl = readFileSync(join(ROOT, "rulesets", "sl-classic.rules"), "utf8");
    const titleOf = (text: string) => {
      const loaded = compileText(text, "x.rules", { "sl-classic": sl });
      expect(loaded.diagnostics).toEqual([]);
      const rule = loaded.ir!.rules.find((r) => r.name === "leader-bonus")!;
      return [rule.title, rule.cite];
    };
    expect(titleOf(read("hero-bonus"))).toEqual([
      "an MMC stacked with a leader for its whole Movement Phase gets 2 extra MF",
      "5.44",
    ]);
    const restated = read("hero-bonus").replace(
      "extend rule leader-bonus {",
      'extend rule leader-bonus "a leader gives an MMC 2 extra MF, a hero 1" {',
    );
    expect(titleOf(restated)).toEqual(["a leader gives an MMC 2 extra MF, a hero 1", "5.44"]);
  });

  it("reports mistakes where they are written", async () => {
    const r = await variorum(["check", `${DIR}/bad.rules`]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /bad\.rules:6:13: error V0204: cannot extend leader-bonuss: the parent ruleset has no such definition/,
    );
    expect(r.stderr).toMatch(
      /bad\.rules:10:3: error V0204: leader-bonus has no exception \[9\.99\]/,
    );
    expect(r.stderr).toContain("hint: its exceptions: [5.44]");
    expect(r.stderr).toMatch(
      /bad\.rules:12:18: error V0211: terrain-cost is a table: only a rule or a predicate has exceptions to extend/,
    );
  });

  it("an added exception that conflicts with an inherited one is V0601, as for any rule", () => {
    const text = read("hero-bonus").replace("unit.kind == hero: 1", "unit.kind in MMC: 1");
    const loaded = compileText(text, "x.rules", {
      "sl-classic": readFileSync(join(ROOT, "rulesets", "sl-classic.rules"), "utf8"),
    });
    expect(loaded.diagnostics.map((d) => d.code)).toContain("V0601");
  });

  it("the diff names the added exception and cites both rulesets", async () => {
    const r = await variorum([
      "diff",
      "sl-classic",
      `${DIR}/hero-bonus.rules`,
      "--only-differences",
      "--format",
      "text",
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("note: hero-bonus adds an exception: H1");
    expect(r.stdout).toMatch(/^3 rows: 1 changed, 2 follow from it/m);
    expect(r.stdout).toContain(
      "  ≠ hero-bonus  0 MF  [5.44]\n                ↳ [5.44] 2 MF if leader and unit is MMC\n                ↳ [H1] 1 MF if leader and unit is Hero",
    );
  });

  it("the card marks the new exception row only", async () => {
    const r = await variorum(["card", `${DIR}/hero-bonus.rules`, "--format", "md", "--full"]);
    const marked = r.stdout.split("\n").filter((l) => /^\| \*\*(\+|Δ)\*\*/.test(l));
    expect(marked).toHaveLength(2);
    expect(marked.some((l) => l.includes("**+**") && l.includes("H1"))).toBe(true);
    expect(marked.some((l) => l.includes("**Δ**") && l.includes("Leader"))).toBe(true);
  });
});
