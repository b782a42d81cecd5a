/** Small list helpers shared by the runtime and the compiler (dependency-free). */

/** `xs` without repeats, each kept at its first occurrence (compared with `===`, as a `Set` does). */
export function unique<T>(xs: readonly T[]): T[] {
  return xs.length < 2 ? xs.slice() : [...new Set(xs)];
}
