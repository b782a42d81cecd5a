/**
 * One seeded generator (compiler/util/random.ts, mulberry32) under the bench and the fuzzer: the same
 * seed gives the same sequence it always gave, so a bench's random paths and map, and a fuzz run's
 * mutants, do not change when the generator moves.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { mulberry32 } from "../../compiler/util/random.js";
import { generateMap } from "../../bench/map-gen.js";
import { mutant } from "../../fuzz/mutate.js";

const sha = (s: string): string => createHash("sha256").update(s).digest("hex").slice(0, 16);

describe("the seeded generator", () => {
  it("gives mulberry32's sequence for a fixed seed", () => {
    const one = mulberry32(1);
    expect([one(), one(), one(), one()]).toEqual([
      0.6270739405881613, 0.002735721180215478, 0.5274470399599522, 0.9810509674716741,
    ]);
    // The bench's seed (bench/bench.ts): the random steps it prices.
    const bench = mulberry32(20261122);
    expect([bench(), bench(), bench(), bench()]).toEqual([
      0.8369944463483989, 0.10530598578043282, 0.0031693943310528994, 0.8901761658489704,
    ]);
  });

  it("draws the same bench map and the same fuzz mutants for the same seed", () => {
    expect(sha(JSON.stringify(generateMap(30, 24, 7)))).toBe("6f5e2139a559340f");
    const base = '{ "name": "x", "unit": { "kind": "squad" }, "path": [ { "terrain": "open" } ] }';
    expect(sha(JSON.stringify([0, 1, 2, 3].map((i) => mutant("scenario", base, 42, i))))).toBe(
      "a0287ed6bbb02a5e",
    );
  });
});
