/**
 * The card model: rows and citations computed through the interpreter for sl-classic, asl-a4,
 * tide-of-iron and chain-of-command; house-rule marks; HTML escaping; Markdown.
 */

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { md, plain, plainOf, plainScope, renderCardMarkdown } from "../../compiler/cards/index.js";
import { listRulesetIds } from "../../compiler/cli/project.js";
import type { Expr } from "../../compiler/ir/ir.js";
import {
  allRows,
  card,
  conditionRow,
  FIXTURES,
  html,
  ir,
  ROOT,
  rowOf,
  tableOf,
  text,
} from "./helpers.js";

const HOUSE = join(FIXTURES, "house-leader.rules");
const HOSTILE = join(FIXTURES, "hostile.rules");
const CREWS = join(FIXTURES, "house-crews.rules");

describe("card: sl-classic", () => {
  const c = card("sl-classic");

  it("has the title, edition and source", () => {
    expect(c.title).toBe("Squad Leader Classic: infantry movement");
    expect(c.edition).toContain("Squad Leader (Avalon Hill)");
    expect(c.source).toBe("sl-classic");
    expect(c.measure.name).toBe("MF");
    expect(c.base).toBeNull();
  });

  it("computes the allowance of each kind, and of each status that changes it, with citations", () => {
    const t = tableOf(c, "allowances");
    const mmc = rowOf(t, "Squad, Half-squad, Crew (MMC)", "standard");
    expect(text(mmc, "Allowance")).toBe("4 MF");
    expect(mmc.cite).toEqual(["5.4"]);
    const leader = conditionRow(t, "Squad", "Leader");
    expect(text(leader, "Allowance")).toBe("6 MF");
    expect(leader.cite).toEqual(["5.44"]);
    expect(leader.note).toContain("leader");
    const inexp = conditionRow(t, "Squad", "Inexperienced");
    expect(text(inexp, "Allowance")).toBe("3 MF");
    expect(inexp.cite).toEqual(["5.4"]);
    const smc = rowOf(t, "Leader, Hero (SMC)", "standard");
    expect(text(smc, "Allowance")).toBe("6 MF");
    // Statuses that change nothing (prep-fired, berserk, TI) get no row: they are in "Who may move".
    expect(t.rows.some((r) => r.cells[1]!.text === "Berserk")).toBe(false);
  });

  it("prices the terrain chart with road rate, uphill and hexside surcharges", () => {
    const t = tableOf(c, "terrain-chart");
    expect(t.columns).toEqual(["Terrain", "Cost", "Along road", "Uphill"]);
    expect(t.columnCites).toMatchObject({
      Cost: ["5.5"],
      "Along road": ["5.52"],
      Uphill: ["5.53"],
    });
    const woods = rowOf(t, "Woods");
    // Along its road a woods hex keeps the road: 2 + ½ (5.52, 5.54; docs/rulesets.md).
    expect([text(woods, "Cost"), text(woods, "Along road"), text(woods, "Uphill")]).toEqual([
      "2",
      "2½",
      "4",
    ]);
    expect(text(rowOf(t, "Open Ground"), "Along road")).toBe("½");
    expect(text(rowOf(t, "Road"), "Along road")).toBe("½");
    expect(text(rowOf(t, "Road"), "Uphill")).toBe("2");
    expect(text(rowOf(t, "Wheatfield"), "Uphill")).toBe("1");
    // 5.54: a shell-hole hex entered along its road is priced as road alone; its own citations show.
    const sh = rowOf(t, "Shell hole").cells.find((x) => x.col === "Along road")!;
    expect(sh.text).toBe("½");
    expect(sh.cite).toEqual(["5.52", "5.54"]);
    const hx = tableOf(c, "hexsides");
    expect(text(rowOf(hx, "Wall"), "Surcharge")).toBe("+1");
    expect(text(rowOf(hx, "Hedge"), "Surcharge")).toBe("+1");
    expect(hx.columnCites["Surcharge"]).toEqual(["5.51"]);
  });

  it("charts IPC and the MF left by PP carried, NA where a constraint forbids the load", () => {
    const t = tableOf(c, "portage-chart");
    const squad = rowOf(t, "Squad");
    expect(text(squad, "IPC")).toBe("3");
    expect(["0 PP", "3 PP", "4 PP", "5 PP", "7 PP"].map((col) => text(squad, col))).toEqual([
      "4",
      "4",
      "3",
      "2",
      "0",
    ]);
    expect(text(rowOf(t, "Half-squad, Crew"), "IPC")).toBe("2");
    const smc = rowOf(t, "Leader, Hero (SMC)");
    expect(text(smc, "IPC")).toBe("1");
    expect(text(smc, "3 PP")).toBe("4");
    const over = smc.cells.find((x) => x.col === "4 PP")!;
    expect(over.text).toBe("NA");
    expect(over.cite).toEqual(["5.71"]);
    // The support weapons chart and the dismantle table print as one chart keyed by weapon.
    const sw = tableOf(c, "tables-portage-weapon");
    const hmg = rowOf(sw, "HMG");
    expect(hmg.cells.map((x) => x.text)).toEqual(["HMG", "5", "NA", "yes"]);
    expect(hmg.cells[1]!.cite).toEqual(["5.7 note A"]);
  });

  it("says who may move and advance in plain words, with the condition and the citation", () => {
    const who = tableOf(c, "rules-who-may-move");
    const ti = rowOf(who, "TI may not move");
    expect(ti.cite).toEqual(["4.4.3"]);
    expect(ti.note).toBe("a TI unit may neither move nor advance");
    expect(ti.detail).toBe("if Temporarily immobilised (TI): steps taken = 0");
    const adv = tableOf(c, "rules-advance");
    expect(rowOf(adv, "Advance portage").detail).toBe(
      "if phase is Advance Phase and steps taken > 0: portage ≤ IPC + 1 PP",
    );
    expect(rowOf(tableOf(c, "rules-special"), "Assault movement").detail).toBe(
      "holds when phase is Movement Phase and hexes entered = 1 and not Berserk and MF spent < Allowance",
    );
  });

  it("gives every row a citation (its own, a cell's, or its column's)", () => {
    for (const { table, row } of allRows(c)) {
      const cited =
        row.cite.length > 0 ||
        row.cells.some((x) => x.cite.length > 0 || (table.columnCites[x.col] ?? []).length > 0);
      expect(cited, `${table.key}: ${row.key}`).toBe(true);
    }
  });
});

describe("card: asl-a4", () => {
  const c = card("asl-a4");

  it("computes allowances by kind and status, citing only the exceptions that decide them", () => {
    const t = tableOf(c, "allowances");
    const mmc = rowOf(t, "Squad, Half-squad, Crew (MMC)", "standard");
    expect(text(mmc, "Allowance")).toBe("4 MF");
    expect(mmc.cite).toEqual(["A4.11"]);
    expect(text(conditionRow(t, "Squad", "Leader"), "Allowance")).toBe("6 MF");
    expect(conditionRow(t, "Squad", "Leader").cite).toEqual(["A4.12"]);
    expect(text(conditionRow(t, "Squad", "Double time"), "Allowance")).toBe("6 MF");
    expect(conditionRow(t, "Squad", "Double time").cite).toEqual(["A4.5"]);
    // A19.3: Conscripts are Inexperienced too (docs/rulesets.md).
    expect(text(conditionRow(t, "Squad", "Inexperienced, Conscript"), "Allowance")).toBe("3 MF");
    const smc = rowOf(t, "Leader, Hero (SMC)", "standard");
    // The SMC's smaller IPC applies too, but changes nothing without a load: it is not cited.
    expect(smc.cite).toEqual(["A4.11"]);
    expect(text(conditionRow(t, "Leader", "Wounded (SMC)"), "Allowance")).toBe("3 MF");
    expect(text(conditionRow(t, "Leader", "Double time"), "Allowance")).toBe("8 MF");
    expect(text(conditionRow(t, "Leader", "Vehicle: Tank, Halftrack, Truck"), "Allowance")).toBe(
      "4 MF",
    );
  });

  it('shows "all" costs and their doubling uphill, and a hexside that may not be crossed', () => {
    const t = tableOf(c, "terrain-chart");
    const marsh = rowOf(t, "Marsh");
    expect(text(marsh, "Cost")).toBe("all");
    expect(text(marsh, "Uphill")).toBe("2 × all");
    expect(marsh.cells.find((x) => x.col === "Cost")!.cite).toEqual(["A4.134 EX#2"]);
    expect(text(rowOf(t, "Grain"), "Cost")).toBe("1½");
    expect(text(rowOf(t, "Woods"), "Along road")).toBe("1");
    expect(t.columnCites).toMatchObject({
      Cost: ["A4.13"],
      "Along road": ["A4.132"],
      Uphill: ["A4.133"],
    });
    expect(text(rowOf(tableOf(c, "hexsides"), "Cliff"), "Surcharge")).toBe("NA");
  });

  it("lists bonuses with their exceptions and readable conditions", () => {
    const t = tableOf(c, "rules-bonuses");
    const i = t.rows.findIndex((r) => r.cells[0]!.text === "Leader bonus");
    expect(t.rows[i]!.cells[1]!.text).toBe("0 MF");
    expect(t.rows[i + 1]).toMatchObject({
      depth: 1,
      cite: ["A4.12"],
      detail: "when unit is MMC and leader and not Broken",
    });
    expect(t.rows[i + 1]!.cells[1]!.text).toBe("2 MF");
    expect(t.rows[i + 2]).toMatchObject({ depth: 2, detail: "when Rides conveyance" });
  });

  it("charts the SMC portage limit", () => {
    const smc = rowOf(tableOf(c, "portage-chart"), "Leader, Hero (SMC)");
    expect(text(smc, "2 PP")).toBe("5");
    expect(smc.cells.find((x) => x.col === "3 PP")).toMatchObject({ text: "NA", cite: ["A4.42"] });
  });
});

describe("card: tide-of-iron and transport", () => {
  const c = card("tide-of-iron");

  it("prints a vehicle allowance as the vehicle's MP, and the truck road rate among the costs that differ", () => {
    const t = tableOf(c, "allowances");
    expect(text(rowOf(t, "Squad", "standard"), "Allowance")).toBe("4 MP");
    expect(text(conditionRow(t, "Squad", "Action: Fire and Movement"), "Allowance")).toBe("3 MP");
    expect(text(rowOf(t, "Truck, Half-track (vehicles)", "standard"), "Allowance")).toBe(
      "vehicle's MP",
    );
    const d = tableOf(c, "terrain-units");
    const truck = rowOf(d, "Truck", "Road", "Along road");
    expect(text(truck, "Cost")).toBe("⅓");
    expect(truck.cite).toEqual(["Transporting Squads/2"]);
  });

  it("has a transport section with the capacity table and boarding costs", () => {
    const tt = tableOf(c, "table-transport-trait");
    expect(rowOf(tt, "Truck").cells[1]!.text).toBe("2");
    const rules = tableOf(c, "rules-transport");
    expect(text(rowOf(rules, "Enter transport cost"), "Value")).toBe("2 MP");
  });
});

describe("card: chain-of-command dice", () => {
  const c = card("chain-of-command");
  const chart = c.sections.flatMap((s) => s.charts)[0]!;
  const cellAt = (rate: string, terrain: string) => {
    const r = chart.rows.find((x) => x.label === rate)!;
    return r.cells[chart.columns.indexOf(terrain)]!;
  };

  it("charts the distance distribution per rate and terrain", () => {
    expect(chart.columns).toEqual([
      "Open or hard ground",
      "Broken ground",
      "Rough ground",
      "Heavy going",
    ]);
    expect(chart.rows.map((r) => r.label).slice(0, 4)).toEqual([
      "Normal (2D6)",
      "Tactical (1D6)",
      "At the Double (3D6)",
      "Move and fire (1D6)",
    ]);
    const normal = cellAt("Normal (2D6)", "Open or hard ground");
    expect([normal.min, normal.max, normal.mean]).toEqual([2, 12, 7]);
    expect(normal.bars.map((b) => b.value)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(normal.bars.find((b) => b.value === 7)!.p).toBeCloseTo(6 / 36, 12);
    expect(normal.bars.reduce((a, b) => a + b.p, 0)).toBeCloseTo(1, 12);
    expect(normal.cite).toContain("10.1.1");
    const dbl = cellAt("At the Double (3D6)", "Open or hard ground");
    expect([dbl.min, dbl.max, dbl.mean]).toEqual([3, 18, 10.5]);
    const rough = cellAt("Normal (2D6)", "Rough ground");
    expect([rough.min, rough.max, rough.mean]).toEqual([0, 10, 5]);
    const heavy = cellAt("Normal (2D6)", "Heavy going");
    expect([heavy.min, heavy.max]).toEqual([1, 6]);
    expect(heavy.mean).toBeCloseTo(161 / 36, 12);
    const no = cellAt("Tactical (1D6)", "Heavy going");
    expect(no).toMatchObject({ min: null, reason: "not allowed", cite: ["10.1.2"] });
  });

  it("adds obstacles at the Normal rate", () => {
    const minor = chart.rows.find((r) => r.label.startsWith("Minor obstacle"))!;
    expect(minor.cells[0]).toMatchObject({ min: 1, max: 6 });
    const major = chart.rows.find((r) => r.label.startsWith("Major obstacle"))!;
    expect(major.cells[0]).toMatchObject({ min: 0, max: 0, mean: 0 });
  });

  it("prints rolled allowances as a range with the mean", () => {
    const t = tableOf(c, "allowances");
    expect(text(t.rows[0]!, "Allowance")).toBe("2–12 (mean 7)");
    expect(text(conditionRow(t, "Team", "Rate: Tactical (1D6)"), "Allowance")).toBe(
      "1–6 (mean 3.5)",
    );
    expect(text(rowOf(t, "Static gun (such as the 88mm Flak)", "standard"), "Allowance")).toBe("0");
  });
});

describe("card: a house rule", () => {
  const c = card(HOUSE);

  it("is compared with its base", () => {
    expect(c.base).toEqual({ id: "sl-classic", title: "Squad Leader Classic: infantry movement" });
    expect(c.extends).toEqual(["sl-classic"]);
    expect(c.stats).toMatchObject({ changed: 3, added: 1, removed: 1 });
    expect(c.removed.map((r) => r.key)).toEqual(["def:ti-may-not-move"]);
  });

  it("marks the changed leader bonus with the old value, in the allowances and in the rule", () => {
    const leader = conditionRow(tableOf(c, "allowances"), "Squad", "Leader");
    expect(text(leader, "Allowance")).toBe("5 MF");
    expect(leader.cite).toEqual(["H1"]);
    expect(leader.change).toEqual({ kind: "changed", from: "sl-classic", old: "6 MF" });
    const rules = tableOf(c, "rules-bonuses");
    const exc = rules.rows.find((r) => r.depth === 1)!;
    expect(exc.change).toEqual({ kind: "changed", from: "sl-classic", old: "2 MF" });
    // The standard allowance did not change.
    expect(
      rowOf(tableOf(c, "allowances"), "Squad, Half-squad, Crew (MMC)", "standard").change,
    ).toBeNull();
  });

  it("marks the changed terrain cost with every old value that differs", () => {
    const t = tableOf(c, "terrain-chart");
    expect(rowOf(t, "Woods").change).toEqual({
      kind: "changed",
      from: "sl-classic",
      old: "Cost: 2; Along road: 2½; Uphill: 4",
    });
    expect(text(rowOf(t, "Woods"), "Uphill")).toBe("6");
    expect(rowOf(t, "Building").change).toBeNull();
  });

  it("marks a new rule as added, and only changed rows as changed", () => {
    const added = allRows(c).filter((x) => x.row.change?.kind === "added");
    expect(added.map((x) => x.row.key)).toEqual(["def:night-penalty"]);
    const changed = allRows(c)
      .filter((x) => x.row.change?.kind === "changed")
      .map((x) => x.row.key);
    expect(changed).toHaveLength(3);
  });

  it("prints the marks in HTML and Markdown", () => {
    const h = html(c);
    expect(h).toContain("Built on sl-classic");
    expect(h).toContain("changed from sl-classic: was 6 MF");
    expect(h).toContain('class="depth-1 changed"');
    const m = renderCardMarkdown(c);
    expect(m).toContain("**changed from sl-classic: was 2 MF**");
    expect(m).toMatch(/\| \*\*Δ\*\* \*\*Woods\*\* \| 3 \| 3½ \| 6 \|/);
    expect(m).toContain("## Rows of sl-classic that this ruleset no longer has");
    expect(m).toContain(
      "- **−** TI may not move · must hold — a TI unit may neither move nor advance \\[4.4.3\\]",
    );
    expect(h).toContain(
      "TI may not move · must hold — a TI unit may neither move nor advance <cite>[4.4.3]</cite>",
    );
  });

  it("a base ruleset has no marks", () => {
    const c2 = card("sl-classic");
    expect(allRows(c2).every((x) => x.row.change === null)).toBe(true);
  });
});

describe("card: a house rule whose chart grows a column, with helpers", () => {
  const c = card(CREWS);

  it("marks only the rows whose values changed, not those that only gained a column", () => {
    const t = tableOf(c, "portage-chart");
    expect(t.columns).toContain("8 PP");
    expect(rowOf(t, "Squad").change).toBeNull();
    expect(rowOf(t, "Half-squad").change).toBeNull();
    expect(rowOf(t, "Crew").change).toMatchObject({ kind: "changed", from: "sl-classic" });
    expect(rowOf(t, "Crew").change!.old).toMatch(/^0 PP: 4; /);
    const olds = allRows(c).flatMap((x) => (x.row.change?.old ? [x.row.change.old] : []));
    expect(olds.filter((o) => o === "—" || o === "")).toEqual([]);
  });

  it("prints no definition marked `helper`, in any format", () => {
    const keys = allRows(c).map((x) => x.row.key);
    for (const k of ["def:crew-mf", "def:helper-check"]) expect(keys).not.toContain(k);
    expect(c.sections.flatMap((s) => s.tables.flatMap((t) => t.columns))).not.toContain(
      "Helper costs",
    );
    // A formula may name a helper (the full card prints base-mf's exception as `crew-mf`), but no
    // helper has a line, a column or a paraphrase of its own.
    for (const out of [html(c), renderCardMarkdown(c), html(card(CREWS, "player"))])
      expect(out).not.toMatch(
        /Crew mf|Helper costs|Helper check|scratch table|a check the encoding/,
      );
  });
});

describe("card: formulas in the diff's plain words", () => {
  it("a rule's formula reads as the diff's cell reads it (one renderer, one scope)", () => {
    const c = card("asl-a4");
    const value = (key: string) => allRows(c).find((x) => x.row.key === key)!.row.cells[1]!.text;
    // The diff's plain words for the same definitions (compiler/render/plain.ts, plainScope).
    const a = ir("asl-a4");
    const diffWords = (name: string) => plainOf(a, name)![0]!.text;
    expect(value("def:ipc")).toBe("the IPC with double timing");
    expect(value("def:ipc")).toBe(diffWords("ipc"));
    expect(value("def:portage-excess")).toBe(diffWords("portage-excess"));
    expect(value("def:cot")).toBe(diffWords("cot"));
    // Constants keep the card's short notation.
    expect(value("def:mf-cap")).toBe("8 MF");
    for (const x of allRows(c))
      expect(x.row.cells[1]?.text ?? "").not.toMatch(/\bwith with\b|[a-z]\(/);
  });
});

describe("card: the player's one-page card", () => {
  const keys = (c: ReturnType<typeof card>) =>
    c.sections.flatMap((s) => s.tables.map((t) => t.key));

  it("keeps the charts a player looks up, and who may move as brief lines without formulas", () => {
    const c = card("sl-classic", "player");
    expect(c.layout).toBe("player");
    for (const k of ["allowances", "terrain-chart", "hexsides", "portage-chart"])
      expect(keys(c)).toContain(k);
    const who = tableOf(c, "rules-who-may-move");
    expect(who.brief).toBe(true);
    expect(who.rows.map((r) => r.cells[0]!.text)).toEqual([
      "No move after prep fire",
      "TI may not move",
      "Enemy hex",
    ]);
    const lines = allRows(c).filter((x) => x.table.brief);
    expect(lines.every((x) => x.row.depth === 0)).toBe(true);
    for (const x of lines)
      for (const cell of x.row.cells.slice(x.table.labels))
        expect(cell.text).not.toMatch(/[a-z]-[a-z]|\(|[a-z]\.[a-z]/);
    // A full card's formula rules (COT, entry cost) are not on the player's card.
    expect(allRows(c).map((x) => x.row.key)).not.toContain("def:cot");
    expect(allRows(card("sl-classic")).map((x) => x.row.key)).toContain("def:cot");
    // A rule whose exceptions change it prints no base value ("0 DRM" would mislead).
    const cx = allRows(card("asl-a4", "player")).find((x) => x.row.key === "def:cx-drm")!;
    expect(cx.row.cells[1]!.text).toBe("");
  });

  it("keeps a dice ruleset's distance chart and drops a chart that only says 'varies'", () => {
    const c = card("chain-of-command", "player");
    expect(c.sections.flatMap((s) => s.charts)).toHaveLength(1);
    expect(keys(c)).not.toContain("terrain-chart");
    expect(keys(card("chain-of-command"))).toContain("terrain-chart");
  });

  it("keeps every changed row of a house rule, and counts the marks it prints", () => {
    const c = card(HOUSE, "player");
    const changed = allRows(c).filter((x) => x.row.change?.kind === "changed");
    expect(changed.map((x) => x.row.cells[0]!.text)).toContain("Leader bonus, exception");
    expect(c.stats.changed).toBe(changed.length);
    expect(c.removed.map((r) => r.key)).toEqual(["def:ti-may-not-move"]);
    expect(html(c)).toContain('<body class="layout-player">');
  });
});

describe('card: a house rule that restates its rule\'s paraphrase (`extend rule NAME "…"`)', () => {
  const c = card(join(ROOT, "test", "diff", "fixtures", "two-change.rules"));
  const rule = rowOf(tableOf(c, "rules-bonuses"), "Leader bonus");
  const restated =
    "an MMC or hero stacked with a leader for its whole Movement Phase gets 1 extra MF";

  it("shows the restated wording above the 1 MF rows, not the parent's 2 MF", () => {
    expect(rule.note).toBe(restated);
    const m = renderCardMarkdown(c);
    expect(m).toContain(restated);
    expect(m).not.toContain("gets 2 extra MF");
    expect(html(c)).toContain(restated);
  });

  it("the parent's card keeps the parent's wording", () => {
    expect(rowOf(tableOf(card("sl-classic"), "rules-bonuses"), "Leader bonus").note).toBe(
      "an MMC stacked with a leader for its whole Movement Phase gets 2 extra MF",
    );
  });
});

describe("card: HTML", () => {
  it("escapes everything from a hostile ruleset", () => {
    const h = html(card(HOSTILE));
    expect(h).not.toMatch(/<script/i);
    expect(h).not.toMatch(/<img/i);
    expect(h).not.toMatch(/<svg onload/i);
    expect(h).not.toMatch(/<a href/i);
    expect(h).not.toMatch(/<\/style><script/i);
    expect(h).not.toMatch(/<h1>x<\/h1>/);
    expect(h).toContain("&lt;script&gt;alert(&#x27;squad&#x27;)&lt;/script&gt;");
    expect(h).toContain(
      "&lt;script&gt;alert(&#x27;title&#x27;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;",
    );
    expect(h).toContain("&lt;/style&gt;&lt;script&gt;alert(3)&lt;/script&gt;");
    // The only <style> is ours, and it is closed once.
    expect(h.match(/<\/style>/g)).toHaveLength(1);
  });

  it("uses only escaping {{…}} in the templates", () => {
    for (const f of readdirSync(join(ROOT, "templates", "cards"))) {
      expect(readFileSync(join(ROOT, "templates", "cards", f), "utf8"), f).not.toContain("{{{");
    }
  });

  it("is self-contained and print-ready", () => {
    const h = html(card("sl-classic"));
    expect(h).not.toMatch(/<script|<link|<img|@import|url\(|src=|href="http/i);
    // The paper is the printer's (A4 or Letter): the card sets the margins only.
    expect(h).toMatch(/@page \{ margin: /);
    expect(h).toMatch(/tr, [^{]*\{ break-inside: avoid;/);
    expect(h).toContain('<h2 id="s-terrain-h">Terrain</h2>');
  });

  it("draws the dice charts as inline SVG with a text summary", () => {
    const h = html(card("chain-of-command"));
    expect(h).toContain('<svg class="bars"');
    expect(h).toContain('aria-label="Normal (2D6), Open or hard ground: 2–12 inch, mean 7"');
    expect(h).toContain("2–12 inch, mean 7");
    // 7 rows × 4 kinds of ground, less the 5 that the rate does not allow.
    expect((h.match(/<svg /g) ?? []).length).toBe(23);
  });

  it("is the same for the same ruleset, byte for byte", () => {
    expect(html(card("asl-a4"))).toBe(html(card("asl-a4")));
  });
});

describe("card: Markdown", () => {
  it("prints sections and pipe tables", () => {
    const m = renderCardMarkdown(card("sl-classic"));
    expect(m.startsWith("# Squad Leader Classic: infantry movement\n")).toBe(true);
    expect(m).toContain("## Terrain\n");
    expect(m).toContain("| Terrain | Cost \\[5.5\\] | Along road \\[5.52\\] | Uphill \\[5.53\\] |");
    expect(m).toContain("| **Woods** | 2 | 2½ | 4 |");
    expect(m).toContain("| **Squad, Half-squad, Crew (MMC)** | standard | 4 MF |  | 5.4 |");
    expect(m).toContain(
      "| **Leader bonus** | 0 MF | an MMC stacked with a leader for its whole Movement Phase gets 2 extra MF | 5.44 |",
    );
  });

  it("prints dice distributions as sparklines with range and mean, and the chance to cover 3, 6, 9 inches", () => {
    const m = renderCardMarkdown(card("chain-of-command"));
    // 2D6: 3 or more 35/36, 6 or more 26/36, 9 or more 10/36.
    expect(m).toMatch(
      /\| Normal \(2D6\) \| `[▁-█ ]{11}` 2–12, mean 7; covers 3: 97%, 6: 72%, 9: 28% /,
    );
  });

  it("escapes a hostile ruleset: no markup, and no cell breaks out of its table", () => {
    const m = renderCardMarkdown(card(HOSTILE));
    expect(m).not.toMatch(/<(script|img|svg|a |b>|u>|i>|h1)/i);
    expect(m).toContain("&lt;script&gt;");
    expect(m).toContain("Leader \\| with \\*pipes\\* & \\`ticks\\`");
    // Every row of a table has as many unescaped pipes as its header.
    const lines = m.split("\n");
    let width = -1;
    for (const l of lines) {
      if (!l.startsWith("|")) {
        width = -1;
        continue;
      }
      const pipes = (l.replace(/\\\|/g, "").match(/\|/g) ?? []).length;
      if (width < 0) width = pipes;
      expect(pipes, l).toBe(width);
    }
  });

  it("md() escapes markup and table syntax", () => {
    expect(md("<b>|*x*|</b> & [y](z)")).toBe("&lt;b&gt;\\|\\*x\\*\\|&lt;/b&gt; & \\[y\\](z)");
  });

  it("md() keeps a plain & (Q&A), and stops one that would start an entity", () => {
    expect(md("Q&A")).toBe("Q&A");
    expect(md("&lt;b&gt; &#60; AT&T")).toBe("\\&lt;b\\&gt; &\\#60; AT&T");
    expect(renderCardMarkdown(card("sl-classic"))).not.toContain("&amp;");
  });
});

describe("card: plain conditions", () => {
  const s = plainScope(ir("sl-classic"));
  const field = (rec: "unit" | "scenario" | "step", name: string): Expr => ({
    k: "field",
    rec,
    name,
  });

  it("reads members by their display names and groups by name", () => {
    const e: Expr = {
      k: "bin",
      op: "and",
      a: {
        k: "in",
        x: field("unit", "kind"),
        set: { k: "set", enum: "kind", members: ["squad", "half-squad", "crew"] },
      },
      b: { k: "flag", rec: "unit", field: "status", member: "inexperienced" },
      type: { t: "bool" },
    };
    expect(plain(e, s)).toBe("unit is MMC and Inexperienced");
    const phase: Expr = {
      k: "bin",
      op: "==",
      a: field("scenario", "phase"),
      b: { k: "member", enum: "phase", name: "advance" },
      type: { t: "bool" },
    };
    expect(plain(phase, s)).toBe("phase is Advance Phase");
  });
});

describe("card: every bundled ruleset", () => {
  it.each(listRulesetIds(ROOT))("%s builds a card with sections, rows and citations", (id) => {
    const c = card(id);
    expect(c.sections.length).toBeGreaterThan(2);
    expect(c.stats.rows).toBeGreaterThan(10);
    expect(tableOf(c, "allowances").rows.length).toBeGreaterThan(0);
    expect(html(c)).toContain("<h1>");
  });
});
