/**
 * A counter-example for any reuse of evaluated code across rulesets: causes.ts asks a ruleset again
 * with one definition given another ruleset's value (`swapped`), a ruleset that shares every other
 * definition's objects with the one it was made from. Code compiled for the original (its call of the
 * replaced rule, its lookup of the replaced table entry) must never answer for the swapped one, nor
 * the swapped one's for the original. Beta's allowance calls its officer bonus (1 MF); given Alpha's
 * leader bonus (2 MF), the same allowance object must answer 6 MF for a squad with a leader, not 5.
 */
import { describe, expect, it } from "vitest";
import { buildReport } from "../../compiler/diff/index.js";
import { swapped } from "../../compiler/diff/causes.js";
import { itemsOf, type Item } from "../../compiler/diff/ruleset-items.js";
import { ask, glance } from "../../compiler/interpret/query.js";
import type { BuiltScenario } from "../../compiler/interpret/interpreter.js";
import type { RunValue, ValueRecord } from "../../compiler/interpret/eval.js";
import { dict } from "../../compiler/util/dict.js";
import type { RulesetIR, ScenarioValue } from "../../compiler/ir/ir.js";
import { load } from "./helpers.js";

const item = (ir: RulesetIR, test: (it: Item) => boolean): Item => itemsOf(ir).find(test)!;
const ruleItem = (ir: RulesetIR, name: string) =>
  item(ir, (it) => it.kind === "rule" && it.def.name === name);
const entryItem = (ir: RulesetIR, member: string) =>
  item(ir, (it) => it.kind === "table-entry" && it.table.names === member);

const squadWithLeader: ScenarioValue = {
  unit: { kind: { v: "member", enum: "kind", name: "squad" }, leader: { v: "bool", b: true } },
  vehicle: null,
  scenario: {},
  path: [],
};
const into = (terrain: string): ScenarioValue => ({
  unit: { kind: { v: "member", enum: "kind", name: "squad" } },
  vehicle: null,
  scenario: {},
  path: [{ terrain: { v: "member", enum: "terrain", name: terrain } }],
});

/** A definition's exact answer, as text ("6"), asked through the interpreter the diff asks. */
function answer(ir: RulesetIR, def: string, scenario: ScenarioValue): string {
  const r = ask(ir, { scenario }, { def });
  return r.value.k === "exact" ? String(r.value.v) : r.value.k;
}

describe("a ruleset with one definition swapped in", () => {
  it("answers with the swapped-in rule, though it shares the caller's objects", () => {
    const alpha = load("alpha");
    const beta = load("beta");
    expect(answer(beta, "allowance", squadWithLeader)).toBe("5");
    const s = swapped(
      beta,
      ruleItem(beta, "officer-bonus"),
      ruleItem(alpha, "leader-bonus"),
      alpha,
    );
    expect(s).not.toBeNull();
    // The premise: the swap keeps every other definition's objects, the caller's included.
    const allowance = (ir: RulesetIR) => ir.rules.find((r) => r.name === "allowance");
    expect(allowance(s!)).toBe(allowance(beta));
    expect(answer(s!, "allowance", squadWithLeader)).toBe("6");
    // And the original still answers with its own rule, asked after the swapped one.
    expect(answer(beta, "allowance", squadWithLeader)).toBe("5");
  });

  it("answers with the swapped-in table entry, though it shares the rule that looks it up", () => {
    const alpha = load("alpha");
    const beta = load("beta");
    expect(answer(beta, "entry-cost", into("forest"))).toBe("3");
    const s = swapped(beta, entryItem(beta, "forest"), entryItem(alpha, "woods"), alpha);
    expect(s).not.toBeNull();
    expect(s!.rules).toBe(beta.rules);
    expect(answer(s!, "entry-cost", into("forest"))).toBe("2");
    expect(answer(beta, "entry-cost", into("forest"))).toBe("3");
  });

  it("lets a row fold under the change its situations follow from", () => {
    const report = buildReport([load("alpha"), load("beta")]);
    const row = report.rows.find((r) => r.id === "r-allowance")!;
    expect(row.causes).toContain("r-leader-bonus");
  });

  // The causes pass asks a swapped ruleset at a glance, its rule memo sharing the original's for
  // the rules the swap cannot reach (memo.ts `RuleMemo`; `swapped` says what it was made from): the original's
  // memo, filled first, must not answer for a rule that reaches the swapped-in definition.
  const built = (unit: ValueRecord, terrain?: string): { built: BuiltScenario } => ({
    built: {
      unit: Object.assign(dict<RunValue | null>(), { kind: "squad", ...unit }),
      vehicle: null,
      scenario: dict<RunValue | null>(),
      path: terrain === undefined ? [] : [Object.assign(dict<RunValue | null>(), { terrain })],
    },
  });
  const glanced = (ir: RulesetIR, def: string, scenario: { built: BuiltScenario }): string => {
    const g = glance(ir, { scenario }, { def });
    return g.value.k === "exact" ? String(g.value.v) : g.value.k;
  };

  it("at a glance, sharing the original's memo only for the rules the swap cannot reach", () => {
    // B's bonus is 1 MF, A's 2 MF; `doubled` calls `total`, which calls `bonus`.
    const a = load("shared-memo-a");
    const b = load("shared-memo-b");
    const leader = built({ leader: true });
    // The original's memo first: its total (5, asked through `doubled`) and its MF by kind.
    expect(glanced(b, "doubled", leader)).toBe("10");
    expect(glanced(b, "kind-mf-doubled", built({ kind: "leader" }))).toBe("12");
    const s = swapped(b, ruleItem(b, "bonus"), ruleItem(a, "bonus"), a)!;
    // `total` is the same object in both, but reaches the swapped bonus: its own value (6), not the
    // original's remembered 5.
    expect(glanced(s, "doubled", leader)).toBe("12");
    // MF by kind reaches nothing swapped: the original's values serve.
    expect(glanced(s, "kind-mf-doubled", built({ kind: "leader" }))).toBe("12");
    expect(glanced(s, "kind-mf-doubled", built({}))).toBe("8");
    // And the original, asked again, still answers with its own.
    expect(glanced(b, "doubled", leader)).toBe("10");
  });

  it("at a glance, a table entry swapped in is read by the rules that consult the table", () => {
    const alpha = load("alpha");
    const beta = load("beta");
    expect(glanced(beta, "entry-cost", built({}, "forest"))).toBe("3");
    const s = swapped(beta, entryItem(beta, "forest"), entryItem(alpha, "woods"), alpha)!;
    expect(glanced(s, "entry-cost", built({}, "forest"))).toBe("2");
    // A swap of a swap (the causes pass's changes taken together) shares down the chain.
    const both = swapped(
      s,
      ruleItem(beta, "officer-bonus"),
      ruleItem(alpha, "leader-bonus"),
      alpha,
    )!;
    expect(glanced(both, "entry-cost", built({}, "forest"))).toBe("2");
    expect(glanced(both, "allowance", built({ leader: true }))).toBe("6");
    expect(glanced(beta, "entry-cost", built({}, "forest"))).toBe("3");
  });
});
