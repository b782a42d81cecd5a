/**
 * The one seeded pseudo-random generator of the tools (the bench's paths and maps, the fuzzer's
 * mutants): the same seed always gives the same sequence, so every run prices the same paths and
 * draws the same mutants.
 */

/** mulberry32: a tiny, well-mixed 32-bit generator; each call gives the next number in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
