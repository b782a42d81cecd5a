/**
 * Dice rolls as multisets: every sorted outcome of `dice` dice with faces 1..sides once, with the
 * number of ordered rolls it stands for. The language's dice (`2d6 keep highest 1`, `each -1`) never
 * depend on the order of the faces, so reach prices each multiset once instead of every ordered roll.
 */

/**
 * Calls `fn(roll, weight)` for each non-decreasing roll; `weight` ordered rolls give it (they sum to
 * sides^dice). The array is reused: copy it to keep it.
 */
export function forEachSortedRoll(
  dice: number,
  sides: number,
  fn: (roll: readonly number[], weight: number) => void,
): void {
  const roll = new Array<number>(dice).fill(1);
  const fact = [1];
  for (let i = 1; i <= dice; i++) fact[i] = fact[i - 1]! * i;
  for (;;) {
    let weight = fact[dice]!;
    for (let i = 0, run = 1; i < dice; i++, run++) {
      if (i + 1 === dice || roll[i + 1] !== roll[i]) {
        weight /= fact[run]!;
        run = 0;
      }
    }
    fn(roll, weight);
    let k = dice - 1;
    while (k >= 0 && roll[k] === sides) k--;
    if (k < 0) return;
    roll[k] = roll[k]! + 1;
    for (let j = k + 1; j < dice; j++) roll[j] = roll[k]!;
  }
}
