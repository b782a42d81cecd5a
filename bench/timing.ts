/**
 * The bench's clock: the best of several runs, the mean of runs back to back, two sides timed in
 * alternating order, and the median of a sample (milliseconds).
 */

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

/**
 * Milliseconds a run of `fn`, over `n` runs back to back timed together: a run's cost with the
 * collector work its own allocation causes, as a loop of it would see it.
 */
export function meanMs(fn: () => unknown, n: number): number {
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) fn();
  return Number(process.hrtime.bigint() - t0) / 1e6 / n;
}

/**
 * `rounds` rounds of two timings, `a()` then `b()` in even rounds and `b()` then `a()` in odd ones,
 * so a busy moment of the machine falls on both sides: each round's `[a, b]`.
 */
export function alternating(
  rounds: number,
  a: () => number,
  b: () => number,
): [a: number, b: number][] {
  const out: [number, number][] = [];
  for (let r = 0; r < rounds; r++) {
    if (r % 2 === 0) {
      const ta = a();
      out.push([ta, b()]);
    } else {
      const tb = b();
      out.push([a(), tb]);
    }
  }
  return out;
}

/** The middle value of `xs` (the upper one of an even count). */
export function median(xs: readonly number[]): number {
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
}
