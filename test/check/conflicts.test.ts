/**
 * The conflicting-exception search is memoised one rule at a time (check/conflicts.ts): checking a
 * ruleset again after an edit must answer as checking it afresh. Each case checks one text, then
 * an edit that changes only what the conflicted rule calls or reads — a rule, a table, an input's
 * enum — and then the first text again, in one process, so a stale answer would show.
 */
import { describe, expect, it } from "vitest";
import { compileText } from "../../compiler/engine/index.js";

/** A ruleset whose allowance has two sibling exceptions; `parts` replaces the definitions given. */
function ruleset(parts: { bonus?: string; table?: string; kinds?: string }): string {
  return `ruleset memo "Memo"

measure MF [1.1] "movement factors"

enum kind [1.2] "unit kinds" {
${parts.kinds ?? '  squad "Squad"\n  crew "Crew"'}
}

input unit [1.3] {
  kind: kind
  leader: bool = false
}

table base-mf [1.4] "base allowance": kind -> MF {
${parts.table ?? "  squad: 5\n  otherwise: 4"}
}

rule bonus [1.5] "the leader's allowance": MF = ${parts.bonus ?? "5"}

rule allowance [1.6] "allowance": MF = 4 {
  exception [1.7] "a squad" when unit.kind == squad: base-mf(unit.kind)
  exception [1.8] "a leader" when unit.leader: bonus
}

movement [1.9] MF {
  allowance: allowance
  cost: 1
}
`;
}

/** The V0601 messages of checking `text`. */
function conflicts(text: string): string[] {
  return compileText(text)
    .diagnostics.filter((d) => d.code === "V0601")
    .map((d) => d.message);
}

describe("conflicting exceptions, checked again after an edit", () => {
  it("follows an edit of a rule the exception calls", () => {
    const agree = ruleset({});
    const disagree = ruleset({ bonus: "6" });
    expect(conflicts(agree)).toEqual([]);
    expect(conflicts(disagree)).toEqual([
      "in allowance, exceptions [1.7] and [1.8] both apply when unit.kind = squad, unit.leader = true, and disagree (5 vs 6)",
    ]);
    expect(conflicts(agree)).toEqual([]);
  });

  it("follows an edit of a table the exception consults", () => {
    const disagree = ruleset({ table: "  squad: 7\n  otherwise: 4" });
    expect(conflicts(disagree)).toEqual([
      "in allowance, exceptions [1.7] and [1.8] both apply when unit.kind = squad, unit.leader = true, and disagree (7 vs 5)",
    ]);
    expect(conflicts(ruleset({}))).toEqual([]);
    expect(conflicts(disagree)).toHaveLength(1);
  });

  it("follows an edit of the enum an input field takes", () => {
    // The rule is the same text in both: only the members its search enumerates change.
    const notSquad = (kinds: string) =>
      ruleset({ kinds }).replace(
        "when unit.kind == squad: base-mf(unit.kind)",
        "when unit.kind != squad: 4",
      );
    const one = notSquad('  squad "Squad"');
    const two = notSquad('  squad "Squad"\n  crew "Crew"');
    expect(conflicts(one)).toEqual([]);
    expect(conflicts(two)).toEqual([
      "in allowance, exceptions [1.7] and [1.8] both apply when unit.kind = crew, unit.leader = true, and disagree (4 vs 5)",
    ]);
    expect(conflicts(one)).toEqual([]);
  });

  it("answers the same where only a paraphrase or a position changed", () => {
    const disagree = ruleset({ bonus: "6" });
    const moved = "\n\n" + disagree.replace('"the leader\'s allowance"', '"what a leader gives"');
    expect(conflicts(moved)).toEqual(conflicts(disagree));
  });
});
