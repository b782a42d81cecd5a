/** Loading rulesets and building cards for the card tests (the real rulesets and templates of this tree). */

import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  buildCard,
  cardTemplatesFrom,
  renderCardHtml,
  type Card,
  type CardRow,
  type CardTable,
} from "../../compiler/cards/index.js";
import { fsHost } from "../../compiler/cli/host.js";
import type { RulesetIR } from "../../compiler/ir/ir.js";
import { loadRuleset } from "../../compiler/engine/index.js";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const FIXTURES = join(ROOT, "test", "cards", "fixtures");

const host = fsHost(ROOT);
const irs = new Map<string, RulesetIR>();

/** A ruleset's IR by id or path; a failure to load is a test failure with the diagnostics. */
export function ir(ref: string): RulesetIR {
  let x = irs.get(ref);
  if (x) return x;
  const l = loadRuleset(ref, host);
  if (!l.ir)
    throw new Error(
      `${ref} does not load:\n${l.diagnostics.map((d) => `${d.code} ${d.message}`).join("\n")}`,
    );
  irs.set(ref, (x = l.ir));
  return x;
}

/**
 * The card of a ruleset, compared with its base when it extends one (as the CLI does): the full card
 * unless the player's one-page card is asked for.
 */
export function card(ref: string, layout: "player" | "full" = "full"): Card {
  const r = ir(ref);
  const base = r.extends.length > 0 ? ir(r.extends[0]!) : null;
  return buildCard(r, { source: ref, base, layout });
}

export function html(c: Card): string {
  return renderCardHtml(
    c,
    cardTemplatesFrom((f) => readFileSync(join(ROOT, "templates", "cards", f), "utf8")),
  );
}

export function tableOf(c: Card, key: string): CardTable {
  for (const s of c.sections) for (const t of s.tables) if (t.key === key) return t;
  throw new Error(
    `no table ${key} in the card of ${c.id}: ${c.sections.flatMap((s) => s.tables.map((t) => t.key)).join(", ")}`,
  );
}

export function text(r: CardRow, col: string): string | undefined {
  return r.cells.find((c) => c.col === col)?.text;
}

/** The row whose cells (in order) start with `labels`. */
export function rowOf(t: CardTable, ...labels: string[]): CardRow {
  const r = t.rows.find((x) => labels.every((l, i) => x.cells[i]?.text === l));
  if (!r)
    throw new Error(
      `no row ${labels.join(" / ")} in ${t.key}:\n${t.rows.map((x) => x.cells.map((c) => c.text).join(" | ")).join("\n")}`,
    );
  return r;
}

/** The row for a condition under a unit group (condition rows leave the unit cell empty). */
export function conditionRow(t: CardTable, unitStartsWith: string, condition: string): CardRow {
  let inGroup = false;
  for (const r of t.rows) {
    const unit = r.cells[0]!.text;
    if (unit !== "") inGroup = unit.startsWith(unitStartsWith);
    if (inGroup && r.cells[1]!.text === condition) return r;
  }
  throw new Error(`no condition ${condition} under ${unitStartsWith} in ${t.key}`);
}

export function allRows(c: Card): { table: CardTable; row: CardRow }[] {
  return c.sections.flatMap((s) =>
    s.tables.flatMap((t) => t.rows.map((row) => ({ table: t, row }))),
  );
}
