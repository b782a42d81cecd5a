/**
 * Diffs that read like a rulebook (issue 18): exceptions as an indented tree, rows that differ only
 * through a rule they use counted and shown apart ("1 changed, 15 follow from it"), situations that
 * leave out inputs at their defaults.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { variorum } from "../cli/run.js";

describe("a diff that reads like a rulebook", () => {
  let officer = "";
  beforeAll(async () => {
    officer = (
      await variorum([
        "diff",
        "asl-a4",
        "asl-officer-bonus",
        "--only-differences",
        "--format",
        "text",
      ])
    ).stdout;
  });

  it("counts the one changed rule apart from the rows that follow from it, each naming its source", async () => {
    expect(officer).toMatch(/^15 rows: 1 changed, 14 follow from it, 0 partial, 0 same;/m);
    expect(officer).toMatch(/^≠ changed Leader bonus$/m);
    expect(officer).toMatch(/^≈ follows Allowance {2}\(from leader-bonus\)$/m);
    expect(officer.match(/^≈ follows /gm)).toHaveLength(14);
    const json = JSON.parse(
      (await variorum(["diff", "asl-a4", "asl-officer-bonus", "--format", "json"])).stdout,
    ) as {
      stats: { changed: number; follows: number };
      rows: { label: string; followsFrom: string[] }[];
    };
    expect([json.stats.changed, json.stats.follows]).toEqual([15, 14]);
    expect(json.rows.find((r) => r.label === "Leader bonus")!.followsFrom).toEqual([]);
    const md = (
      await variorum([
        "diff",
        "asl-a4",
        "asl-officer-bonus",
        "--only-differences",
        "--format",
        "md",
      ])
    ).stdout;
    expect(md).toContain("15 rows: 1 changed, 14 follow from it");
    expect(md).toMatch(/\| ≈ follows from leader-bonus \|/);
  });

  it("prints nested exceptions as an indented tree, each once under its parent", async () => {
    const t = (await variorum(["diff", "sl-classic", "asl-a4", "--format", "text"])).stdout;
    expect(t).not.toContain("EXC EXC");
    const row = t.slice(t.indexOf("≠ changed Movement factor"), t.indexOf("± partial MF cap"));
    expect(row.split("\n").filter((l) => l.includes("↳"))).toEqual([
      "                ↳ [5.4] 3 MF if unit is MMC and Inexperienced",
      "                ↳ [5.4] 6 MF if unit is SMC",
      "                ↳ [A4.11] 3 MF if unit is MMC and (Inexperienced or Conscript)",
      "                  ↳ [A4.11] 4 MF if Rides conveyance",
      "                ↳ [A4.11] 6 MF if unit is SMC",
      "                  ↳ [A4.11] 4 MF if Rides conveyance",
      "                  ↳ [A4.11] 3 MF if Wounded (SMC) and not Rides conveyance",
    ]);
    // As written, on one line, an exception's own exceptions inside braces after it.
    expect(row).toContain(
      "as written: 4 MF; EXC [A4.11] 3 MF if unit.kind in MMC and (unit.inexperienced or unit.conscript) { EXC [A4.11] 4 MF if rides-conveyance }; EXC [A4.11] 6 MF if unit.kind in SMC { EXC [A4.11] 4 MF if rides-conveyance; EXC [A4.11] 3 MF if unit.wounded and not rides-conveyance }",
    );
  });

  it("leaves inputs at their defaults out of situations", () => {
    expect(officer).toContain("Squad, leader, entering Open Ground:");
    expect(officer).not.toMatch(/bypass 0 hexsides/);
  });
});

describe("a one-rule house rule’s card", () => {
  it("marks only the rows its rule changes (sl-asl-portage: the half-squad and crew portage row)", async () => {
    const card = (await variorum(["card", "sl-asl-portage", "--format", "md"])).stdout;
    const marked = card.split("\n").filter((l) => /^\| \*\*(\+|Δ)\*\*/.test(l));
    expect(marked).toHaveLength(1);
    expect(marked[0]).toMatch(/^\| \*\*Δ\*\* \*\*Half-squad, Crew\*\*/);
    expect(card).not.toMatch(/\*\*\+\*\*/);
  });
});
