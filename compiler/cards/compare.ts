/**
 * A house rule's card against its base's, both raw: every row and dice cell is matched with the
 * base's by key and marked `added` or `changed` (with the base's old value as text); the base's rows
 * this card no longer has are returned, for the "no longer has" list. A condition that changed the
 * base's allowance is shown even when it no longer changes this one.
 */

import type { CardRow, Cell, Change, DiceCell } from "./card-model.js";
import { distText } from "../render/numbers.js";
import type { RawCard, RawRow } from "./raw-card.js";

function valueCells(r: CardRow, labels: number): Cell[] {
  return r.cells.slice(labels);
}

function sig(r: CardRow, labels: number): string {
  return JSON.stringify([valueCells(r, labels).map((c) => [c.col, c.text]), r.detail]);
}

function oldText(r: CardRow, b: CardRow, labels: number): string {
  const mine = valueCells(r, labels);
  const theirs = valueCells(b, labels);
  const parts: string[] = [];
  const single = mine.length <= 1 && theirs.length <= 1;
  for (const c of theirs) {
    const m = mine.find((x) => x.col === c.col);
    if (m && m.text === c.text) continue;
    parts.push(single ? c.text || "—" : `${c.col}: ${c.text || "—"}`);
  }
  if (r.detail !== b.detail && b.detail !== null) parts.push(b.detail);
  return parts.join("; ") || "—";
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
        else if (sig(r, t.labels) !== sig(b.row, b.labels))
          change = { kind: "changed", from, old: oldText(r, b.row, t.labels) };
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
