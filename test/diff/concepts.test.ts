/**
 * The book's concepts are the unit of comparison (issue 40): over every pair of bundled rulesets and
 * house rules, no concept is "only" on both sides — neither a definition's concept key nor a table
 * entry whose members answer to the same concept (`grain concept wheatfield`), nor two rows of the
 * same name — and no helper (`helper` clause) is ever a row.
 */

import { describe, expect, it } from "vitest";
import { buildReport, type Row } from "../../compiler/diff/index.js";
import type { RulesetIR } from "../../compiler/ir/ir.js";
import { normaliseDisplay } from "../../compiler/render/expr.js";
import { FIVE, load } from "./helpers.js";

const ALL = [...FIVE, "asl-officer-bonus", "sl-asl-portage"];

/** The keys a row answers to in one ruleset: its concept, and for an entry each member's concepts. */
function keysOf(row: Row, id: string, ir: RulesetIR): string[] {
  const cell = row.cells[id]!;
  const keys = [`label:${normaliseDisplay(row.label.replace(/ \/ .*$/, ""))}`];
  if (row.member === null) return [...keys, `concept:${row.concept}`];
  const table = ir.tables.find((t) => t.name === cell.definition)!;
  const members = row.member.split(" · ");
  if (members.length !== 1) return [...keys, `entry:${row.concept}/${row.member}`];
  const e = ir.enums.find((x) => x.name === table.keys[0]);
  // The member this ruleset's entry holds: the one whose display the row's label names.
  const m =
    e?.members.find((x) => x.name === members[0]) ??
    e?.members.find((x) => (x.concepts ?? []).includes(members[0]!));
  const names = [members[0]!, ...(m ? [m.name, ...(m.concepts ?? [])] : [])];
  return [...keys, ...names.map((n) => `entry:${row.concept}/${n}`)];
}

describe("concepts line up", () => {
  const pairs: [string, string][] = [];
  for (const [i, a] of ALL.entries()) for (const b of ALL.slice(i + 1)) pairs.push([a, b]);

  it.each(pairs)("no concept is only in %s and only in %s", (a, b) => {
    const irs = [load(a), load(b)];
    const report = buildReport(irs, { situations: 0 });
    const only = irs.map((ir) => {
      const keys = new Map<string, string>();
      for (const r of report.rows) {
        if (r.status !== "partial" || r.cells[ir.id] === null) continue;
        for (const k of keysOf(r, ir.id, ir)) keys.set(k, r.label);
      }
      return keys;
    });
    const both = [...only[0]!.keys()]
      .filter((k) => only[1]!.has(k))
      .map((k) => `${only[0]!.get(k)} / ${only[1]!.get(k)}`);
    expect(both).toEqual([]);
  });

  it("SL's wheatfield and ASL's grain are one changed row: 1 MF against 1½ MF", () => {
    const report = buildReport([load("sl-classic"), load("asl-a4")], { situations: 0 });
    const row = report.rows.find((r) => r.label === "Terrain cost: Wheatfield / Grain")!;
    expect(row.status).toBe("changed");
    expect(row.cells["sl-classic"]!.value).toBe(1);
    expect(row.cells["asl-a4"]!.value).toBe(1.5);
  });

  it.each([
    ["may-enter-enemy-hex", "may-enter-enemy"],
    ["no-move-after-prep-fire", "may-move"],
    ["may-fire-sw-in-afph", "heavy-sw-may-fire-in-afph"],
    ["bypassable", "bypassable"],
  ])("SL's %s and ASL's %s are compared in one row", (sl, asl) => {
    const report = buildReport([load("sl-classic"), load("asl-a4")], { situations: 0 });
    const row = report.rows.find((r) => r.cells["sl-classic"]?.definition === sl)!;
    expect(row.cells["asl-a4"]?.definition).toBe(asl);
  });

  it("Tide of Iron's clear is the open-ground row", () => {
    const report = buildReport([load("sl-classic"), load("tide-of-iron")], { situations: 0 });
    const rows = report.rows.filter((r) => /^Terrain cost: (Open Ground|Clear)/.test(r.label));
    expect(rows.map((r) => [r.label, r.status])).toEqual([
      ["Terrain cost: Open Ground / Clear", "same"],
    ]);
  });

  it.each(ALL)("no helper of %s is a row", (id) => {
    const ir = load(id);
    const helpers = new Set(
      [...ir.rules, ...ir.tables, ...ir.constraints, ...ir.enums, ...ir.groups]
        .filter((d) => d.helper === true)
        .map((d) => d.name),
    );
    expect(helpers.size).toBeGreaterThan(0);
    const report = buildReport([ir], { situations: 0 });
    const shown = report.rows.flatMap((r) => (r.cells[id] ? [r.cells[id].definition] : []));
    expect(shown.filter((n) => helpers.has(n))).toEqual([]);
  });
});
