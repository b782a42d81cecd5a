/** The bench's clock: the best of several runs, and the median of a sample (milliseconds). */

/** The fastest of `repeat` runs of `fn`, in milliseconds. */
export function bestMs(fn: () => void, repeat = 3): number {
  let b = Infinity;
  for (let r = 0; r < repeat; r++) {
    const t0 = process.hrtime.bigint();
    fn();
    b = Math.min(b, Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return b;
}

/** The middle value of `xs` (the upper one of an even count). */
export function median(xs: readonly number[]): number {
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
}
