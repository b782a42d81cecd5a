/**
 * The player's card: from the full card model, what a player looks up at the table, sized for one
 * printed page (A4 or Letter). What this form adds over the full card is a choice, not new values:
 *
 * - the computed charts stay whole: allowances by unit and condition, the distance rolled (dice
 *   rulesets), the terrain chart, hexside surcharges, costs other units pay, portage;
 * - of the ruleset's own tables, the small ones a player consults (terrain, hexsides, portage:
 *   a support weapon's PP, which ground allows which rate), not the encoding's lookups elsewhere;
 * - of the listed definitions, the ones that say who may do what (constraints, predicates of the
 *   movement, advance, special-movement and transport sections) and fixed values (a road rate, a
 *   stacking limit), as brief lines: name, paraphrase, citation; never a formula, never an exception;
 * - on a ruleset built on another, every row whose value differs from the base (Δ) stays, wherever
 *   it is, so the page says what the house rule changes; what it adds (+) is chosen as above;
 * - a formula of the encoding is never printed as a value (nor as a Δ's old value).
 *
 * A chart whose cells all say the same thing (Chain of Command's terrain "varies": its ground acts
 * on the dice) tells a player nothing and is left out. Helpers never reach a card at all
 * (definitions.ts).
 */

import { unique } from "../../runtime/lists.js";
import type { RulesetIR } from "../ir/ir.js";
import type { Card, CardRow, CardSection, CardTable, DiceChart } from "./card-model.js";

/** The computed charts, kept whole. */
const CHARTS = new Set([
  "allowances",
  "terrain-chart",
  "hexsides",
  "terrain-units",
  "portage-chart",
]);

/** Sections whose own small tables a player consults. */
const TABLE_SECTIONS = new Set(["terrain", "hexsides", "portage", "transport"]);

/** Sections whose definitions say who may move and how: their rules print as brief lines. */
const RULE_SECTIONS = new Set(["who-may-move", "advance", "special", "transport"]);

/** The largest own table printed on the player's card (rows). */
const MAX_TABLE_ROWS = 14;

/**
 * Whether a listed definition prints on the player's card: a constraint (what a unit may not do), a
 * fixed value, or a predicate of who may move, advance or move specially (Assault Movement, Dash). A
 * transport predicate names a case for the constraints ("the move boards a vehicle"): not printed.
 */
function briefKind(ir: RulesetIR, section: string, key: string): boolean {
  const name = key.startsWith("def:") ? key.slice(4).split("/")[0]! : null;
  if (name === null) return false;
  if (ir.constraints.some((c) => c.name === name)) return true;
  const r = ir.rules.find((x) => x.name === name);
  if (!r) return false;
  if (r.kind === "predicate") return section !== "transport";
  return r.value.k === "num" && r.params.length === 0;
}

/**
 * Whether a value as printed is a formula of the encoding (`terrain-cost(priced-terrain)`,
 * `step.terrain`) rather than a value a player reads (`½ MF`, `4 counters`, `yes`).
 */
function formula(text: string): boolean {
  return /[a-z]-[a-z]|[a-z]\.[a-z]|\(|\bif\b/.test(text);
}

/** Whether a listed rule has exceptions (then its own value is only the default). */
function hasExceptions(ir: RulesetIR, key: string): boolean {
  const name = key.startsWith("def:") ? key.slice(4).split("/")[0]! : null;
  return ir.rules.some((r) => r.name === name && r.exceptions.length > 0);
}

/**
 * Whether every value cell of a chart says the same word, not a value ("varies": the cost is not a
 * number of the chart): the chart then tells a player nothing. Wall +1, hedge +1 is a chart.
 */
function uniform(t: CardTable): boolean {
  const values = new Set(t.rows.flatMap((r) => r.cells.slice(t.labels).map((c) => c.text)));
  const [only] = values;
  return (
    t.rows.length > 1 && values.size === 1 && !/^([+−-]?[\d½⅓⅔¼¾]|NA$|all|yes$|no$)/.test(only!)
  );
}

/**
 * A rules list as brief lines: the definitions that say who may do what, and every row whose value
 * differs from the base's (Δ), an exception included.
 */
function briefList(ir: RulesetIR, section: string, t: CardTable): CardTable | null {
  const rows: CardRow[] = [];
  let parent = "";
  for (const r of t.rows) {
    if (r.depth === 0) parent = r.cells[0]?.text ?? "";
    const keep =
      r.change?.kind === "changed" ||
      (r.depth === 0 && RULE_SECTIONS.has(section) && briefKind(ir, section, r.key));
    if (!keep) continue;
    // An exception printed alone names the rule it belongs to; a formula is not for the table.
    // A base value its exceptions change ("0 DRM", +1 when CX) would mislead: the paraphrase says it.
    const hidden = (text: string) => formula(text) || (r.depth === 0 && hasExceptions(ir, r.key));
    const cells = r.cells.map((c, i) =>
      i === 0 && r.depth > 0
        ? { ...c, text: `${parent}, exception` }
        : i >= t.labels && hidden(c.text)
          ? { ...c, text: "" }
          : c,
    );
    const change =
      r.change?.kind === "changed" && r.change.old !== null && formula(r.change.old)
        ? { ...r.change, old: null }
        : r.change;
    rows.push({ ...r, cells, depth: 0, change });
  }
  return rows.length > 0 ? { ...t, rows, brief: true } : null;
}

/**
 * A citation several cells of a row repeat ("NA [A4.42]" at every load a leader may not carry) is
 * printed once, in the row's Rule column: a narrow column of the page stays narrow.
 */
function gatherCites(t: CardTable): CardTable {
  const rows = t.rows.map((r) => {
    const counts = new Map<string, number>();
    for (const c of r.cells) for (const x of c.cite) counts.set(x, (counts.get(x) ?? 0) + 1);
    const repeated = [...counts].filter(([, n]) => n > 1).map(([x]) => x);
    if (repeated.length === 0) return r;
    return {
      ...r,
      cells: r.cells.map((c) => ({ ...c, cite: c.cite.filter((x) => !repeated.includes(x)) })),
      cite: unique([...r.cite, ...repeated]),
    };
  });
  return { ...t, rows };
}

function keepTable(ir: RulesetIR, section: string, t: CardTable): CardTable | null {
  if (t.list) return briefList(ir, section, t);
  const changed = t.rows.some((r) => r.change !== null);
  if (CHARTS.has(t.key)) return uniform(t) && !changed ? null : gatherCites(t);
  if (TABLE_SECTIONS.has(section) && t.rows.length <= MAX_TABLE_ROWS && !uniform(t))
    return gatherCites(t);
  return t.rows.some((r) => r.change?.kind === "changed") ? gatherCites(t) : null;
}

/** A dice chart with each row's citations gathered beside its label rather than under every cell. */
function gatherDiceCites(ch: DiceChart): DiceChart {
  return {
    ...ch,
    rows: ch.rows.map((r) => ({
      ...r,
      cite: unique(r.cells.flatMap((c) => c.cite)),
      cells: r.cells.map((c) => ({ ...c, cite: [] })),
    })),
  };
}

/** The one-page player's card of a full card (see the module comment). */
export function playerCard(card: Card, ir: RulesetIR): Card {
  const sections: CardSection[] = [];
  let rows = 0;
  let changed = 0;
  let added = 0;
  for (const s of card.sections) {
    let tables = s.tables.flatMap((t) => keepTable(ir, s.key, t) ?? []);
    if (tables.length === 0 && s.charts.length === 0) continue;
    // A rules list left alone in its section goes by the section's title ("Rules" no longer tells).
    if (tables.length === 1 && s.charts.length === 0 && tables[0]!.list)
      tables = [{ ...tables[0]!, title: s.title }];
    sections.push({ ...s, tables, charts: s.charts.map(gatherDiceCites) });
    for (const r of tables.flatMap((t) => t.rows)) {
      rows++;
      if (r.change?.kind === "changed") changed++;
      if (r.change?.kind === "added") added++;
    }
    for (const x of s.charts.flatMap((c) => c.rows.flatMap((r) => r.cells))) {
      rows++;
      if (x.change?.kind === "changed") changed++;
      if (x.change?.kind === "added") added++;
    }
  }
  // A definition the ruleset removed is listed; an exception it dropped shows in the charts above.
  const removed = card.removed.filter((r) => r.depth === 0);
  return {
    ...card,
    layout: "player",
    sections,
    removed,
    stats: { rows, changed, added, removed: removed.length },
  };
}
