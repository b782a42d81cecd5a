/**
 * The benchmark's hand-written SL baselines (bench/handwritten/sl.ts) answer exactly what the
 * generated SL Classic module answers — otherwise the ratios `npm run bench` reports compare
 * different work. Checked on generated maps (bench/map-gen.ts) and random paths.
 */
import { describe, expect, it } from "vitest";
import * as sl from "../../generated/sl-classic.js";
import { pricePath } from "../../runtime/move.js";
import { buildGraph } from "../../runtime/map.js";
import { generateMap } from "../../bench/map-gen.js";
import {
  slAllowanceTicks,
  slMap,
  slPathTicks,
  slReach,
  terrainCode,
} from "../../bench/handwritten/sl.js";

describe("hand-written SL baselines", () => {
  it("reach: same costs as the generated module on generated maps, several units and starts", () => {
    for (const seed of [1, 2, 3]) {
      const g = buildGraph(generateMap(30, 24, seed));
      const m = slMap(g);
      for (const unit of [
        { kind: "squad" as const },
        { kind: "squad" as const, leader: true },
        { kind: "half-squad" as const, portage: 3 },
        { kind: "crew" as const, leader: true, portage: 5 },
      ]) {
        for (const from of [0, 137, 400, 719]) {
          const want = sl.reach(g, unit, g.names[from]!).cost;
          const got = slReach(
            m,
            from,
            slAllowanceTicks(unit.kind, unit.leader ?? false, unit.portage ?? 0),
          );
          expect([...got], `${g.names[from]} ${JSON.stringify(unit)} seed ${seed}`).toEqual([
            ...want,
          ]);
          expect(want.filter((c) => !Number.isNaN(c)).length).toBeGreaterThan(3);
        }
      }
    }
  });

  it("path pricing: same totals as the generated price and pricePath", () => {
    // slPathTicks reads the code the generated prepare stores: the two number terrains alike.
    sl.terrainValues.forEach((t, i) => expect(terrainCode(t), t).toBe(i));
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
    for (let k = 0; k < 500; k++) {
      const path: sl.Step[] = [];
      for (let s = 0; s < 8; s++) {
        const step: sl.Step = {
          terrain: pick(sl.terrainValues),
          uphill: random() < 0.3,
          viaRoad: random() < 0.4,
        };
        if (random() < 0.3) step.hexside = pick(sl.hexsideValues);
        path.push(step);
      }
      const ctx = sl.prepare({ unit: { kind: "squad" }, path });
      expect(slPathTicks(ctx.path)).toBe(pricePath(sl.model, sl.num, ctx));
      expect(slPathTicks(ctx.path)).toBe(sl.price(ctx));
    }
  });
});
