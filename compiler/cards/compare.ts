/**
 * A house rule's card against its base's, both raw: every row and dice cell is matched with the
 * base's by key and marked `added` or `changed` (with the base's old value as text); the base's rows
 * this card no longer has are returned, for the "no longer has" list. A condition that changed the
 * base's allowance is shown even when it no longer changes this one.
 */

import type { Change, DiceCell } from "./card-model.js";
import { distText } from "../render/numbers.js";
import type { RawCard, RawRow } from "./raw-card.js";

/** A row's values by column, printed or not (raw-card.ts: `hidden`). */
function values(r: RawRow, labels: number): Map<string, string> {
  return new Map([...r.cells.slice(labels), ...(r.hidden ?? [])].map((c) => [c.col, c.text]));
}

/**
 * The columns whose values differ between a row and the base's: only columns both cards computed
 * count, so a column one card adds (a longer portage chart, a variant that now differs) is not a
 * change of the values that were there.
 */
function differing(r: RawRow, rl: number, b: RawRow, bl: number): { col: string; old: string }[] {
  const mine = values(r, rl);
  const out: { col: string; old: string }[] = [];
  for (const [col, text] of values(b, bl)) {
    const m = mine.get(col);
    if (m !== undefined && m !== text) out.push({ col, old: text });
  }
  return out;
}

/** The base's values that differ, as text: "6 MF" for a one-value row, else "IPC: 2; 3 PP: 3". */
function oldText(r: RawRow, rl: number, b: RawRow, bl: number): string | null {
  const cols = differing(r, rl, b, bl);
  const single = r.cells.length - rl <= 1 && b.cells.length - bl <= 1;
  const parts = cols.map((c) => (single ? c.old || "—" : `${c.col}: ${c.old || "—"}`));
  if (r.detail !== b.detail) parts.push(b.detail ?? "no condition");
  return parts.length > 0 ? parts.join("; ") : null;
}

interface Indexed {
  row: RawRow;
  labels: number;
}

function index(card: RawCard): Map<string, Indexed> {
  const m = new Map<string, Indexed>();
  for (const s of card.sections)
    for (const t of s.tables) for (const r of t.rows) m.set(r.key, { row: r, labels: t.labels });
  return m;
}

function diceIndex(card: RawCard): Map<string, DiceCell> {
  const m = new Map<string, DiceCell>();
  for (const s of card.sections)
    for (const c of s.charts) for (const r of c.rows) for (const x of r.cells) m.set(x.key, x);
  return m;
}

function diceSig(c: DiceCell): string {
  return JSON.stringify([c.reason, c.bars.map((b) => [b.value, Math.round(b.p * 1e9)])]);
}

function diceOld(c: DiceCell): string {
  if (c.reason !== null) return c.reason;
  return distText({ min: c.min!, max: c.max!, mean: c.mean! });
}

/** Marks `card`'s rows and dice cells against `base`'s; returns the base's rows that `card` lacks. */
export function markAgainst(card: RawCard, base: RawCard, from: string): RawRow[] {
  const theirs = index(base);
  const theirDice = diceIndex(base);
  const mineKeys = new Set<string>();
  for (const s of card.sections) {
    for (const t of s.tables) {
      for (const r of t.rows) {
        mineKeys.add(r.key);
        const b = theirs.get(r.key);
        let change: Change | null = null;
        if (!b) change = { kind: "added", from, old: null };
        else {
          const old = oldText(r, t.labels, b.row, b.labels);
          if (old !== null) change = { kind: "changed", from, old };
        }
        r.change = change;
        // A condition that changed the base's allowance is printed even when it no longer changes this one.
        if (r.shown === false && b && b.row.shown !== false && change) r.shown = true;
        if (r.shown === false && !b) r.change = null;
      }
    }
    for (const ch of s.charts) {
      for (const rr of ch.rows) {
        for (const c of rr.cells) {
          const b = theirDice.get(c.key);
          if (!b) c.change = { kind: "added", from, old: null };
          else if (diceSig(c) !== diceSig(b)) c.change = { kind: "changed", from, old: diceOld(b) };
        }
      }
    }
  }
  const removed: RawRow[] = [];
  for (const [key, b] of theirs) {
    if (mineKeys.has(key) || b.row.shown === false) continue;
    const cells =
      b.row.parent !== undefined && b.row.cells[0]?.text === ""
        ? [{ ...b.row.cells[0]!, text: `${b.row.parent}, exception` }, ...b.row.cells.slice(1)]
        : b.row.cells;
    removed.push({ ...b.row, cells, change: null });
  }
  return removed;
}
