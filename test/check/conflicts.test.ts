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

/** The rule whose text is the same in both `kinds` cases: only the members its search enumerates change. */
const notSquad = (kinds: string) =>
  ruleset({ kinds }).replace(
    "when unit.kind == squad: base-mf(unit.kind)",
    "when unit.kind != squad: 4",
  );

const conflict = (situation: string, a: number, b: number) =>
  `in allowance, exceptions [1.7] and [1.8] both apply when ${situation}, and disagree (${a} vs ${b})`;

/**
 * Each case: a text, the same ruleset edited, and what checking each gives. Every case checks the
 * text, then the edit, then the text again, in one process: a stale answer would show in the second
 * check or the third.
 */
const cases: {
  edit: string;
  text: string;
  edited: string;
  want: string[];
  wantEdited: string[];
}[] = [
  {
    // 3 for 5: the numbers every search tries (0–6 and the constants' neighbours) stay the same, so
    // only the meaning of the rule called tells the two checks apart.
    edit: "a rule the exception calls",
    text: ruleset({}),
    edited: ruleset({ bonus: "3" }),
    want: [],
    wantEdited: [conflict("unit.kind = squad, unit.leader = true", 5, 3)],
  },
  {
    edit: "a table the exception consults",
    text: ruleset({ table: "  squad: 7\n  otherwise: 4" }),
    edited: ruleset({}),
    want: [conflict("unit.kind = squad, unit.leader = true", 7, 5)],
    wantEdited: [],
  },
  {
    edit: "the enum an input field takes",
    text: notSquad('  squad "Squad"'),
    edited: notSquad('  squad "Squad"\n  crew "Crew"'),
    want: [],
    wantEdited: [conflict("unit.kind = crew, unit.leader = true", 4, 5)],
  },
  {
    edit: "only a paraphrase and a position (the same answer)",
    text: ruleset({ bonus: "6" }),
    edited:
      "\n\n" +
      ruleset({ bonus: "6" }).replace('"the leader\'s allowance"', '"what a leader gives"'),
    want: [conflict("unit.kind = squad, unit.leader = true", 5, 6)],
    wantEdited: [conflict("unit.kind = squad, unit.leader = true", 5, 6)],
  },
];

describe("conflicting exceptions, checked again after an edit", () => {
  it.each(cases)("follows an edit of $edit", ({ text, edited, want, wantEdited }) => {
    expect(conflicts(text)).toEqual(want);
    expect(conflicts(edited)).toEqual(wantEdited);
    expect(conflicts(text)).toEqual(want);
  });
});
