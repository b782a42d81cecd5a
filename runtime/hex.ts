/**
 * Hex names and neighbours (docs/maps.md): flat-topped hexes named by column letters (A … Z, AA …)
 * and row number from 1, every second column (B, D, …) half a hex lower ("odd-q").
 */

/** The largest map: columns (A … ZZ) and rows. */
export const MAX_COLUMNS = 702;
export const MAX_ROWS = 999;

/** The directions of the six neighbour slots, in this order. */
export const DIRECTIONS = ["N", "NE", "SE", "S", "SW", "NW"] as const;

/** Column index (0-based) → letters: 0 → A, 25 → Z, 26 → AA. */
export function columnName(col: number): string {
  let s = "";
  let c = col + 1;
  while (c > 0) {
    const r = (c - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    c = Math.floor((c - 1) / 26);
  }
  return s;
}

export function hexName(col: number, row: number): string {
  return `${columnName(col)}${row + 1}`;
}

/** "C5" → { col: 2, row: 4 } (0-based), or null when it is not a hex name (case-sensitive). */
export function parseHexName(name: string): { col: number; row: number } | null {
  const m = /^([A-Z]{1,3})([1-9][0-9]{0,3})$/.exec(name);
  if (m === null) return null;
  let col = 0;
  for (const ch of m[1]!) col = col * 26 + (ch.charCodeAt(0) - 64);
  return { col: col - 1, row: Number(m[2]) - 1 };
}

/**
 * The neighbour of (col, row) in direction `d` (index into DIRECTIONS), unbounded. Odd columns
 * (B, D, …: index 1, 3, …) sit half a hex lower.
 */
export function neighbourOf(col: number, row: number, d: number): { col: number; row: number } {
  const low = (col & 1) === 1;
  switch (d) {
    case 0:
      return { col, row: row - 1 };
    case 1:
      return { col: col + 1, row: low ? row : row - 1 };
    case 2:
      return { col: col + 1, row: low ? row + 1 : row };
    case 3:
      return { col, row: row + 1 };
    case 4:
      return { col: col - 1, row: low ? row + 1 : row };
    default:
      return { col: col - 1, row: low ? row : row - 1 };
  }
}

/** The direction from hex a to hex b, or -1 when they are not adjacent. */
export function directionBetween(
  a: { col: number; row: number },
  b: { col: number; row: number },
): number {
  for (let d = 0; d < 6; d++) {
    const n = neighbourOf(a.col, a.row, d);
    if (n.col === b.col && n.row === b.row) return d;
  }
  return -1;
}
