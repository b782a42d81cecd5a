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

/**
 * How a ruleset's dice may be enumerated without pricing the same roll twice: the numbers of dice its
 * dice expressions read (`2d6` reads the first two faces of the roll, `3d6` the first three), sorted,
 * the last being all the dice it rolls. Each expression is a symmetric function of the faces it reads
 * (a sum, `keep`, `each`), so faces may be reordered within each block between two such numbers
 * without changing any value: `[2, 3]` → faces 1–2, then face 3. Without them (`undefined`), every
 * face is a block of its own: every ordered roll.
 */
export type DiceCuts = readonly number[] | undefined;

/** The cuts of `cuts` that fall within the first `dice` faces, ending at `dice`. */
function cutsWithin(dice: number, cuts: DiceCuts): number[] {
  if (cuts === undefined) return Array.from({ length: dice }, (_, i) => i + 1);
  return [...cuts.filter((c) => c > 0 && c < dice), dice];
}

/**
 * How many rolls `forEachBlockRoll` prices for `dice` dice of `sides` faces under `cuts`: the product,
 * over the blocks, of the multisets of each block's faces (462 for 6d6 read as one block, against
 * 46,656 ordered rolls). The work of a dice move without a fixed roll is this times its steps.
 */
export function blockRollCount(dice: number, sides: number, cuts: DiceCuts): number {
  let n = 1;
  let from = 0;
  for (const c of dice > 0 ? cutsWithin(dice, cuts) : []) {
    const k = c - from;
    // multisets of k faces from `sides`: C(sides + k − 1, k)
    let m = 1;
    for (let i = 1; i <= k; i++) m = (m * (sides - 1 + i)) / i;
    n *= Math.round(m);
    from = c;
  }
  return n;
}

/**
 * Calls `fn(roll, weight)` once per roll of `dice` dice with faces 1..sides that differ other than by
 * reordering faces within a block of `cuts`: each block's faces non-decreasing, `weight` the ordered
 * rolls it stands for (they sum to sides^dice). In lexicographic order, so the first roll with a given
 * outcome comes in the same order as among every ordered roll. The array is reused: copy it to keep it.
 */
export function forEachBlockRoll(
  dice: number,
  sides: number,
  cuts: DiceCuts,
  fn: (roll: readonly number[], weight: number) => void,
): void {
  const ends = dice > 0 ? cutsWithin(dice, cuts) : [];
  const starts = ends.map((_, b) => (b === 0 ? 0 : ends[b - 1]!));
  const roll = new Array<number>(dice).fill(1);
  const fact = [1];
  for (let i = 1; i <= dice; i++) fact[i] = fact[i - 1]! * i;
  const blockOf = new Array<number>(dice);
  ends.forEach((e, b) => {
    for (let i = starts[b]!; i < e; i++) blockOf[i] = b;
  });
  for (;;) {
    let weight = 1;
    for (let b = 0; b < ends.length; b++) {
      const s = starts[b]!;
      const e = ends[b]!;
      weight *= fact[e - s]!;
      for (let i = s, run = 1; i < e; i++, run++)
        if (i + 1 === e || roll[i + 1] !== roll[i]) {
          weight /= fact[run]!;
          run = 0;
        }
    }
    fn(roll, weight);
    // The next roll: the last face that can grow grows; the faces after it in its block take its
    // value (non-decreasing), those of later blocks restart at 1.
    let k = dice - 1;
    while (k >= 0 && roll[k] === sides) k--;
    if (k < 0) return;
    roll[k] = roll[k]! + 1;
    const end = ends[blockOf[k]!]!;
    for (let j = k + 1; j < dice; j++) roll[j] = j < end ? roll[k]! : 1;
  }
}
